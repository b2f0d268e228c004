// A version's tool dependency graph, for inspection: every tool's profile (verb, entity, typed
// inputs and outputs) and every ordered pair's edge with its strength and the fields that link it.
// It is derived from the published tools alone, so a named version's graph never changes.
import { createRoute, z } from "@hono/zod-openapi";
import { buildToolGraph, toolGraphJson } from "../../core/tasks/tool-graph";
import { profileTools } from "../../core/tasks/tool-profiles";
import { catalogDb } from "../catalog/catalog-db";
import { EnvironmentNameParams, VersionParams } from "../catalog/catalog-schemas";
import { requireVersion } from "../catalog/require-version";
import { listTools } from "../catalog/tool-repository";
import type { AppEnv } from "../env";
import { createRouter } from "../router";
import { errorResponses } from "../schemas/error-schemas";

export const toolGraphRoutes = createRouter();

const FieldJson = z.object({
  path: z.string().openapi({ example: "invoices[].invoiceId" }),
  name: z.string(),
  key: z.string().openapi({ example: "invoiceid" }),
  type: z.string().openapi({ example: "integer" }),
  itemType: z.string().optional(),
  identifier: z.boolean(),
  required: z.boolean().optional(),
  enum: z.array(z.unknown()).optional(),
});

const ToolGraphJson = z
  .object({
    environment: z.object({ name: z.string(), version: z.string(), contentHash: z.string() }),
    tools: z.array(
      z.object({
        name: z.string(),
        effect: z.enum(["read", "write"]),
        verb: z.string().openapi({ example: "list" }),
        entity: z.string().openapi({ example: "invoice" }),
        owner: z.string().optional().openapi({ example: "customer" }),
        listPath: z.string().optional().openapi({ example: "invoices" }),
        inputs: z.array(FieldJson),
        outputs: z.array(FieldJson),
      }),
    ),
    edges: z.array(
      z.object({
        from: z.string(),
        to: z.string(),
        strength: z.enum(["strong", "weak", "independent"]),
        weight: z.number().int().openapi({ description: "3 strong, 2 weak, 1 independent" }),
        via: z.array(z.object({ output: z.string(), input: z.string() })),
      }),
    ),
    counts: z.object({
      tools: z.number().int(),
      edges: z.number().int(),
      strong: z.number().int(),
      weak: z.number().int(),
      independent: z.number().int(),
    }),
  })
  .openapi("ToolGraph");

const responses = {
  200: {
    description: "The graph: tools in spec order, edges from-major in the same order",
    content: { "application/json": { schema: ToolGraphJson } },
  },
  ...errorResponses(400, 404),
};

toolGraphRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/environments/{name}/versions/{version}/tool-graph",
    tags: ["Catalog"],
    summary: "A version's tool dependency graph (strong, weak and independent edges)",
    request: { params: VersionParams },
    responses,
  }),
  async (c) => {
    const { name, version } = c.req.valid("param");
    const headers = version === "latest" ? {} : IMMUTABLE;
    return c.json(await graphOf(c.env, name, version), 200, headers);
  },
);

toolGraphRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/environments/{name}/tool-graph",
    tags: ["Catalog"],
    summary: "The latest version's tool dependency graph",
    request: { params: EnvironmentNameParams },
    responses,
  }),
  async (c) => c.json(await graphOf(c.env, c.req.valid("param").name, "latest"), 200),
);

/** A named version never changes once published, so caches may keep its graph. */
const IMMUTABLE = { "Cache-Control": "public, max-age=86400, immutable" };

async function graphOf(env: AppEnv, name: string, version: string) {
  const db = catalogDb(env.CATALOG);
  const found = await requireVersion(db, name, version);
  const graph = buildToolGraph(profileTools(await listTools(db, found.id)));
  return {
    environment: { name: found.name, version: found.version, contentHash: found.contentHash },
    ...toolGraphJson(graph),
  };
}
