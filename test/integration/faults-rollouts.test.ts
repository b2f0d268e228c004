// Faults in the rollout consumer: a D1 or R2 write that fails once, at each write of an attempt;
// the worker dying at each step of an attempt (nothing after it reaches storage; the lease and the
// redelivery pick it up); duplicate deliveries at once; a slow worker that finishes after its
// replacement; a dead letter whose batch could not be settled at first. Each case plays the queue to the end and then counts: one `done` row with one
// reward, exactly one trajectory object (the row's), the batch done, the episode gone.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Task } from "../../core/tasks/task";
import type { AppEnv } from "../../workers/env";
import {
  type FaultPlan,
  Faults,
  faultyEnv,
  InjectedFault,
  type Op,
} from "./support/fault-bindings";
import { api } from "./support/platform";
import { deliverTo, playQueue } from "./support/queue-delivery";
import {
  chinookTasks,
  insertTestBatch,
  ROLLOUTS_DLQ,
  ROLLOUTS_QUEUE,
  rolloutRow,
  storedTrajectories,
} from "./support/rollouts";

/** The writes of one attempt, in order, as the baseline case checks. */
const WRITES: [string, RegExp][] = [
  ["the claim", /^update rollouts set status = 'running'/],
  ["recording the episode", /^update "rollouts" set "episode_id"/],
  ["storing the trajectory in R2", /^put rollouts\/rb_\w+\/ro_\w+\/attempt-1\.json$/],
  ["finishing the row", /^update "rollouts" set "status"/],
  ["settling the batch", /^update rollout_batches set status = 'done'/],
];

let task: Task;

/** An operation without the batch and rollout ids in it, to compare two rollouts' steps. */
const idsOut = (op: Op | undefined) => `${op?.binding} ${op?.what.replace(/(rb|ro)_\w+/g, "id")}`;

/** Moves the virtual clock: a lease that would have run out by then has run out. */
async function advance(rolloutId: string, seconds: number): Promise<void> {
  const row = await rolloutRow(rolloutId);
  if (!row.leaseUntil) return;
  const earlier = new Date(Date.parse(row.leaseUntil) - seconds * 1000).toISOString();
  await env.CATALOG.prepare("UPDATE rollouts SET lease_until = ? WHERE id = ?")
    .bind(earlier, rolloutId)
    .run();
}

/** One fresh rollout; its first delivery meets `plan`, then the queue is played to the end. */
async function playWithFault(plan: FaultPlan | null) {
  const { batch, rollouts } = await insertTestBatch([task]);
  const [rollout] = rollouts;
  if (!rollout) throw new Error("no rollout");
  const faults = new Faults();
  if (plan) faults.arm(plan);
  const first = faultyEnv(env as AppEnv, faults);
  const healthy = faultyEnv(env as AppEnv, new Faults(), first.outbox);
  const log = await playQueue(
    { rolloutId: rollout.id },
    {
      queue: ROLLOUTS_QUEUE,
      first,
      healthy,
      outbox: first.outbox,
      producer: "ROLLOUTS_QUEUE",
      firstDied: () => plan?.mode === "dead" && faults.injected.length > 0,
      advance: (seconds) => advance(rollout.id, seconds),
    },
  );
  return { batchId: batch.id, rolloutId: rollout.id, faults, log };
}

/** Played once: done with its reward, one trajectory (the row's), the batch done, no episode. */
async function expectPlayedOnce(batchId: string, rolloutId: string, log: string[]) {
  const why = log.join("; ");
  const row = await rolloutRow(rolloutId);
  expect(row, why).toMatchObject({ status: "done", reward: 1, passed: 1, error: null });
  expect(row.trajectoryKey, why).toBe(
    `rollouts/${batchId}/${rolloutId}/attempt-${row.attempts}.json`,
  );
  expect(await storedTrajectories(batchId, rolloutId), why).toEqual([row.trajectoryKey]);
  const view = await api<{ batch: { status: string; progress: Record<string, number | null> } }>(
    "GET",
    `/v1/rollouts/batches/${batchId}`,
  );
  expect(view.body.batch.status, why).toBe("done");
  expect(view.body.batch.progress, why).toMatchObject({ done: 1, failed: 0, meanReward: 1 });
  expect((await api("GET", `/v1/episodes/${row.episodeId}`)).status, why).toBe(404);
  return row;
}

