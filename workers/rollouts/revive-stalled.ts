// Queue messages can be lost outside the product's control (a `wrangler dev` reload drops the
// local queue; an operator purges a queue). A running batch whose rollouts wait with no message
// to play them would then never finish, so a batch that has been quiet for STALL_MS — nothing
// claimed or finished, nothing running under a live lease, yet rollouts queued or abandoned — has
// its waiting rollouts sent again. Extra messages are harmless: the claim lets one attempt play a
// rollout and acknowledges the rest. Run every few minutes by the cron trigger, and on every read
// of a batch's progress (so a local run heals while the CLI polls).
import { sql } from "drizzle-orm";
import type { CatalogDb } from "../catalog/catalog-db";
import type { AppEnv } from "../env";
import { enqueueRollouts } from "./rollout-messages";

/** How long a batch with waiting rollouts may show no activity before they are sent again. */
export const STALL_MS = 120_000;
/** At most this many rollouts are sent again per batch per revival (the rest on the next one). */
const REVIVE_MAX = 1_000;
/** The cron revives at most this many running batches per run. */
const BATCHES_PER_SWEEP = 100;

interface Activity {
  waiting: number;
  live: number;
  last: string | null;
}

/** Sends the waiting rollouts of a stalled running batch again; answers how many it sent. */
export async function reviveStalledBatch(
  env: AppEnv,
  db: CatalogDb,
  batchId: string,
  now: Date = new Date(),
): Promise<number> {
  const at = now.toISOString();
  const activity = await db.get<Activity>(sql`
    select
      sum(case when status = 'queued' or (status = 'running' and lease_until < ${at}) then 1 else 0 end) as waiting,
      sum(case when status = 'running' and lease_until >= ${at} then 1 else 0 end) as live,
      max(max(queued_at, coalesce(started_at, ''), coalesce(finished_at, ''))) as last
    from rollouts where batch_id = ${batchId}`);
  if (!activity?.waiting || activity.live > 0) return 0;
  const quietSince = new Date(now.getTime() - STALL_MS).toISOString();
  if (activity.last !== null && activity.last > quietSince) return 0;
  // Claim the revival: only one reader of a stalled batch sends its messages again, and the
  // batch's updated_at then counts as activity for the next STALL_MS.
  const claimed = await db.run(sql`
    update rollout_batches set updated_at = ${at}
    where id = ${batchId} and status = 'running' and updated_at <= ${quietSince}`);
  if ((claimed.meta.changes ?? 0) === 0) return 0;
  const rows = await db.all<{ id: string }>(sql`
    select id from rollouts
    where batch_id = ${batchId}
      and (status = 'queued' or (status = 'running' and lease_until < ${at}))
    order by id limit ${REVIVE_MAX}`);
  const ids = rows.map((row) => row.id);
  await enqueueRollouts(env.ROLLOUTS_QUEUE, ids);
  console.warn(`rollouts: batch ${batchId} was quiet; ${ids.length} waiting rollout(s) sent again`);
  return ids.length;
}

/** The cron's sweep over running batches, oldest first. */
export async function reviveStalledBatches(env: AppEnv, db: CatalogDb): Promise<number> {
  const batches = await db.all<{ id: string }>(sql`
    select id from rollout_batches where status = 'running'
    order by created_at limit ${BATCHES_PER_SWEEP}`);
  let sent = 0;
  for (const { id } of batches) sent += await reviveStalledBatch(env, db, id);
  return sent;
}
