// Faults in the synthesis consumer: a D1 write that fails once, at each write of a shard; the
// worker dying with the tasks stored and the shard not recorded (its message comes back; a fresh
// scratch DO redoes it) or with the shard recorded and the job not finished; a redelivery while
// the first worker still runs; an old copy last; a copy with the same attempt number mid-run; a
// slow copy storing its tasks after the shard was recorded (dead-lettered) without them.
// Every recovery case synthesizes the same shard (same environment, same seed) after the tasks of the
// previous case are removed, so each must end with exactly the tasks of the healthy run: one
// shard row, the job done, and its `kept` equal to the rows stored under it.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import chinook from "../../catalog/dist/chinook.json";
import { contentHash } from "../../core/base/json";
import { EnvironmentSpecSchema } from "../../core/environment/spec";
import { catalogDb } from "../../workers/catalog/catalog-db";
import {
  getSynthesisJob,
  insertSynthesisJob,
  newSynthesisJobId,
} from "../../workers/catalog/synthesis-jobs";
import type { AppEnv } from "../../workers/env";
import { type FaultPlan, Faults, faultyEnv, type Op } from "./support/fault-bindings";
import { publish } from "./support/platform";
import { deliverTo, playQueue } from "./support/queue-delivery";

const SYNTHESIS_QUEUE = "agent-world-synthesis";
const COUNT = 3;
const SEED = "faults-synthesis";

/** The writes of one healthy shard, in order. */
const WRITES: [string, RegExp][] = [
  ["marking the job running", /^update "synthesis_jobs" set "status"/],
  ["storing the tasks", /^batch of \d+$/],
  ["recording the shard", /^batch of 2$/],
  ["finishing the job", /^update "synthesis_jobs" set "status" = \?, "report"/],
];
/**
 * The writes the fault cases fail: all of them. Finishing the job failing after its last shard was
 * recorded is recovered by the redelivery, which finds the shard recorded and finishes the job.
 */
const RECOVERED = WRITES;

const db = () => catalogDb(env.CATALOG);
let environment: { name: string; version: string; contentHash: string };
/** The dedupe keys the healthy shard keeps; every case must end with exactly these. */
let expectedKeys: string[] = [];

const idsOut = (op: Op | undefined) => `${op?.binding} ${op?.what.replace(/syn_\w+/g, "id")}`;

async function newJob(): Promise<string> {
  // The tasks of earlier cases would make this run's tasks duplicates: start from none.
  await env.CATALOG.prepare("DELETE FROM tasks WHERE content_hash = ?")
    .bind(environment.contentHash)
    .run();
  const job = await insertSynthesisJob(db(), {
    id: newSynthesisJobId(),
    ownerKeyId: "bootstrap-admin",
    environmentName: environment.name,
    environmentVersion: environment.version,
    contentHash: environment.contentHash,
    request: { count: COUNT, strategy: "mixed", difficulty: {}, seed: SEED },
  });
  return job.id;
}

async function playWithFault(plan: FaultPlan | null) {
  const jobId = await newJob();
  const faults = new Faults();
  if (plan) faults.arm(plan);
  const first = faultyEnv(env as AppEnv, faults);
  const log = await playQueue(
    { jobId, shard: 0 },
    {
      queue: SYNTHESIS_QUEUE,
      first,
      healthy: faultyEnv(env as AppEnv, new Faults(), first.outbox),
      outbox: first.outbox,
      producer: "SYNTHESIS_QUEUE",
      firstDied: () => plan?.mode === "dead" && faults.injected.length > 0,
    },
  );
  return { jobId, faults, log };
}

async function storedKeys(jobId: string): Promise<string[]> {
  const rows = await env.CATALOG.prepare(
    "SELECT dedupe_key AS key FROM tasks WHERE job_id = ? ORDER BY dedupe_key",
  )
    .bind(jobId)
    .all<{ key: string }>();
  return rows.results.map((r) => r.key);
}

/** Done once: the healthy run's tasks, one shard row, counters and report matching the rows. */
async function expectShardOnce(jobId: string, log: string[]) {
  const why = log.join("; ");
  const keys = await storedKeys(jobId);
  expect(keys, why).toEqual(expectedKeys);
  const job = await getSynthesisJob(db(), jobId);
  expect(job, why).toMatchObject({
    status: "done",
    shardsTotal: 1,
    shardsDone: 1,
    shardsFailed: 0,
    kept: keys.length,
  });
  expect(job?.report, why).toMatchObject({ requested: COUNT, kept: keys.length });
  const shards = await env.CATALOG.prepare(
    "SELECT status, kept FROM synthesis_shards WHERE job_id = ?",
  )
    .bind(jobId)
    .all();
  expect(shards.results, why).toEqual([{ status: "done", kept: keys.length }]);
}

