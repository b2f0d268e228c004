// Rollouts played by an `openai` policy against the scripted agent server (a real OpenAI-compatible
// HTTP server, test/support/scripted-policy.ts): a scripted agent that plays a task's solution and
// answers right earns 1; a wrong answer scores 0 on the answer; unknown tools and bad arguments
// come back as tool errors; a model that never stops ends at max_turns; 500s are retried, then
// the rollout fails after 3 attempts; a malformed body fails it at once; a slow model times out
// and an endpoint that is down is unavailable, both retried;
// a huge answer is stored in R2 and exported; cancelling a batch stops a running loop.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { type Trajectory, TrajectorySchema } from "../../core/rollouts/trajectory";
import type { Task } from "../../core/tasks/task";
import type { AppEnv } from "../../workers/env";
import { policySnapshot, resolvePolicy } from "../../workers/policies/policy-repository";
import type { RolloutRow } from "../../workers/rollouts/rollout-repository";
import { ADMIN_KEY, api } from "./support/platform";
import {
  ADMIN_KEY_ID,
  chinookTasks,
  deliver,
  insertTestBatch,
  rolloutRow,
  storedTrajectories,
  waitForBatch,
  waitForRollout,
} from "./support/rollouts";

const ORIGIN = (env as AppEnv & { POLICY_SERVER_ORIGIN: string }).POLICY_SERVER_ORIGIN;

let policyCount = 0;

