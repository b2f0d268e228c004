// The one request the LLM seed-row step sends: a fixed instruction, and the case (server, its entity
// tools' descriptions, every entity table with its columns' types, enums, formats and descriptions
// taken from the tools' input schemas), written the same way for the same spec.
import type { Column, EntityTable } from "./entities";

export const MIN_LLM_ROWS = 3;
export const MAX_LLM_ROWS = 12;
export const MAX_TEXT_CHARS = 1000;
export const MAX_KEY_CHARS = 200;
export const MAX_JSON_CHARS = 4000;

export const SEED_ROWS_PROMPT = `You write the seed data of a database that stands in for a real tool server (an MCP server), so that an agent can do real work in it.
Each table below comes with its key column and its columns: the JSON type of each, and the allowed values, formats and descriptions taken from the server's tool schemas.
Write between 5 and ${MAX_LLM_ROWS} rows per table: varied, realistic rows that hang together, as a real team's account would hold (real-looking names and emails, dates in 2024, statuses spread over the allowed values, texts a real user would write).
Every row has every column of its table and no other. A key is never null and never repeats within its table. Use null only for a column that may be empty.
Each value matches its column exactly: one of the listed values where there is a list, the format where one is named (date-time like 2024-03-05T09:30:00Z, email like ana.silva@example.com), whole numbers for integers, true or false for booleans, a JSON value of the described shape for a JSON column.
Keep every text under 300 characters.
Answer with one JSON object and nothing else: {"tables": {"<table>": [{"<column>": <value>, ...}, ...], ...}}`;

export interface SeedRowsCase {
  server: string;
  /** The entity tools (original names) and their descriptions. */
  tools: readonly { name: string; description: string }[];
  tables: readonly EntityTable[];
}

const MAX_TOOL_DESCRIPTION = 300;
const MAX_COLUMN_DESCRIPTION = 200;
const MAX_SHAPE_CHARS = 800;

export function seedRowsCaseText({ server, tools, tables }: SeedRowsCase): string {
  return [
    `Server: ${server}`,
    `Tools:\n${tools.map((t) => `- ${t.name}: ${clip(oneLine(t.description), MAX_TOOL_DESCRIPTION)}`).join("\n")}`,
    `Tables:\n${tables.map(tableText).join("\n\n")}`,
  ].join("\n\n");
}

function tableText(table: EntityTable): string {
  const columns = table.columns.map((c) => `  - ${columnText(c, c === table.key)}`);
  return [`${table.name} (key ${table.key.name})`, ...columns].join("\n");
}

function columnText(column: Column, key: boolean): string {
  const s = column.schema;
  const parts = [`${column.name}: ${typeWord(column, key)}${key ? ", the key" : ""}`];
  if (Array.isArray(s.enum))
    parts.push(`one of ${s.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  if (typeof s.format === "string") parts.push(`format ${s.format}`);
  for (const bound of ["minimum", "maximum", "minLength", "maxLength", "pattern"]) {
    if (s[bound] !== undefined) parts.push(`${bound} ${JSON.stringify(s[bound])}`);
  }
  if (column.kind === "json") parts.push(`shape ${clip(JSON.stringify(s), MAX_SHAPE_CHARS)}`);
  else if (typeof s.description === "string" && s.description.trim() !== "")
    parts.push(`"${clip(oneLine(s.description), MAX_COLUMN_DESCRIPTION)}"`);
  return parts.join("; ");
}

function typeWord(column: Column, key: boolean): string {
  // A numeric key is stored as a whole number, whatever JSON type named it.
  if (key && column.kind === "real") return "integer";
  return {
    text: "string",
    integer: "integer",
    real: "number",
    boolean: "boolean",
    json: "JSON value",
  }[column.kind];
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
