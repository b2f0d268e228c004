// The whole synthesis shard on real environments in Node: drafts from both generators, validated
// by execution, and every kept task re-scored independently: its reference solution replayed on a
// fresh copy earns 1.0, doing nothing earns 0, and the same seed gives the same tasks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scoreEpisode } from "../../core/tasks/score-episode";
import { SynthesisShardSchema } from "../../core/tasks/synthesis-request";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import { TaskSchema } from "../../core/tasks/task";
import { catalogSpec, type NodeWorld, nodeWorld, oracleScore } from "../support/synthesis-harness";

function shard(input: Record<string, unknown>) {
  return SynthesisShardSchema.parse(input);
}

describe.each(["chinook", "nyc-flights"])("synthesis on %s", (name) => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await nodeWorld(catalogSpec(name));
  });
  afterAll(() => env.close());

  it("keeps validated graph and programmatic tasks that the oracle solves and inaction does not", async () => {
    const { tasks, report } = await synthesizeTasks(
      env.world,
      shard({ count: 12, strategy: "mixed", seed: `${name}-mixed` }),
    );
    expect(report.kept).toBe(tasks.length);
    expect(tasks.length).toBeGreaterThanOrEqual(8);
    expect(new Set(tasks.map((t) => t.kind))).toEqual(new Set(["graph", "programmatic"]));
    for (const task of tasks) {
      expect(TaskSchema.safeParse(task).success).toBe(true);
      expect(task.solution.calls.length).toBeGreaterThanOrEqual(2);
      expect(await oracleScore(env, task)).toBe(1);
      expect(scoreEpisode(task, {}, undefined).reward).toBe(0);
      for (const tool of env.spec.tools) expect(task.instruction).not.toContain(tool.name);
    }
    expect(new Set(tasks.map((t) => t.dedupeKey)).size).toBe(tasks.length);
  });

  it("gives the same tasks for the same seed and different ones for another", async () => {
    const request = shard({ count: 4, strategy: "graph", seed: `${name}-repeat` });
    const first = await synthesizeTasks(env.world, request);
    const again = await synthesizeTasks(env.world, request);
    expect(again.tasks.map((t) => t.id)).toEqual(first.tasks.map((t) => t.id));
    expect(again.tasks.map((t) => t.groundTruth.digest)).toEqual(
      first.tasks.map((t) => t.groundTruth.digest),
    );
    const other = await synthesizeTasks(env.world, { ...request, seed: `${name}-other` });
    expect(other.tasks.map((t) => t.id)).not.toEqual(first.tasks.map((t) => t.id));
  });

  it("makes tasks that write when asked to, judged on the state change", async () => {
    const { tasks } = await synthesizeTasks(
      env.world,
      shard({ count: 4, strategy: "mixed", seed: `${name}-writes`, difficulty: { minWrites: 1 } }),
    );
    expect(tasks.length).toBeGreaterThan(0);
    for (const task of tasks) {
      expect(task.difficulty.writes).toBeGreaterThanOrEqual(1);
      expect(Object.keys(task.groundTruth.changes).length).toBeGreaterThan(0);
    }
  });
});

describe("environments that cannot support a task", () => {
  it("says why when there is a single tool", async () => {
    const spec = catalogSpec("chinook");
    const env = await nodeWorld({ ...spec, tools: spec.tools.slice(0, 1) });
    try {
      const { tasks, report } = await synthesizeTasks(
        env.world,
        shard({ count: 3, strategy: "mixed", seed: "one-tool" }),
      );
      expect(tasks).toEqual([]);
      expect(report.stoppedBecause).toMatch(/at least two/);
    } finally {
      env.close();
    }
  });

  it("says why when writes are asked of an environment with no write tools", async () => {
    const spec = catalogSpec("chinook");
    const env = await nodeWorld({ ...spec, tools: spec.tools.filter((t) => t.effect === "read") });
    try {
      const { tasks, report } = await synthesizeTasks(
        env.world,
        shard({ count: 3, strategy: "graph", seed: "no-writes", difficulty: { minWrites: 1 } }),
      );
      expect(tasks).toEqual([]);
      expect(report.stoppedBecause).toMatch(/no write tools/);
    } finally {
      env.close();
    }
  });

  it("returns what it could make and why it stopped when asked for more than the data supports", async () => {
    const spec = catalogSpec("chinook");
    const env = await nodeWorld(spec);
    try {
      const { tasks, report } = await synthesizeTasks(
        env.world,
        shard({ count: 50, strategy: "graph", seed: "too-many", maxAttempts: 20 }),
      );
      expect(tasks.length).toBeLessThan(50);
      expect(report.attempts).toBe(20);
      expect(report.stoppedBecause).toMatch(/stopped after 20 candidates/);
    } finally {
      env.close();
    }
  });
});
