// Bulk copies (seed reload, snapshot restore, clear) must not fire the environment's own triggers:
// the rows already carry those triggers' effects. Our `_aw_` triggers (change tracking) stay on.
import { isInternalTableName } from "./schema-introspection";
import type { SqlDatabase } from "./sql-database";
import { quoteIdentifier } from "./sql-identifiers";

/** Drops the user's triggers, runs `fn`, and recreates them from their stored SQL. */
export function withUserTriggersSuspended<T>(db: SqlDatabase, fn: () => T): T {
  const triggers = db
    .query("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY rowid")
    .map((row) => ({ name: String(row.name), sql: String(row.sql) }))
    .filter((t) => !isInternalTableName(t.name));
  for (const t of triggers) db.run(`DROP TRIGGER ${quoteIdentifier(t.name)}`);
  try {
    return fn();
  } finally {
    for (const t of triggers) db.run(t.sql);
  }
}
