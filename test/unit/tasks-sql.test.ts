// Task synthesis on SQL servers (mcp-server-sqlite over Chinook, postgres over Northwind): chains
// of statements that find a named row's key and feed it on, and programs that loop and branch over
// the rows; every kept task is solved by its own solution and not by doing nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlLens } from "../../core/surfaces/sql/tasks/lens";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import {
  catalogWorld,
  shard,
  surveySynthesis,
  synthesizeTwice,
} from "../support/surface-synthesis";
import type { NodeWorld } from "../support/synthesis-harness";

describe("SQL task synthesis on mcp-sqlite-npx-chinook", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-sqlite-npx-chinook");
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
      const run = await surveySynthesis(
        env,
        shard({ count: 15, strategy, seed: `sql-${strategy}` }),
        { leaks: [/read_query|write_query|SELECT/], oracleEvery: 1 },
      );
      expect(run.tasks.length).toBe(15);
      expect(run.kinds).toEqual([strategy]);
      expect(run.fewestCalls).toBeGreaterThanOrEqual(2);
      for (const task of run.tasks) expect(task.solution.calls[0]?.tool).toBe("read_query");
      expect(run.leaking).toEqual([]);
      expect(run.oracleRewards).toEqual([1]);
      expect(run.nothingRewards).toEqual([0]);
    },
  );

  it("makes write tasks through write_query when writes are asked for", async () => {
    const run = await surveySynthesis(
      env,
      shard({ count: 8, strategy: "mixed", seed: "sql-writes", difficulty: { minWrites: 1 } }),
      { writeTools: ["write_query"], oracleEvery: 1 },
    );
    expect(run.tasks.length).toBe(8);
    expect(Math.min(...run.writes)).toBeGreaterThanOrEqual(1);
    expect(run.unchanged).toEqual([]);
    expect(run.oracleRewards).toEqual([1]);
  });

  it("is deterministic", async () => {
    const [a, b] = await synthesizeTwice(
      env,
      shard({ count: 6, strategy: "mixed", seed: "sql-same" }),
    );
    expect(b.ids).toEqual(a.ids);
  });
});

describe("SQL task synthesis on the read-only mcp-postgres", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-postgres");
  });
  afterAll(() => env.close());

  it("makes tasks from its one query tool", async () => {
    const run = await surveySynthesis(
      env,
      shard({ count: 10, strategy: "mixed", seed: "pg-mixed" }),
      { oracleEvery: 1 },
    );
    expect(run.tasks.length).toBe(10);
    for (const task of run.tasks)
      expect(task.solution.calls.every((c) => c.tool === "query")).toBe(true);
    expect(run.oracleRewards).toEqual([1]);
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
