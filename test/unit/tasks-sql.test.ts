// Task synthesis on SQL servers (mcp-server-sqlite over Chinook, postgres over Northwind): chains
// of statements that find a named row's key and feed it on, and programs that loop and branch over
// the rows; every kept task is solved by its own solution and not by doing nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scoreEpisode } from "../../core/tasks/score-episode";
import { sqlLens } from "../../core/tasks/sql-lens";
import { SynthesisShardSchema } from "../../core/tasks/synthesis-request";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import { catalogSpec, type NodeWorld, nodeWorld, oracleScore } from "../support/synthesis-harness";

const shard = (input: Record<string, unknown>) => SynthesisShardSchema.parse(input);

describe("SQL task synthesis on mcp-sqlite-npx-chinook", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await nodeWorld(catalogSpec("mcp-sqlite-npx-chinook"));
  });
  afterAll(() => env.close());

  it("sees the read and write tools and Chinook's relations named by their labels", () => {
    const lens = sqlLens(env.world.db, env.world.tools);
    expect(lens?.read).toEqual({ name: "read_query", arg: "query" });
    expect(lens?.write).toEqual({ name: "write_query", arg: "query" });
    const albums = lens?.tables.find((t) => t.model.name === "Album");
    expect(albums?.label?.words).toBe("title");
    const customers = lens?.tables.find((t) => t.model.name === "Customer");
    expect(customers?.label?.words).toBe("full name");
    expect(
      lens?.relations.some(
        (r) => r.parent.model.name === "Album" && r.child.model.name === "Track",
      ),
    ).toBe(true);
  });

  it.each(["graph", "programmatic"] as const)(
    "keeps %s tasks the oracle solves, inaction does not, with the key hidden",
    async (strategy) => {
      const { tasks } = await synthesizeTasks(
        env.world,
        shard({ count: 15, strategy, seed: `sql-${strategy}` }),
      );
      expect(tasks.length).toBe(15);
      for (const task of tasks) {
        expect(task.kind).toBe(strategy);
        expect(task.solution.calls.length).toBeGreaterThanOrEqual(2);
        expect(task.solution.calls[0]?.tool).toBe("read_query");
        expect(task.instruction).not.toMatch(/read_query|write_query|SELECT/);
        expect(await oracleScore(env, task)).toBe(1);
        expect(scoreEpisode(task, {}, undefined).reward).toBe(0);
      }
    },
  );

  it("makes write tasks through write_query when writes are asked for", async () => {
    const { tasks } = await synthesizeTasks(
      env.world,
      shard({ count: 8, strategy: "mixed", seed: "sql-writes", difficulty: { minWrites: 1 } }),
    );
    expect(tasks.length).toBe(8);
    for (const task of tasks) {
      expect(task.solution.calls.some((c) => c.tool === "write_query")).toBe(true);
      expect(Object.keys(task.groundTruth.changes).length).toBeGreaterThan(0);
      expect(await oracleScore(env, task)).toBe(1);
    }
  });

  it("is deterministic", async () => {
    const request = shard({ count: 6, strategy: "mixed", seed: "sql-same" });
    const a = await synthesizeTasks(env.world, request);
    const b = await synthesizeTasks(env.world, request);
    expect(b.tasks.map((t) => t.id)).toEqual(a.tasks.map((t) => t.id));
  });
});

describe("SQL task synthesis on the read-only mcp-postgres", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await nodeWorld(catalogSpec("mcp-postgres"));
  });
  afterAll(() => env.close());

  it("makes tasks from its one query tool", async () => {
    const { tasks } = await synthesizeTasks(
      env.world,
      shard({ count: 10, strategy: "mixed", seed: "pg-mixed" }),
    );
    expect(tasks.length).toBe(10);
    for (const task of tasks) {
      expect(task.solution.calls.every((c) => c.tool === "query")).toBe(true);
      expect(await oracleScore(env, task)).toBe(1);
    }
  });

  it("says why when writes are asked of a server that only reads", async () => {
    const { tasks, report } = await synthesizeTasks(
      env.world,
      shard({ count: 5, strategy: "graph", seed: "pg-writes", difficulty: { minWrites: 1 } }),
    );
    expect(tasks).toEqual([]);
    expect(report.stoppedBecause).toMatch(/only reads/);
  });
});
