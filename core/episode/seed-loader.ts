// Opens an environment's data in an empty database: tables (and UNIQUE indexes) first, then the
// seed rows in planned multi-row INSERTs, then indexes, views and triggers. Synchronous: the
// EpisodeDO runs it inside `ctx.storage.transactionSync`, and it is meant to run inside one
// transaction (foreign-key checks are deferred to its end, see foreign-keys.ts).

import { AppError } from "../base/errors";
import type { SeedData } from "../environment/spec";
import { dependencyOrder, withDeferredForeignKeys } from "./foreign-keys";
import { listUserTableNames } from "./schema-introspection";
import { planSeedInserts } from "./seed-insert-plan";
import type { SqlDatabase } from "./sql-database";
import { splitSqlStatements } from "./sql-statements";
import { withUserTriggersSuspended } from "./user-triggers";

export { type PlannedInsert, planSeedInserts, type SqlStatement } from "./seed-insert-plan";

export interface SeedLoadStats {
  /** Seed tables loaded (including empty ones). */
  tables: number;
  rows: number;
  /** INSERT statements run. */
  statements: number;
}

/**
 * Applies `schemaSql` and loads `seed`. Non-unique indexes, views and triggers are created after
 * the rows: building an index once is faster than maintaining it row by row, and the triggers
 * must not fire again for rows that already carry their effects. UNIQUE indexes come first
 * because a foreign key may need one on its parent.
 */
export function loadSchemaAndSeed(
  db: SqlDatabase,
  schemaSql: string,
  seed: SeedData,
): SeedLoadStats {
  const statements = splitSqlStatements(schemaSql);
  const early = statements.filter(
    (s) => s.kind === "table" || s.kind === "unique-index" || s.kind === "other",
  );
  const late = statements.filter((s) => !early.includes(s));
  for (const s of early) db.run(s.sql);
  const stats = loadSeedRows(db, seed);
  for (const s of late) db.run(s.sql);
  return stats;
}

/**
 * Inserts `seed` into existing (empty) tables: parents before children, foreign-key checks
 * deferred and verified at the end, the environment's own triggers suspended. Used for the
 * first load and for reset-to-initial after `clearUserData`.
 */
export function loadSeedRows(db: SqlDatabase, seed: SeedData): SeedLoadStats {
  const seedTables = Object.keys(seed.tables);
  const existing = new Set(listUserTableNames(db).map((t) => t.toLowerCase()));
  const missing = seedTables.filter((t) => !existing.has(t.toLowerCase()));
  if (missing.length > 0) {
    throw new AppError(
      "validation_failed",
      `The seed fills tables the schema does not create: ${missing.join(", ")}.`,
    );
  }
  const plan = planSeedInserts(seed, { order: dependencyOrder(db, seedTables) });
  withDeferredForeignKeys(db, () =>
    withUserTriggersSuspended(db, () => {
      for (const statement of plan) db.run(statement.sql, statement.params);
    }),
  );
  const rows = Object.values(seed.tables).reduce((sum, t) => sum + t.rows.length, 0);
  return { tables: seedTables.length, rows, statements: plan.length };
}
