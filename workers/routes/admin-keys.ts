// API key administration (scope `admin`): create a key (its secret is shown once), list keys
// without secrets or hashes, revoke a key.
import { createRoute, z } from "@hono/zod-openapi";
import { AppError } from "../../core/base/errors";
import { type ApiKeyRecord, createApiKey, listApiKeys, revokeApiKey } from "../auth/api-keys";
import { requireScope } from "../auth/require-scope";
import { ScopeSchema } from "../auth/scopes";
import { forgetApiKey } from "../auth/verify-key";
import { catalogDb } from "../catalog/catalog-db";
import { createRouter } from "../router";
import { errorResponses } from "../schemas/error-schemas";

export const adminKeyRoutes = createRouter();

const CreateKeyBody = z
  .object({
    name: z.string().trim().min(1).max(100).openapi({ example: "trainer-eu-1" }),
    scopes: z
      .array(ScopeSchema)
      .min(1)
      .openapi({ example: ["episodes"] }),
  })
  .openapi("CreateApiKey");

const ApiKeyJson = z
  .object({
    id: z.string().openapi({ example: "4fJk2LmQ9sTx7bZa" }),
    name: z.string(),
    scopes: z.array(ScopeSchema),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable().openapi({ description: "Recorded at most once a minute" }),
    revokedAt: z.string().nullable(),
  })
  .openapi("ApiKey");

const CreatedKeyJson = ApiKeyJson.extend({
  key: z.string().openapi({
    description: "The key itself. It is shown only in this response: store it now.",
    example: "aw_4fJk2LmQ9sTx7bZa_…",
  }),
}).openapi("CreatedApiKey");

const KeyIdParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "id", in: "path" }, example: "4fJk2LmQ9sTx7bZa" }),
});

const adminOnly = requireScope("admin");
const security = [{ apiKey: [] }];

adminKeyRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/keys",
    tags: ["Admin"],
    summary: "Create an API key; the key is returned once",
    security,
    middleware: [adminOnly] as const,
    request: {
      body: { content: { "application/json": { schema: CreateKeyBody } }, required: true },
    },
    responses: {
      201: {
        description: "The new key, with its secret",
        content: { "application/json": { schema: CreatedKeyJson } },
      },
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => {
    const { key, record } = await createApiKey(catalogDb(c.env.CATALOG), c.req.valid("json"));
    return c.json({ ...keyJson(record), key }, 201);
  },
);

adminKeyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/admin/keys",
    tags: ["Admin"],
    summary: "List API keys (never their secrets or hashes)",
    security,
    middleware: [adminOnly] as const,
    responses: {
      200: {
        description: "All keys, newest first, revoked ones included",
        content: { "application/json": { schema: z.object({ keys: z.array(ApiKeyJson) }) } },
      },
      ...errorResponses(401, 403),
    },
  }),
  async (c) => {
    const keys = await listApiKeys(catalogDb(c.env.CATALOG));
    return c.json({ keys: keys.map(keyJson) }, 200);
  },
);

adminKeyRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/v1/admin/keys/{id}",
    tags: ["Admin"],
    summary: "Revoke an API key",
    description:
      "Idempotent. The key stops working at once on the isolate that revoked it and within 30 seconds everywhere (verified keys are cached that long).",
    security,
    middleware: [adminOnly] as const,
    request: { params: KeyIdParams },
    responses: {
      200: {
        description: "The revoked key",
        content: { "application/json": { schema: ApiKeyJson } },
      },
      ...errorResponses(401, 403, 404),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const revoked = await revokeApiKey(catalogDb(c.env.CATALOG), id);
    if (!revoked) throw new AppError("not_found", `No API key with id \`${id}\`.`, { id });
    forgetApiKey(id);
    return c.json(keyJson(revoked), 200);
  },
);

/** Only listed fields leave the server, whatever the record grows to hold. */
function keyJson(record: ApiKeyRecord) {
  return {
    id: record.id,
    name: record.name,
    scopes: record.scopes,
    createdAt: record.createdAt,
    lastUsedAt: record.lastUsedAt,
    revokedAt: record.revokedAt,
  };
}
