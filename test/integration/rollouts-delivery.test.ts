// The rollout consumer under at-least-once delivery, driven by hand: a message delivered twice
// plays once; a worker that died mid-rollout is replaced and its episode destroyed; a live lease
// is left alone with one follow-up for when it runs out; the concurrency cap holds and re-sends
// what it holds back; a cancelled batch's rollouts are cancelled without work; dead letters fail
// their rollout with the reason; a rollout whose task is gone fails at once; a batch whose
// messages were lost is sent again once it has been quiet long enough.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { TrajectorySchema } from "../../core/rollouts/trajectory";
import type { Task } from "../../core/tasks/task";
import { insertTasks } from "../../workers/catalog/task-repository";
import { capDelaySeconds } from "../../workers/rollouts/process-rollout";
import { reviveStalledBatch, STALL_MS } from "../../workers/rollouts/revive-stalled";
import { api } from "./support/platform";
import {
  chinookTasks,
  db,
  deliver,
  insertTestBatch,
  ROLLOUTS_DLQ,
  rolloutRow,
  storedTrajectories,
  waitForBatch,
  waitForRollout,
} from "./support/rollouts";
import { makeTask } from "./support/task-fixtures";

const setRow = (id: string, columns: string, ...values: unknown[]) =>
  env.CATALOG.prepare(`UPDATE rollouts SET ${columns} WHERE id = ?`)
    .bind(...values, id)
    .run();

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

async function batchStatusOf(id: string): Promise<string> {
  const res = await api<{ batch: { status: string } }>("GET", `/v1/rollouts/batches/${id}`);
  return res.body.batch.status;
}

