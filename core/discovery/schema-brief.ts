// The database as the coding agent's prompt shows it: each user table with its columns, keys,
// foreign keys, row count and a few real rows, so the model writes SQL and tests against facts.

import type { SqlValue } from "../environment/spec";
import { listUserTables, type TableInfo } from "../episode/schema-introspection";
import type { SqlDatabase, SqlRow } from "../episode/sql-database";
import { quoteIdentifier } from "../episode/sql-identifiers";
import { toSqlValue } from "../episode/sql-values";
import { orderedRowsSql } from "../episode/table-rows";

export interface SchemaBriefOptions {
  /** Real rows shown per table (first by primary key). */
  sampleRows?: number;
  /** Longer text values are cut, so one long column cannot fill the prompt. */
  maxValueChars?: number;
  /** Tables beyond this are named but not described. */
  maxTables?: number;
}

export const DEFAULT_SCHEMA_BRIEF: Required<SchemaBriefOptions> = {
  sampleRows: 3,
  maxValueChars: 80,
  maxTables: 40,
};

export function schemaBrief(db: SqlDatabase, options: SchemaBriefOptions = {}): string {
  const o = { ...DEFAULT_SCHEMA_BRIEF, ...options };
  const tables = listUserTables(db);
  const described = tables.slice(0, o.maxTables).map((t) => describe(db, t, o));
  const rest = tables.slice(o.maxTables).map((t) => t.name);
  if (rest.length > 0) described.push(`Other tables (not described): ${rest.join(", ")}`);
  return described.join("\n\n");
}

function describe(db: SqlDatabase, table: TableInfo, o: Required<SchemaBriefOptions>): string {
  const columns = table.columns.map((c) => {
    const flags = [
      c.type || "untyped",
      ...(c.primaryKeyPosition > 0 ? ["PRIMARY KEY"] : []),
      ...(c.notNull ? ["NOT NULL"] : []),
    ];
    return `  - ${c.name} ${flags.join(" ")}`;
  });
  const foreignKeys = db
    .query(`PRAGMA foreign_key_list(${quoteIdentifier(table.name)})`)
    .map((fk) => `  - ${String(fk.from)} -> ${String(fk.table)}(${String(fk.to ?? "")})`);
  const count = Number(db.query(`SELECT count(*) AS n FROM ${quoteIdentifier(table.name)}`)[0]?.n);
  const rows = db
    .query(`${orderedRowsSql(table)} LIMIT ?`, [o.sampleRows])
    .map((row) => `  ${JSON.stringify(sampleRow(row, o.maxValueChars))}`);
  return [
    `Table ${table.name} (${count} rows)`,
    "Columns:",
    ...columns,
    ...(foreignKeys.length > 0 ? ["Foreign keys:", ...foreignKeys] : []),
    ...(rows.length > 0 ? ["Sample rows:", ...rows] : []),
  ].join("\n");
}

function sampleRow(row: SqlRow, maxChars: number): Record<string, SqlValue> {
  const out: Record<string, SqlValue> = {};
  for (const [key, raw] of Object.entries(row)) {
    const value = toSqlValue(raw);
    if (typeof value === "string" && value.length > maxChars) {
      out[key] = `${value.slice(0, maxChars)}...`;
    } else if (value !== null && typeof value === "object") {
      out[key] = "<blob>";
    } else {
      out[key] = value;
    }
  }
  return out;
}
