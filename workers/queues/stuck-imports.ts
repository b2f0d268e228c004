// Import jobs nobody is working on: queued or running, and untouched for longer than a run may
// take (IMPORT_LEASE_MS). Their message was lost (a `wrangler dev` reload drops the local queue)
// or their worker died, so the cron's sweep sends the message again, counting it in the job's
// `attempts`; a job out of attempts is failed with the reason, so no import waits forever. Extra
// messages are harmless: the consumer skips a finished job and publishing is idempotent.
import { sql } from "drizzle-orm";
import { AppError } from "../../core/base/errors";
import type { CatalogDb } from "../catalog/catalog-db";
import type { AppEnv } from "../env";
import { MESSAGE_DEADLINE_MS } from "./message-deadline";

/** A run ends (done, failed or abandoned at its deadline) well within this. */
export const IMPORT_LEASE_MS = MESSAGE_DEADLINE_MS.discovery + 5 * 60_000;
/** Runs plus re-sends by the sweep: past this many, a stuck job is failed. */
export const MAX_IMPORT_ATTEMPTS = 5;
/** The sweep looks at this many stuck jobs per run, oldest first (the rest on the next run). */
const JOBS_PER_SWEEP = 100;

const UNFINISHED = sql`status in ('queued', 'running')`;

/** Fails a job that is still queued or running (untouched since `untouchedSince`, if given). */
export async function failUnfinishedImport(
  db: CatalogDb,
  id: string,
  reason: string,
  now: Date = new Date(),
  untouchedSince?: string,
): Promise<boolean> {
  const error = JSON.stringify(new AppError("unavailable", reason).toJSON().error);
  const untouched = untouchedSince ? sql`and updated_at <= ${untouchedSince}` : sql``;
  const result = await db.run(sql`
    update import_jobs set status = 'failed', error = ${error}, updated_at = ${now.toISOString()}
    where id = ${id} and ${UNFINISHED} ${untouched}`);
  return (result.meta.changes ?? 0) > 0;
}

export interface ImportSweep {
  resent: string[];
  failed: string[];
}

export async function sweepStuckImports(
  env: AppEnv,
  db: CatalogDb,
  now: Date = new Date(),
): Promise<ImportSweep> {
  const at = now.toISOString();
  const cutoff = new Date(now.getTime() - IMPORT_LEASE_MS).toISOString();
  const stuck = await db.all<{ id: string; status: string; attempts: number }>(sql`
    select id, status, attempts from import_jobs
    where ${UNFINISHED} and updated_at <= ${cutoff}
    order by updated_at limit ${JOBS_PER_SWEEP}`);
  const sweep: ImportSweep = { resent: [], failed: [] };
  for (const job of stuck) {
    if (job.attempts >= MAX_IMPORT_ATTEMPTS) {
      const reason = `gave up after ${job.attempts} attempts: the job stayed ${job.status} for over ${IMPORT_LEASE_MS / 60_000} minutes with nothing working on it`;
      if (await failUnfinishedImport(db, job.id, reason, now, cutoff)) sweep.failed.push(job.id);
      continue;
    }
    // The claim: only one sweep re-sends a job, and the touch gives its message a fresh lease.
    const claimed = await db.run(sql`
      update import_jobs set attempts = attempts + 1, updated_at = ${at}
      where id = ${job.id} and ${UNFINISHED} and updated_at <= ${cutoff}`);
    if ((claimed.meta.changes ?? 0) === 0) continue;
    await env.DISCOVERY_QUEUE.send({ jobId: job.id });
    sweep.resent.push(job.id);
  }
  if (sweep.resent.length || sweep.failed.length) {
    console.warn(
      `discovery: stuck import jobs: ${sweep.resent.length} sent again, ${sweep.failed.length} failed`,
    );
  }
  return sweep;
}
