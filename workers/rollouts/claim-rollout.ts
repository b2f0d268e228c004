// Claiming a rollout for one attempt, in ONE D1 statement: it moves to `running` with a lease only
// when it is queued (or its last worker's lease ran out), its batch is still running, the batch is
// under its concurrency cap, and it has attempts left. D1 runs statements one at a time, so two
// deliveries of the same message can never both claim it, and the cap holds across consumers.
import { sql } from "drizzle-orm";
import type { CatalogDb } from "../catalog/catalog-db";

/** A rollout is claimed at most this often (a worker that keeps dying is not retried forever). */
export const MAX_CLAIMS = 5;

/** A lease outlives the attempt's time budget by this much (opening, verifying, storing). */
export const LEASE_MARGIN_MS = 60_000;

export interface Claim {
  attempt: number;
  /** The episode the previous attempt opened, to destroy before opening a fresh one. */
  previousEpisodeId: string | null;
  startedAt: string;
}

export async function claimRollout(
  db: CatalogDb,
  input: { rolloutId: string; batchId: string; maxConcurrency: number; budgetMs: number },
  now: Date = new Date(),
): Promise<Claim | null> {
  const at = now.toISOString();
  const leaseUntil = new Date(now.getTime() + input.budgetMs + LEASE_MARGIN_MS).toISOString();
  // Raw names: drizzle renders columns of another table unqualified inside an UPDATE.
  const rows = await db.all<{ attempts: number; episode_id: string | null }>(sql`
    update rollouts
    set status = 'running', attempts = attempts + 1, lease_until = ${leaseUntil},
      started_at = ${at}, error = null
    where id = ${input.rolloutId}
      and (status = 'queued' or (status = 'running' and lease_until < ${at}))
      and attempts < ${MAX_CLAIMS}
      and exists (
        select 1 from rollout_batches b where b.id = ${input.batchId} and b.status = 'running')
      and (
        select count(*) from rollouts r
        where r.batch_id = ${input.batchId} and r.status = 'running' and r.lease_until >= ${at}
      ) < ${input.maxConcurrency}
    returning attempts, episode_id`);
  const row = rows[0];
  return row ? { attempt: row.attempts, previousEpisodeId: row.episode_id, startedAt: at } : null;
}
