// The public catalog (no key needed): list and search environments, read an environment with its
// versions, one version's metadata, and its tools in the format an agent framework wants. Also
// where an environment is withdrawn: `DELETE /v1/environments/{name}[@version]` (its owner, or an
// admin, with `catalog:write`) yanks it.
import { createRoute } from "@hono/zod-openapi";
import { parseEnvironmentRef } from "../../core/environment/spec";
import {
  type ToolFormat,
  toMcpTool,
  toOpenAIChatTool,
  toOpenAIResponsesTool,
} from "../../core/environment/tool-formats";
import { requireScope } from "../auth/require-scope";
import { catalogDb } from "../catalog/catalog-db";
import {
  EnvironmentDetailJson,
  EnvironmentListJson,
  EnvironmentNameParams,
  EnvironmentRefParams,
  ListEnvironmentsQuery,
  ToolListJson,
  ToolsQuery,
  VersionDetailJson,
  VersionParams,
  YankedJson,
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
import { yankEnvironment } from "../catalog/yank-environment";
import { callerOf } from "../episodes/episode-client";
import { createRouter } from "../router";
import { errorResponses } from "../schemas/error-schemas";

export const environmentRoutes = createRouter();

/** A named version's tools never change once published, so caches may keep them. */
const IMMUTABLE = { "Cache-Control": "public, max-age=86400, immutable" };
/** A named version's metadata changes once at most, when it is yanked: cached only briefly. */
const BRIEFLY = { "Cache-Control": "public, max-age=60" };

// Withdrawing is a catalog write; reading the catalog needs no key.
environmentRoutes.on("DELETE", "/v1/environments/:ref", requireScope("catalog:write"));

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
    description:
      "`latest` skips yanked versions while a live one exists. A yanked version stays readable here with `yanked: true` and `yankedAt`.",
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
    return c.json(versionJson(found, tests), 200, version === "latest" ? {} : BRIEFLY);
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

environmentRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/v1/environments/{ref}",
    tags: ["Catalog"],
    summary: "Yank an environment version (`name@version`) or every version (`name`)",
    description:
      "Only the key that published the environment's first version, or an admin key, may yank it (403 for other keys: the catalog is public, so hiding it behind a 404 would be a lie). A yanked version takes no new episodes, rollout batches or synthesis jobs (410 `environment_yanked`); episodes already open on it run to their end, and its metadata, tools, tasks and rollouts stay readable, marked `yanked`. `name` alone resolves to the latest live version; an environment with every version yanked leaves listings and search. Idempotent: yanking again answers the same, with the first `yankedAt`. A yanked version stays yanked.",
    security: [{ apiKey: [] }],
    request: { params: EnvironmentRefParams },
    responses: {
      200: {
        description: "What is yanked now, and what `name` alone opens",
        content: { "application/json": { schema: YankedJson } },
      },
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => {
    const ref = parseEnvironmentRef(c.req.valid("param").ref);
    const outcome = await yankEnvironment(catalogDb(c.env.CATALOG), callerOf(c.get("auth")), ref);
    return c.json(outcome, 200);
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
    yanked: e.yankedAt !== null,
    yankedAt: e.yankedAt,
  };
}

function versionSummaryJson(v: VersionSummary) {
  return {
    version: v.version,
    contentHash: v.contentHash,
    publishedAt: v.publishedAt,
    counts: { tables: v.tableCount, rows: v.rowCount, tools: v.toolCount },
    yanked: v.yankedAt !== null,
    yankedAt: v.yankedAt,
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
    yanked: v.yankedAt !== null,
    yankedAt: v.yankedAt,
  };
}
