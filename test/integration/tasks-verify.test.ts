// Episodes opened for synthesized tasks, scored by the verify endpoint: the oracle replay of every
// kept task earns 1.0 with its components, doing nothing earns 0, dropped oracle calls and random
// calls earn less, and bad requests get clear errors.
import { beforeAll, describe, expect, it } from "vitest";
import chinook from "../../catalog/dist/chinook.json";
import { EnvironmentSpecSchema } from "../../core/environment/spec";
import type { Task } from "../../core/tasks/task";
import { api, openEpisode, publish } from "./support/platform";
import { synthesize } from "./support/synthesis";

interface Verification {
  task: string;
  reward: number;
  components: Record<string, { score: number; weight: number; detail: string }>;
  diff: { missing: unknown[]; unexpected: unknown[] };
}

interface Autoplay {
  policy: string;
  calls: { tool: string; ok: boolean }[];
  answer: unknown;
  verification?: Verification;
}

async function openFor(task: Task): Promise<string> {
  const res = await api<{ id: string; task?: string; seed: string }>("POST", "/v1/episodes", {
    body: { task: task.id },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.task).toBe(task.id);
  expect(res.body.seed).toBe(task.episode.seed);
  return res.body.id;
}

function autoplay(episode: string, body: Record<string, unknown>) {
  return api<Autoplay>("POST", `/v1/episodes/${episode}/autoplay`, { body });
}

describe("verifying episodes opened for tasks", () => {
  let tasks: Task[] = [];

  beforeAll(async () => {
    expect((await publish(EnvironmentSpecSchema.parse(chinook))).status).toBeLessThan(300);
    ({ tasks } = await synthesize({
      environment: "chinook",
      count: 8,
      strategy: "mixed",
      seed: "verify",
    }));
    expect(tasks.length).toBeGreaterThanOrEqual(6);
  }, 90_000);

  it("gives the oracle 1.0 on every task, with named components", async () => {
    for (const task of tasks) {
      const episode = await openFor(task);
      const played = await autoplay(episode, { policy: "oracle" });
      expect(played.status, JSON.stringify(played.body)).toBe(200);
      expect(played.body.calls.map((c) => c.tool)).toEqual(task.solution.calls.map((c) => c.tool));
      const verification = played.body.verification;
      expect(verification?.reward, `${task.id}: ${JSON.stringify(verification)}`).toBe(1);
      expect(verification?.components.state).toBeDefined();
      if (task.groundTruth.answer) expect(verification?.components.answer?.score).toBe(1);
      expect(verification?.diff).toEqual({ missing: [], unexpected: [] });
    }
  });

  it("gives 0 for doing nothing, and the answer alone is scored by the verify endpoint", async () => {
    for (const task of tasks) {
      const episode = await openFor(task);
      const idle = await api<Verification>("POST", `/v1/episodes/${episode}/verify`);
      expect(idle.status, JSON.stringify(idle.body)).toBe(200);
      expect(idle.body.reward).toBe(0);
      const writes = Object.keys(task.groundTruth.changes).length > 0;
      if (writes) expect(idle.body.diff.missing.length).toBeGreaterThan(0);
      if (task.groundTruth.answer && !writes) {
        const answered = await api<Verification>("POST", `/v1/episodes/${episode}/verify`, {
          body: { answer: task.groundTruth.answer.value },
        });
        expect(answered.body.reward).toBe(1);
      }
    }
  });

  it("scores a noisy oracle and the random policy below the oracle", async () => {
    const task = tasks[0] as Task;
    const dropped = await autoplay(await openFor(task), { policy: "oracle", errorRate: 1 });
    expect(dropped.status).toBe(200);
    expect(dropped.body.verification?.reward).toBe(0);
    let total = 0;
    for (const t of tasks) {
      const random = await autoplay(await openFor(t), { policy: "random", calls: 6, seed: t.id });
      expect(random.status, JSON.stringify(random.body)).toBe(200);
      expect(random.body.calls).toHaveLength(6);
      total += random.body.verification?.reward ?? 0;
    }
    expect(total / tasks.length).toBeLessThan(0.5);
  });

  it("shows only the task's tools and refuses verify on an episode with no task", async () => {
    const task = tasks[0] as Task;
    const episode = await openFor(task);
    const listed = await api<{ tools: { name: string }[] }>(
      "GET",
      `/v1/episodes/${episode}/tools?format=mcp`,
    );
    expect(listed.body.tools.map((t) => t.name).sort()).toEqual([...task.tools].sort());

    const plain = await openEpisode("chinook");
    const refused = await api<{ error: { code: string; message: string } }>(
      "POST",
      `/v1/episodes/${plain}/verify`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/not opened for a task/);
    const noPolicy = await autoplay(plain, { policy: "oracle" });
    expect(noPolicy.status).toBe(409);
  });

  it("answers bad requests with clear errors", async () => {
    const missing = await api<{ error: { code: string } }>("POST", "/v1/episodes", {
      body: { task: "task_doesnotexist" },
    });
    expect(missing.status).toBe(404);
    const neither = await api<{ error: { code: string } }>("POST", "/v1/episodes", { body: {} });
    expect(neither.status).toBe(400);
    const task = tasks[0] as Task;
    const wrongEnvironment = await api("POST", "/v1/episodes", {
      body: { task: task.id, environment: "nyc-flights" },
    });
    expect(wrongEnvironment.status).toBe(400);
    const episode = await openFor(task);
    const malformed = await api<{ error: { code: string } }>(
      "POST",
      `/v1/episodes/${episode}/verify`,
      { rawBody: "{not json" },
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("invalid_json");
    const badPolicy = await autoplay(episode, { policy: "genius" });
    expect(badPolicy.status).toBe(400);
  });
});
