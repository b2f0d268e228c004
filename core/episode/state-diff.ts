// What changed since the episode opened: current rows against the seed, per table. Rows are
// matched by primary key (composite keys too), or as a multiset of whole rows when a table has no
// key (or the seed leaves a key column out). Only tables that differ appear.

import { canonicalJson } from "../base/json";
import type { SeedData, SqlValue } from "../environment/spec";
import { listUserTables, type TableInfo } from "./schema-introspection";
import { type Affinity, columnAffinity, storedValue } from "./sql-affinity";
import type { SqlDatabase } from "./sql-database";
import { isBlobValue, toSqlValue } from "./sql-values";
import { readOrderedRows } from "./table-rows";

export type DiffRow = Record<string, SqlValue>;

export interface RowUpdate {
  key: DiffRow;
  before: DiffRow;
  after: DiffRow;
  changedColumns: string[];
}

export interface TableDiff {
  inserted: DiffRow[];
  deleted: DiffRow[];
  updated: RowUpdate[];
}

export type StateDiff = Record<string, TableDiff>;

export interface ChangeCounts {
  inserted: number;
  updated: number;
  deleted: number;
}

/**
 * Compares every user table (or only `tables`, e.g. those change tracking saw written) with the
 * seed. Columns the seed does not list are not compared: their initial values were defaults.
 */
export function diffAgainstSeed(
  db: SqlDatabase,
  seed: SeedData,
  tables?: readonly string[],
): StateDiff {
  const wanted = tables ? new Set(tables.map((t) => t.toLowerCase())) : null;
  const seedByName = new Map(
    Object.entries(seed.tables).map(([name, t]) => [name.toLowerCase(), t]),
  );
  const diff: StateDiff = {};
  for (const table of listUserTables(db)) {
    if (wanted && !wanted.has(table.name.toLowerCase())) continue;
    const seedTable = seedByName.get(table.name.toLowerCase()) ?? { columns: [], rows: [] };
    const tableDiff = diffTable(db, table, seedRows(db, table, seedTable));
    if (tableDiff.inserted.length + tableDiff.deleted.length + tableDiff.updated.length > 0) {
      diff[table.name] = tableDiff;
    }
  }
  return diff;
}

export function summarizeDiff(diff: StateDiff): Record<string, ChangeCounts> {
  return Object.fromEntries(
    Object.entries(diff).map(([name, t]) => [
      name,
      { inserted: t.inserted.length, updated: t.updated.length, deleted: t.deleted.length },
    ]),
  );
}

interface SeedRows {
  /** Table columns the seed gives values for, in table order. */
  columns: string[];
  rows: DiffRow[];
}

function seedRows(
  db: SqlDatabase,
  table: TableInfo,
  seedTable: { columns: string[]; rows: SqlValue[][] },
): SeedRows {
  const position = new Map(seedTable.columns.map((c, i) => [c.toLowerCase(), i]));
  const columns = table.columns.filter((c) => position.has(c.name.toLowerCase()));
  const affinity = new Map<string, Affinity>(columns.map((c) => [c.name, columnAffinity(c.type)]));
  const rows = seedTable.rows.map((values) => {
    const row: DiffRow = {};
    for (const c of columns) {
      const value = values[position.get(c.name.toLowerCase()) ?? -1] ?? null;
      row[c.name] = storedValue(db, value, affinity.get(c.name) ?? "blob");
    }
    return row;
  });
  return { columns: columns.map((c) => c.name), rows };
}

function diffTable(db: SqlDatabase, table: TableInfo, seed: SeedRows): TableDiff {
  const current = readOrderedRows(db, table).map((row) => {
    const out: DiffRow = {};
    for (const c of table.columns) out[c.name] = toSqlValue(row[c.name] ?? null);
    return out;
  });
  const keyed =
    table.primaryKey.length > 0 && table.primaryKey.every((k) => seed.columns.includes(k));
  return keyed ? diffByKey(current, seed, table.primaryKey) : diffAsMultiset(current, seed);
}

function diffByKey(current: DiffRow[], seed: SeedRows, key: readonly string[]): TableDiff {
  const keyOf = (row: DiffRow) => canonicalJson(key.map((k) => row[k] ?? null));
  const before = new Map(seed.rows.map((row) => [keyOf(row), row]));
  const result: TableDiff = { inserted: [], deleted: [], updated: [] };
  for (const row of current) {
    const id = keyOf(row);
    const old = before.get(id);
    if (!old) {
      result.inserted.push(row);
      continue;
    }
    before.delete(id);
    const changedColumns = seed.columns.filter((c) => !sameValue(old[c] ?? null, row[c] ?? null));
    if (changedColumns.length > 0) {
      result.updated.push({ key: pick(row, key), before: old, after: row, changedColumns });
    }
  }
  result.deleted.push(...before.values());
  return result;
}

function diffAsMultiset(current: DiffRow[], seed: SeedRows): TableDiff {
  const rowText = (row: DiffRow) => canonicalJson(seed.columns.map((c) => row[c] ?? null));
  const remaining = new Map<string, DiffRow[]>();
  for (const row of seed.rows) {
    const text = rowText(row);
    const same = remaining.get(text);
    if (same) same.push(row);
    else remaining.set(text, [row]);
  }
  const inserted: DiffRow[] = [];
  for (const row of current) {
    const same = remaining.get(rowText(row));
    if (same && same.length > 0) same.pop();
    else inserted.push(row);
  }
  return { inserted, deleted: [...remaining.values()].flat(), updated: [] };
}

/** Values as SQLite stores them: equal numbers, strings or bytes; `-0` and `0` are one number. */
function sameValue(a: SqlValue, b: SqlValue): boolean {
  if (a === b) return true;
  return isBlobValue(a) && isBlobValue(b) && a.$base64 === b.$base64;
}

function pick(row: DiffRow, columns: readonly string[]): DiffRow {
  return Object.fromEntries(columns.map((c) => [c, row[c] ?? null]));
}
