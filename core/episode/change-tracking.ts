// Which user tables a call wrote: AFTER INSERT/UPDATE/DELETE triggers note (table, operation) in
// `_aw_changes`, once per pair until cleared, so a bulk update costs an index probe per row, not
// a log row. Installed after the seed is loaded; the DO clears the log around each call. A table a
// tool creates during a call (a SQL server's CREATE TABLE) gets the same triggers when the call
// returns, so its rows count as the call's changes like any other table's.
import { compareNames, listUserTableNames } from "./schema-introspection";
import type { SqlDatabase } from "./sql-database";
import { quoteIdentifier, quoteString } from "./sql-identifiers";

export type ChangeOp = "insert" | "update" | "delete";

const OPS: readonly ChangeOp[] = ["insert", "update", "delete"];

/** Creates the log and the triggers on every user table (or on `tables`). Safe to run twice. */
export function installChangeTracking(db: SqlDatabase, tables?: readonly string[]): void {
  db.run(
    "CREATE TABLE IF NOT EXISTS _aw_changes (seq INTEGER PRIMARY KEY, tbl TEXT NOT NULL, op TEXT NOT NULL)",
  );
  db.run("CREATE INDEX IF NOT EXISTS _aw_changes_tbl_op ON _aw_changes (tbl, op)");
  for (const table of tables ?? listUserTableNames(db)) {
    for (const op of OPS) db.run(triggerSql(table, op));
  }
}

/**
 * Runs one tool call; when tracking is installed, every table the call created gets its triggers
 * and, if it was created with rows (`CREATE TABLE ... AS SELECT`), an insert in the log.
 */
export function trackingCreatedTables<T>(db: SqlDatabase, call: () => T): T {
  if (!hasChangeLog(db)) return call();
  const before = new Set(listUserTableNames(db));
  const result = call();
  const created = listUserTableNames(db).filter((table) => !before.has(table));
  if (created.length === 0) return result;
  installChangeTracking(db, created);
  for (const table of created) {
    if (db.query(`SELECT 1 FROM ${quoteIdentifier(table)} LIMIT 1`).length === 0) continue;
    db.run(
      `INSERT INTO _aw_changes (tbl, op) SELECT ?, 'insert' WHERE NOT EXISTS (SELECT 1 FROM _aw_changes WHERE tbl = ? AND op = 'insert')`,
      [table, table],
    );
  }
  return result;
}

/** Tables written since the last `clearChanges`, by name. */
export function touchedTables(db: SqlDatabase): string[] {
  return changeLog(db)
    .map((c) => c.table)
    .filter((t, i, all) => all.indexOf(t) === i)
    .sort(compareNames);
}

/** (table, operation) pairs in the order they were first seen since the last clear. */
export function changeLog(db: SqlDatabase): { table: string; op: ChangeOp }[] {
  if (!hasChangeLog(db)) return [];
  return db
    .query("SELECT tbl, op FROM _aw_changes ORDER BY seq")
    .map((row) => ({ table: String(row.tbl), op: String(row.op) as ChangeOp }));
}

export function clearChanges(db: SqlDatabase): void {
  if (hasChangeLog(db)) db.run("DELETE FROM _aw_changes");
}

function hasChangeLog(db: SqlDatabase): boolean {
  return (
    db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_aw_changes'").length > 0
  );
}

function triggerSql(table: string, op: ChangeOp): string {
  const name = quoteIdentifier(`_aw_chg_${op}_${table}`);
  const tbl = quoteString(table);
  const kind = quoteString(op);
  return `CREATE TRIGGER IF NOT EXISTS ${name} AFTER ${op.toUpperCase()} ON ${quoteIdentifier(table)}
FOR EACH ROW WHEN NOT EXISTS (SELECT 1 FROM _aw_changes WHERE tbl = ${tbl} AND op = ${kind})
BEGIN INSERT INTO _aw_changes (tbl, op) VALUES (${tbl}, ${kind}); END`;
}
