// The synthesis queue's consumer: one message is one shard of a job. The shard runs in a scratch
// EpisodeDO (a fresh one per delivery), its tasks are stored once per dedupe key, and the shard is
// recorded with the job's counters in one batch. At-least-once safe: a recorded shard is acked
// without work (but still finishes its job, in case its first run could not). A deterministic failure (4xx) fails the shard at once; anything else (a shard past
// its deadline, message-deadline.ts, included) retries, and
// the dead-letter handler (synthesis-dead-letters.ts) fails the shard when retries run out.
import { AppError } from "../../core/base/errors";
import { DEFAULT_CLOCK_START } from "../../core/episode/episode-init";
import type { SynthesisReport } from "../../core/tasks/synthesis-request";
import { type Task, TaskSchema } from "../../core/tasks/task";
import type { SynthesisRequest } from "../../durable-objects/episode-rpc";
import { type CatalogDb, catalogDb } from "../catalog/catalog-db";
import {
  finishIfComplete,
  getShard,
  getSynthesisJob,
  markJobRunning,
  noteShardError,
  recordShard,
  type SynthesisJob,
  SynthesisJobRequestSchema,
  SynthesisMessageSchema,
  shardSeed,
  shardSize,
} from "../catalog/synthesis-jobs";
import { countShardTasks, insertTasks } from "../catalog/task-repository";
import { listTools } from "../catalog/tool-repository";
import { getVersionByHash } from "../catalog/version-repository";
import type { AppEnv } from "../env";
import { scratchEpisodeStub } from "../episodes/episode-client";
import { seedRefOf } from "../episodes/resolve-environment";
import { sequentialDeadlines, withDeadline } from "./message-deadline";

export async function consumeSynthesisBatch(
  batch: MessageBatch<unknown>,
  env: AppEnv,
): Promise<void> {
  const deadline = sequentialDeadlines(env, "synthesis");
  for (const message of batch.messages) {
    const parsed = SynthesisMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error("synthesis: malformed message dropped", message.id);
      message.ack();
      continue;
    }
    const { jobId, shard } = parsed.data;
    const left = deadline();
    if (left === 0) {
      message.retry({ delaySeconds: 0 });
      continue;
    }
    try {
      await withDeadline(
        runShard(env, jobId, shard),
        left,
        `synthesis job ${jobId} shard ${shard}`,
      );
      message.ack();
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      console.error(`synthesis: job ${jobId} shard ${shard} will be retried`, err);
      await noteShardError(catalogDb(env.CATALOG), jobId, shard, reason);
      message.retry({ delaySeconds: Math.min(60, 5 * 2 ** message.attempts) });
    }
  }
}

export async function runShard(env: AppEnv, jobId: string, shard: number): Promise<void> {
  const db = catalogDb(env.CATALOG);
  if (await getShard(db, jobId, shard)) {
    // The run that recorded it may have failed or died before it finished the job.
    await finishIfComplete(db, jobId);
    return;
  }
  const job = await getSynthesisJob(db, jobId);
  if (!job || shard >= job.shardsTotal) return;
  await markJobRunning(db, jobId);
  try {
    const request = await synthesisRequest(db, job, shard);
    // A fresh object per delivery: at-least-once delivery can run two copies of one message at
    // once with the same `attempts`, and a shared scratch object had one copy load over, then
    // wipe, the other's copy of the environment (its tasks lost). It wipes itself when done.
    const result = await scratchEpisodeStub(env).synthesize(request);
    if (!result.ok) {
      throw new AppError(result.error.code, result.error.message, result.error.details);
    }
    await storeShardOutcome(env, jobId, shard, result.value.tasks, result.value.report);
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    await recordShard(db, jobId, shard, { status: "failed", error: err.message });
  }
}

async function synthesisRequest(
  db: CatalogDb,
  job: SynthesisJob,
  shard: number,
): Promise<SynthesisRequest> {
  const version = await getVersionByHash(db, job.contentHash);
  if (!version) {
    throw new AppError(
      "not_found",
      `${job.environmentName}@${job.environmentVersion} is no longer in the catalog.`,
    );
  }
  const request = SynthesisJobRequestSchema.parse(job.request);
  const tools = (await listTools(db, version.id)).map(({ outputSchema, ...tool }) => ({
    ...tool,
    ...(outputSchema ? { outputSchema } : {}),
  }));
  return {
    environment: { name: version.name, version: version.version, contentHash: version.contentHash },
    schemaSql: version.schemaSql,
    seedRef: await seedRefOf(db, version),
    tools,
    clockStart: version.clockStart ?? DEFAULT_CLOCK_START,
    shard: {
      count: shardSize(request.count, shard),
      strategy: request.strategy,
      ...(request.rewrite ? { rewrite: true } : {}),
      difficulty: request.difficulty,
      seed: shardSeed(request.seed, shard),
      jobId: job.id,
    },
  };
}

/** Stores what the shard kept; tasks another shard already stored count as `duplicate`. */
export async function storeShardOutcome(
  env: AppEnv,
  jobId: string,
  shard: number,
  returned: readonly unknown[],
  shardReport: SynthesisReport,
): Promise<void> {
  const db = catalogDb(env.CATALOG);
  const valid: Task[] = [];
  const invalid: string[] = [];
  for (const candidate of returned) {
    const parsed = TaskSchema.safeParse(candidate);
    if (parsed.success) valid.push(parsed.data);
    else invalid.push(parsed.error.issues[0]?.message ?? "invalid task");
  }
  await insertTasks(env, valid, { jobId, shard });
  // Counted from D1, so a redelivery after a partial run counts what the first run stored.
  const kept = await countShardTasks(db, jobId, shard);
  const rejected = { ...shardReport.rejected };
  const examples = { ...shardReport.examples };
  const duplicates = valid.length - kept;
  if (duplicates > 0) rejected.duplicate = (rejected.duplicate ?? 0) + duplicates;
  if (invalid.length) {
    rejected.invalid_task = (rejected.invalid_task ?? 0) + invalid.length;
    examples.invalid_task = invalid.slice(0, 3);
  }
  const report: SynthesisReport = { ...shardReport, kept, rejected, examples };
  await recordShard(db, jobId, shard, { status: "done", report });
}
