// Discovery of one source, start to finish inside a scratch database: import it (any supported
// format), load it the way an episode will, and generate its tools from the schema and rows.
// The caller publishes the result, which runs every generated tool's tests again (admission).
import { z } from "zod";
import { AppError } from "../base/errors";
import type { Json } from "../base/json";
import { checkToolSchema } from "../base/json-schema/check-tool-schema";
import { type SeedData, SeedDataSchema, type ToolSpec } from "../environment/spec";
import { loadSchemaAndSeed } from "../episode/seed-loader";
import type { SqlDatabase } from "../episode/sql-database";
import { importCsv } from "../import/csv-import";
import { importJsonRows } from "../import/json-rows-import";
import { importNestedJson } from "../import/nested-json-import";
import { importSqlDump } from "../import/sql-dump-import";
import { importMcpSpec, type McpImportOptions } from "../mcp/import/spec-import";
import { parseMcpSpec } from "../mcp/spec-schema";
import type { SurfaceDatabase } from "../surfaces/surface";
import { generateTools, type ToolgenReport } from "../toolgen/generate-tools";
import type { WantedTool } from "./wanted-tool";

export const ImportFormatSchema = z.enum([
  "csv",
  "json-rows",
  "nested-json",
  "sql-dump",
  "tables",
  "mcp-spec",
]);
export type ImportFormat = z.infer<typeof ImportFormatSchema>;

/** `tables` is a database already read elsewhere (e.g. a SQLite file read by the CLI). */
const TablesSourceSchema = z.object({ schemaSql: z.string().min(1), seed: SeedDataSchema });

export interface DiscoverRequest {
  format: ImportFormat;
  content: string;
  sourceName: string;
  tableName?: string;
  /** MCP imports: entity-table rows that replace the generated ones (see llm-seed-rows.ts). */
  mcpSeedRows?: McpImportOptions["seedRows"];
  /** MCP imports: the database the server's SQL tools run on (see core/surfaces/sql/surface.ts). */
  database?: SurfaceDatabase;
}

export type LeftOutTool = {
  /** The table (generated tools) or the original tool name (MCP). */
  subject: string;
  kind: string;
  reason: string;
};

export interface Discovered {
  schemaSql: string;
  seed: SeedData;
  tools: ToolSpec[];
  importReport: Json;
  /** Tools that could have existed but were not made, with why. */
  leftOut: LeftOutTool[];
  /** Tools the source names that the coding agent may implement (an MCP server's left-out tools). */
  wanted?: WantedTool[];
}

/** Runs in one transaction on an empty database (the caller rolls it back or wipes it). */
export function discoverEnvironment(db: SqlDatabase, request: DiscoverRequest): Discovered {
  if (request.format === "mcp-spec")
    return discoverMcpServer(db, request.content, mcpImportOptions(request));
  if (request.database) {
    throw new AppError(
      "validation_failed",
      "A database to serve (dataFrom) goes only with an MCP server's tools/list (format mcp-spec).",
    );
  }
  const imported = importSource(db, request);
  const { tools, report } = generateTools(db);
  if (tools.length === 0) {
    throw new AppError("validation_failed", "No tool could be generated from this source.", {
      toolgen: report as unknown as Json,
    });
  }
  return { ...imported, tools, leftOut: leftOutOf(report) };
}

function importSource(
  db: SqlDatabase,
  { format, content, sourceName, tableName }: DiscoverRequest,
): Omit<Discovered, "tools" | "leftOut"> {
  const names = { sourceName, ...(tableName ? { tableName } : {}) };
  if (format === "sql-dump") {
    const dump = importSqlDump(content, db, { sourceName });
    return {
      schemaSql: dump.schemaSql,
      seed: dump.seed,
      importReport: dump.report as unknown as Json,
    };
  }
  const imported =
    format === "csv"
      ? importCsv(content, names)
      : format === "json-rows"
        ? importJsonRows(content, names)
        : format === "nested-json"
          ? importNestedJson(content, { sourceName })
          : { ...parseTables(content), report: { format: "tables", source: sourceName } };
  loadSchemaAndSeed(db, imported.schemaSql, imported.seed);
  return {
    schemaSql: imported.schemaSql,
    seed: imported.seed,
    importReport: imported.report as unknown as Json,
  };
}

function parseTables(content: string): z.infer<typeof TablesSourceSchema> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw new AppError("validation_failed", "A `tables` source must be JSON: {schemaSql, seed}.");
  }
  const result = TablesSourceSchema.safeParse(parsed);
  if (!result.success) {
    throw new AppError("validation_failed", "A `tables` source must be {schemaSql, seed}.", {
      issues: result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    });
  }
  return result.data;
}

/** The options an MCP import runs with; the LLM seed-row step plans with the same ones. */
export function mcpImportOptions(request: DiscoverRequest): McpImportOptions {
  return {
    ...(request.mcpSeedRows ? { seedRows: request.mcpSeedRows } : {}),
    ...(request.database ? { database: request.database } : {}),
  };
}

/** An MCP server's tools/list: its recognisable tools come with the import, not from toolgen. */
function discoverMcpServer(
  db: SqlDatabase,
  content: string,
  options: McpImportOptions,
): Discovered {
  const imported = importMcpSpec(content, options);
  if (options.database && imported.report.database === undefined) {
    throw new AppError(
      "validation_failed",
      `This MCP server has no tool that runs SQL, so it cannot serve the database of ${options.database.source}: import it without dataFrom.`,
    );
  }
  if (imported.tools.length === 0) {
    throw new AppError(
      "validation_failed",
      "None of this MCP server's tools could be implemented.",
      {
        leftOut: imported.report.leftOut as unknown as Json,
      },
    );
  }
  loadSchemaAndSeed(db, imported.schemaSql, imported.seed);
  const leftOut = imported.report.leftOut.map((t) => ({
    subject: t.tool,
    kind: t.status,
    reason: t.reason,
  }));
  return {
    schemaSql: imported.schemaSql,
    seed: imported.seed,
    tools: imported.tools,
    importReport: imported.report as unknown as Json,
    leftOut,
    wanted: wantedMcpTools(content, new Set(leftOut.map((t) => t.subject))),
  };
}

/** The left-out MCP tools whose input schema is usable, as the coding agent's contract. */
function wantedMcpTools(content: string, leftOut: ReadonlySet<string>): WantedTool[] {
  return parseMcpSpec(content)
    .tools.filter((t) => leftOut.has(t.name) && checkToolSchema(t.inputSchema).length === 0)
    .map((t) => ({
      name: t.name,
      description: t.description ?? t.name,
      inputSchema: t.inputSchema as Record<string, Json>,
    }));
}

function leftOutOf(report: ToolgenReport): LeftOutTool[] {
  return [
    ...report.skippedTables.map((t) => ({ subject: t.table, kind: "table", reason: t.reason })),
    ...report.tables.flatMap((t) =>
      t.skipped.map((s) => ({ subject: t.table, kind: s.kind, reason: s.reason })),
    ),
  ];
}
