// Reads any loaded database (better-sqlite3 in Node, `ctx.storage.sql` in a Durable Object) back
// into an environment's `schemaSql` + `seed`, the shape the episode loader takes. BLOBs become
// `{ $base64 }`; internal objects (`sqlite_*`, `_cf_*`, `_aw_*`, `__miniflare_*`) are left out.
import { z } from "zod";
import type { SeedData, SeedTable } from "../environment/spec";
import {
  isInternalTableName,
  listUserTables,
  type TableInfo,
} from "../episode/schema-introspection";
import type { SqlDatabase } from "../episode/sql-database";
import { quoteIdentifier, quoteIdentifierList } from "../episode/sql-identifiers";
import { toSqlValue } from "../episode/sql-values";
import { readOrderedRows } from "../episode/table-rows";
import { ForeignKeyReportSchema } from "./imported-data";

export interface ExtractedDatabase {
  schemaSql: string;
  seed: SeedData;
}

export function extractDatabase(db: SqlDatabase): ExtractedDatabase {
  return { schemaSql: schemaSqlOf(db), seed: seedOf(db) };
}

/** Tables, then indexes, views and triggers, each kind in creation order; internal objects left out. */
export function schemaSqlOf(db: SqlDatabase): string {
  // A virtual table's shadow tables (FTS `_content`, `_idx`...) are created by the virtual table.
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

/**
 * Rowid tables go in rowid order, which is key order for an `INTEGER PRIMARY KEY` and, for any
 * other rowid table, the order that makes reloading assign the same hidden rowids. `WITHOUT ROWID`
 * tables go by primary key (see table-rows.ts).
 */
function tableSeed(db: SqlDatabase, table: TableInfo): SeedTable {
  const columns = table.columns.map((c) => c.name);
  const rows = table.hasRowid
    ? db.query(
        `SELECT ${quoteIdentifierList(columns)} FROM ${quoteIdentifier(table.name)} ORDER BY _rowid_`,
      )
    : readOrderedRows(db, table);
  return { columns, rows: rows.map((row) => columns.map((c) => toSqlValue(row[c] ?? null))) };
}

/** A table as found in a database: declared types kept as written (they are not inferred here). */
export const DatabaseTableReportSchema = z.object({
  name: z.string().min(1),
  rowCount: z.number().int().min(0),
  columns: z.array(
    z.object({
      name: z.string(),
      declaredType: z.string().describe("as written in CREATE TABLE, empty when none"),
      nullable: z.boolean(),
      key: z.boolean().describe("part of the primary key"),
    }),
  ),
  /** Empty: a rowid table with no declared key. */
  primaryKey: z.array(z.string()),
  foreignKeys: z.array(ForeignKeyReportSchema),
});
export type DatabaseTableReport = z.infer<typeof DatabaseTableReportSchema>;

/** What each user table holds, sorted by name: for import reports of existing databases. */
export function describeDatabaseTables(db: SqlDatabase, seed: SeedData): DatabaseTableReport[] {
  const tables = listUserTables(db);
  const keyOf = new Map(tables.map((t) => [t.name.toLowerCase(), t.primaryKey]));
  return tables.map((table) => ({
    name: table.name,
    rowCount: seed.tables[table.name]?.rows.length ?? 0,
    columns: table.columns.map((c) => ({
      name: c.name,
      declaredType: c.type,
      nullable: !c.notNull && c.primaryKeyPosition === 0,
      key: c.primaryKeyPosition > 0,
    })),
    primaryKey: table.primaryKey,
    foreignKeys: foreignKeysOf(db, table.name, keyOf),
  }));
}

function foreignKeysOf(
  db: SqlDatabase,
  table: string,
  keyOf: ReadonlyMap<string, string[]>,
): DatabaseTableReport["foreignKeys"] {
  const byId = new Map<number, { table: string; columns: string[]; to: (string | null)[] }>();
  for (const row of db.query(`PRAGMA foreign_key_list(${quoteIdentifier(table)})`)) {
    const id = Number(row.id);
    const entry = byId.get(id) ?? { table: String(row.table), columns: [], to: [] };
    entry.columns.push(String(row.from));
    entry.to.push(row.to === null ? null : String(row.to));
    byId.set(id, entry);
  }
  return [...byId.values()].map((fk) => ({
    columns: fk.columns,
    table: fk.table,
    // `REFERENCES parent` without columns means the parent's primary key.
    references: fk.to.every((c) => c !== null)
      ? fk.to.map(String)
      : (keyOf.get(fk.table.toLowerCase()) ?? fk.columns),
  }));
}
