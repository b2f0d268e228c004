// The cron's sweep of stuck work, through the Worker's scheduled handler: import jobs and synthesis
// shards past their lease are sent again, and failed once out of attempts, so no job waits forever;
// a synthesis job with every shard recorded but never finished is finished.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getImportJob } from "../../workers/catalog/import-jobs";
import { getSynthesisJob, insertSynthesisJob } from "../../workers/catalog/synthesis-jobs";
import type { AppEnv } from "../../workers/env";
import { IMPORT_LEASE_MS, MAX_IMPORT_ATTEMPTS } from "../../workers/queues/stuck-imports";
import { MAX_SYNTHESIS_SWEEPS, SYNTHESIS_LEASE_MS } from "../../workers/queues/stuck-syntheses";
import { db, importJob, recordingQueue, runCron, stuckId, touchedAt } from "./support/stuck-work";

/** A queued synthesis job of `count` tasks for an environment that is not there. */
async function synthesisJob(count: number): Promise<string> {
  const id = stuckId("syn_stuck");
  await insertSynthesisJob(db(), {
    id,
    ownerKeyId: "bootstrap-admin",
    environmentName: "nowhere",
    environmentVersion: "1.0.0",
    contentHash: "0".repeat(64),
    request: { count, strategy: "graph", difficulty: { level: "easy" }, seed: "s" },
  });
  return id;
}

describe("the cron's sweep of stuck work", () => {
  it("sends a stuck import job again until it is out of attempts, then fails it", async () => {
    const id = await importJob("/cities.csv");
    const { queue, sent } = recordingQueue();
    const target: AppEnv = { ...(env as AppEnv), DISCOVERY_QUEUE: queue };
    let now = new Date("2030-01-01T00:00:00Z");
    await touchedAt("import_jobs", id, now);
    // Within its lease: left alone.
    await runCron(target, new Date(now.getTime() + IMPORT_LEASE_MS - 1000));
    expect(sent).toEqual([]);
    for (let attempt = 1; attempt <= MAX_IMPORT_ATTEMPTS; attempt++) {
      now = new Date(now.getTime() + IMPORT_LEASE_MS + 1000);
      await runCron(target, now);
      expect(sent).toHaveLength(attempt);
      expect((await getImportJob(db(), id))?.attempts).toBe(attempt);
      // A second sweep of the same moment finds the job touched and sends nothing more.
      await runCron(target, now);
      expect(sent).toHaveLength(attempt);
    }
    expect(sent.every((body) => JSON.stringify(body) === JSON.stringify({ jobId: id }))).toBe(true);
    now = new Date(now.getTime() + IMPORT_LEASE_MS + 1000);
    await runCron(target, now);
    expect(sent).toHaveLength(MAX_IMPORT_ATTEMPTS);
    const job = await getImportJob(db(), id);
    expect(job?.status).toBe("failed");
    expect(job?.error).toMatchObject({
      code: "unavailable",
      message: new RegExp(`gave up after ${MAX_IMPORT_ATTEMPTS} attempts`),
    });
    // A failed job is never swept again.
    await runCron(target, new Date(now.getTime() + 10 * IMPORT_LEASE_MS));
    expect(sent).toHaveLength(MAX_IMPORT_ATTEMPTS);
  });

  it("sends a stuck job's unrecorded shards again, then fails them and ends the job", async () => {
    const id = await synthesisJob(60);
    const { queue, sent } = recordingQueue();
    const target: AppEnv = { ...(env as AppEnv), SYNTHESIS_QUEUE: queue };
    let now = new Date("2030-02-01T00:00:00Z");
    await touchedAt("synthesis_jobs", id, now);
    for (let sweep = 1; sweep <= MAX_SYNTHESIS_SWEEPS; sweep++) {
      now = new Date(now.getTime() + SYNTHESIS_LEASE_MS + 1000);
      await runCron(target, now);
      expect(sent).toHaveLength(3 * sweep);
      await runCron(target, now);
      expect(sent).toHaveLength(3 * sweep);
    }
    expect(sent.slice(0, 3)).toEqual([
      { jobId: id, shard: 0 },
      { jobId: id, shard: 1 },
      { jobId: id, shard: 2 },
    ]);
    now = new Date(now.getTime() + SYNTHESIS_LEASE_MS + 1000);
    await runCron(target, now);
    expect(sent).toHaveLength(3 * MAX_SYNTHESIS_SWEEPS);
    const job = await getSynthesisJob(db(), id);
    expect(job).toMatchObject({ status: "failed", shardsFailed: 3, shardsDone: 0 });
    const shards = await env.CATALOG.prepare(
      "select shard, status, error from synthesis_shards where job_id = ? order by shard",
    )
      .bind(id)
      .all<{ shard: number; status: string; error: string }>();
    expect(shards.results.map((s) => s.status)).toEqual(["failed", "failed", "failed"]);
    expect(shards.results[0]?.error).toMatch(/sent again 3 times/);
  });

  it("finishes a stuck job whose shards are all recorded", async () => {
    // Its last shard was recorded, then finishing the job failed, and the message was lost.
    const id = await synthesisJob(5);
    await env.CATALOG.batch([
      env.CATALOG.prepare(
        "insert into synthesis_shards (job_id, shard, status, kept, error, finished_at) values (?, 0, 'failed', 0, 'no seed', ?)",
      ).bind(id, new Date().toISOString()),
      env.CATALOG.prepare(
        "update synthesis_jobs set status = 'running', shards_failed = 1 where id = ?",
      ).bind(id),
    ]);
    const { queue, sent } = recordingQueue();
    const target: AppEnv = { ...(env as AppEnv), SYNTHESIS_QUEUE: queue };
    const now = new Date("2030-03-01T00:00:00Z");
    await touchedAt("synthesis_jobs", id, now);
    await runCron(target, new Date(now.getTime() + SYNTHESIS_LEASE_MS + 1000));
    expect(sent).toEqual([]);
    const job = await getSynthesisJob(db(), id);
    expect(job).toMatchObject({ status: "failed", shardsFailed: 1 });
    expect(job?.report).toMatchObject({ failedShards: [{ shard: 0, error: "no seed" }] });
  });
});
