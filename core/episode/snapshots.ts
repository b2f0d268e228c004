// Named snapshots of an episode's user data, kept inside the same SQLite database: each user
// table is copied to `_aw_snap_<key>_<n>` with INSERT ... SELECT, so a snapshot costs no JS
// round trip per row. `<key>` is the snapshot's integer key, not its id: ids may be any string,
// and SQLite's case-insensitive names could make two ids collide.
import { dependencyOrder, withDeferredForeignKeys } from "./foreign-keys";
import { listUserTables, type TableInfo } from "./schema-introspection";
import type { SqlDatabase } from "./sql-database";
import { quoteIdentifier, quoteIdentifierList } from "./sql-identifiers";
import { withUserTriggersSuspended } from "./user-triggers";

export interface SnapshotInfo {
  id: string;
  tables: number;
  rows: number;
}

interface CopiedTable {
  table: string;
  copy: string;
  /** Column of the copy holding the source rowid, for rowid tables without an INTEGER PRIMARY KEY. */
  rowidColumn: string | null;
  /** How to name the rowid in the source table (`rowid`, `_rowid_` or `oid`, whichever is free). */
  rowidName: string | null;
}

const SNAPSHOTS_DDL = `CREATE TABLE IF NOT EXISTS _aw_snapshots (
  key INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, tables INTEGER NOT NULL, rows INTEGER NOT NULL,
  sequences TEXT NOT NULL, copies TEXT NOT NULL)`;

/** Copies every user table; an existing snapshot with the same id is replaced. */
export function takeSnapshot(db: SqlDatabase, snapshotId: string): SnapshotInfo {
  db.run(SNAPSHOTS_DDL);
  dropSnapshot(db, snapshotId);
  const [{ key } = { key: 1 }] = db
    .query("SELECT coalesce(max(key), 0) + 1 AS key FROM _aw_snapshots")
    .map((row) => ({ key: Number(row.key) }));
  const copies: CopiedTable[] = [];
  let rows = 0;
  for (const [n, table] of listUserTables(db).entries()) {
    const copied = plannedCopy(table, `_aw_snap_${key}_${n}`);
    const source = copied.rowidName ? [copied.rowidName, ...columnsOf(table)] : columnsOf(table);
    const target = copied.rowidColumn
      ? [copied.rowidColumn, ...columnsOf(table)]
      : columnsOf(table);
    const select = source.map(
      (c, i) => `${quoteIdentifier(c)} AS ${quoteIdentifier(target[i] ?? c)}`,
    );
    db.run(
      `CREATE TABLE ${quoteIdentifier(copied.copy)} AS SELECT ${select.join(", ")} FROM ${quoteIdentifier(table.name)}`,
    );
    rows += countRows(db, copied.copy);
    copies.push(copied);
  }
  db.run(
    "INSERT INTO _aw_snapshots (key, id, tables, rows, sequences, copies) VALUES (?, ?, ?, ?, ?, ?)",
    [
      key,
      snapshotId,
      copies.length,
      rows,
      JSON.stringify(readSequences(db, copies)),
      JSON.stringify(copies),
    ],
  );
  return { id: snapshotId, tables: copies.length, rows };
}

/**
 * Puts back exactly what the snapshot held, rowids and AUTOINCREMENT counters included. Returns
 * false when there is no such snapshot. All tables are emptied (children first) before any is
 * refilled (parents first), so ON DELETE actions cannot touch restored rows.
 */
export function restoreSnapshot(db: SqlDatabase, snapshotId: string): boolean {
  const snapshot = findSnapshot(db, snapshotId);
  if (!snapshot) return false;
  const byTable = new Map(snapshot.copies.map((c) => [c.table, c]));
  const tables = listUserTables(db).filter((t) => byTable.has(t.name));
  const order = dependencyOrder(
    db,
    tables.map((t) => t.name),
  );
  const info = new Map(tables.map((t) => [t.name, t]));
  withDeferredForeignKeys(db, () =>
    withUserTriggersSuspended(db, () => {
      for (const name of [...order].reverse()) db.run(`DELETE FROM ${quoteIdentifier(name)}`);
      for (const name of order) {
        const table = info.get(name);
        const copied = byTable.get(name);
        if (!table || !copied) continue;
        const target = copied.rowidName
          ? [copied.rowidName, ...columnsOf(table)]
          : columnsOf(table);
        const source = copied.rowidColumn
          ? [copied.rowidColumn, ...columnsOf(table)]
          : columnsOf(table);
        db.run(
          `INSERT INTO ${quoteIdentifier(name)} (${quoteIdentifierList(target)}) SELECT ${quoteIdentifierList(source)} FROM ${quoteIdentifier(copied.copy)}`,
        );
      }
      writeSequences(db, order, snapshot.sequences);
    }),
  );
  return true;
}

