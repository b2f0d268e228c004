// `POST /v1/environments`: publish a spec (validated here; admission and the catalog write are in
// catalog/publish-environment.ts, shared with discovery jobs).
import { createRoute, z } from "@hono/zod-openapi";
import { EnvironmentSpecSchema } from "../../core/environment/spec";
import { requireScope } from "../auth/require-scope";
import { publishEnvironment } from "../catalog/publish-environment";
import { callerOf } from "../episodes/episode-client";
import { createRouter } from "../router";
import { errorResponses } from "../schemas/error-schemas";

export const publishRoutes = createRouter();

const PublishedSchema = z
  .object({
    name: z.string(),
    version: z.string(),
    contentHash: z.string(),
    created: z
      .boolean()
      .openapi({ description: "false: the same content was already published (no-op)" }),
    tools: z.number().int(),
    tests: z.object({ total: z.number().int(), passed: z.number().int() }),
  })
  .openapi("Published");

publishRoutes.use("/v1/environments", async (c, next) => {
  if (c.req.method === "POST") return requireScope("catalog:write")(c, next);
  return next();
});

publishRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/environments",
    tags: ["Catalog"],
    summary: "Publish an environment version (admitted only if every tool's unit tests pass)",
    description:
      "The key that publishes an environment's first version owns it: only that key (or an admin key) publishes more versions of it (403 otherwise). Versions are immutable and content-hashed: the same content again is a no-op (200, created: false); other content under a used version, or a yanked version, is 409. If any tool test fails the answer is 422 `admission_failed` listing each failing test with expected vs actual.",
    security: [{ apiKey: [] }],
    request: {
      body: { content: { "application/json": { schema: EnvironmentSpecSchema } }, required: true },
    },
    responses: {
      201: {
        description: "Published",
        content: { "application/json": { schema: PublishedSchema } },
      },
      200: {
        description: "Already published with the same content",
        content: { "application/json": { schema: PublishedSchema } },
      },
      ...errorResponses(400, 401, 403, 409, 413, 422),
    },
  }),
  async (c) => {
    const outcome = await publishEnvironment(c.env, c.req.valid("json"), callerOf(c.get("auth")));
    return c.json(outcome, outcome.created ? 201 : 200);
  },
);
