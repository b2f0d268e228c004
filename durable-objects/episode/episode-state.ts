// The EpisodeDO's state operations, composed from the pure core: open the environment's data,
// digest it, diff it against the seed, snapshot/restore it (with the clock and randomness), reset
// it, and run tool admission in rollback transactions.
import { type AdmissionReport, runToolTests } from "../../core/environment/admission";
import type { SeedData, ToolSpec } from "../../core/environment/spec";
import { vacuousTools, withVacuousRefused } from "../../core/environment/vacuity";
import {
  clearChanges,
  installChangeTracking,
  touchedTables,
} from "../../core/episode/change-tracking";
import {
  DEFAULT_CLOCK_START,
  type EpisodeRecord,
  EpisodeRecordSchema,
} from "../../core/episode/episode-init";
import type { EpisodeState } from "../../core/episode/episode-port";
import { loadSchemaAndSeed, loadSeedRows } from "../../core/episode/seed-loader";
import * as snapshots from "../../core/episode/snapshots";
import type { SqlDatabase } from "../../core/episode/sql-database";
import { diffAgainstSeed, type StateDiff } from "../../core/episode/state-diff";
import { computeStateDigests } from "../../core/episode/state-digest";
import type { Executor, ToolSandbox } from "../../core/sandbox/executor";
import { createSeededHost } from "../../core/sandbox/seeded-host";
import type { SnapshotInfo } from "../episode-rpc";

export function loadEnvironment(
  db: SqlDatabase,
  schemaSql: string,
  seed: SeedData,
): { tables: number; rows: number } {
  const stats = loadSchemaAndSeed(db, schemaSql, seed);
  installChangeTracking(db);
  return { tables: stats.tables, rows: stats.rows };
}

export async function digestState(db: SqlDatabase): Promise<EpisodeState> {
  const { digest, tables } = await computeStateDigests(db);
  return { digest, tables };
}

/** Only tables the change log saw written can differ from the seed, so only those are compared. */
export function diffFromInitial(db: SqlDatabase, seed: SeedData): StateDiff {
  return diffAgainstSeed(db, seed, touchedTables(db));
}

export function reloadSeed(db: SqlDatabase, seed: SeedData): void {
  snapshots.clearUserData(db);
  loadSeedRows(db, seed);
  clearChanges(db);
}

const RECORDS_DDL =
  "CREATE TABLE IF NOT EXISTS _aw_snapshot_records (id TEXT PRIMARY KEY, step INTEGER NOT NULL, record TEXT NOT NULL)";

export function takeSnapshot(db: SqlDatabase, record: EpisodeRecord): string {
  db.run(RECORDS_DDL);
  const [row] = db.query("SELECT count(*) AS n FROM _aw_snapshot_records");
  const snapshotId = `snap_${Number(row?.n ?? 0) + 1}`;
  snapshots.takeSnapshot(db, snapshotId);
  db.run("INSERT INTO _aw_snapshot_records (id, step, record) VALUES (?, ?, ?)", [
    snapshotId,
    record.step,
    JSON.stringify(record),
  ]);
  return snapshotId;
}

/** The restored record keeps the live episode's identity and limits; state comes from the snapshot. */
export function restoreSnapshot(
  db: SqlDatabase,
  snapshotId: string,
  live: EpisodeRecord,
): EpisodeRecord | null {
  db.run(RECORDS_DDL);
  const [row] = db.query("SELECT record FROM _aw_snapshot_records WHERE id = ?", [snapshotId]);
  if (!row || !snapshots.restoreSnapshot(db, snapshotId)) return null;
  const saved = EpisodeRecordSchema.parse(JSON.parse(String(row.record)));
  return { ...live, step: saved.step, host: saved.host };
}

export function listSnapshots(db: SqlDatabase): SnapshotInfo[] {
  db.run(RECORDS_DDL);
  return db
    .query("SELECT id, step FROM _aw_snapshot_records ORDER BY rowid")
    .map((row) => ({ snapshotId: String(row.id), step: Number(row.step) }));
}

/** Every tool's tests (each in a rolled-back transaction), then refuses tools whose tests are vacuous. */
export async function admitTools(input: {
  db: SqlDatabase;
  tools: readonly ToolSpec[];
  sandbox: ToolSandbox;
  executor: Executor;
  seed: SeedData;
  inRollback<T>(fn: () => T): T;
}): Promise<AdmissionReport> {
  const createHost = ({ tool, test }: { tool: string; test: string }) =>
    createSeededHost(input.db, `admission:${tool}:${test}`, DEFAULT_CLOCK_START);
  const report = runToolTests({ ...input, createHost });
  if (!report.admitted) return report;
  return withVacuousRefused(report, await vacuousTools({ ...input, createHost }));
}

class Rollback extends Error {}

/** Runs `fn` in a storage transaction and rolls it back, returning what `fn` returned. */
export function inRollback<T>(storage: DurableObjectStorage, fn: () => T): T {
  let value: { result: T } | undefined;
  try {
    storage.transactionSync(() => {
      value = { result: fn() };
      throw new Rollback();
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
  if (!value) throw new Error("rollback transaction produced no value");
  return value.result;
}
