// Task synthesis on the Airtable bases (mcp-airtable): chains that find a base by its name and a
// record by its primary value (the base list, then a formula filter), then set a field, relink,
// comment, add a linked record or read a field; programs that filter with a formula and loop —
// sums, maxima and counts over linked records, bulk updates ten at a time, a comment on each
// picked record, a new field filled from other fields. Every kept task is solved by its own
// solution and not by doing nothing, and no instruction names an id or a tool.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basesLens } from "../../core/surfaces/airtable-bases/tasks/lens";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import {
  catalogWorld,
  lookIn,
  openingOf,
  readsOnly,
  shard,
  surveySynthesis,
  synthesizeTwice,
} from "../support/surface-synthesis";
import type { NodeWorld } from "../support/synthesis-harness";

const IDS = /\b(app|tbl|fld|viw|rec|com|usr|sel)[0-9A-Za-z]{14}\b/;
const TOOL_NAMES =
  /\b(list_records|search_records|list_bases|list_tables|describe_table|get_record|create_record|update_records|delete_records|create_table|update_table|create_field|update_field|create_comment|list_comments|upload_attachment)\b/;
const WRITE_TOOLS = new Set([
  "create_record",
  "update_records",
  "delete_records",
  "create_table",
  "update_table",
  "create_field",
  "update_field",
  "create_comment",
]);
const LONG = 300_000;

describe("bases synthesis on airtable-mcp-server", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-airtable");
  });
  afterAll(() => env.close());

  it("sees every role under the server's own tool and argument names", () => {
    const lens = basesLens(env.world.db, env.world.tools);
    expect(lens?.list_bases).toEqual({ name: "list_bases", args: {} });
    expect(lens?.list_records?.args).toEqual({
      base: "baseId",
      table: "tableId",
      view: "view",
      maxRecords: "maxRecords",
      filterByFormula: "filterByFormula",
      sort: "sort",
      fields: "fields",
    });
    expect(lens?.create_field?.args).toEqual({
      base: "baseId",
      table: "tableId",
      nested: "nested",
    });
    expect(Object.keys(lens ?? {}).sort()).toEqual([
      "create_comment",
      "create_field",
      "create_record",
      "create_table",
      "delete_records",
      "describe_table",
      "get_record",
      "list_bases",
      "list_comments",
      "list_records",
      "list_tables",
      "search_records",
      "update_field",
      "update_records",
      "update_table",
    ]);
  });

  it.each(["graph", "programmatic"] as const)(
    "keeps 200 %s tasks the oracle solves and inaction does not, in the user's words",
    async (strategy) => {
      const run = await surveySynthesis(
        env,
        shard({ count: 200, strategy, seed: `bases-${strategy}` }),
        { leaks: [IDS, TOOL_NAMES], writeTools: WRITE_TOOLS, oracleEvery: 1 },
      );
      const { tasks } = run;
      expect(tasks.length).toBe(200);
      expect(run.kinds).toEqual([strategy]);
      expect(run.fewestCalls).toBeGreaterThanOrEqual(2);
      expect(run.leaking).toEqual([]);
      expect(run.oracleRewards).toEqual([1]);
      expect(run.nothingRewards).toEqual([0]);
      // Writes are judged by state, reads by the answer.
      expect(run.unjudged).toEqual([]);
      if (strategy === "programmatic")
        for (const task of tasks) expect(task.solution.program).toMatch(/for \(|\.map\(/);
      expect(new Set(tasks.map((t) => openingOf(t, 3))).size).toBeGreaterThanOrEqual(6);
      const writing = run.writes.filter((w) => w > 0).length;
      expect(writing).toBeGreaterThan(40);
      expect(writing).toBeLessThan(200);
    },
    LONG,
  );

  it(
    "finds the base by its name and the record through a formula, never stating their ids",
    async () => {
      const { tasks } = await synthesizeTasks(
        env.world,
        shard({ count: 20, strategy: "graph", seed: "bases-named" }),
      );
      for (const task of tasks) {
        const [bases, records] = task.solution.calls;
        expect(bases?.tool).toBe("list_bases");
        expect(records?.tool).toBe("list_records");
        const baseId = String(records?.args.baseId);
        expect(baseId).toMatch(/^app[0-9A-Za-z]{14}$/);
        expect(task.instruction).not.toContain(baseId);
        // The formula looks the record up by the primary value the instruction quotes.
        const named = /^\{[^}]+\} = "([^"]+)"$/.exec(String(records?.args.filterByFormula))?.[1];
        expect(named).toBeDefined();
        expect(task.instruction).toContain(`"${named}"`);
      }
    },
    LONG,
  );

  it(
    "makes tasks with at least the writes asked for",
    async () => {
      for (const minWrites of [1, 3]) {
        const run = await surveySynthesis(
          env,
          shard({
            count: 10,
            strategy: "mixed",
            seed: `bases-w${minWrites}`,
            difficulty: { minWrites },
          }),
          { writeTools: WRITE_TOOLS, oracleEvery: 1 },
        );
        expect(run.tasks.length).toBe(10);
        expect(Math.min(...run.writes)).toBeGreaterThanOrEqual(minWrites);
        expect(run.unchanged).toEqual([]);
        expect(run.oracleRewards).toEqual([1]);
      }
    },
    LONG,
  );

  it(
    "is deterministic",
    async () => {
      const [a, b] = await synthesizeTwice(
        env,
        shard({ count: 12, strategy: "mixed", seed: "bases-same" }),
      );
      expect(b.ids).toEqual(a.ids);
      expect(b.instructions).toEqual(a.instructions);
    },
    LONG,
  );
});

describe("bases synthesis on tools that only read", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-airtable", readsOnly);
  });
  afterAll(() => env.close());

  it(
    "still asks questions, and says why when writes are asked for",
    async () => {
      const reads = await surveySynthesis(
        env,
        shard({ count: 5, strategy: "programmatic", seed: "bases-reads" }),
      );
      expect(reads.tasks.length).toBe(5);
      expect(reads.unanswered).toEqual([]);
      const { tasks, report } = await synthesizeTasks(
        env.world,
        shard({ count: 5, strategy: "graph", seed: "bases-writes", difficulty: { minWrites: 1 } }),
      );
      expect(tasks).toEqual([]);
      expect(report.stoppedBecause).toMatch(/only read/);
    },
    LONG,
  );

  it("is not taken for bases without the bases' tables", async () => {
    const lens = await lookIn("mcp-taskmanager", (other) =>
      basesLens(other.world.db, other.world.tools),
    );
    expect(lens).toBeUndefined();
  });
});
