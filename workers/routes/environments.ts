// The public catalog (no key needed): list and search environments, read an environment with its
// versions, one version's metadata, and its tools in the format an agent framework wants.
import { createRoute } from "@hono/zod-openapi";
import {
  type ToolFormat,
  toMcpTool,
  toOpenAIChatTool,
  toOpenAIResponsesTool,
} from "../../core/tool-formats";
import { catalogDb } from "../catalog/catalog-db";
import {
  EnvironmentDetailJson,
  EnvironmentListJson,
  EnvironmentNameParams,
  ListEnvironmentsQuery,
  ToolListJson,
  ToolsQuery,
  VersionDetailJson,
  VersionParams,
} from "../catalog/catalog-schemas";
import {
  type EnvironmentSummary,
  getEnvironment,
  listEnvironments,
} from "../catalog/environment-repository";
import { environmentNotFound, requireVersion } from "../catalog/require-version";
import { listTools, summarizeTestResults, type ToolRecord } from "../catalog/tool-repository";
import {
  listVersions,
  type VersionRecord,
  type VersionSummary,
} from "../catalog/version-repository";
import { createRouter } from "../router";
import { errorResponses } from "../schemas/error-schemas";

export const environmentRoutes = createRouter();

/** A named version never changes once published, so caches may keep it. */
const IMMUTABLE = { "Cache-Control": "public, max-age=86400, immutable" };

environmentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/environments",
    tags: ["Catalog"],
    summary: "List environments, or search them with `q`",
    description:
      "Without `q`, environments come in name order; with `q`, best match first. Filter by `domain` and `subdomain`; page with `limit` and the `nextCursor` of the previous page.",
    request: { query: ListEnvironmentsQuery },
    responses: {
      200: {
        description: "One page of environments",
        content: { "application/json": { schema: EnvironmentListJson } },
      },
      ...errorResponses(400),
    },
  }),
  async (c) => {
    const page = await listEnvironments(catalogDb(c.env.CATALOG), c.req.valid("query"));
    return c.json(
      { environments: page.environments.map(environmentJson), nextCursor: page.nextCursor },
      200,
    );
  },
);

environmentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/environments/{name}",
    tags: ["Catalog"],
    summary: "An environment (its latest version's metadata) with all its versions",
    request: { params: EnvironmentNameParams },
    responses: {
      200: {
        description: "The environment",
        content: { "application/json": { schema: EnvironmentDetailJson } },
      },
      ...errorResponses(400, 404),
    },
  }),
  async (c) => {
    const { name } = c.req.valid("param");
    const db = catalogDb(c.env.CATALOG);
    const environment = await getEnvironment(db, name);
    if (!environment) throw environmentNotFound(name);
    const versions = await listVersions(db, name);
    return c.json(
      { ...environmentJson(environment), versions: versions.map(versionSummaryJson) },
      200,
    );
  },
);

environmentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/environments/{name}/versions/{version}",
    tags: ["Catalog"],
    summary: "One version: metadata, provenance, schema, counts and the admission test summary",
    request: { params: VersionParams },
    responses: {
      200: {
        description: "The version",
        content: { "application/json": { schema: VersionDetailJson } },
      },
      ...errorResponses(400, 404),
    },
  }),
  async (c) => {
    const { name, version } = c.req.valid("param");
    const db = catalogDb(c.env.CATALOG);
    const found = await requireVersion(db, name, version);
    const tests = await summarizeTestResults(db, found.id);
    return c.json(versionJson(found, tests), 200, version === "latest" ? {} : IMMUTABLE);
  },
);

environmentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/environments/{name}/versions/{version}/tools",
    tags: ["Catalog"],
    summary:
      "A version's tools as OpenAI Chat Completions, OpenAI Responses or MCP tool definitions",
    request: { params: VersionParams, query: ToolsQuery },
    responses: {
      200: {
        description: "The tools, in spec order",
        content: { "application/json": { schema: ToolListJson } },
      },
      ...errorResponses(400, 404),
    },
  }),
  async (c) => {
    const { name, version } = c.req.valid("param");
    const { format } = c.req.valid("query");
    const db = catalogDb(c.env.CATALOG);
    const found = await requireVersion(db, name, version);
    const tools = toolsIn(format, await listTools(db, found.id));
    const body = { name, version: found.version, format, tools };
    return c.json(body, 200, version === "latest" ? {} : IMMUTABLE);
  },
);

environmentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/environments/{name}/tools",
    tags: ["Catalog"],
    summary: "The latest version's tools in the requested format",
    request: { params: EnvironmentNameParams, query: ToolsQuery },
    responses: {
      200: {
        description: "The tools, in spec order",
        content: { "application/json": { schema: ToolListJson } },
      },
      ...errorResponses(400, 404),
    },
  }),
  async (c) => {
    const { name } = c.req.valid("param");
    const { format } = c.req.valid("query");
    const db = catalogDb(c.env.CATALOG);
    const found = await requireVersion(db, name, "latest");
    return c.json(
      {
        name,
        version: found.version,
        format,
        tools: toolsIn(format, await listTools(db, found.id)),
      },
      200,
    );
  },
);

function toolsIn(format: ToolFormat, tools: readonly ToolRecord[]) {
  const described = tools.map(({ outputSchema, ...tool }) => ({
    ...tool,
    outputSchema: outputSchema ?? undefined,
  }));
  if (format === "responses") return described.map(toOpenAIResponsesTool);
  if (format === "mcp") return described.map(toMcpTool);
  return described.map(toOpenAIChatTool);
}

function environmentJson(e: EnvironmentSummary) {
  return {
    name: e.name,
    title: e.title,
    description: e.description,
    category: { domain: e.domain, subdomain: e.subdomain },
    latestVersion: e.latestVersion,
    counts: { tables: e.tableCount, rows: e.rowCount, tools: e.toolCount },
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

function versionSummaryJson(v: VersionSummary) {
  return {
    version: v.version,
    contentHash: v.contentHash,
    publishedAt: v.publishedAt,
    counts: { tables: v.tableCount, rows: v.rowCount, tools: v.toolCount },
  };
}

function versionJson(v: VersionRecord, tests: { total: number; passed: number; failed: number }) {
  return {
    name: v.name,
    version: v.version,
    contentHash: v.contentHash,
    title: v.title,
    description: v.description,
    category: { domain: v.domain, subdomain: v.subdomain },
    provenance: v.provenance,
    schemaSql: v.schemaSql,
    counts: { tables: v.tableCount, rows: v.rowCount, tools: v.toolCount },
    tests,
    seed: { storage: v.seedKey === null ? ("inline" as const) : ("r2" as const) },
    publishedAt: v.publishedAt,
  };
}
