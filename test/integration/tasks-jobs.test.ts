// Synthesis jobs without the synthesizer: the request is validated and fanned out, a shard is
// recorded once however often it is delivered, a dead shard fails its job, and a failing scratch
// DO retries the message. Jobs here are made through the repository, so no queued message races.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { contentHash } from "../../core/base/json";
import { catalogDb } from "../../workers/catalog/catalog-db";
import {
  getSynthesisJob,
  insertSynthesisJob,
  newSynthesisJobId,
  noteShardError,
  recordShard,
} from "../../workers/catalog/synthesis-jobs";
import { insertTasks } from "../../workers/catalog/task-repository";
import worker from "../../workers/index";
import { storeShardOutcome } from "../../workers/queues/synthesis-consumer";
import { makeSpec, publish } from "./setup/catalog-fixtures";
import { api } from "./support/platform";
import { makeTask, sampleReport } from "./support/task-fixtures";

type JobResponse = {
  job: {
    id: string;
    status: string;
    environment: { name: string; version: string; contentHash: string };
    shards: { total: number; done: number; failed: number };
    kept: number;
    report: Record<string, unknown> | null;
  };
  links: { self: string; tasks: string; export: string };
};

const db = () => catalogDb(env.CATALOG);

async function publishedEnvironment(name: string) {
  const spec = makeSpec({ name });
  await publish(spec);
  return { name, version: spec.version, contentHash: await contentHash(spec) };
}

async function newJob(
  environment: { name: string; version: string; contentHash: string },
  count: number,
) {
  return insertSynthesisJob(db(), {
    id: newSynthesisJobId(),
    ownerKeyId: "test",
    environmentName: environment.name,
    environmentVersion: environment.version,
    contentHash: environment.contentHash,
    request: { count, strategy: "mixed", difficulty: {}, seed: "s" },
  });
}

