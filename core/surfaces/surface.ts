// A surface is a family of MCP tools that together model one kind of backend which is not a set
// of entity CRUD tools: a SQL database (`query`, `read_query`, `describe_table`), a REST API
// reached through `<x>_get/_post/...` with a `path`, a cluster of kind-discriminated resources
// (`kubectl_get {resourceType, name}`), or a server's utility tools (`echo`, `get-sum`, toggles).
// The importer offers every valid tool to each surface in turn; a surface claims the tools it
// recognises and returns their tables, seed rows, implementations and tests. Unclaimed tools go
// on to the entity path (core/mcp/import/entities.ts).
import type { SeedData, ToolSpec } from "../environment/spec";
import type { McpImportReport } from "../mcp/import-report";
import type { JsonObject, McpTool } from "../mcp/spec-schema";

export interface SurfaceTool {
  /** The server's own tool, as listed (name, description, inputSchema, annotations). */
  original: McpTool;
  /** The input schema with local `$ref`s inlined; always an object schema that passed the check. */
  schema: JsonObject;
}

/** A database to serve through a SQL surface: `{schemaSql, seed}` of a published environment. */
export interface SurfaceDatabase {
  /** Where it came from, for the report: an environment ref such as `chinook@1.1.0`. */
  source: string;
  schemaSql: string;
  seed: SeedData;
}

export interface SurfaceInput {
  /** `name@version` from serverInfo, or `mcp-server`. */
  server: string;
  /** Every tool whose schema is valid, in the spec's order, not yet claimed by another surface. */
  tools: readonly SurfaceTool[];
  database?: SurfaceDatabase;
  /** Publishes a tool under a name the platform allows and unique in this import. */
  publishName(original: string): string;
}

export interface SurfaceImport {
  /** Which surface this is, for the report: `sql`, `rest`, `resources`, `utilities`. */
  surface: string;
  /** Original names of every tool this surface takes (implemented or left out by it). */
  claimed: string[];
  /** CREATE TABLE statements for this surface's tables ("" when it brings none). */
  schemaSql: string;
  seed: SeedData;
  tools: ToolSpec[];
  tables: McpImportReport["tables"];
  implemented: McpImportReport["implemented"];
  leftOut: McpImportReport["leftOut"];
  notes: string[];
}

export interface McpSurface {
  name: string;
  /**
   * Claims the tools it recognises, or answers undefined. Deterministic: the same input gives the
   * same tables, rows, code and tests. Throws `validation_failed` (AppError) only for a problem the
   * user must fix, such as a SQL server with no database to serve.
   */
  recognise(input: SurfaceInput): SurfaceImport | undefined;
}
