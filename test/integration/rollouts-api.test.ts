// Rollout batches over HTTP, played for real by the rollouts queue: an oracle batch of 2 tasks x 3
// samples finishes with reward 1 everywhere and exports 6 trajectories; a random batch chosen by a
// filter scores below 1; rollouts page by id; another key sees nothing; bad bodies get the error
// shape.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { type Trajectory, TrajectorySchema } from "../../core/rollouts/trajectory";
import type { Task } from "../../core/tasks/task";
import { insertTasks } from "../../workers/catalog/task-repository";
import { ADMIN_KEY, api } from "./support/platform";
import { type BatchView, chinookTasks, insertTestBatch, waitForBatch } from "./support/rollouts";
import { makeTask } from "./support/task-fixtures";

interface RolloutSummary {
  id: string;
  taskId: string;
  status: string;
  attempts: number;
  reward: number | null;
  passed: boolean | null;
  sample: number;
  finishReason: string | null;
  toolCalls: number | null;
  episodeId: string | null;
}

interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

async function startBatch(body: Record<string, unknown>, key?: string): Promise<BatchView> {
  const res = await api<BatchView>("POST", "/v1/rollouts", { body, ...(key ? { key } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body;
}

async function allRollouts(batchId: string, pageSize: number): Promise<RolloutSummary[]> {
  const rows: RolloutSummary[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=${pageSize}${cursor ? `&cursor=${cursor}` : ""}`;
    const res = await api<{ rollouts: RolloutSummary[]; nextCursor: string | null }>(
      "GET",
      `/v1/rollouts/batches/${batchId}/rollouts?${query}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    rows.push(...res.body.rollouts);
    cursor = res.body.nextCursor;
  } while (cursor);
  return rows;
}

async function exported(batchId: string, status = "done"): Promise<Trajectory[]> {
  const res = await exports.default.fetch(
    `http://agent-world.test/v1/rollouts/batches/${batchId}/export?status=${status}`,
    { headers: { authorization: `Bearer ${ADMIN_KEY}` } },
  );
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/application\/x-ndjson/);
  const text = new TextDecoder().decode(await res.arrayBuffer());
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => TrajectorySchema.parse(JSON.parse(line)));
}

describe("rollout batches over HTTP", () => {
  let tasks: Task[] = [];

  beforeAll(async () => {
    tasks = await chinookTasks(6, "rollouts-api");
    expect(tasks.length).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it("plays an oracle batch of 2 tasks x 3 samples to reward 1 and exports it", {
    timeout: 90_000,
  }, async () => {
    const chosen = tasks.slice(0, 2);
    const started = await startBatch({
      tasks: chosen.map((t) => t.id),
      policy: "oracle",
      groupSize: 3,
    });
    expect(started.batch).toMatchObject({
      status: "running",
      policy: { name: "oracle", kind: "oracle" },
      groupSize: 3,
      tasks: 2,
      progress: { total: 6 },
    });
    expect(started.batch.id).toMatch(/^rb_[a-z0-9]+$/);
    expect(started.links.export).toMatch(
      new RegExp(`/v1/rollouts/batches/${started.batch.id}/export$`),
    );

    const finished = await waitForBatch(started.batch.id);
    expect(finished.batch.status).toBe("done");
    expect(finished.batch.progress).toMatchObject({
      total: 6,
      queued: 0,
      running: 0,
      done: 6,
      failed: 0,
      cancelled: 0,
      meanReward: 1,
      passRate: 1,
    });
    const kinds = new Set(chosen.map((t) => t.kind));
    expect(finished.batch.summary).toHaveLength(kinds.size);
    for (const row of finished.batch.summary) {
      expect(row).toMatchObject({ environment: "chinook", meanReward: 1, passRate: 1 });
    }

    const rows = await allRollouts(started.batch.id, 4);
    expect(rows).toHaveLength(6);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort());
    for (const row of rows) {
      expect(row).toMatchObject({ status: "done", attempts: 1, reward: 1, passed: true });
      expect(row.finishReason).toBe("completed");
    }
    const samples = chosen.map((t) => rows.filter((r) => r.taskId === t.id).map((r) => r.sample));
    for (const s of samples) expect(s.sort()).toEqual([0, 1, 2]);

    const lines = await exported(started.batch.id);
    expect(lines.map((t) => t.rolloutId)).toEqual(rows.map((r) => r.id));
    for (const trajectory of lines) {
      const task = chosen.find((t) => t.id === trajectory.taskId);
      expect(trajectory.reward).toBe(1);
      expect(trajectory.groupId).toBe(`${started.batch.id}:${trajectory.taskId}`);
      expect(trajectory.policy).toEqual({ name: "oracle", kind: "oracle" });
      expect(trajectory.messages[0]?.role).toBe("system");
      expect(trajectory.messages[1]).toEqual({ role: "user", content: task?.instruction });
      const calls = trajectory.messages.flatMap((m) =>
        m.role === "assistant" ? (m.tool_calls ?? []) : [],
      );
      expect(calls.map((c) => c.function.name)).toEqual(task?.solution.calls.map((c) => c.tool));
      const toolMessages = trajectory.messages.filter((m) => m.role === "tool");
      expect(toolMessages).toHaveLength(calls.length);
      expect(trajectory.tools.length).toBeGreaterThan(0);
      expect(trajectory.timings.totalMs).toBeGreaterThanOrEqual(0);
    }

    const first = rows[0];
    if (!first) throw new Error("no rollout");
    const one = await api<{ rollout: RolloutSummary; trajectory: Trajectory | null }>(
      "GET",
      `/v1/rollouts/${first.id}`,
    );
    expect(one.status).toBe(200);
    expect(one.body.rollout).toMatchObject({ id: first.id, status: "done", reward: 1 });
    expect(TrajectorySchema.parse(one.body.trajectory).rolloutId).toBe(first.id);

    // Every rollout's episode was destroyed when it ended.
    const episode = await api("GET", `/v1/episodes/${first.episodeId}`);
    expect(episode.status).toBe(404);

    const listed = await api<{ batches: BatchView[] }>("GET", "/v1/rollouts/batches");
    expect(listed.body.batches.map((b) => b.batch.id)).toContain(started.batch.id);

    // Cancelling a finished batch changes nothing.
    const cancel = await api<BatchView>("POST", `/v1/rollouts/batches/${started.batch.id}/cancel`);
    expect(cancel.status).toBe(200);
    expect(cancel.body.batch.status).toBe("done");
  });

  it("plays a random batch chosen by filter; it scores below 1", { timeout: 90_000 }, async () => {
    const started = await startBatch({
      filter: { environment: "chinook", limit: 2 },
      policy: "random",
      groupSize: 2,
      randomCalls: 4,
    });
    expect(started.batch.progress.total).toBe(4);
    const finished = await waitForBatch(started.batch.id);
    expect(finished.batch.progress).toMatchObject({ done: 4, failed: 0 });
    const rows = await allRollouts(started.batch.id, 100);
    for (const row of rows) {
      expect(row.reward).not.toBeNull();
      expect(row.reward ?? 1).toBeLessThan(1);
      expect(row.passed).toBe(false);
      expect(row.toolCalls).toBe(4);
    }
    expect(finished.batch.progress.passRate).toBe(0);
    // The two samples of a task make different random calls.
    const lines = await exported(started.batch.id, "all");
    expect(lines).toHaveLength(4);
    const callsOf = (t: Trajectory) =>
      JSON.stringify(t.messages.filter((m) => m.role === "assistant"));
    const byTask = new Map<string, string[]>();
    for (const t of lines) byTask.set(t.taskId, [...(byTask.get(t.taskId) ?? []), callsOf(t)]);
    for (const [, plays] of byTask) expect(new Set(plays).size).toBe(2);
  });

  it("shows a batch and its rollouts only to the key that started it", async () => {
    const created = await api<{ key: string }>("POST", "/v1/admin/keys", {
      body: { name: "other-trainer", scopes: ["episodes"] },
    });
    expect(created.status).toBe(201);
    const other = created.body.key;
    const first = tasks[0];
    if (!first) throw new Error("no task");
    const mine = await startBatch({ tasks: [first.id], policy: "oracle", groupSize: 1 });
    const id = mine.batch.id;
    for (const path of [
      `/v1/rollouts/batches/${id}`,
      `/v1/rollouts/batches/${id}/rollouts`,
      `/v1/rollouts/batches/${id}/export`,
    ]) {
      const res = await api<ErrorBody>("GET", path, { key: other });
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    const cancel = await api("POST", `/v1/rollouts/batches/${id}/cancel`, { key: other });
    expect(cancel.status).toBe(404);
    const rows = await allRollouts(id, 10);
    const rollout = await api("GET", `/v1/rollouts/${rows[0]?.id}`, { key: other });
    expect(rollout.status).toBe(404);
    const listed = await api<{ batches: BatchView[] }>("GET", "/v1/rollouts/batches", {
      key: other,
    });
    expect(listed.body.batches).toEqual([]);
    // The other key's own batch is its own.
    const theirs = await startBatch({ tasks: [first.id], policy: "oracle", groupSize: 1 }, other);
    const seen = await api<{ batches: BatchView[] }>("GET", "/v1/rollouts/batches", { key: other });
    expect(seen.body.batches.map((b) => b.batch.id)).toEqual([theirs.batch.id]);
    await waitForBatch(id);
  });

  it("refuses bad bodies with the error shape", async () => {
    const first = tasks[0];
    if (!first) throw new Error("no task");
    const post = (body: unknown) => api<ErrorBody>("POST", "/v1/rollouts", { body });

    const both = await post({
      tasks: [first.id],
      filter: { environment: "chinook" },
      policy: "oracle",
    });
    expect(both.status).toBe(400);
    expect(both.body.error.code).toBe("validation_failed");
    const neither = await post({ policy: "oracle" });
    expect(neither.status).toBe(400);
    const group = await post({ tasks: [first.id], policy: "oracle", groupSize: 0 });
    expect(group.status).toBe(400);

    const policy = await post({ tasks: [first.id], policy: "no-such-policy" });
    expect(policy.status).toBe(404);
    expect(policy.body.error).toMatchObject({
      code: "not_found",
      details: { name: "no-such-policy" },
    });

    const unknown = await post({
      tasks: [first.id, "tsk_missing_1", "tsk_missing_2"],
      policy: "oracle",
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("not_found");
    expect(unknown.body.error.details).toEqual({ missing: ["tsk_missing_1", "tsk_missing_2"] });
    expect(unknown.body.error.message).toContain("tsk_missing_1");

    const none = await post({ filter: { environment: "no-such-env" }, policy: "oracle" });
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe("bad_request");

    const malformed = await api<ErrorBody>("POST", "/v1/rollouts", { rawBody: "{ not json" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("invalid_json");

    const anonymous = await api("POST", "/v1/rollouts", {
      body: { tasks: [first.id], policy: "oracle" },
      key: null,
    });
    expect(anonymous.status).toBe(401);

    expect((await api("GET", "/v1/rollouts/batches/rb_nope")).status).toBe(404);
    expect((await api("GET", "/v1/rollouts/ro_nope")).status).toBe(404);
    expect((await api("GET", "/v1/rollouts/batches/not-a-batch")).status).toBe(400);
  });

  it("selects up to `limit` tasks of each environment a filter lists", async () => {
    for (const name of ["left", "right"]) {
      const environment = { name, version: "1.0.0", contentHash: `h-${name}` };
      const made = Array.from({ length: 3 }, (_, i) =>
        makeTask({ id: `tsk_${name}_${i}`, environment }),
      );
      expect(await insertTasks(env, made)).toHaveLength(3);
    }
    const res = await api<{ batch: { id: string; tasks: number; progress: { total: number } } }>(
      "POST",
      "/v1/rollouts",
      {
        body: {
          filter: { environment: ["left", "right"], limit: 2 },
          policy: "oracle",
          groupSize: 2,
          maxConcurrency: 1,
        },
      },
    );
    expect(res.status).toBe(202);
    expect(res.body.batch.tasks).toBe(4);
    expect(res.body.batch.progress.total).toBe(8);
    const cancel = await api("POST", `/v1/rollouts/batches/${res.body.batch.id}/cancel`);
    expect(cancel.status).toBe(200);
  });

  it("refuses a batch of more than 10,000 rollouts", async () => {
    const environment = { name: "wide", version: "1.0.0", contentHash: "h-wide" };
    const many = Array.from({ length: 160 }, (_, i) =>
      makeTask({ id: `tsk_wide_${String(i).padStart(3, "0")}`, environment }),
    );
    expect(await insertTasks(env, many)).toHaveLength(160);
    const res = await api<ErrorBody>("POST", "/v1/rollouts", {
      body: { filter: { environment: "wide", limit: 160 }, policy: "oracle", groupSize: 64 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: "bad_request",
      details: { tasks: 160, groupSize: 64, max: 10_000 },
    });
  });

  it("stores a batch of 1,200 rollouts across several insert statements", async () => {
    const environment = { name: "many", version: "1.0.0", contentHash: "h-many" };
    const few = Array.from({ length: 20 }, (_, i) =>
      makeTask({ id: `tsk_many_${i}`, environment }),
    );
    const { batch, rollouts } = await insertTestBatch(few, { settings: { groupSize: 60 } });
    expect(rollouts).toHaveLength(1200);
    expect(new Set(rollouts.map((r) => `${r.taskId}/${r.sample}`)).size).toBe(1200);
    const res = await api<BatchView>("GET", `/v1/rollouts/batches/${batch.id}`);
    expect(res.body.batch.progress).toMatchObject({ total: 1200, queued: 1200, meanReward: null });
    expect(res.body.batch.summary).toEqual([
      {
        environment: "many",
        kind: "graph",
        rollouts: 1200,
        scored: 0,
        meanReward: null,
        passRate: null,
      },
    ]);
    const page = await api<{ rollouts: { status: string }[]; nextCursor: string | null }>(
      "GET",
      `/v1/rollouts/batches/${batch.id}/rollouts?status=queued&limit=500`,
    );
    expect(page.body.rollouts).toHaveLength(500);
    expect(page.body.nextCursor).toEqual(expect.any(String));
  });
});
