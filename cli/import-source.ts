// What `env import` sends for a file: its format (from the extension, or --format) and its text.
// SQLite files are binary, so they are read here with better-sqlite3 and sent as `tables`.
import { readFileSync } from "node:fs";
import { basename, extname } from "node:path";
import { seedFromSqlite } from "../catalog/sqlite-source";
import { CliError } from "./command";

export const IMPORT_FORMATS = [
  "csv",
  "json-rows",
  "nested-json",
  "sql-dump",
  "tables",
  "mcp-spec",
  "sqlite",
] as const;
export type CliImportFormat = (typeof IMPORT_FORMATS)[number];

export interface ImportSource {
  format: Exclude<CliImportFormat, "sqlite">;
  filename: string;
  content: string;
}

export function formatFromPath(path: string): CliImportFormat | "json" {
  const ext = extname(path).toLowerCase();
  if (ext === ".csv" || ext === ".tsv") return "csv";
  if (ext === ".sql") return "sql-dump";
  if (ext === ".sqlite" || ext === ".sqlite3" || ext === ".db") return "sqlite";
  if (ext === ".json") return "json";
  throw new CliError(`cannot tell the format of ${path} from its extension: pass --format`);
}

export function readImportSource(path: string, requested?: string): ImportSource {
  const format = requested ?? formatFromPath(path);
  const filename = basename(path);
  if (format === "sqlite") {
    return { format: "tables", filename, content: JSON.stringify(seedFromSqlite(path)) };
  }
  const content = readText(path);
  if (format === "json") return { format: jsonFormat(content, path), filename, content };
  if (!isFormat(format)) {
    throw new CliError(`unknown format ${format}: one of ${IMPORT_FORMATS.join(", ")}`);
  }
  return { format, filename, content };
}

/**
 * `{tools: [...]}` is an MCP server's tools/list answer; an array of flat objects is rows;
 * anything else JSON is a document to flatten.
 */
function jsonFormat(content: string, path: string): "json-rows" | "nested-json" | "mcp-spec" {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch (err) {
    throw new CliError(
      `${path} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const flat = (value: unknown) =>
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => v === null || typeof v !== "object");
  if (
    parsed !== null &&
    typeof parsed === "object" &&
    "tools" in parsed &&
    Array.isArray(parsed.tools)
  ) {
    return "mcp-spec";
  }
  return Array.isArray(parsed) && parsed.every(flat) ? "json-rows" : "nested-json";
}

function isFormat(format: string): format is ImportSource["format"] {
  return (IMPORT_FORMATS as readonly string[]).includes(format) && format !== "sqlite";
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (err) {
    throw new CliError(`cannot read ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
