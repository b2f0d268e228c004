// Rollout batches in D1: inserted with all their rollouts in one D1 batch, read back for their
// owner, cancelled, and settled (`done`) once no rollout is queued or running. Every status change
// is a guarded update, so a redelivered message or a repeated request changes nothing twice.
import { and, desc, eq, sql } from "drizzle-orm";
import { AppError } from "../../core/base/errors";
import { toJsonValue } from "../../core/base/json";
import type { Caller } from "../../durable-objects/episode-rpc";
import type { CatalogDb } from "../catalog/catalog-db";
import { runBatch } from "../catalog/d1-batch";
import { rolloutBatches } from "../catalog/schema";
import type { PolicySnapshot } from "../policies/resolved-policy";
import type { BatchSettings } from "./batch-settings";
import {
  countRolloutsInFlight,
  inFlightCountSql,
  tooManyRolloutsInFlight,
} from "./rollouts-in-flight";

export type BatchRow = typeof rolloutBatches.$inferSelect;

/** One rollout to insert: the (task, sample) it plays. */
export interface NewRollout {
  id: string;
  taskId: string;
  environmentName: string;
  taskKind: string;
  sample: number;
}

/**
 * Rows per INSERT: each statement binds its rows as one JSON array (read back with json_each), so
 * D1's 100-parameter limit does not cut a 10,000-rollout batch into 1,000 statements.
 */
const ROWS_PER_INSERT = 500;

export interface NewBatch {
  id: string;
  ownerKeyId: string;
  policy: PolicySnapshot;
  settings: BatchSettings;
  createdAt: string;
}

/**
 * The batch row and one `queued` row per rollout, in one D1 batch (one transaction). With
 * `maxInFlight`, the batch row is written only if the owner's rollouts in flight plus these stay
 * within it, the rollouts only if the batch row was; otherwise nothing is and this throws a 429.
 */
export async function insertBatch(
  db: CatalogDb,
  batch: NewBatch,
  items: readonly NewRollout[],
  maxInFlight?: number,
): Promise<BatchRow> {
  const row: BatchRow = {
    id: batch.id,
    ownerKeyId: batch.ownerKeyId,
    policyName: batch.policy.name,
    policy: toJsonValue(batch.policy),
    request: toJsonValue(batch.settings),
    status: "running",
    total: items.length,
    groupSize: batch.settings.groupSize,
    maxConcurrency: batch.settings.maxConcurrency,
    createdAt: batch.createdAt,
    updatedAt: batch.createdAt,
    finishedAt: null,
  };
  const inserts = [];
  for (let i = 0; i < items.length; i += ROWS_PER_INSERT) {
    const chunk = items
      .slice(i, i + ROWS_PER_INSERT)
      .map((r) => [r.id, r.taskId, r.environmentName, r.taskKind, r.sample]);
    inserts.push(
      db.run(sql`
        insert into rollouts
          (id, batch_id, task_id, environment_name, task_kind, sample, status, attempts, queued_at)
        select json_extract(value, '$[0]'), ${row.id}, json_extract(value, '$[1]'),
          json_extract(value, '$[2]'), json_extract(value, '$[3]'), json_extract(value, '$[4]'),
          'queued', 0, ${row.createdAt}
        from json_each(${JSON.stringify(chunk)})
        where exists (select 1 from rollout_batches where id = ${row.id})`),
    );
  }
  const insertRow =
    maxInFlight === undefined
      ? db.insert(rolloutBatches).values(row)
      : insertWithinCap(db, row, maxInFlight);
  const [inserted] = await runBatch(db.$client, [insertRow, ...inserts]);
  if (maxInFlight !== undefined && inserted?.meta.changes !== 1) {
    throw tooManyRolloutsInFlight({
      limit: maxInFlight,
      current: await countRolloutsInFlight(db, row.ownerKeyId),
      requested: items.length,
    });
  }
  return row;
}

/** The batch row, written only if its rollouts fit under the owner's cap on rollouts in flight. */
function insertWithinCap(db: CatalogDb, row: BatchRow, maxInFlight: number) {
  return db.run(sql`
    insert into rollout_batches (id, owner_key_id, policy_name, policy, request, status, total,
      group_size, max_concurrency, created_at, updated_at, finished_at)
    select ${row.id}, ${row.ownerKeyId}, ${row.policyName}, ${JSON.stringify(row.policy)},
      ${JSON.stringify(row.request)}, ${row.status}, ${row.total}, ${row.groupSize},
      ${row.maxConcurrency}, ${row.createdAt}, ${row.updatedAt}, null
    where ${inFlightCountSql(row.ownerKeyId)} + ${row.total} <= ${maxInFlight}`);
}

export async function getBatch(db: CatalogDb, id: string): Promise<BatchRow | undefined> {
  const rows = await db.select().from(rolloutBatches).where(eq(rolloutBatches.id, id)).limit(1);
  return rows[0];
}

/** The batch when `caller` made it (or is an admin); another key is told there is none. */
export async function getOwnedBatch(db: CatalogDb, id: string, caller: Caller): Promise<BatchRow> {
  const batch = await getBatch(db, id);
  if (!batch || (!caller.admin && batch.ownerKeyId !== caller.keyId)) {
    throw new AppError("not_found", "No such rollout batch.", { batch: id });
  }
  return batch;
}

/** The owner's batches, newest first. */
export async function listBatches(
  db: CatalogDb,
  ownerKeyId: string,
  limit: number,
): Promise<BatchRow[]> {
  return db
    .select()
    .from(rolloutBatches)
    .where(eq(rolloutBatches.ownerKeyId, ownerKeyId))
    .orderBy(desc(rolloutBatches.createdAt), desc(rolloutBatches.id))
    .limit(limit);
}

export async function batchStatus(db: CatalogDb, id: string): Promise<BatchRow["status"] | null> {
  const rows = await db
    .select({ status: rolloutBatches.status })
    .from(rolloutBatches)
    .where(eq(rolloutBatches.id, id))
    .limit(1);
  return rows[0]?.status ?? null;
}

/**
 * A running batch becomes cancelled and its queued rollouts with it, in one D1 batch; running
 * rollouts stop at their next turn. Idempotent, and a finished batch stays as it is.
 */
export async function cancelBatch(
  db: CatalogDb,
  id: string,
  now: Date = new Date(),
): Promise<void> {
  const at = now.toISOString();
  await runBatch(db.$client, [
    db
      .update(rolloutBatches)
      .set({ status: "cancelled", updatedAt: at, finishedAt: at })
      .where(and(eq(rolloutBatches.id, id), eq(rolloutBatches.status, "running"))),
    db.run(sql`
      update rollouts set status = 'cancelled', finished_at = ${at}, lease_until = null
      where batch_id = ${id} and status = 'queued'
        and exists (select 1 from rollout_batches b where b.id = ${id} and b.status = 'cancelled')`),
  ]);
}

/** `done` once no rollout of the batch is queued or running (only from `running`). */
export async function settleBatch(
  db: CatalogDb,
  id: string,
  now: Date = new Date(),
): Promise<void> {
  const at = now.toISOString();
  await db.run(sql`
    update rollout_batches set status = 'done', finished_at = ${at}, updated_at = ${at}
    where id = ${id} and status = 'running'
      and not exists (
        select 1 from rollouts r where r.batch_id = ${id} and r.status in ('queued', 'running'))`);
}