export function dropSnapshot(db: SqlDatabase, snapshotId: string): boolean {
  const snapshot = findSnapshot(db, snapshotId);
  if (!snapshot) return false;
  for (const c of snapshot.copies) db.run(`DROP TABLE IF EXISTS ${quoteIdentifier(c.copy)}`);
  db.run("DELETE FROM _aw_snapshots WHERE id = ?", [snapshotId]);
  return true;
}

/** Snapshots, oldest first. */
export function listSnapshots(db: SqlDatabase): SnapshotInfo[] {
  if (!hasSnapshotTable(db)) return [];
  return db.query("SELECT id, tables, rows FROM _aw_snapshots ORDER BY key").map((row) => ({
    id: String(row.id),
    tables: Number(row.tables),
    rows: Number(row.rows),
  }));
}

/**
 * Deletes every row of every user table (children first, foreign-key checks deferred, the
 * environment's triggers suspended) and forgets AUTOINCREMENT counters, so reloading the seed
 * gives the same ids as a fresh episode. Returns the rows deleted.
 */
export function clearUserData(db: SqlDatabase): number {
  const order = dependencyOrder(
    db,
    listUserTables(db).map((t) => t.name),
  );
  return withDeferredForeignKeys(db, () =>
    withUserTriggersSuspended(db, () => {
      let deleted = 0;
      for (const name of [...order].reverse())
        deleted += db.run(`DELETE FROM ${quoteIdentifier(name)}`).changes;
      writeSequences(db, order, []);
      return deleted;
    }),
  );
}

interface StoredSnapshot {
  copies: CopiedTable[];
  sequences: { name: string; seq: number }[];
}

function findSnapshot(db: SqlDatabase, snapshotId: string): StoredSnapshot | null {
  if (!hasSnapshotTable(db)) return null;
  const [row] = db.query("SELECT sequences, copies FROM _aw_snapshots WHERE id = ?", [snapshotId]);
  if (!row) return null;
  return {
    copies: JSON.parse(String(row.copies)) as CopiedTable[],
    sequences: JSON.parse(String(row.sequences)) as StoredSnapshot["sequences"],
  };
}

function plannedCopy(table: TableInfo, copy: string): CopiedTable {
  if (!table.hasRowid || table.rowidAlias)
    return { table: table.name, copy, rowidColumn: null, rowidName: null };
  const taken = new Set(table.columns.map((c) => c.name.toLowerCase()));
  const rowidName = ["rowid", "_rowid_", "oid"].find((n) => !taken.has(n)) ?? null;
  let rowidColumn = "_aw_rowid";
  while (taken.has(rowidColumn)) rowidColumn = `_${rowidColumn}`;
  return { table: table.name, copy, rowidColumn: rowidName ? rowidColumn : null, rowidName };
}

function columnsOf(table: TableInfo): string[] {
  return table.columns.map((c) => c.name);
}

function countRows(db: SqlDatabase, table: string): number {
  const [row] = db.query(`SELECT count(*) AS n FROM ${quoteIdentifier(table)}`);
  return Number(row?.n ?? 0);
}

function hasSnapshotTable(db: SqlDatabase): boolean {
  return (
    db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_aw_snapshots'").length >
    0
  );
}

function hasSequenceTable(db: SqlDatabase): boolean {
  return (
    db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'")
      .length > 0
  );
}

function readSequences(
  db: SqlDatabase,
  copies: readonly CopiedTable[],
): { name: string; seq: number }[] {
  if (!hasSequenceTable(db)) return [];
  const names = new Set(copies.map((c) => c.table.toLowerCase()));
  return db
    .query("SELECT name, seq FROM sqlite_sequence ORDER BY name")
    .map((row) => ({ name: String(row.name), seq: Number(row.seq) }))
    .filter((s) => names.has(s.name.toLowerCase()));
}

/** Sets the AUTOINCREMENT counters of `tables` to `sequences` (absent = none yet). */
function writeSequences(
  db: SqlDatabase,
  tables: readonly string[],
  sequences: readonly { name: string; seq: number }[],
): void {
  if (!hasSequenceTable(db)) return;
  for (const name of tables) db.run("DELETE FROM sqlite_sequence WHERE name = ?", [name]);
  for (const s of sequences)
    db.run("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", [s.name, s.seq]);
}