async function deliver(queue: string, id: string, body: unknown, attempts = 1) {
  const batch = createMessageBatch(queue, [{ id, timestamp: new Date(), attempts, body }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

describe("POST /v1/tasks/synthesize", () => {
  it("resolves the version, records the job and answers 202 with its shards", async () => {
    const environment = await publishedEnvironment("synth-shop");
    const res = await api<JobResponse>("POST", "/v1/tasks/synthesize", {
      body: { environment: "synth-shop@1.0.0", count: 60, difficulty: { level: "easy" } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.job).toMatchObject({
      environment,
      shards: { total: 3, done: 0, failed: 0 },
      kept: 0,
      report: null,
      request: {
        count: 60,
        strategy: "mixed",
        difficulty: { level: "easy" },
        seed: res.body.job.id,
      },
    });
    expect(res.body.links.self).toMatch(new RegExp(`/v1/tasks/jobs/${res.body.job.id}$`));
    const got = await api<JobResponse>("GET", `/v1/tasks/jobs/${res.body.job.id}`);
    expect(got.status).toBe(200);
    expect(["queued", "running"]).toContain(got.body.job.status);
  });

  it("refuses an unknown environment, a bad count, malformed JSON and a missing key", async () => {
    const unknown = await api<{ error: { code: string } }>("POST", "/v1/tasks/synthesize", {
      body: { environment: "no-such-env", count: 5 },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("not_found");
    for (const count of [0, 5001, 2.5]) {
      const bad = await api<{ error: { code: string } }>("POST", "/v1/tasks/synthesize", {
        body: { environment: "synth-shop", count },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("validation_failed");
    }
    const strategy = await api("POST", "/v1/tasks/synthesize", {
      body: { environment: "synth-shop", count: 3, strategy: "vibes" },
    });
    expect(strategy.status).toBe(400);
    const malformed = await api<{ error: { code: string } }>("POST", "/v1/tasks/synthesize", {
      rawBody: "{ not json",
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("invalid_json");
    const anonymous = await api("POST", "/v1/tasks/synthesize", {
      body: { environment: "synth-shop", count: 3 },
      key: null,
    });
    expect(anonymous.status).toBe(401);
    expect((await api("GET", "/v1/tasks/jobs/syn_nope")).status).toBe(404);
  });
});

describe("the synthesis consumer", () => {
  it("stores and counts a shard once however often it is delivered", async () => {
    const environment = await publishedEnvironment("synth-twice");
    const job = await newJob(environment, 30);
    const tasks = ["t1", "t2"].map((id) =>
      makeTask({ id: `tsk_${job.id}_${id}`, environment, dedupeKey: `${job.id}-${id}` }),
    );
    await storeShardOutcome(env, job.id, 0, tasks, sampleReport(25, 2));
    await storeShardOutcome(env, job.id, 0, tasks, sampleReport(25, 2));
    for (const delivery of ["first", "again"]) {
      const result = await deliver(
        "agent-world-synthesis",
        delivery,
        { jobId: job.id, shard: 0 },
        2,
      );
      // Recorded shards are acknowledged without work (the scratch DO is not called).
      expect(result.explicitAcks).toEqual([delivery]);
    }
    const after = await getSynthesisJob(db(), job.id);
    expect(after).toMatchObject({ shardsDone: 1, shardsFailed: 0, kept: 2, status: "running" });
    const stored = await env.CATALOG.prepare("SELECT count(*) AS n FROM tasks WHERE job_id = ?")
      .bind(job.id)
      .first<{ n: number }>();
    expect(stored?.n).toBe(2);
  });

  it("counts tasks another shard already stored as duplicates, and finishes the job", async () => {
    const environment = await publishedEnvironment("synth-dups");
    const job = await newJob(environment, 40);
    const task = (id: string) =>
      makeTask({ id: `tsk_${job.id}_${id}`, environment, dedupeKey: `${job.id}-${id}` });
    await storeShardOutcome(env, job.id, 0, [task("a"), task("b"), task("c")], sampleReport(25, 3));
    // Shard 1 returns b again (under another id) and one malformed task.
    const again = { ...task("b"), id: `tsk_${job.id}_b2` };
    await storeShardOutcome(
      env,
      job.id,
      1,
      [again, task("d"), { id: "broken" }],
      sampleReport(15, 3),
    );
    const done = await getSynthesisJob(db(), job.id);
    expect(done).toMatchObject({ status: "done", shardsDone: 2, kept: 4 });
    expect(done?.report).toMatchObject({
      requested: 40,
      kept: 4,
      rejected: { dead_end: 6, duplicate: 1, invalid_task: 1 },
      shards: { total: 2, done: 2, failed: 0 },
    });
    expect((done?.report as { stoppedBecause?: string } | undefined)?.stoppedBecause).toMatch(
      /fewer distinct tasks.*6 dead_end/,
    );
    const res = await api<JobResponse>("GET", `/v1/tasks/jobs/${job.id}`);
    expect(res.body.job).toMatchObject({ status: "done", kept: 4, shards: { done: 2 } });
    const listed = await api<{ tasks: unknown[] }>("GET", `/v1/tasks?job=${job.id}`);
    expect(listed.body.tasks).toHaveLength(4);
  });

  it("records a shard twice only once, even straight through the repository", async () => {
    const environment = await publishedEnvironment("synth-guard");
    const job = await newJob(environment, 10);
    // `kept` is counted from the shard's stored tasks, not taken from the outcome.
    const tasks = Array.from({ length: 7 }, (_, i) =>
      makeTask({ id: `tsk_${job.id}_${i}`, environment, dedupeKey: `${job.id}-${i}` }),
    );
    await insertTasks(env, tasks, { jobId: job.id, shard: 0 });
    const outcome = { status: "done" as const, report: sampleReport(10, 7) };
    await recordShard(db(), job.id, 0, outcome);
    await recordShard(db(), job.id, 0, outcome);
    expect(await getSynthesisJob(db(), job.id)).toMatchObject({
      shardsDone: 1,
      kept: 7,
      status: "done",
    });
  });

  it("retries a shard whose scratch DO fails, noting the error", async () => {
    // A seed that is missing from R2: the DO cannot build the scratch copy (and today's stub
    // answers `unavailable`); either way the failure is not the request's fault.
    const environment = await publishedEnvironment("synth-broken");
    await env.CATALOG.prepare(
      "UPDATE environment_versions SET seed_key = 'seeds/missing.json', seed_inline = NULL WHERE content_hash = ?",
    )
      .bind(environment.contentHash)
      .run();
    const job = await newJob(environment, 5);
    const result = await deliver("agent-world-synthesis", "r-1", { jobId: job.id, shard: 0 });
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual(["r-1"]);
    const after = await getSynthesisJob(db(), job.id);
    expect(after?.status).toBe("running");
    expect(after?.shardErrors?.["0"]).toEqual(expect.any(String));
    expect(after?.shardsDone).toBe(0);
  });

  it("acknowledges a malformed message and one for a job that does not exist", async () => {
    const result = await deliver("agent-world-synthesis", "bad", { jobId: 42 });
    expect(result.explicitAcks).toEqual(["bad"]);
    const ghost = await deliver("agent-world-synthesis", "ghost", { jobId: "syn_ghost", shard: 0 });
    expect(ghost.explicitAcks).toEqual(["ghost"]);
  });
});

describe("the synthesis dead-letter queue", () => {
  it("fails the shard with its last error, finishes the job and records the dead letter", async () => {
    const job = await newJob(await publishedEnvironment("synth-dead"), 5);
    await noteShardError(db(), job.id, 0, "scratch DO overloaded");
    for (const delivery of [1, 2]) {
      const result = await deliver(
        "agent-world-synthesis-dlq",
        "dead-1",
        { jobId: job.id, shard: 0 },
        6,
      );
      expect(result.explicitAcks, `delivery ${delivery}`).toEqual(["dead-1"]);
    }
    const shard = await env.CATALOG.prepare(
      "SELECT status, kept, error FROM synthesis_shards WHERE job_id = ? AND shard = 0",
    )
      .bind(job.id)
      .first();
    expect(shard).toEqual({
      status: "failed",
      kept: 0,
      error: "gave up after 6 attempt(s): scratch DO overloaded",
    });
    const failed = await getSynthesisJob(db(), job.id);
    expect(failed).toMatchObject({ status: "failed", shardsFailed: 1, shardsDone: 0 });
    expect(failed?.report).toMatchObject({
      requested: 5,
      kept: 0,
      failedShards: [{ shard: 0, error: expect.stringMatching(/overloaded/) }],
    });
    const letters = await env.CATALOG.prepare(
      "SELECT count(*) AS n FROM dead_letters WHERE queue = 'agent-world-synthesis-dlq' AND message_id = 'dead-1'",
    ).first<{ n: number }>();
    expect(letters?.n).toBe(1);
  });

  it("leaves a job done when only some of its shards died", async () => {
    const environment = await publishedEnvironment("synth-half");
    const job = await newJob(environment, 50);
    const tasks = Array.from({ length: 25 }, (_, i) =>
      makeTask({ id: `tsk_${job.id}_${i}`, environment, dedupeKey: `${job.id}-${i}` }),
    );
    await storeShardOutcome(env, job.id, 0, tasks, sampleReport(25, 25));
    await deliver("agent-world-synthesis-dlq", "dead-2", { jobId: job.id, shard: 1 }, 6);
    const job2 = await getSynthesisJob(db(), job.id);
    expect(job2).toMatchObject({ status: "done", kept: 25, shardsDone: 1, shardsFailed: 1 });
    expect((job2?.report as { stoppedBecause?: string } | undefined)?.stoppedBecause).toMatch(
      /1 shard\(s\) failed/,
    );
  });
});
