// Task synthesis on the MCP reference "everything" server (mcp-everything): chains that read a
// value only one utility reveals and pass it to another, and programs that loop over its numbered
// resources, its readings and its settings. Every kept task is solved by its own solution and not
// by doing nothing; the server is small, so the floors here are what it really holds (about 448
// distinct graph tasks, 209 of them with a write; thousands of programs over runs of resources).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { utilityLens } from "../../core/surfaces/everything-utility/tasks/lens";
import { UTILITY_TEMPLATES } from "../../core/surfaces/everything-utility/tasks/task-source";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import {
  catalogWorld,
  readsOnly,
  shard,
  surveySynthesis,
  synthesizeTwice,
} from "../support/surface-synthesis";
import { catalogSpec, type NodeWorld, oracleScore } from "../support/synthesis-harness";

const TOOL_NAMES =
  /\b(echo|get_sum|get_env|get_structured_content|get_resource_reference|get_resource_links|gzip_file_as_resource|toggle_\w+)\b/;
const WRITE_TOOLS = new Set([
  "gzip_file_as_resource",
  "toggle_simulated_logging",
  "toggle_subscriber_updates",
]);

describe("utility task synthesis on mcp-everything", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-everything");
  });
  afterAll(() => env.close());

  it("sees each published utility as the importer built it", () => {
    const lens = utilityLens(env.world.db, env.world.tools);
    expect(lens?.echo).toEqual({ tool: "echo", arg: "message" });
    expect(lens?.sum).toEqual({ tool: "get_sum", a: "a", b: "b" });
    expect(lens?.lookup?.keys).toEqual(["New York", "Chicago", "Los Angeles"]);
    expect(lens?.lookup?.numeric).toEqual(["temperature", "humidity"]);
    expect(lens?.reference).toMatchObject({ types: ["Text", "Blob"], count: 100 });
    expect(lens?.links).toMatchObject({ tool: "get_resource_links", max: 10 });
    expect(lens?.gzip).toMatchObject({ nameArg: "name", outputArg: "outputType" });
    expect(lens?.toggles.map((t) => t.words)).toEqual(["simulated logging", "subscriber updates"]);
    // What the server can hold: 450 graph candidates (two state their own answer), 209 that write.
    const capacity = (kind: string, writes: boolean) =>
      UTILITY_TEMPLATES.filter((t) => t.kind === kind && (!writes || t.maxWrites > 0)).reduce(
        (n, t) => n + (lens ? t.capacity(lens) : 0),
        0,
      );
    expect(capacity("graph", false)).toBe(450);
    expect(capacity("graph", true)).toBe(211);
  });

  it.each(["graph", "programmatic"] as const)(
    "keeps 200 %s tasks the oracle solves and inaction does not",
    async (strategy) => {
      const run = await surveySynthesis(
        env,
        shard({ count: 200, strategy, seed: `utility-${strategy}` }),
        {
          leaks: [TOOL_NAMES, /resourceId|resourceType|outputType|created_at/],
          oracleEvery: 10,
        },
      );
      expect(run.tasks.length).toBe(200);
      expect(run.distinctKeys).toBe(200);
      expect(run.kinds).toEqual([strategy]);
      expect(run.fewestCalls).toBeGreaterThanOrEqual(2);
      expect(run.leaking).toEqual([]);
      expect(run.nothingRewards).toEqual([0]);
      // The solution replays on its own; every tenth is enough to show it outside validation.
      expect(run.oracleRewards).toEqual([1]);
      // Variety: tasks come from many templates, told apart by the tools they chain.
      expect(run.toolSets).toBeGreaterThanOrEqual(strategy === "graph" ? 7 : 4);
    },
    120_000,
  );

  it("answers resource counts the way the resources' own text says", async () => {
    const { tasks } = await synthesizeTasks(
      env.world,
      shard({ count: 60, strategy: "programmatic", seed: "utility-counts" }),
    );
    const counts = tasks.flatMap((t) => {
      const m =
        /^Of (Text|Blob) Resources (\d+) through (\d+), how many were created (before|after) (\d+):(\d+) (AM|PM)\?$/.exec(
          t.instruction,
        );
      return m ? [{ task: t, m }] : [];
    });
    expect(counts.length).toBeGreaterThan(3);
    for (const { task, m } of counts) {
      const [, type, from, to, side, h, min, half] = m;
      const cut = ((Number(h) % 12) + (half === "PM" ? 12 : 0)) * 3600 + Number(min) * 60;
      const rows = env.world.db.query(
        `SELECT "text", "blob" FROM "utility_resource" WHERE "resource_type" = ? AND "resource_id" BETWEEN ? AND ?`,
        [type ?? "", Number(from), Number(to)],
      );
      const expected = rows.filter((row) => {
        const content =
          typeof row.text === "string"
            ? row.text
            : atob(typeof row.blob === "string" ? row.blob : "");
        const t = /(\d+):(\d+):(\d+) (AM|PM)/.exec(content);
        const at = t
          ? ((Number(t[1]) % 12) + (t[4] === "PM" ? 12 : 0)) * 3600 +
            Number(t[2]) * 60 +
            Number(t[3])
          : Number.NaN;
        return side === "before" ? at < cut : at > cut;
      }).length;
      expect(task.groundTruth.answer?.value).toBe(expected);
    }
  });

  it("reaches 200 graph tasks that write, and the gzip's timestamp is judged by presence", async () => {
    const run = await surveySynthesis(
      env,
      shard({
        count: 200,
        strategy: "graph",
        seed: "utility-writes",
        difficulty: { minWrites: 1 },
      }),
      { writeTools: WRITE_TOOLS },
    );
    const { tasks } = run;
    expect(tasks.length).toBe(200);
    expect(Math.min(...run.writes)).toBeGreaterThanOrEqual(1);
    expect(run.unchanged).toEqual([]);
    const gzipped = tasks.find((t) => t.groundTruth.changes.utility_session_resource);
    expect(gzipped?.groundTruth.volatile.utility_session_resource).toContain("created_at");
    for (const task of tasks.slice(0, 10)) expect(await oracleScore(env, task)).toBe(1);
  }, 120_000);

  it("loops over several writes when a program is asked for them", async () => {
    const run = await surveySynthesis(
      env,
      shard({
        count: 8,
        strategy: "programmatic",
        seed: "utility-loop-writes",
        difficulty: { minWrites: 3 },
      }),
      { writeTools: WRITE_TOOLS, oracleEvery: 1 },
    );
    expect(run.tasks.length).toBe(8);
    expect(Math.min(...run.writes)).toBeGreaterThanOrEqual(3);
    expect(run.oracleRewards).toEqual([1]);
  });

  it("says why no graph task makes two writes: each chain ends in one gzip or one switch", async () => {
    const { tasks, report } = await synthesizeTasks(
      env.world,
      shard({
        count: 5,
        strategy: "graph",
        seed: "utility-two-writes",
        difficulty: { minWrites: 2 },
      }),
    );
    expect(tasks).toEqual([]);
    expect(report.stoppedBecause).toMatch(/no_template/);
    expect(report.examples.no_template?.[0]).toMatch(/at most 1/);
  });

  it("is deterministic", async () => {
    const [a, b] = await synthesizeTwice(
      env,
      shard({ count: 12, strategy: "mixed", seed: "utility-same" }),
    );
    expect(a.tasks.length).toBe(12);
    expect(b.ids).toEqual(a.ids);
  });
});

describe("utility task synthesis without the writing utilities", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-everything", readsOnly);
  });
  afterAll(() => env.close());

  it("still makes read tasks", async () => {
    const run = await surveySynthesis(
      env,
      shard({ count: 10, strategy: "mixed", seed: "utility-reads" }),
      { oracleEvery: 1 },
    );
    expect(run.tasks.length).toBe(10);
    expect(run.oracleRewards).toEqual([1]);
  });

  it("says why when writes are asked of utilities that only read", async () => {
    const { tasks, report } = await synthesizeTasks(
      env.world,
      shard({
        count: 5,
        strategy: "graph",
        seed: "utility-no-writes",
        difficulty: { minWrites: 1 },
      }),
    );
    expect(tasks).toEqual([]);
    expect(report.stoppedBecause).toMatch(/changes state/);
  });

  it("leaves an environment with a tool it does not know to other task sources", () => {
    const other = catalogSpec("mcp-memory");
    const tools = [...env.world.tools, ...other.tools];
    expect(utilityLens(env.world.db, tools)).toBeUndefined();
    expect(utilityLens(env.world.db, env.world.tools)).toBeDefined();
  });
});