describe("the rollout consumer", () => {
  let tasks: Task[] = [];
  const task = (i: number): Task => {
    const found = tasks[i % tasks.length];
    if (!found) throw new Error("no task");
    return found;
  };

  beforeAll(async () => {
    tasks = await chinookTasks(4, "rollouts-delivery");
    expect(tasks.length).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it("plays a message delivered twice once: one trajectory, one reward, attempt 1", async () => {
    const { batch, rollouts } = await insertTestBatch([task(0)]);
    const [rollout] = rollouts;
    if (!rollout) throw new Error("no rollout");
    const message = { rolloutId: rollout.id };

    expect(await deliver([message])).toEqual({ acked: [0], retried: [] });
    const done = await rolloutRow(rollout.id);
    expect(done).toMatchObject({ status: "done", attempts: 1, reward: 1, passed: 1 });
    expect(await deliver([message])).toEqual({ acked: [0], retried: [] });
    expect(await rolloutRow(rollout.id)).toEqual(done);

    const keys = await storedTrajectories(batch.id, rollout.id);
    expect(keys).toEqual([`rollouts/${batch.id}/${rollout.id}/attempt-1.json`]);
    const stored = await env.ARTIFACTS.get(keys[0] ?? "");
    const trajectory = TrajectorySchema.parse(await stored?.json());
    expect(trajectory).toMatchObject({ rolloutId: rollout.id, attempt: 1, reward: 1 });
    expect(await batchStatusOf(batch.id)).toBe("done");
  });

  it("plays two copies in one delivery once", async () => {
    const { batch, rollouts } = await insertTestBatch([task(1)]);
    const [rollout] = rollouts;
    if (!rollout) throw new Error("no rollout");
    const message = { rolloutId: rollout.id };
    // One copy claims it; the other finds it running under a live lease and acks.
    expect(await deliver([message, message])).toEqual({ acked: [0, 1], retried: [] });
    expect(await rolloutRow(rollout.id)).toMatchObject({ status: "done", attempts: 1, reward: 1 });
    expect(await storedTrajectories(batch.id, rollout.id)).toHaveLength(1);
  });

  it("replaces a worker that died mid-rollout and destroys its episode", async () => {
    const { batch, rollouts } = await insertTestBatch([task(0)]);
    const [rollout] = rollouts;
    if (!rollout) throw new Error("no rollout");
    const opened = await api<{ id: string }>("POST", "/v1/episodes", {
      body: { task: task(0).id },
    });
    expect(opened.status).toBe(201);
    const stale = opened.body.id;
    await setRow(
      rollout.id,
      "status = 'running', attempts = 1, lease_until = ?, started_at = ?, episode_id = ?",
      inSeconds(-1),
      inSeconds(-200),
      stale,
    );

    expect(await deliver([{ rolloutId: rollout.id }], { attempts: 2 })).toEqual({
      acked: [0],
      retried: [],
    });
    const row = await rolloutRow(rollout.id);
    expect(row).toMatchObject({ status: "done", attempts: 2, reward: 1 });
    expect(row.episodeId).not.toBe(stale);
    expect((await api("GET", `/v1/episodes/${stale}`)).status).toBe(404);
    expect((await api("GET", `/v1/episodes/${row.episodeId}`)).status).toBe(404);
    expect(await storedTrajectories(batch.id, rollout.id)).toEqual([
      `rollouts/${batch.id}/${rollout.id}/attempt-2.json`,
    ]);
  });

  it("leaves a live lease alone and follows up once it runs out", { timeout: 30_000 }, async () => {
    const { rollouts } = await insertTestBatch([task(1)]);
    const [rollout] = rollouts;
    if (!rollout) throw new Error("no rollout");
    await setRow(
      rollout.id,
      "status = 'running', attempts = 1, lease_until = ?, started_at = ?",
      inSeconds(2),
      inSeconds(-10),
    );
    expect(await deliver([{ rolloutId: rollout.id }])).toEqual({ acked: [0], retried: [] });
    expect(await rolloutRow(rollout.id)).toMatchObject({ status: "running", attempts: 1 });
    // No message was ever queued for this rollout but the follow-up: it claims attempt 2.
    const row = await waitForRollout(rollout.id, (r) => r.status === "done", 20_000);
    expect(row).toMatchObject({ attempts: 2, reward: 1 });
  });

  it("holds a batch to its concurrency cap and re-sends what waits", {
    timeout: 40_000,
  }, async () => {
    const { batch, rollouts } = await insertTestBatch([task(0)], {
      settings: { groupSize: 3, maxConcurrency: 1 },
    });
    const messages = rollouts.map((r) => ({ rolloutId: r.id }));
    expect(await deliver(messages)).toEqual({ acked: [0, 1, 2], retried: [] });
    const rows = await Promise.all(rollouts.map((r) => rolloutRow(r.id)));
    expect(rows.filter((r) => r.status === "done")).toHaveLength(1);
    expect(rows.filter((r) => r.status === "queued" && r.attempts === 0)).toHaveLength(2);
    // The two held back were sent again and are played by the real queue.
    const finished = await waitForBatch(batch.id, 30_000);
    expect(finished.batch.progress).toMatchObject({ done: 3, meanReward: 1 });
  });

  it("holds a capped rollout back longer each time, up to about half a minute", () => {
    const low = () => 0;
    const high = () => 0.99;
    expect([0, 1, 2, 3].map((n) => capDelaySeconds(n, low))).toEqual([2, 3, 4.5, 6.75]);
    expect(capDelaySeconds(0, high)).toBe(5);
    expect(capDelaySeconds(50, low)).toBe(30);
    expect(capDelaySeconds(50, high)).toBe(33);
  });

  it("cancels queued rollouts without work, and is idempotent", async () => {
    const { batch, rollouts } = await insertTestBatch([task(0), task(1)]);
    const [queued, dead] = rollouts;
    if (!queued || !dead) throw new Error("no rollouts");
    // One whose worker died before the cancel: it is cancelled when its message comes back.
    await setRow(
      dead.id,
      "status = 'running', attempts = 1, lease_until = ?, started_at = ?",
      inSeconds(-1),
      inSeconds(-100),
    );
    for (let i = 0; i < 2; i++) {
      const cancel = await api<{ batch: { status: string; progress: Record<string, number> } }>(
        "POST",
        `/v1/rollouts/batches/${batch.id}/cancel`,
      );
      expect(cancel.status).toBe(200);
      expect(cancel.body.batch).toMatchObject({
        status: "cancelled",
        progress: { cancelled: 1, running: 1 },
      });
    }
    expect(await deliver([{ rolloutId: queued.id }, { rolloutId: dead.id }])).toEqual({
      acked: [0, 1],
      retried: [],
    });
    expect(await rolloutRow(queued.id)).toMatchObject({ status: "cancelled", attempts: 0 });
    expect(await rolloutRow(dead.id)).toMatchObject({ status: "cancelled", attempts: 1 });
    expect(await storedTrajectories(batch.id, queued.id)).toEqual([]);
    expect(await batchStatusOf(batch.id)).toBe("cancelled");
  });

  it("acknowledges malformed messages and rollouts that do not exist", async () => {
    expect(await deliver([{ nope: 1 }, "text", { rolloutId: "ro_doesnotexist" }])).toEqual({
      acked: [0, 1, 2],
      retried: [],
    });
  });

  it("fails a rollout at once when its task is gone", async () => {
    const ghost = makeTask({ id: "tsk_ghost", environment: task(0).environment });
    await insertTasks(env, [ghost]);
    const { batch, rollouts } = await insertTestBatch([ghost]);
    await env.CATALOG.prepare("DELETE FROM tasks WHERE id = 'tsk_ghost'").run();
    const [rollout] = rollouts;
    if (!rollout) throw new Error("no rollout");
    expect(await deliver([{ rolloutId: rollout.id }])).toEqual({ acked: [0], retried: [] });
    const row = await rolloutRow(rollout.id);
    expect(row).toMatchObject({ status: "failed", attempts: 1, reward: null });
    expect(row.error).toMatch(/^not_found: No task tsk_ghost/);
    expect(await batchStatusOf(batch.id)).toBe("done");
  });

  it("fails a dead-lettered rollout with the reason, unless it finished or is held", async () => {
    const { batch, rollouts } = await insertTestBatch([task(0)], { settings: { groupSize: 3 } });
    const [dead, held, finished] = rollouts;
    if (!dead || !held || !finished) throw new Error("no rollouts");
    await setRow(dead.id, "attempts = 2, error = ?", "unavailable: the policy endpoint is down");
    await setRow(held.id, "status = 'running', attempts = 1, lease_until = ?", inSeconds(600));
    await setRow(finished.id, "status = 'done', attempts = 1, reward = 1, passed = 1");
    const bodies = [dead, held, finished].map((r) => ({ rolloutId: r.id }));
    const result = await deliver(bodies, { queue: ROLLOUTS_DLQ, attempts: 6 });
    expect(result.acked).toEqual([0, 1, 2]);
    expect(await rolloutRow(dead.id)).toMatchObject({
      status: "failed",
      error: "gave up after 6 attempts: unavailable: the policy endpoint is down",
    });
    expect(await rolloutRow(held.id)).toMatchObject({ status: "running" });
    expect(await rolloutRow(finished.id)).toMatchObject({ status: "done", reward: 1 });
    expect(await batchStatusOf(batch.id)).toBe("running");
    const recorded = await env.CATALOG.prepare(
      "SELECT count(*) AS n FROM dead_letters WHERE queue = ?",
    )
      .bind(ROLLOUTS_DLQ)
      .first<{ n: number }>();
    expect(recorded?.n).toBe(3);

    // Once the held one is dead-lettered after its lease ran out, the batch is done.
    await setRow(held.id, "lease_until = ?", inSeconds(-1));
    await deliver([{ rolloutId: held.id }], { queue: ROLLOUTS_DLQ, attempts: 6 });
    expect(await rolloutRow(held.id)).toMatchObject({ status: "failed" });
    expect(await batchStatusOf(batch.id)).toBe("done");
  });
  it("sends a quiet batch's waiting rollouts again, once, and they are played", async () => {
    // Rows with no message behind them, as after a local queue lost its messages.
    const { batch, rollouts } = await insertTestBatch([task(0), task(1)]);
    expect(await reviveStalledBatch(env, db(), batch.id)).toBe(0); // not quiet yet
    const past = new Date(Date.now() - STALL_MS - 60_000).toISOString();
    await env.CATALOG.prepare("UPDATE rollouts SET queued_at = ? WHERE batch_id = ?")
      .bind(past, batch.id)
      .run();
    await env.CATALOG.prepare("UPDATE rollout_batches SET updated_at = ? WHERE id = ?")
      .bind(past, batch.id)
      .run();
    expect(await reviveStalledBatch(env, db(), batch.id)).toBe(rollouts.length);
    // The revival counts as activity: a second reader sends nothing.
    expect(await reviveStalledBatch(env, db(), batch.id)).toBe(0);
    const view = await waitForBatch(batch.id);
    expect(view.batch.progress).toMatchObject({ done: rollouts.length, meanReward: 1 });
    for (const rollout of rollouts) expect((await rolloutRow(rollout.id)).attempts).toBe(1);
  });
});
