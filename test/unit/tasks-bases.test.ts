// Task synthesis on the Airtable bases (mcp-airtable): chains that find a base by its name and a
// record by its primary value (the base list, then a formula filter), then set a field, relink,
// comment, add a linked record or read a field; programs that filter with a formula and loop —
// sums, maxima and counts over linked records, bulk updates ten at a time, a comment on each
// picked record, a new field filled from other fields. Every kept task is solved by its own
// solution and not by doing nothing, and no instruction names an id or a tool.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basesLens } from "../../core/tasks/bases-lens";
import { scoreEpisode } from "../../core/tasks/score-episode";
import { SynthesisShardSchema } from "../../core/tasks/synthesis-request";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import type { Task } from "../../core/tasks/task";
import { catalogSpec, type NodeWorld, nodeWorld, oracleScore } from "../support/synthesis-harness";

const shard = (input: Record<string, unknown>) => SynthesisShardSchema.parse(input);
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
const writesOf = (task: Task) => task.solution.calls.filter((c) => WRITE_TOOLS.has(c.tool)).length;
const opening = (task: Task) => task.instruction.split(" ").slice(0, 3).join(" ");
const LONG = 300_000;

describe("bases synthesis on airtable-mcp-server", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await nodeWorld(catalogSpec("mcp-airtable"));
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
      const { tasks } = await synthesizeTasks(
        env.world,
        shard({ count: 200, strategy, seed: `bases-${strategy}` }),
      );
      expect(tasks.length).toBe(200);
      const openings = new Set<string>();
      for (const task of tasks) {
        expect(task.kind).toBe(strategy);
        expect(task.solution.calls.length).toBeGreaterThanOrEqual(2);
        expect(task.instruction).not.toMatch(IDS);
        expect(task.instruction).not.toMatch(TOOL_NAMES);
        expect(await oracleScore(env, task)).toBe(1);
        expect(scoreEpisode(task, {}, undefined).reward).toBe(0);
        // Writes are judged by state, reads by the answer.
        if (writesOf(task) > 0)
          expect(Object.keys(task.groundTruth.changes).length).toBeGreaterThan(0);
        else expect(task.groundTruth.answer).toBeDefined();
        if (strategy === "programmatic") expect(task.solution.program).toMatch(/for \(|\.map\(/);
        openings.add(opening(task));
      }
      expect(openings.size).toBeGreaterThanOrEqual(6);
      const writing = tasks.filter((t) => writesOf(t) > 0).length;
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
        const { tasks } = await synthesizeTasks(
          env.world,
          shard({
            count: 10,
            strategy: "mixed",
            seed: `bases-w${minWrites}`,
            difficulty: { minWrites },
          }),
        );
        expect(tasks.length).toBe(10);
        for (const task of tasks) {
          expect(writesOf(task)).toBeGreaterThanOrEqual(minWrites);
          expect(Object.keys(task.groundTruth.changes).length).toBeGreaterThan(0);
          expect(await oracleScore(env, task)).toBe(1);
        }
      }
    },
    LONG,
  );

  it(
    "is deterministic",
    async () => {
      const request = shard({ count: 12, strategy: "mixed", seed: "bases-same" });
      const a = await synthesizeTasks(env.world, request);
      const b = await synthesizeTasks(env.world, request);
      expect(b.tasks.map((t) => t.id)).toEqual(a.tasks.map((t) => t.id));
      expect(b.tasks.map((t) => t.instruction)).toEqual(a.tasks.map((t) => t.instruction));
    },
    LONG,
  );
});

describe("bases synthesis on tools that only read", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    const spec = catalogSpec("mcp-airtable");
    env = await nodeWorld({ ...spec, tools: spec.tools.filter((t) => t.effect === "read") });
  });
  afterAll(() => env.close());

  it(
    "still asks questions, and says why when writes are asked for",
    async () => {
      const reads = await synthesizeTasks(
        env.world,
        shard({ count: 5, strategy: "programmatic", seed: "bases-reads" }),
      );
      expect(reads.tasks.length).toBe(5);
      for (const task of reads.tasks) expect(task.groundTruth.answer).toBeDefined();
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
    const other = await nodeWorld(catalogSpec("mcp-taskmanager"));
    try {
      expect(basesLens(other.world.db, other.world.tools)).toBeUndefined();
    } finally {
      other.close();
    }
  });
});
