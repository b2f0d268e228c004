// The public catalog's HTTP shapes: path and query parameters, and what each route answers.
// The OpenAPI document is generated from these, so examples here are what users read.
import { z } from "@hono/zod-openapi";
import {
  EnvironmentNameSchema,
  ProvenanceSchema,
  VersionSchema,
} from "../../core/environment/spec";

// Core schemas were made by plain zod, possibly before @hono/zod-openapi extended it, so they
// get their docs through zod's own `.meta()` rather than `.openapi()`.
export const EnvironmentNameParams = z.object({
  name: EnvironmentNameSchema.meta({ example: "chinook" }),
});

export const VersionParams = EnvironmentNameParams.extend({
  version: z.union([z.literal("latest"), VersionSchema]).openapi({
    param: { name: "version", in: "path" },
    example: "1.2.0",
    description:
      "A semantic version, or `latest` (the highest release; pre-releases only if there is no release)",
  }),
});

/** `name` or `name@version`, as `DELETE /v1/environments/{ref}` takes it. */
export const EnvironmentRefParams = z.object({
  ref: z
    .string()
    .superRefine((ref, ctx) => {
      const at = ref.indexOf("@");
      const name = at < 0 ? ref : ref.slice(0, at);
      if (!EnvironmentNameSchema.safeParse(name).success) {
        ctx.addIssue({ code: "custom", message: `\`${name}\` is not an environment name.` });
      }
      if (at >= 0 && !VersionSchema.safeParse(ref.slice(at + 1)).success) {
        ctx.addIssue({
          code: "custom",
          message: "The version after `@` must be semantic, e.g. 1.0.0.",
        });
      }
    })
    .openapi({
      param: { name: "ref", in: "path" },
      example: "chinook@1.1.0",
      description: "`name` (every version) or `name@version` (one version)",
    }),
});

const YankedAtJson = z.string().nullable().openapi({
  description: "When it was yanked; null while live",
  example: null,
});

export const ListEnvironmentsQuery = z.object({
  q: z.string().min(1).max(200).optional().openapi({
    description:
      "Words to search for in names, titles, descriptions, categories and tool names; best match first",
    example: "music invoices",
  }),
  domain: z.string().min(1).max(64).optional().openapi({ example: "commerce" }),
  subdomain: z.string().min(1).max(64).optional().openapi({ example: "music-store" }),
  limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ example: 20 }),
  cursor: z
    .string()
    .min(1)
    .max(1000)
    .optional()
    .openapi({ description: "The `nextCursor` of the previous page" }),
});

export const ToolFormatSchema = z.enum(["openai", "responses", "mcp"]).openapi({
  description:
    "`openai`: Chat Completions `{type, function}`; `responses`: OpenAI Responses (flat); `mcp`: MCP `tools/list` entries",
});

export const ToolsQuery = z.object({ format: ToolFormatSchema.default("openai") });

const CategoryJson = z.object({ domain: z.string(), subdomain: z.string() }).openapi({
  example: { domain: "commerce", subdomain: "music-store" },
});

const CountsJson = z
  .object({ tables: z.number().int(), rows: z.number().int(), tools: z.number().int() })
  .openapi({ example: { tables: 11, rows: 15607, tools: 24 } });

export const EnvironmentSummaryJson = z
  .object({
    name: z.string().openapi({ example: "chinook" }),
    title: z.string().openapi({ example: "Chinook music store" }),
    description: z.string(),
    category: CategoryJson,
    latestVersion: z.string().openapi({ example: "1.2.0" }),
    counts: CountsJson.openapi({ description: "Of the latest version" }),
    createdAt: z.string().openapi({ example: "2026-05-01T12:00:00.000Z" }),
    updatedAt: z.string().openapi({ example: "2026-05-02T08:30:00.000Z" }),
    yanked: z.boolean().openapi({
      description: "Every version is yanked (such an environment is left out of listings)",
    }),
    yankedAt: YankedAtJson,
  })
  .openapi("EnvironmentSummary");

export const EnvironmentListJson = z
  .object({
    environments: z.array(EnvironmentSummaryJson),
    nextCursor: z
      .string()
      .nullable()
      .openapi({ description: "Pass as `cursor` for the next page; null on the last page" }),
  })
  .openapi("EnvironmentList");

const VersionSummaryJson = z
  .object({
    version: z.string().openapi({ example: "1.2.0" }),
    contentHash: z.string(),
    publishedAt: z.string(),
    counts: CountsJson,
    yanked: z.boolean(),
    yankedAt: YankedAtJson,
  })
  .openapi("VersionSummary");

export const EnvironmentDetailJson = EnvironmentSummaryJson.extend({
  versions: z
    .array(VersionSummaryJson)
    .openapi({ description: "Newest first, by semver precedence" }),
}).openapi("EnvironmentDetail");

export const VersionDetailJson = z
  .object({
    name: z.string(),
    version: z.string(),
    contentHash: z.string().openapi({ description: "SHA-256 of the canonical JSON of the spec" }),
    title: z.string(),
    description: z.string(),
    category: CategoryJson,
    provenance: z.array(ProvenanceSchema),
    schemaSql: z.string().openapi({ description: "The SQLite DDL every episode starts from" }),
    counts: CountsJson,
    tests: z
      .object({ total: z.number().int(), passed: z.number().int(), failed: z.number().int() })
      .openapi({ description: "The tool unit tests run at admission" }),
    seed: z.object({ storage: z.enum(["inline", "r2"]) }),
    publishedAt: z.string(),
    yanked: z.boolean().openapi({
      description: "Yanked: no new episodes, rollouts or synthesis; still readable",
    }),
    yankedAt: YankedAtJson,
  })
  .openapi("VersionDetail");

export const YankedJson = z
  .object({
    name: z.string(),
    yanked: z.array(z.object({ version: z.string(), yankedAt: z.string() })).openapi({
      description: "The versions this request named, each with when it was yanked",
    }),
    latestLiveVersion: z.string().nullable().openapi({
      description: "What `name` alone opens now; null when every version is yanked",
    }),
  })
  .openapi("Yanked");

const JsonObject = z.record(z.string(), z.unknown());

const OpenAIChatToolJson = z
  .object({
    type: z.literal("function"),
    function: z.object({ name: z.string(), description: z.string(), parameters: JsonObject }),
  })
  .openapi("OpenAIChatTool");

const OpenAIResponsesToolJson = z
  .object({
    type: z.literal("function"),
    name: z.string(),
    description: z.string(),
    parameters: JsonObject,
    strict: z.literal(false),
  })
  .openapi("OpenAIResponsesTool");

const McpToolJson = z
  .object({
    name: z.string(),
    description: z.string(),
    inputSchema: JsonObject,
    outputSchema: JsonObject.optional(),
    annotations: z.object({
      readOnlyHint: z.boolean(),
      destructiveHint: z.boolean(),
      idempotentHint: z.boolean(),
    }),
  })
  .openapi("McpTool");

export const ToolListJson = z
  .object({
    name: z.string(),
    version: z.string(),
    format: ToolFormatSchema,
    tools: z.array(z.union([OpenAIChatToolJson, OpenAIResponsesToolJson, McpToolJson])),
  })
  .openapi("ToolList");
