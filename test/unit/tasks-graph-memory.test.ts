// Task synthesis on a knowledge-graph memory (mcp-memory, @modelcontextprotocol/server-memory over
// the seeded warehouse-robotics graph): chains that find an entity by a relation or a quoted
// phrase and read or change it, programs that loop over a group of entities; every kept task is
// solved by its own solution and not by doing nothing, the found names stay out of instructions,
// and a server without search or open tools still gets tasks from the tools it has.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryLens } from "../../core/surfaces/memory-graph/tasks/lens";
import { relationWords, whichFrom } from "../../core/surfaces/memory-graph/tasks/words";
import { SURFACE_TASK_SOURCES } from "../../core/tasks/surface-tasks";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import {
  catalogWorld,
  shard,
  surveySynthesis,
  synthesizeTwice,
} from "../support/surface-synthesis";
import { type NodeWorld, oracleScore } from "../support/synthesis-harness";

const WRITES = [
  "create_entities",
  "create_relations",
  "add_observations",
  "delete_entities",
  "delete_observations",
  "delete_relations",
];
/** What a user would not say: tool names, raw relation types, argument and column names. */
const LEAKY =
  /_entities|_relations|_observations|read_graph|search_nodes|open_nodes|works_at|reports_to|entityType|relationType|entity_type/;

describe("memory task synthesis on mcp-memory", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-memory");
  });
  afterAll(() => env.close());

  it("is drafted by the graph-memory source, which sees every graph tool with its argument", () => {
    const source = SURFACE_TASK_SOURCES.find((s) => s.recognise(env.world.db, env.world.tools));
    expect(source?.name).toBe("graph-memory");
    const lens = memoryLens(env.world.db, env.world.tools);
    expect(lens?.read_graph).toEqual({ name: "read_graph", arg: "" });
    expect(lens?.search_nodes).toEqual({ name: "search_nodes", arg: "query" });
    expect(lens?.delete_entities).toEqual({ name: "delete_entities", arg: "entityNames" });
    expect(lens?.add_observations).toEqual({ name: "add_observations", arg: "observations" });
  });

  it.each(["graph", "programmatic"] as const)(
    "keeps %s tasks the oracle solves and inaction does not, in a user's words",
    async (strategy) => {
      const run = await surveySynthesis(
        env,
        shard({ count: 30, strategy, seed: `memory-${strategy}` }),
        { leaks: [LEAKY], oracleEvery: 1 },
      );
      expect(run.tasks.length).toBe(30);
      expect(run.kinds).toEqual([strategy]);
      expect(run.fewestCalls).toBeGreaterThanOrEqual(2);
      expect(run.leaking).toEqual([]);
      expect(run.oracleRewards).toEqual([1]);
      expect(run.nothingRewards).toEqual([0]);
      // Reads and writes both: answers (names, counts, sets) and state changes.
      expect(run.unanswered.length).toBeLessThan(run.tasks.length);
      expect(run.unchanged.length).toBeLessThan(run.tasks.length);
    },
  );

  it("hides the entity a graph task finds: its name is in a later call, not the instruction", async () => {
    const { tasks } = await synthesizeTasks(
      env.world,
      shard({ count: 20, strategy: "graph", seed: "memory-hidden" }),
    );
    const names = (env.spec.seed.tables.graph_entities?.rows ?? []).map((row) => String(row[0]));
    let found = 0;
    for (const task of tasks) {
      const [first, ...later] = task.solution.calls;
      const firstArgs = JSON.stringify(first?.args);
      const laterArgs = JSON.stringify(later.map((c) => c.args));
      // A name fed to a later call that neither the instruction nor the first call gave.
      const discovered = names.filter(
        (n) =>
          laterArgs.includes(JSON.stringify(n)) &&
          !firstArgs.includes(n) &&
          !task.instruction.includes(n),
      );
      if (discovered.length > 0) found++;
    }
    expect(found).toBeGreaterThan(5);
  });

  it("makes write tasks through the graph's write tools when writes are asked for", async () => {
    const run = await surveySynthesis(
      env,
      shard({ count: 12, strategy: "mixed", seed: "memory-writes", difficulty: { minWrites: 1 } }),
      { writeTools: WRITES, oracleEvery: 1 },
    );
    expect(run.tasks.length).toBe(12);
    expect(Math.min(...run.writes)).toBeGreaterThanOrEqual(1);
    expect(run.unchanged).toEqual([]);
    expect(run.oracleRewards).toEqual([1]);
  });

  it("is deterministic", async () => {
    const [a, b] = await synthesizeTwice(
      env,
      shard({ count: 8, strategy: "mixed", seed: "memory-same" }),
    );
    expect(b.ids).toEqual(a.ids);
  });
});

describe("memory task synthesis with fewer tools", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    const kept = ["create_entities", "create_relations", "read_graph"];
    env = await catalogWorld("mcp-memory", (t) => kept.includes(t.name));
  });
  afterAll(() => env.close());

  it("drafts graph tasks from the tools the server has", async () => {
    const { tasks } = await synthesizeTasks(
      env.world,
      shard({ count: 10, strategy: "graph", seed: "memory-few" }),
    );
    expect(tasks.length).toBe(10);
    for (const task of tasks) {
      expect(task.solution.calls.map((c) => c.tool)).toEqual([
        "read_graph",
        "create_entities",
        "create_relations",
      ]);
      expect(await oracleScore(env, task)).toBe(1);
    }
  });

  it("says it ran out when no template of the kind fits those tools", async () => {
    const { tasks, report } = await synthesizeTasks(
      env.world,
      shard({ count: 5, strategy: "programmatic", seed: "memory-few-programs" }),
    );
    expect(tasks).toEqual([]);
    expect(report.stoppedBecause).toMatch(/exhausted/);
  });

  it("is not a memory without a tool that reads the whole graph", () => {
    const tools = env.world.tools.filter((t) => t.name !== "read_graph");
    expect(memoryLens(env.world.db, tools)).toBeUndefined();
  });
});

describe("relation types in words", () => {
  it("reads active, passive and past relation types as a user says them", () => {
    expect(relationWords("works_at")).toMatchObject({ one: "works at", many: "work at" });
    expect(relationWords("headquartered_in")).toMatchObject({
      one: "is headquartered in",
      many: "are headquartered in",
      passive: true,
    });
    expect(relationWords("sits_on_board_of").one).toBe("sits on the board of");
    expect(whichFrom("organization", "works_at", "they")).toBe(
      "Which organization do they work at?",
    );
    expect(whichFrom("location", "headquartered_in", "it")).toBe(
      "Which location is it headquartered in?",
    );
    expect(whichFrom("organization", "founded", "they")).toBe(
      "What is the organization that they founded?",
    );
  });
});
