// Reads a real SQLite file into an environment's `schemaSql` + `seed` (BLOBs as `$base64`), the
// shape the episode loader takes. Used by tests and by catalog builds of SQLite-backed datasets.
import type { SeedData, SeedTable } from "../core/environment/spec";
import {
  isInternalTableName,
  listUserTables,
  type TableInfo,
} from "../core/episode/schema-introspection";
import type { SqlDatabase } from "../core/episode/sql-database";
import { quoteIdentifier, quoteIdentifierList } from "../core/episode/sql-identifiers";
import { toSqlValue } from "../core/episode/sql-values";
import { readOrderedRows } from "../core/episode/table-rows";
import { openBetterSqlite } from "./better-sqlite-database";

export function seedFromSqlite(path: string): { schemaSql: string; seed: SeedData } {
  const db = openBetterSqlite(path);
  try {
    return { schemaSql: schemaSqlOf(db), seed: seedOf(db) };
  } finally {
    db.raw.close();
  }
}

/** Tables, then indexes, views and triggers, each kind in creation order; internal objects left out. */
export function schemaSqlOf(db: SqlDatabase): string {
  const shadow = new Set(
    db
      .query("PRAGMA table_list")
      .filter((row) => row.type === "shadow")
      .map((row) => String(row.name)),
  );
  return db
    .query(
      `SELECT name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL
       ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 WHEN 'view' THEN 2 ELSE 3 END, rowid`,
    )
    .filter(
      (row) => !isInternalTableName(String(row.name)) && !isInternalTableName(String(row.tbl_name)),
    )
    .filter((row) => !shadow.has(String(row.name)))
    .map((row) => `${String(row.sql)};`)
    .join("\n\n");
}

export function seedOf(db: SqlDatabase): SeedData {
  const tables: Record<string, SeedTable> = {};
  for (const table of listUserTables(db)) tables[table.name] = tableSeed(db, table);
  return { tables };
}

/** Rowid tables keep their stored order (so reloading assigns the same rowids); others go by key. */
function tableSeed(db: SqlDatabase, table: TableInfo): SeedTable {
  const columns = table.columns.map((c) => c.name);
  const rows = table.hasRowid
    ? db.query(
        `SELECT ${quoteIdentifierList(columns)} FROM ${quoteIdentifier(table.name)} ORDER BY _rowid_`,
      )
    : readOrderedRows(db, table);
  return { columns, rows: rows.map((row) => columns.map((c) => toSqlValue(row[c] ?? null))) };
}
