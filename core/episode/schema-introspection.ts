// What user tables an episode database holds: names, columns, primary keys, rowid-ness. Internal
// tables (SQLite's `sqlite_*`, Cloudflare's `_cf_*`, ours `_aw_*`) are never user data.
import type { SqlDatabase, SqlParam, SqlRow } from "./sql-database";
import { quoteIdentifier } from "./sql-identifiers";

export interface ColumnInfo {
  name: string;
  /** The declared type as written (`NVARCHAR(120)`, `""` when none); it decides the affinity. */
  type: string;
  notNull: boolean;
  /** 1-based position in the primary key, 0 when not part of it. */
  primaryKeyPosition: number;
}

export interface TableInfo {
  name: string;
  /** Stored columns in declaration order (generated columns are left out: they are derived). */
  columns: ColumnInfo[];
  /** Primary-key column names in key order; empty when the table has none. */
  primaryKey: string[];
  /** False for `WITHOUT ROWID` tables. */
  hasRowid: boolean;
  /** The `INTEGER PRIMARY KEY` column that is the rowid, if any. */
  rowidAlias: string | null;
}

// `__miniflare_` is the local runtime's own bookkeeping (it records a DO's name on first use).
const INTERNAL_PREFIXES = ["sqlite_", "_cf_", "_aw_", "__miniflare_"];

export function isInternalTableName(name: string): boolean {
  const lower = name.toLowerCase();
  return INTERNAL_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/** User tables of the main schema, sorted by name (code-unit order, so it is stable everywhere). */
export function listUserTableNames(db: SqlDatabase): string[] {
  return db
    .query("PRAGMA table_list")
    .filter((row) => row.schema === "main" && row.type === "table")
    .map((row) => text(row, "name"))
    .filter((name) => !isInternalTableName(name))
    .sort(compareNames);
}

export function listUserTables(db: SqlDatabase): TableInfo[] {
  return listUserTableNames(db).map((name) => describeTable(db, name));
}

export function describeTable(db: SqlDatabase, name: string): TableInfo {
  const listed = db.query(`PRAGMA table_list(${quoteIdentifier(name)})`);
  const entry = listed.find((row) => row.schema === "main");
  if (!entry) throw new Error(`no table named ${name}`);
  const columns = db.query(`PRAGMA table_info(${quoteIdentifier(name)})`).map(
    (row): ColumnInfo => ({
      name: text(row, "name"),
      type: text(row, "type"),
      notNull: Number(row.notnull) === 1,
      primaryKeyPosition: Number(row.pk),
    }),
  );
  const primaryKey = columns
    .filter((c) => c.primaryKeyPosition > 0)
    .sort((a, b) => a.primaryKeyPosition - b.primaryKeyPosition)
    .map((c) => c.name);
  const hasRowid = Number(entry.wr) === 0;
  const keyColumn =
    primaryKey.length === 1 ? columns.find((c) => c.name === primaryKey[0]) : undefined;
  const rowidAlias =
    hasRowid && keyColumn?.type.toUpperCase() === "INTEGER" ? keyColumn.name : null;
  return { name: text(entry, "name"), columns, primaryKey, hasRowid, rowidAlias };
}

/** Plain code-unit order: the same on every machine, unlike `localeCompare`. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function text(row: SqlRow, key: string): string {
  const value: SqlParam | undefined = row[key];
  return value === null || value === undefined ? "" : String(value);
}
