// The environment spec: everything needed to open an episode of `name@version` and to prove its
// tools work. Zod is the single source: types, HTTP validation and docs/schemas/*.json come from here.
import { z } from "zod";
import { JsonSchema } from "../base/json";

export const EnvironmentNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{1,62}[a-z0-9]$/, "lowercase letters, digits and dashes, 3-64 chars");

export const VersionSchema = z
  .string()
  .regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/, "semantic version such as 1.0.0");

export const ToolNameSchema = z
  .string()
  .regex(/^[a-zA-Z][a-zA-Z0-9_]{0,63}$/, "letters, digits and underscores, starting with a letter");

export const CategorySchema = z.object({
  domain: z.string().min(1).max(64).describe("first level, e.g. `commerce`"),
  subdomain: z.string().min(1).max(64).describe("second level, e.g. `music-store`"),
});

export const ProvenanceSchema = z.object({
  kind: z.enum(["dataset", "url", "mcp-spec", "document", "handwritten", "generated"]),
  name: z.string().min(1),
  url: z.string().optional(),
  license: z.string().min(1).describe("SPDX id or license name"),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  retrievedAt: z.string().optional(),
  notes: z.string().optional(),
});

/** A SQLite value as JSON: BLOBs travel as `{ "$base64": "..." }`. */
export const SqlValueSchema = z.union([
  z.null(),
  z.number(),
  z.string(),
  z.object({ $base64: z.string() }),
]);

export const SeedTableSchema = z.object({
  columns: z.array(z.string().min(1)).min(1),
  rows: z.array(z.array(SqlValueSchema)),
});

export const SeedDataSchema = z.object({
  tables: z.record(z.string().min(1), SeedTableSchema),
});

/** An object-typed JSON Schema for tool arguments (checked further when the tool is admitted). */
export const InputJsonSchema = z
  .record(z.string(), JsonSchema)
  .refine((s) => s.type === "object", { message: "a tool's inputSchema must have type: object" });

export const TableChangeCountSchema = z.object({
  inserted: z.number().int().min(0).default(0),
  updated: z.number().int().min(0).default(0),
  deleted: z.number().int().min(0).default(0),
});

export const ToolTestSchema = z
  .object({
    name: z.string().min(1).max(200),
    args: z.record(z.string(), JsonSchema),
    expect: z.object({
      /** The result, compared as JSON: `exact` deep equality or `subset` (every given key matches). */
      result: JsonSchema.optional(),
      match: z.enum(["exact", "subset"]).default("exact"),
      /** The tool must fail with this error code (and nothing is written). */
      error: z.object({ code: z.string().min(1) }).optional(),
      /** Rows inserted/updated/deleted per table; tables not named must not change. */
      changes: z.record(z.string(), TableChangeCountSchema).optional(),
    }),
  })
  .refine((t) => !(t.expect.error && t.expect.result !== undefined), {
    message: "a test expects either a result or an error, not both",
  })
  .refine((t) => t.expect.error || t.expect.result !== undefined || t.expect.changes, {
    message: "a test must expect a result, an error, or state changes",
  });

export const ToolSpecSchema = z.object({
  name: ToolNameSchema,
  description: z.string().min(1).max(4000),
  inputSchema: InputJsonSchema,
  outputSchema: z.record(z.string(), JsonSchema).optional(),
  effect: z.enum(["read", "write"]),
  /**
   * JavaScript source of a function `(args, ctx) => result`, run in the sandbox. `ctx` offers
   * `query(sql, params)`, `one(sql, params)`, `run(sql, params)`, `fail(code, message, details)`,
   * `now()`, `random()` and `id(prefix)`; see docs/tools.md.
   */
  implementation: z.string().min(1).max(200_000),
  tests: z.array(ToolTestSchema).min(1),
});

// A name starting with a reserved prefix, anywhere in the text (sql-statement-rules.ts has the list).
const RESERVED_IN_SCHEMA = /(^|[^A-Za-z0-9_$\u0080-\uffff])(_aw_|_cf_|__miniflare)/i;

export const EnvironmentSpecSchema = z
  .object({
    name: EnvironmentNameSchema,
    version: VersionSchema,
    title: z.string().min(1).max(200),
    description: z.string().min(1).max(20_000),
    category: CategorySchema,
    provenance: z.array(ProvenanceSchema).min(1),
    /**
     * SQLite DDL: CREATE TABLE / INDEX / VIEW / TRIGGER statements separated by `;`. It may not
     * name the platform's or the runtime's tables (`_aw_*`, `_cf_*`, `__miniflare*`), not even in
     * a comment: a trigger of the environment's would otherwise write them on a tool's behalf.
     */
    schemaSql: z
      .string()
      .min(1)
      .max(1_000_000)
      .refine((sql) => !RESERVED_IN_SCHEMA.test(sql), {
        message:
          "schemaSql names a table prefix the platform reserves (_aw_, _cf_ or __miniflare); rename it",
      }),
    seed: SeedDataSchema,
    /** Where episodes' virtual clocks start unless the episode says otherwise (ISO 8601, UTC). */
    clockStart: z.iso.datetime().optional(),
    tools: z.array(ToolSpecSchema).min(1).max(500),
  })
  .refine((e) => new Set(e.tools.map((t) => t.name)).size === e.tools.length, {
    message: "tool names must be unique",
    path: ["tools"],
  });

export type Category = z.infer<typeof CategorySchema>;
export type Provenance = z.infer<typeof ProvenanceSchema>;
export type SqlValue = z.infer<typeof SqlValueSchema>;
export type SeedTable = z.infer<typeof SeedTableSchema>;
export type SeedData = z.infer<typeof SeedDataSchema>;
export type ToolTest = z.infer<typeof ToolTestSchema>;
export type ToolSpec = z.infer<typeof ToolSpecSchema>;
export type EnvironmentSpec = z.infer<typeof EnvironmentSpecSchema>;

/** What an episode needs of a tool at run time (tests and docs stay in the catalog). */
export type RuntimeTool = Pick<
  ToolSpec,
  "name" | "description" | "inputSchema" | "outputSchema" | "effect" | "implementation"
>;

export function parseEnvironmentRef(ref: string): { name: string; version?: string } {
  const at = ref.indexOf("@");
  if (at < 0) return { name: ref };
  return { name: ref.slice(0, at), version: ref.slice(at + 1) };
}
