// Synthesis jobs nobody is working on: queued or running, and no shard recorded for longer than a
// shard may take (SYNTHESIS_LEASE_MS). Their shards' messages were lost (a `wrangler dev` reload
// drops the local queue) or their worker died, so the cron's sweep sends the unrecorded shards
// again, at most MAX_SYNTHESIS_SWEEPS times per job; then those shards are failed with the reason,
// and the job finishes (done with fewer tasks, or failed). Extra messages are harmless: a recorded
// shard is acknowledged without work.
import { sql } from "drizzle-orm";
import type { CatalogDb } from "../catalog/catalog-db";
import { finishIfComplete, recordShard } from "../catalog/synthesis-jobs";
import type { AppEnv } from "../env";
import { MESSAGE_DEADLINE_MS } from "./message-deadline";

/** A shard ends (recorded, or abandoned at its deadline and retried) well within this. */
export const SYNTHESIS_LEASE_MS = MESSAGE_DEADLINE_MS.synthesis + 5 * 60_000;
/** Times one job's unrecorded shards are sent again before they are failed. */
export const MAX_SYNTHESIS_SWEEPS = 3;
const JOBS_PER_SWEEP = 100;
/** The shards sent again per job per sweep (the rest on the next). */
const SHARDS_PER_JOB = 500;
/** Queues accept at most 100 messages per sendBatch. */
const SEND_BATCH_MAX = 100;
/**
 * The sweep counts its re-sends in the job's `shard_errors` JSON under this key (no shard is
 * named so; the dead-letter handler reads shards by number), which needs no new column.
 */
const SWEEPS_KEY = "$.sweeps";

const UNFINISHED = sql`status in ('queued', 'running')`;

export interface SynthesisSweep {
  resent: { jobId: string; shards: number[] }[];
  failed: { jobId: string; shards: number[] }[];
}

export async function sweepStuckSyntheses(
  env: AppEnv,
  db: CatalogDb,
  now: Date = new Date(),
): Promise<SynthesisSweep> {
  const at = now.toISOString();
  const cutoff = new Date(now.getTime() - SYNTHESIS_LEASE_MS).toISOString();
  const stuck = await db.all<{ id: string; status: string; sweeps: number }>(sql`
    select id, status, coalesce(cast(json_extract(shard_errors, ${SWEEPS_KEY}) as integer), 0) as sweeps
    from synthesis_jobs where ${UNFINISHED} and updated_at <= ${cutoff}
    order by updated_at limit ${JOBS_PER_SWEEP}`);
  const sweep: SynthesisSweep = { resent: [], failed: [] };
  for (const job of stuck) {
    // The claim: one sweep acts on a quiet job; the touch starts a fresh lease for its shards.
    const claimed = await db.run(sql`
      update synthesis_jobs
      set updated_at = ${at},
        shard_errors = json_set(coalesce(shard_errors, '{}'), ${SWEEPS_KEY}, ${String(job.sweeps + 1)})
      where id = ${job.id} and ${UNFINISHED} and updated_at <= ${cutoff}`);
    if ((claimed.meta.changes ?? 0) === 0) continue;
    const shards = await unrecordedShards(db, job.id);
    // Every shard recorded, and finishing the job failed after the last one: finish it here.
    if (shards.length === 0) {
      await finishIfComplete(db, job.id);
      continue;
    }
    if (job.sweeps >= MAX_SYNTHESIS_SWEEPS) {
      const error = `gave up: the shard was sent again ${job.sweeps} times and never ran to the end (nothing recorded for over ${SYNTHESIS_LEASE_MS / 60_000} minutes)`;
      for (const shard of shards) await recordShard(db, job.id, shard, { status: "failed", error });
      sweep.failed.push({ jobId: job.id, shards });
      continue;
    }
    for (let i = 0; i < shards.length; i += SEND_BATCH_MAX) {
      const messages = shards.slice(i, i + SEND_BATCH_MAX).map((shard) => ({
        body: { jobId: job.id, shard },
      }));
      await env.SYNTHESIS_QUEUE.sendBatch(messages);
    }
    sweep.resent.push({ jobId: job.id, shards });
  }
  if (sweep.resent.length || sweep.failed.length) {
    console.warn(
      `synthesis: stuck jobs: ${sweep.resent.length} sent again, ${sweep.failed.length} given up`,
    );
  }
  return sweep;
}

/** Shard numbers of the job with no row in synthesis_shards yet, in order. */
async function unrecordedShards(db: CatalogDb, jobId: string): Promise<number[]> {
  const rows = await db.all<{ shard: number }>(sql`
    with recursive n(shard) as (
      select 0 union all select shard + 1 from n
      where shard + 1 < (select shards_total from synthesis_jobs where id = ${jobId}))
    select shard from n
    where shard < (select shards_total from synthesis_jobs where id = ${jobId})
      and not exists (select 1 from synthesis_shards s where s.job_id = ${jobId} and s.shard = n.shard)
    order by shard limit ${SHARDS_PER_JOB}`);
  return rows.map((row) => row.shard);
}
