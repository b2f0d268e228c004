// HTTP shapes of discovery jobs (`/v1/environments/imports`).
import { z } from "@hono/zod-openapi";
import { ImportFormatSchema } from "../../core/discovery/discover-source";
import { CategorySchema, EnvironmentNameSchema, VersionSchema } from "../../core/environment/spec";

const SourceMetaSchema = z.object({
  format: ImportFormatSchema.openapi({
    description:
      "`csv`, `json-rows` (an array of flat objects), `nested-json` (documents, flattened into related tables), `sql-dump` (a SQLite dump), `tables` (`{schemaSql, seed}`, e.g. a SQLite file read by the CLI), or `mcp-spec` (an MCP server's tools/list answer)",
  }),
  filename: z.string().min(1).max(200),
  tableName: z.string().min(1).max(64).optional(),
  url: z
    .string()
    .url()
    .optional()
    .openapi({ description: "Where the source came from (provenance)" }),
});

/** What a job keeps of its request: everything but the source's text (that goes to R2). */
export const ImportRequestSchema = z.object({
  name: EnvironmentNameSchema,
  version: VersionSchema.default("1.0.0"),
  title: z.string().min(1).max(200).optional(),
  description: z.string().min(1).max(20_000).optional(),
  category: CategorySchema.optional().openapi({
    description:
      "Two-level category; when absent it is assigned by keyword rules over the data's names",
  }),
  license: z.string().min(1).max(200).default("unspecified"),
  llm: z.boolean().default(false).openapi({
    description:
      "Also let the configured LLM write domain tools (each admitted only if its tests pass)",
  }),
  theme: z
    .string()
    .max(20_000)
    .optional()
    .openapi({ description: "A theme or product document for the LLM" }),
  dataFrom: z
    .string()
    .regex(
      /^[a-z][a-z0-9-]{1,62}[a-z0-9](@(latest|\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?))?$/,
      "a published environment: `name` or `name@version`",
    )
    .optional()
    .openapi({
      description:
        "For an MCP server whose tools run SQL (`mcp-spec`): the published environment (`name` or `name@version`) whose tables and rows the tools run on",
    }),
  source: SourceMetaSchema,
});
export type ImportRequest = z.infer<typeof ImportRequestSchema>;

export const ImportBodySchema = ImportRequestSchema.extend({
  source: SourceMetaSchema.extend({ content: z.string().min(1).optional() }).refine(
    (source) => source.content !== undefined || source.url !== undefined,
    { message: "give the source's `content`, or a `url` to fetch it from" },
  ),
})
  .refine((body) => body.dataFrom === undefined || body.source.format === "mcp-spec", {
    message: "`dataFrom` goes only with an MCP server's tools/list (source format `mcp-spec`)",
    path: ["dataFrom"],
  })
  .openapi("ImportRequest");

export const ImportJobSchema = z
  .object({
    id: z.string(),
    status: z.enum(["queued", "running", "published", "duplicate", "failed"]).openapi({
      description:
        "`duplicate`: the same schema and tools are already published; `environment` names it",
    }),
    environment: z.string().nullable(),
    request: z.unknown(),
    report: z.unknown().nullable(),
    error: z.unknown().nullable(),
    attempts: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("ImportJob");

export const ImportJobParams = z.object({ id: z.string().regex(/^imp_[a-z0-9]+$/) });
