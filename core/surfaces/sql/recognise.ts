// Which of a server's tools run SQL on one database, and which kind each is. The criterion is the
// tool's input, name and description, never the server:
//
//   SQL tool        a string argument named `sql` (or `sql_query`), or one named `query` whose
//                   description (or the tool's) says SQL / SELECT / INSERT / UPDATE / DELETE /
//                   statement; no other required argument
//   its kind        "read-only" wording, or only SELECT / read named      -> read
//                   only INSERT / UPDATE / DELETE / write named           -> write
//                   only CREATE TABLE / DDL named                          -> ddl
//                   several kinds, or none said                           -> left out
//   list-tables     no required argument, named like `list_tables` / `show_tables`
//   describe-table  one required string argument naming a table (`table_name`, `table`, `name`),
//                   named like `describe_table` / `get_table_schema` / `table_info`
// The last two are taken only beside a SQL tool: Airtable's `list_tables {baseId}` and
// `describe_table {baseId, tableId}` are not SQL and fail the argument rule anyway.
import { fieldsOf, normalize } from "../../mcp/tool-json-schema";
import type { SurfaceTool } from "../surface";

export type SqlToolKind = "read" | "write" | "ddl" | "list-tables" | "describe-table";

export interface SqlToolPlan {
  tool: SurfaceTool;
  kind: SqlToolKind;
  /** The argument with the SQL or the table name; null for list-tables. */
  arg: string | null;
  /** Optional arguments the implementation does not use. */
  ignored: string[];
}

export interface SqlRecognition {
  planned: SqlToolPlan[];
  leftOut: { tool: string; reason: string }[];
}

/** Undefined when no tool runs SQL. */
export function recogniseSqlTools(tools: readonly SurfaceTool[]): SqlRecognition | undefined {
  const planned: SqlToolPlan[] = [];
  const leftOut: SqlRecognition["leftOut"] = [];
  for (const tool of tools) {
    const arg = sqlArgument(tool);
    if (arg === undefined) continue;
    const others = fieldsOf(tool.schema).filter((f) => f.name !== arg);
    const needed = others.filter((f) => f.required).map((f) => f.name);
    if (needed.length > 0) {
      leftOut.push({
        tool: tool.original.name,
        reason: `it runs SQL but also needs ${needed.join(", ")}; an environment serves one database, with nothing to choose or connect`,
      });
      continue;
    }
    const kind = sqlKind(tool, arg);
    if (typeof kind !== "string") {
      leftOut.push({ tool: tool.original.name, reason: kind.reason });
      continue;
    }
    planned.push({ tool, kind, arg, ignored: others.map((f) => f.name) });
  }
  if (planned.length === 0 && leftOut.length === 0) return undefined;
  if (planned.length === 0) return { planned, leftOut };
  for (const tool of tools) {
    if (planned.some((p) => p.tool === tool) || leftOut.some((l) => l.tool === tool.original.name))
      continue;
    const catalog = catalogTool(tool);
    if (catalog) planned.push(catalog);
  }
  return { planned, leftOut };
}

function sqlArgument(tool: SurfaceTool): string | undefined {
  const about = tool.original.description ?? "";
  for (const f of fieldsOf(tool.schema)) {
    if (f.kind !== "text") continue;
    const name = normalize(f.name);
    const described = typeof f.schema.description === "string" ? f.schema.description : "";
    if (name === "sql" || name === "sqlquery") return f.name;
    if (name === "query" && /\b(sql|select|insert|update|delete|statement)\b/i.test(described))
      return f.name;
    if (name === "query" && described === "" && /\bsql\b/i.test(about)) return f.name;
  }
  return undefined;
}

function sqlKind(tool: SurfaceTool, arg: string): SqlToolKind | { reason: string } {
  const field = fieldsOf(tool.schema).find((f) => f.name === arg);
  const name = tool.original.name.replace(/[_-]+/g, " ");
  const text = [
    tool.original.description ?? "",
    typeof field?.schema.description === "string" ? field.schema.description : "",
  ].join(" ");
  if (/\bread[- ]?only\b/i.test(text)) return "read";
  const said = new Set<SqlToolKind>();
  if (/\bselect\b/i.test(text) || /\b(read|select)\b/i.test(name)) said.add("read");
  if (/\b(insert|update|delete)\b/i.test(text) || /\b(write|insert|update|delete)\b/i.test(name))
    said.add("write");
  if (/\bcreate table\b|\bddl\b/i.test(text) || /\bcreate table\b|\bddl\b/i.test(name))
    said.add("ddl");
  const [only] = said;
  if (said.size === 1 && only) return only;
  if (said.size === 0) {
    return {
      reason:
        "it runs SQL, but neither its name nor its description says whether it reads, writes or changes the schema, so no guard can be chosen for it",
    };
  }
  return {
    reason: `it runs SQL of several kinds (${[...said].join(", ")}) in one tool; the SQL surface implements read, write and CREATE TABLE tools separately, each with its own guard`,
  };
}

const TABLE_ARGS = new Set(["table", "tablename", "name"]);

function catalogTool(tool: SurfaceTool): SqlToolPlan | undefined {
  const name = normalize(tool.original.name);
  const fields = fieldsOf(tool.schema);
  const required = fields.filter((f) => f.required);
  if (required.length === 0 && /^(list|show|get)(all)?tables$/.test(name)) {
    return { tool, kind: "list-tables", arg: null, ignored: fields.map((f) => f.name) };
  }
  const [only] = required;
  if (
    required.length === 1 &&
    only?.kind === "text" &&
    TABLE_ARGS.has(normalize(only.name)) &&
    /^(describe|get|show)?table(schema|info|structure|columns)?$|^describetable|^gettableschema/.test(
      name,
    )
  ) {
    const ignored = fields.filter((f) => f !== only).map((f) => f.name);
    return { tool, kind: "describe-table", arg: only.name, ignored };
  }
  return undefined;
}