/** Creates a named policy on the scripted server for `model`; answers its name. */
async function policyFor(
  model: string,
  options: { timeoutSeconds?: number; maxAttempts?: number } = {},
): Promise<string> {
  const name = `scripted-${++policyCount}`;
  const res = await api("POST", "/v1/policies", {
    body: { name, baseUrl: ORIGIN, model, maxAttempts: 1, ...options },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return name;
}

/** One rollout of `task` by `policy`, inserted without a message; the test delivers it. */
async function rolloutBy(
  policy: string,
  task: Task,
  settings: { maxTurns?: number; timeBudgetSeconds?: number } = {},
): Promise<RolloutRow> {
  const snapshot = policySnapshot(
    await resolvePolicy(env, { ownerKeyId: ADMIN_KEY_ID, name: policy }),
  );
  const { rollouts } = await insertTestBatch([task], { policy: snapshot, settings });
  const [rollout] = rollouts;
  if (!rollout) throw new Error("no rollout");
  return rollout;
}

async function trajectoryOf(rolloutId: string): Promise<Trajectory> {
  const res = await api<{ trajectory: Trajectory | null }>("GET", `/v1/rollouts/${rolloutId}`);
  expect(res.status).toBe(200);
  return TrajectorySchema.parse(res.body.trajectory);
}

const toolMessages = (t: Trajectory) => t.messages.filter((m) => m.role === "tool");

describe("rollouts with an openai policy", () => {
  let tasks: Task[] = [];
  const answered = () => tasks.filter((t) => t.groundTruth.answer !== undefined);

  beforeAll(async () => {
    tasks = await chinookTasks(6, "rollouts-openai");
    expect(answered().length).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it("gives 1 to a scripted agent that plays the solution and answers right", {
    timeout: 60_000,
  }, async () => {
    const chosen = answered().slice(0, 2);
    for (const task of chosen) {
      const script = {
        match: task.instruction,
        turns: [
          ...task.solution.calls.map((call) => ({
            toolCalls: [{ name: call.tool, arguments: call.args }],
          })),
          { content: JSON.stringify(task.groundTruth.answer?.value) },
        ],
      };
      const registered = await fetch(new URL("/__scripts", ORIGIN), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(script),
      });
      expect(registered.status).toBe(201);
    }
    const policy = await policyFor("scripted");
    const started = await api<{ batch: { id: string } }>("POST", "/v1/rollouts", {
      body: { tasks: chosen.map((t) => t.id), policy, groupSize: 2 },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const finished = await waitForBatch(started.body.batch.id);
    expect(finished.batch.progress).toMatchObject({ done: 4, meanReward: 1, passRate: 1 });

    const res = await exports.default.fetch(
      `http://agent-world.test/v1/rollouts/batches/${started.body.batch.id}/export`,
      { headers: { authorization: `Bearer ${ADMIN_KEY}` } },
    );
    const lines = new TextDecoder()
      .decode(await res.arrayBuffer())
      .trim()
      .split("\n");
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      const trajectory = TrajectorySchema.parse(JSON.parse(line));
      const task = chosen.find((t) => t.id === trajectory.taskId);
      expect(trajectory).toMatchObject({
        reward: 1,
        finishReason: "answer",
        turns: (task?.solution.calls.length ?? 0) + 1,
        toolCalls: task?.solution.calls.length,
        toolErrors: 0,
        policy: { name: policy, kind: "openai", model: "scripted" },
      });
      expect(trajectory.answer).toEqual(task?.groundTruth.answer?.value);
      expect(trajectory.usage.promptTokens).toBeGreaterThan(0);
      expect(trajectory.timings.modelMs).toBeGreaterThanOrEqual(0);
      expect(toolMessages(trajectory)).toHaveLength(task?.solution.calls.length ?? -1);
    }
  });

  it("scores a wrong final answer 0 on the answer", async () => {
    const task = answered()[0];
    if (!task) throw new Error("no task");
    const rollout = await rolloutBy(await policyFor('final:"certainly not the answer"'), task);
    expect(await deliver([{ rolloutId: rollout.id }])).toEqual({ acked: [0], retried: [] });
    const row = await rolloutRow(rollout.id);
    expect(row).toMatchObject({ status: "done", passed: 0, finishReason: "answer", turns: 1 });
    const trajectory = await trajectoryOf(rollout.id);
    expect(trajectory.answer).toBe("certainly not the answer");
    expect(trajectory.components.answer?.score).toBe(0);
    expect(trajectory.reward).toBeLessThan(1);
  });

  it("answers unknown tools and bad arguments with tool errors, and still finishes", async () => {
    const task = tasks[0];
    if (!task) throw new Error("no task");
    const tool = task.tools[0] ?? "";
    for (const model of ["unknown-tool", `bad-args:${tool}`, `parallel:${tool},no_such_tool`]) {
      const rollout = await rolloutBy(await policyFor(model), task);
      expect(await deliver([{ rolloutId: rollout.id }])).toEqual({ acked: [0], retried: [] });
      expect(await rolloutRow(rollout.id), model).toMatchObject({ status: "done", turns: 2 });
      const trajectory = await trajectoryOf(rollout.id);
      expect(trajectory.finishReason).toBe("answer");
      const errors = toolMessages(trajectory).filter((m) => m.content.startsWith('{"error"'));
      expect(errors.length, model).toBeGreaterThanOrEqual(1);
      expect(trajectory.toolErrors).toBe(errors.length);
    }
  });

  it("ends a model that never stops at max_turns", async () => {
    const task = tasks[0];
    if (!task) throw new Error("no task");
    const rollout = await rolloutBy(await policyFor(`loop:${task.tools[0]}`), task, {
      maxTurns: 3,
    });
    expect(await deliver([{ rolloutId: rollout.id }])).toEqual({ acked: [0], retried: [] });
    expect(await rolloutRow(rollout.id)).toMatchObject({
      status: "done",
      finishReason: "max_turns",
      turns: 3,
      toolCalls: 3,
    });
  });

  it("retries a policy that answers 500, then fails the rollout after 3 attempts", async () => {
    const task = tasks[0];
    if (!task) throw new Error("no task");
    const rollout = await rolloutBy(await policyFor("status:500"), task);
    const message = { rolloutId: rollout.id };
    for (const attempt of [1, 2]) {
      expect(await deliver([message], { attempts: attempt })).toEqual({ acked: [], retried: [0] });
      const row = await rolloutRow(rollout.id);
      expect(row).toMatchObject({ status: "queued", attempts: attempt, trajectoryKey: null });
      expect(row.error).toMatch(/^unavailable: /);
    }
    expect(await deliver([message], { attempts: 3 })).toEqual({ acked: [0], retried: [] });
    const row = await rolloutRow(rollout.id);
    expect(row).toMatchObject({ status: "failed", attempts: 3, reward: null });
    expect(row.error).toMatch(/^gave up after 3 attempts: policy unavailable: /);
    // The last attempt's partial trajectory is kept, and only it.
    expect(await storedTrajectories(row.batchId, row.id)).toEqual([
      `rollouts/${row.batchId}/${row.id}/attempt-3.json`,
    ]);
    const trajectory = await trajectoryOf(rollout.id);
    expect(trajectory.finishReason).toBe("policy_error");
    expect(trajectory.error?.code).toBe("unavailable");
  });

  it("fails a rollout at once when the policy answers malformed JSON", async () => {
    const task = tasks[0];
    if (!task) throw new Error("no task");
    const rollout = await rolloutBy(await policyFor("malformed"), task);
    expect(await deliver([{ rolloutId: rollout.id }])).toEqual({ acked: [0], retried: [] });
    const row = await rolloutRow(rollout.id);
    expect(row).toMatchObject({ status: "failed", attempts: 1, finishReason: "policy_error" });
    expect(row.error).toMatch(/^policy validation_failed: /);
    expect((await trajectoryOf(rollout.id)).error?.code).toBe("validation_failed");
  });

  it("calls a model slower than the policy timeout unavailable, and retries", {
    timeout: 20_000,
  }, async () => {
    const task = tasks[0];
    if (!task) throw new Error("no task");
    const rollout = await rolloutBy(await policyFor("slow:3000", { timeoutSeconds: 1 }), task);
    expect(await deliver([{ rolloutId: rollout.id }])).toEqual({ acked: [], retried: [0] });
    const row = await rolloutRow(rollout.id);
    expect(row).toMatchObject({ status: "queued", attempts: 1 });
    expect(row.error).toMatch(/^unavailable: /);
  });

  it("calls an endpoint that is down unavailable, and retries the rollout", async () => {
    const task = tasks[0];
    if (!task) throw new Error("no task");
    // Nothing listens on the discard port: every connection is refused.
    const res = await api("POST", "/v1/policies", {
      body: { name: "down-endpoint", baseUrl: "http://127.0.0.1:9/v1", model: "m", maxAttempts: 2 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const rollout = await rolloutBy("down-endpoint", task);
    expect(await deliver([{ rolloutId: rollout.id }])).toEqual({ acked: [], retried: [0] });
    const row = await rolloutRow(rollout.id);
    expect(row).toMatchObject({ status: "queued", attempts: 1, reward: null });
    expect(row.error).toMatch(/^unavailable: .*2 attempt/);
  });

  it("stores a trajectory larger than a queue message in R2 and exports it", async () => {
    const task = tasks[0];
    if (!task) throw new Error("no task");
    const rollout = await rolloutBy(await policyFor("huge:200000"), task);
    expect(await deliver([{ rolloutId: rollout.id }])).toEqual({ acked: [0], retried: [] });
    const row = await rolloutRow(rollout.id);
    expect(row.status).toBe("done");
    const stored = await env.ARTIFACTS.head(row.trajectoryKey ?? "");
    expect(stored?.size).toBeGreaterThan(128 * 1024);
    const res = await exports.default.fetch(
      `http://agent-world.test/v1/rollouts/batches/${row.batchId}/export`,
      { headers: { authorization: `Bearer ${ADMIN_KEY}` } },
    );
    const lines = new TextDecoder()
      .decode(await res.arrayBuffer())
      .trim()
      .split("\n");
    expect(lines).toHaveLength(1);
    const trajectory = TrajectorySchema.parse(JSON.parse(lines[0] ?? ""));
    const last = trajectory.messages.at(-1);
    expect(last?.role === "assistant" ? last.content?.length : 0).toBe(200_000);
  });

  it("stops a running loop when its batch is cancelled", { timeout: 60_000 }, async () => {
    const task = tasks[0];
    if (!task) throw new Error("no task");
    // 50 ms a turn: 100 turns take 5 s, longer than a running loop may miss a cancel (1 s).
    const rollout = await rolloutBy(await policyFor(`slow-loop:50:${task.tools[0]}`), task, {
      maxTurns: 100,
    });
    const delivery = deliver([{ rolloutId: rollout.id }]);
    // Cancel once the loop has made a few calls on its episode.
    const running = await waitForRollout(rollout.id, (r) => r.episodeId !== null, 20_000);
    for (;;) {
      const info = await api<{ step: number }>("GET", `/v1/episodes/${running.episodeId}`);
      if (info.status !== 200 || info.body.step >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const cancel = await api("POST", `/v1/rollouts/batches/${running.batchId}/cancel`);
    expect(cancel.status).toBe(200);
    expect(await delivery).toEqual({ acked: [0], retried: [] });
    const row = await rolloutRow(rollout.id);
    expect(row).toMatchObject({ status: "cancelled", finishReason: "cancelled" });
    expect(row.turns ?? 100).toBeLessThan(100);
    expect((await trajectoryOf(rollout.id)).finishReason).toBe("cancelled");
  });
});
