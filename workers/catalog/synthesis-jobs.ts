// Synthesis jobs in D1: created by the tasks route with their shard count, moved along by the
// synthesis consumer one shard at a time. A shard is recorded once (its row is the guard), the
// job's counters move in the same D1 batch, and the last shard finishes the job with its report.
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { toJsonValue } from "../../core/base/json";
import type { SynthesisReport } from "../../core/tasks/synthesis-request";
import { DifficultyRequestSchema } from "../../core/tasks/synthesis-request";
import { StrategySchema } from "../../core/tasks/task";
import type { CatalogDb } from "./catalog-db";
import { runBatch } from "./d1-batch";
import { synthesisJobs, synthesisShards } from "./schema";
import { aggregateReport } from "./synthesis-report";

export type SynthesisJob = typeof synthesisJobs.$inferSelect;
export type SynthesisShardRow = typeof synthesisShards.$inferSelect;

/** A shard asks the scratch DO for at most this many tasks. */
export const SHARD_SIZE = 25;

/** What a job keeps of its request (stored JSON, parsed again by the consumer). */
export const SynthesisJobRequestSchema = z.object({
  count: z.number().int().min(1).max(5000),
  strategy: StrategySchema,
  difficulty: DifficultyRequestSchema,
  seed: z.string().min(1).max(200),
  /** Ask the configured LLM to reword each kept instruction (checked like the original). */
  rewrite: z.boolean().optional(),
});
export type SynthesisJobRequest = z.infer<typeof SynthesisJobRequestSchema>;

/** The queue message: the job id and shard index are the business key of the work. */
export const SynthesisMessageSchema = z.object({
  jobId: z.string().regex(/^syn_[a-z0-9]+$/),
  shard: z.number().int().min(0),
});
export type SynthesisMessage = z.infer<typeof SynthesisMessageSchema>;

export function shardCount(count: number): number {
  return Math.ceil(count / SHARD_SIZE);
}

/** Tasks shard `shard` asks for: 25 each, the remainder in the last. */
export function shardSize(count: number, shard: number): number {
  return Math.max(0, Math.min(SHARD_SIZE, count - shard * SHARD_SIZE));
}

/** Each shard's PRNG seed: the job's seed and the shard index, so a rerun makes the same tasks. */
export function shardSeed(seed: string, shard: number): string {
  return `${seed}/${shard}`;
}

export async function insertSynthesisJob(
  db: CatalogDb,
  job: Pick<
    SynthesisJob,
    "id" | "ownerKeyId" | "environmentName" | "environmentVersion" | "contentHash"
  > & { request: SynthesisJobRequest },
): Promise<SynthesisJob> {
  const now = new Date().toISOString();
  const row: SynthesisJob = {
    ...job,
    request: toJsonValue(job.request),
    status: "queued",
    shardsTotal: shardCount(job.request.count),
    shardsDone: 0,
    shardsFailed: 0,
    kept: 0,
    shardErrors: null,
    report: null,
    createdAt: now,
    updatedAt: now,
  };
  await db.insert(synthesisJobs).values(row);
  return row;
}

export async function getSynthesisJob(
  db: CatalogDb,
  id: string,
): Promise<SynthesisJob | undefined> {
  const rows = await db.select().from(synthesisJobs).where(eq(synthesisJobs.id, id)).limit(1);
  return rows[0];
}

export async function getShard(
  db: CatalogDb,
  jobId: string,
  shard: number,
): Promise<SynthesisShardRow | undefined> {
  const rows = await db
    .select()
    .from(synthesisShards)
    .where(and(eq(synthesisShards.jobId, jobId), eq(synthesisShards.shard, shard)))
    .limit(1);
  return rows[0];
}

export async function markJobRunning(db: CatalogDb, id: string): Promise<void> {
  await db
    .update(synthesisJobs)
    .set({ status: "running", updatedAt: new Date().toISOString() })
    .where(and(eq(synthesisJobs.id, id), eq(synthesisJobs.status, "queued")));
}

