// Shared pieces of generated tools: what a generator returns, the SQL fragments every tool kind
// builds from the schema model (identifiers quoted here, at generation time), and the JSON Schemas
// for key and column arguments.

import type { Json } from "../base/json";
import type { ToolSpec } from "../environment/spec";
import type { SqlDatabase, SqlParam } from "../episode/sql-database";
import { toSqlValue } from "../episode/sql-values";
import { boundsSchema } from "./check-constraints";
import { type TextFormat, valueSchema } from "./column-types";
import type { ColumnModel, TableModel } from "./schema-model";

export type ToolKind =
  | "get"
  | "find"
  | "search"
  | "list"
  | "create"
  | "update"
  | "delete"
  | "count"
  | "sum";

export interface GeneratedTool {
  kind: ToolKind;
  table: string;
  spec: ToolSpec;
}

/** A tool that could not be generated, and why (goes into the report). */
export interface SkippedTool {
  kind: ToolKind;
  table: string;
  reason: string;
}

export type Generated = GeneratedTool | SkippedTool;

export function isGenerated(g: Generated): g is GeneratedTool {
  return "spec" in g;
}

/** A JavaScript literal for generated source. */
export function js(value: unknown): string {
  return JSON.stringify(value);
}

export function selectList(table: TableModel): string {
  return table.output.map((c) => c.quoted).join(", ");
}

export function keyWhere(columns: readonly ColumnModel[]): string {
  return columns.map((c) => `${c.quoted} = ?`).join(" AND ");
}

export function orderByKey(table: TableModel): string {
  return table.key.length > 0 ? table.key.map((c) => c.quoted).join(", ") : "rowid";
}

export function toJson(value: SqlParam | undefined): Json {
  return toSqlValue(value ?? null) as Json;
}

/** Runs `sql` now, so tests expect exactly what the tool's own statement returns. */
export function rowsAsJson(db: SqlDatabase, sql: string, params: readonly SqlParam[] = []): Json[] {
  return db.query(sql, params).map((row) => {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(row)) out[k] = toJson(v);
    return out;
  });
}

export function columnSchema(
  column: ColumnModel,
  options: { nullable?: boolean; description?: string } = {},
): Record<string, Json> {
  const schema = valueSchema({
    kind: column.kind,
    format: column.format,
    maxLength: column.maxLength,
    nullable: options.nullable ?? false,
    description: options.description ?? `${humanColumn(column)} (column ${column.name})`,
    ...(column.example === undefined ? {} : { example: column.example }),
  });
  if (column.enumValues && !options.nullable) schema.enum = column.enumValues;
  if (column.bounds && (column.kind === "integer" || column.kind === "number")) {
    Object.assign(schema, boundsSchema(column.bounds, column.kind === "integer"));
  }
  return schema;
}

export function humanColumn(column: ColumnModel): string {
  return column.arg.replaceAll("_", " ");
}

export function keyProperties(table: TableModel): Record<string, Json> {
  return Object.fromEntries(
    table.key.map((c) => [
      c.arg,
      columnSchema(c, { description: `the ${table.names.singular}'s ${humanColumn(c)}` }),
    ]),
  );
}

export function objectSchema(
  properties: Record<string, Json>,
  required: readonly string[],
): Record<string, Json> {
  return { type: "object", properties, required: [...required], additionalProperties: false };
}

/** Key values for a row that does not exist: the first row's key with its last part changed. */
export function missingKey(db: SqlDatabase, table: TableModel): Record<string, Json> | null {
  const last = table.key[table.key.length - 1];
  if (!last) return null;
  const first =
    db.query(
      `SELECT ${table.key.map((c) => c.quoted).join(", ")} FROM ${table.quoted} ORDER BY ${orderByKey(table)} LIMIT 1`,
    )[0] ?? {};
  const out: Record<string, Json> = {};
  for (const c of table.key) out[c.arg] = toJson(first[c.name]) ?? null;
  if (last.kind === "integer" || last.kind === "number") {
    const max = Number(db.query(`SELECT MAX(${last.quoted}) AS m FROM ${table.quoted}`)[0]?.m ?? 0);
    out[last.arg] = Math.floor(Number.isFinite(max) ? max : 0) + 1000;
  } else if (last.kind === "string" || last.kind === "mixed") {
    const taken = (value: string) =>
      db.query(`SELECT 1 FROM ${table.quoted} WHERE ${last.quoted} = ?`, [value]).length > 0;
    const dated = last.kind === "string" ? absentDate(last.format, taken) : null;
    if (dated) out[last.arg] = dated;
    else {
      let candidate = "ZZMISSING";
      while (taken(candidate)) candidate += "X";
      out[last.arg] = last.maxLength !== null ? candidate.slice(0, last.maxLength) : candidate;
    }
  } else return null;
  for (const c of table.key) {
    if (out[c.arg] === null && c !== last) return null;
  }
  return out;
}

/** A value in the key's date format (so it passes the argument schema) that no row holds. */
function absentDate(format: TextFormat, taken: (value: string) => boolean): string | null {
  const shape: Partial<Record<NonNullable<TextFormat>, (year: number) => string>> = {
    date: (year) => `${year}-01-01`,
    "date-time": (year) => `${year}-01-01T00:00:00Z`,
    "date-time-space": (year) => `${year}-01-01 00:00:00`,
  };
  const of = format ? shape[format] : undefined;
  if (!of) return null;
  for (let year = 1900; year < 1999; year++) if (!taken(of(year))) return of(year);
  return null;
}

/** Arguments in key order as SQL parameters of the generated code: `[args["a"], args["b"]]`. */
export function keyParamsSource(columns: readonly ColumnModel[]): string {
  return `[${columns.map((c) => `args[${js(c.arg)}]`).join(", ")}]`;
}

/** The key part of a row read at generation time, as argument values. */
export function keyArgs(table: TableModel, row: Record<string, Json>): Record<string, Json> {
  return Object.fromEntries(table.key.map((c) => [c.arg, row[c.name] ?? null]));
}

/** Guest-side helper: a write whose constraint failures become tool errors with a plain message. */
export const WRITE_HELPER = `  const MESSAGES = {
    constraint_unique: "Another row already has this value where it must be unique",
    constraint_foreign_key: "A referenced row does not exist, or other rows still refer to this one",
    constraint_not_null: "A required value is missing",
    constraint_check: "A value is outside what this field allows",
  };
  function write(sql, params) {
    try {
      return ctx.run(sql, params);
    } catch (e) {
      const code = e && e.code;
      if (typeof code === "string" && Object.prototype.hasOwnProperty.call(MESSAGES, code)) {
        ctx.fail(code, MESSAGES[code] + " (" + e.message + ").");
      }
      throw e;
    }
  }`;

/** A JSON scalar read from the data, back as a bound parameter (anything else binds as NULL). */
export function asParam(value: Json): SqlParam {
  return typeof value === "string" || typeof value === "number" ? value : null;
}