describe("synthesis under faults", () => {
  beforeAll(async () => {
    const spec = EnvironmentSpecSchema.parse(chinook);
    const published = await publish(spec);
    if (published.status >= 300) throw new Error(`publish: ${JSON.stringify(published.body)}`);
    environment = { name: spec.name, version: spec.version, contentHash: await contentHash(spec) };
  }, 120_000);

  it("synthesizes a healthy shard with the four writes the fault cases aim at", async () => {
    const { jobId, faults, log } = await playWithFault(null);
    expect(log).toEqual([`t+0s ${SYNTHESIS_QUEUE} attempt 1: acked`]);
    const writes = faults.writes().map((op) => op.what);
    expect(writes).toHaveLength(WRITES.length);
    WRITES.forEach(([, pattern], i) => {
      expect(writes[i]).toMatch(pattern);
    });
    expectedKeys = await storedKeys(jobId);
    expect(expectedKeys.length).toBeGreaterThan(0);
    await expectShardOnce(jobId, log);
  });

  it.each(RECOVERED.map(([name], i) => [name, i + 1] as const))(
    "recovers from %s failing once, and keeps each task once",
    async (_name, at) => {
      const { jobId, faults, log } = await playWithFault({ at, mode: "once" });
      expect(faults.injected, log.join("; ")).toHaveLength(1);
      await expectShardOnce(jobId, log);
    },
  );

  it.each([
    ["storing the tasks and recording the shard", 3],
    ["recording the shard and finishing the job", 4],
  ])("recovers from the worker dying between %s", async (_name, at) => {
    // That write throws, and so does every read, write and send after it (dying at an earlier
    // write leaves nothing stored, which the cases above already cover).
    const { jobId, faults, log } = await playWithFault({ at, mode: "dead" });
    expect(faults.injected.length, log.join("; ")).toBeGreaterThan(0);
    await expectShardOnce(jobId, [`died at ${idsOut(faults.injected[0])}`, ...log]);
  });

  it("keeps each task once when a redelivery runs while the first worker still does", async () => {
    // Attempts 1 and 2 at once (the first outlived its visibility timeout), each in its own
    // scratch DO (copies with the same attempt number too: the case further down).
    const jobId = await newJob();
    const body = { jobId, shard: 0 };
    const healthy = faultyEnv(env as AppEnv, new Faults());
    const results = await Promise.all(
      [1, 2].map((attempts) =>
        deliverTo(healthy, SYNTHESIS_QUEUE, [{ id: `copy-${attempts}`, body, attempts }]),
      ),
    );
    const log = results.map((r) => JSON.stringify(r));
    expect(results.flatMap((r) => r.acked).sort(), log.join("; ")).toEqual(["copy-1", "copy-2"]);
    await expectShardOnce(jobId, log);
    // An old copy delivered last is acknowledged and changes nothing.
    const before = await getSynthesisJob(db(), jobId);
    const old = await deliverTo(healthy, SYNTHESIS_QUEUE, [{ id: "old", body, attempts: 1 }]);
    expect(old.acked).toEqual(["old"]);
    expect(await getSynthesisJob(db(), jobId)).toEqual(before);
    await expectShardOnce(jobId, log);
  });

  it("keeps each task when another copy with the same attempt number is mid-run", async () => {
    // Copies of one message can run at once with the same `attempts`. Until each delivery got a
    // fresh scratch object they shared `synth:<job>:<shard>:<attempt>`; here the other copy is
    // mid-run in that object (its environment loaded), and this copy must neither fail on it
    // ("table [Album] already exists") nor wipe it (the other copy then kept 0 tasks).
    const jobId = await newJob();
    const shared = env.EPISODES.get(env.EPISODES.idFromName(`synth:${jobId}:0:1`));
    await runInDurableObject(shared, (_instance, state) => {
      state.storage.sql.exec("CREATE TABLE Album (AlbumId INTEGER PRIMARY KEY)");
    });
    const healthy = faultyEnv(env as AppEnv, new Faults());
    const result = await deliverTo(healthy, SYNTHESIS_QUEUE, [
      { id: "copy", body: { jobId, shard: 0 }, attempts: 1 },
    ]);
    expect(result.acked, JSON.stringify(result)).toEqual(["copy"]);
    await expectShardOnce(jobId, [JSON.stringify(result)]);
    const tables = await runInDurableObject(shared, (_instance, state) =>
      state.storage.sql.exec("SELECT name FROM sqlite_master WHERE name = 'Album'").toArray(),
    );
    expect(tables).toEqual([{ name: "Album" }]);
  });

  it("keeps a shard's task rows and its recorded `kept` equal when a slow copy stores last", async () => {
    // A slow worker stops just before it stores its tasks; meanwhile the shard's message runs out
    // of deliveries and the dead-letter handler records the shard failed (kept 0). When the slow
    // worker carries on, its tasks must not land under the recorded shard.
    const jobId = await newJob();
    const body = { jobId, shard: 0 };
    const slow = new Faults().arm({ at: 2, mode: "hold" });
    const first = deliverTo(faultyEnv(env as AppEnv, slow), SYNTHESIS_QUEUE, [
      { id: "slow", body, attempts: 1 },
    ]);
    expect((await slow.reached()).what).toMatch(WRITES[1]?.[1] ?? /x/);
    const healthy = faultyEnv(env as AppEnv, new Faults());
    const dead = await deliverTo(healthy, `${SYNTHESIS_QUEUE}-dlq`, [
      { id: "dead", body, attempts: 6 },
    ]);
    expect(dead.acked).toEqual(["dead"]);
    slow.release();
    expect((await first).acked).toEqual(["slow"]);
    const keys = await storedKeys(jobId);
    const job = await getSynthesisJob(db(), jobId);
    const shards = await env.CATALOG.prepare(
      "SELECT status, kept FROM synthesis_shards WHERE job_id = ?",
    )
      .bind(jobId)
      .all();
    expect({ job: { status: job?.status, kept: job?.kept }, shards: shards.results, keys }).toEqual(
      { job: { status: "failed", kept: 0 }, shards: [{ status: "failed", kept: 0 }], keys: [] },
    );
  });
});