/** Remembers why a shard's attempt failed, for the dead-letter handler to report. */
export async function noteShardError(
  db: CatalogDb,
  id: string,
  shard: number,
  message: string,
): Promise<void> {
  await db
    .update(synthesisJobs)
    .set({
      shardErrors: sql`json_set(coalesce(${synthesisJobs.shardErrors}, '{}'), ${`$."${shard}"`}, ${message})`,
      updatedAt: new Date().toISOString(),
    })
    .where(eq(synthesisJobs.id, id));
}

export type ShardOutcome =
  | { status: "done"; report: SynthesisReport }
  | { status: "failed"; error: string };

/**
 * Records a shard and moves the job's counters in one D1 batch. The counter update runs first and
 * only while the shard has no row, so a redelivered shard changes nothing. Answers the job after.
 * `kept` is counted from the shard's task rows inside the batch (not taken from `outcome`): task
 * rows of a shard go in only while it is unrecorded (insertTasks), so a recorded shard's `kept`
 * is always exactly the tasks stored under it, whichever copy of its message got there first.
 */
export async function recordShard(
  db: CatalogDb,
  jobId: string,
  shard: number,
  outcome: ShardOutcome,
): Promise<SynthesisJob | undefined> {
  const now = new Date().toISOString();
  const done = outcome.status === "done" ? 1 : 0;
  // Raw names: drizzle renders columns of another table unqualified inside an UPDATE.
  const unrecorded = sql`not exists (select 1 from synthesis_shards s where s.job_id = ${jobId} and s.shard = ${shard})`;
  const kept = sql`(select count(*) from tasks t where t.job_id = ${jobId} and t.shard = ${shard})`;
  const report =
    outcome.status === "done"
      ? sql`json_set(${JSON.stringify(outcome.report)}, '$.kept', ${kept})`
      : null;
  await runBatch(db.$client, [
    db
      .update(synthesisJobs)
      .set({
        shardsDone: sql`${synthesisJobs.shardsDone} + ${done}`,
        shardsFailed: sql`${synthesisJobs.shardsFailed} + ${1 - done}`,
        kept: sql`${synthesisJobs.kept} + ${kept}`,
        status: "running",
        updatedAt: now,
      })
      .where(and(eq(synthesisJobs.id, jobId), unrecorded)),
    db
      .insert(synthesisShards)
      .values({
        jobId,
        shard,
        status: outcome.status,
        kept,
        report,
        error: outcome.status === "failed" ? outcome.error : null,
        finishedAt: now,
      })
      .onConflictDoNothing(),
  ]);
  return finishIfComplete(db, jobId);
}

/**
 * When every shard is recorded: the job is done (failed if no shard succeeded) with its report.
 * Idempotent; also called for an already recorded shard, whose first run may have recorded it
 * and then failed (or died) before this, so that a redelivery still finishes the job.
 */
export async function finishIfComplete(
  db: CatalogDb,
  jobId: string,
): Promise<SynthesisJob | undefined> {
  const job = await getSynthesisJob(db, jobId);
  if (!job || job.report !== null || job.shardsDone + job.shardsFailed < job.shardsTotal)
    return job;
  const shards = await db
    .select()
    .from(synthesisShards)
    .where(eq(synthesisShards.jobId, jobId))
    .orderBy(asc(synthesisShards.shard));
  const request = SynthesisJobRequestSchema.parse(job.request);
  const report = aggregateReport(request.count, shards, job.createdAt);
  const status = job.shardsDone === 0 ? "failed" : "done";
  // Two last shards finishing together compute the same report; the first write wins.
  await db
    .update(synthesisJobs)
    .set({ status, report: toJsonValue(report), updatedAt: new Date().toISOString() })
    .where(and(eq(synthesisJobs.id, jobId), sql`${synthesisJobs.report} is null`));
  return getSynthesisJob(db, jobId);
}

const ID_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

export function newSynthesisJobId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return `syn_${[...bytes].map((b) => ID_ALPHABET[b % 32]).join("")}`;
}
