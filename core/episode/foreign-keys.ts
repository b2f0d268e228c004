// Foreign keys while we bulk-write (seed load, snapshot restore, clear): parents-first table order,
// checks deferred to the end, and an explicit check before the transaction can commit.
//
// Why the explicit check: a Durable Object runs each request in an implicit transaction and
// `PRAGMA defer_foreign_keys` stays on past `transactionSync`; a deferred violation left at that
// commit resets the whole object. Checking here turns bad data into an ordinary thrown error,
// which rolls back only our own transaction.
import { AppError } from "../base/errors";
import { compareNames } from "./schema-introspection";
import type { SqlDatabase } from "./sql-database";
import { quoteIdentifier } from "./sql-identifiers";

/** Tables `table` references (itself excluded), as named in its `REFERENCES` clauses. */
export function foreignKeyParents(db: SqlDatabase, table: string): string[] {
  const parents = db
    .query(`PRAGMA foreign_key_list(${quoteIdentifier(table)})`)
    .map((row) => String(row.table));
  return [...new Set(parents)].filter((p) => p.toLowerCase() !== table.toLowerCase());
}

/**
 * `tables` ordered so every table comes after the tables it references (names compare
 * case-insensitively, as SQLite's do). Ties go by name; a cycle is broken by name order, which
 * deferred checks make safe inside a transaction.
 */
export function dependencyOrder(db: SqlDatabase, tables: readonly string[]): string[] {
  const wanted = new Set(tables.map((t) => t.toLowerCase()));
  const parents = new Map(
    tables.map((t) => [
      t,
      foreignKeyParents(db, t)
        .map((p) => p.toLowerCase())
        .filter((p) => wanted.has(p)),
    ]),
  );
  const remaining = [...tables].sort(compareNames);
  const placed = new Set<string>();
  const order: string[] = [];
  while (remaining.length > 0) {
    const ready = remaining.findIndex((t) => (parents.get(t) ?? []).every((p) => placed.has(p)));
    // -1: every remaining table waits on another (a cycle), so take the first by name.
    const [next] = remaining.splice(Math.max(ready, 0), 1);
    if (next === undefined) break;
    placed.add(next.toLowerCase());
    order.push(next);
  }
  return order;
}

/** Runs `fn` with foreign-key checks deferred, then checks them (see the file comment). */
export function withDeferredForeignKeys<T>(db: SqlDatabase, fn: () => T): T {
  const wasDeferred = pragmaFlag(db, "defer_foreign_keys");
  db.run("PRAGMA defer_foreign_keys = ON");
  try {
    const result = fn();
    assertForeignKeysHold(db);
    return result;
  } finally {
    if (!wasDeferred) db.run("PRAGMA defer_foreign_keys = OFF");
  }
}

/** Throws `validation_failed` listing up to 10 violations, when foreign keys are enforced. */
export function assertForeignKeysHold(db: SqlDatabase): void {
  if (!pragmaFlag(db, "foreign_keys")) return;
  const violations = db.query("PRAGMA foreign_key_check");
  if (violations.length === 0) return;
  throw new AppError(
    "validation_failed",
    `${violations.length} row(s) reference rows that do not exist (foreign key check failed).`,
    { violations: violations.slice(0, 10) },
  );
}

function pragmaFlag(db: SqlDatabase, name: string): boolean {
  const [row] = db.query(`PRAGMA ${name}`);
  return row !== undefined && Number(Object.values(row)[0]) === 1;
}