describe("rollouts under faults", () => {
  beforeAll(async () => {
    const tasks = await chinookTasks(2, "faults-rollouts");
    const first = tasks[0];
    if (!first) throw new Error("no task");
    task = first;
  }, 120_000);

  it("plays a healthy attempt with the five writes the fault cases aim at", async () => {
    const { batchId, rolloutId, faults, log } = await playWithFault(null);
    expect(log).toEqual(["t+0s agent-world-rollouts attempt 1: acked"]);
    const writes = faults.writes().map((op) => `${op.binding} ${op.what}`);
    expect(writes).toHaveLength(WRITES.length);
    WRITES.forEach(([, pattern], i) => {
      expect(writes[i]?.replace(/^\w+ /, "")).toMatch(pattern);
    });
    await expectPlayedOnce(batchId, rolloutId, log);
  });

  it.each(WRITES.map(([name], i) => [name, i + 1] as const))(
    "recovers from %s failing once, and plays the rollout once",
    async (_name, at) => {
      const { batchId, rolloutId, faults, log } = await playWithFault({ at, mode: "once" });
      expect(faults.injected, log.join("; ")).toHaveLength(1);
      const row = await expectPlayedOnce(batchId, rolloutId, log);
      // The claim failing costs no attempt, nor settling the batch of a finished rollout;
      // anything between costs the attempt it was in.
      expect(row.attempts).toBe(at === 1 || at === WRITES.length ? 1 : 2);
    },
  );

  it("recovers from the worker dying at each step of an attempt", async () => {
    // Step n of the attempt (a read, a write or a send) throws, and so does everything after it.
    let at = 1;
    for (; at < 40; at++) {
      const { batchId, rolloutId, faults, log } = await playWithFault({
        at,
        mode: "dead",
        match: () => true,
      });
      // Past the last step: the attempt ran clean, so every step has had its turn.
      if (faults.injected.length === 0) break;
      await expectPlayedOnce(batchId, rolloutId, [`died at ${idsOut(faults.injected[0])}`, ...log]);
    }
    expect(at - 1).toBeGreaterThan(WRITES.length);
  });

  it("plays a message delivered twice at the same time once", async () => {
    const { batch, rollouts } = await insertTestBatch([task]);
    const [rollout] = rollouts;
    if (!rollout) throw new Error("no rollout");
    const one = faultyEnv(env as AppEnv, new Faults());
    const two = faultyEnv(env as AppEnv, new Faults(), one.outbox);
    const body = { rolloutId: rollout.id };
    const [a, b] = await Promise.all([
      deliverTo(one, ROLLOUTS_QUEUE, [{ id: "a", body, attempts: 1 }]),
      deliverTo(two, ROLLOUTS_QUEUE, [{ id: "b", body, attempts: 1 }]),
    ]);
    expect([...(a?.acked ?? []), ...(b?.acked ?? [])].sort()).toEqual(["a", "b"]);
    const row = await expectPlayedOnce(batch.id, rollout.id, []);
    expect(row.attempts).toBe(1);
  });

  it("keeps the replacement's result when a slow worker finishes after it", async () => {
    const { batch, rollouts } = await insertTestBatch([task]);
    const [rollout] = rollouts;
    if (!rollout) throw new Error("no rollout");
    // The first worker stops just before it finishes the row (its trajectory is stored)...
    const slow = new Faults().arm({ at: 4, mode: "hold" });
    const slowEnv = faultyEnv(env as AppEnv, slow);
    const body = { rolloutId: rollout.id };
    const first = deliverTo(slowEnv, ROLLOUTS_QUEUE, [{ id: "slow", body, attempts: 1 }]);
    expect((await slow.reached()).what).toMatch(WRITES[3]?.[1] ?? /x/);
    // ...its lease runs out, and the redelivered message plays attempt 2 to the end.
    await advance(rollout.id, 3600);
    const fresh = faultyEnv(env as AppEnv, new Faults(), slowEnv.outbox);
    expect(
      (await deliverTo(fresh, ROLLOUTS_QUEUE, [{ id: "fresh", body, attempts: 2 }])).acked,
    ).toEqual(["fresh"]);
    expect(await rolloutRow(rollout.id)).toMatchObject({ status: "done", attempts: 2 });
    // Then the slow one carries on: its finish loses the guard and it removes its trajectory.
    slow.release();
    expect((await first).acked).toEqual(["slow"]);
    const row = await expectPlayedOnce(batch.id, rollout.id, []);
    expect(row.attempts).toBe(2);
    // An old copy of the message, delivered last, changes nothing.
    await deliverTo(fresh, ROLLOUTS_QUEUE, [{ id: "old", body, attempts: 1 }]);
    expect(await rolloutRow(rollout.id)).toEqual(row);
    expect(fresh.outbox.messages).toEqual([]);
  });

  it("settles the batch of a dead rollout even when settling failed on the first try", async () => {
    // The dead-letter handler fails the rollout (its first write), then settling the batch (its
    // second) throws; the dead letter comes back, and that delivery finds the row already failed.
    const { batch, rollouts } = await insertTestBatch([task]);
    const [rollout] = rollouts;
    if (!rollout) throw new Error("no rollout");
    const body = { rolloutId: rollout.id };
    const faults = new Faults().arm({ at: 2, mode: "once" });
    const first = await deliverTo(faultyEnv(env as AppEnv, faults), ROLLOUTS_DLQ, [
      { id: "dead", body, attempts: 6 },
    ]);
    expect(first.threw).toBe(true);
    expect(faults.injected.map((op) => op.what)).toEqual([
      expect.stringMatching(WRITES[4]?.[1] ?? /x/),
    ]);
    expect(await rolloutRow(rollout.id)).toMatchObject({ status: "failed" });
    const again = await deliverTo(faultyEnv(env as AppEnv, new Faults()), ROLLOUTS_DLQ, [
      { id: "dead", body, attempts: 6 },
    ]);
    expect(again).toMatchObject({ acked: ["dead"], threw: false });
    const view = await api<{ batch: { status: string; progress: Record<string, number | null> } }>(
      "GET",
      `/v1/rollouts/batches/${batch.id}`,
    );
    expect(view.body.batch.status).toBe("done");
    expect(view.body.batch.progress).toMatchObject({ done: 0, failed: 1 });
  });

  it("throws the injected error as an InjectedFault", async () => {
    const faults = new Faults().arm({ at: 1 });
    const broken = faultyEnv(env as AppEnv, faults);
    await expect(
      broken.CATALOG.prepare("DELETE FROM rollouts WHERE 0").run(),
    ).rejects.toBeInstanceOf(InjectedFault);
  });
});
