// Task synthesis on the Notion workspace (mcp-notion): chains that find a page, a block or a
// data source row by what a user calls it and then act on it or read it, and programs that loop
// over filtered rows, child pages and to-dos, aggregate counts and totals, or append summaries.
// At count 200 every kept task is solved by its own solution and not by doing nothing, and no
// instruction names an id, a tool, a raw argument or JSON.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrng } from "../../core/sandbox/determinism";
import { readWorkspace } from "../../core/surfaces/notion-pages/tasks/explore";
import { pagesLens } from "../../core/surfaces/notion-pages/tasks/lens";
import { PAGES_TEMPLATES } from "../../core/surfaces/notion-pages/tasks/task-source";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import type { Task } from "../../core/tasks/task";
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

const UUID = /[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}/i;
const TOOL_NAMES = /\bAPI[-_][a-z]/;
const RAW_NAMES =
  /\b(page_id|block_id|data_source_id|database_id|rich_text|in_trash|start_cursor|to_do|child_page)\b/;
const WRITE_TOOLS = new Set([
  "API_patch_block_children",
  "API_update_a_block",
  "API_delete_a_block",
  "API_patch_page",
  "API_post_page",
  "API_create_a_comment",
  "API_update_a_data_source",
  "API_create_a_data_source",
  "API_move_page",
  "API_update_page_markdown",
]);

describe("page-workspace synthesis on mcp-notion", () => {
  let env: NodeWorld;
  /** The tasks the two count-200 runs keep, for the checks that read them after. */
  const kept: Task[] = [];
  beforeAll(async () => {
    env = await catalogWorld("mcp-notion");
  });
  afterAll(() => env.close());

  it("sees every workspace role under the server's own tool and argument names", () => {
    const lens = pagesLens(env.world.db, env.world.tools);
    expect(lens?.search).toEqual({
      name: "API_post_search",
      args: {
        query: "query",
        sort: "sort",
        filter: "filter",
        cursor: "start_cursor",
        size: "page_size",
      },
    });
    expect(lens?.append_children?.args).toEqual({
      block: "block_id",
      children: "children",
      after: "after",
    });
    expect(lens?.update_block).toEqual({
      name: "API_update_a_block",
      args: { block: "block_id", blockType: "type", archived: "archived" },
    });
    expect(Object.keys(lens ?? {}).length).toBe(23);
  });

  it.each(["graph", "programmatic"] as const)(
    "keeps 200 %s tasks the oracle solves and inaction does not, in the user's words",
    async (strategy) => {
      const run = await surveySynthesis(
        env,
        shard({ count: 200, strategy, seed: `pages-${strategy}` }),
        {
          leaks: [UUID, TOOL_NAMES, RAW_NAMES, /[{}[\]]/],
          writeTools: WRITE_TOOLS,
          oracleEvery: 4,
        },
      );
      const { tasks } = run;
      expect(tasks.length).toBe(200);
      expect(run.distinctKeys).toBe(200);
      kept.push(...tasks);
      expect(run.kinds).toEqual([strategy]);
      expect(run.fewestCalls).toBeGreaterThanOrEqual(2);
      expect(run.leaking).toEqual([]);
      expect(run.nothingRewards).toEqual([0]);
      // Every fourth solution replayed on its own.
      expect(run.oracleRewards).toEqual([1]);
      // Many templates, writes and reads among them.
      const templates = new Set(tasks.map((t) => openingOf(t, 3)));
      expect(templates.size).toBeGreaterThanOrEqual(strategy === "graph" ? 6 : 6);
      expect(run.toolSets).toBeGreaterThanOrEqual(strategy === "graph" ? 7 : 5);
      expect(run.writes.some((w) => w > 0)).toBe(true);
      expect(tasks.some((t) => t.groundTruth.answer !== undefined)).toBe(true);
      if (strategy === "programmatic") {
        // Loops: some programs write to several rows or blocks.
        expect(run.writes.some((w) => w >= 2)).toBe(true);
      }
    },
    240_000,
  );

  it("makes the kinds of tasks a wiki user asks for", () => {
    expect(kept).toHaveLength(400);
    const said = kept.map((t) => t.instruction);
    const wanted = [
      /^In the Roadmap database, find the item ".+" and set its Status to Done\.$/,
      /tick the to-do ".+"; it is done\.$/,
      /add the bullet point ".+" right under the heading ".+", as the first line of that section\.$/,
      /^Move .+ so that it sits under the page ".+"\.$/,
      /^For every item in the Roadmap database owned by .+ whose Due date is before .+ and that is not Done yet, /,
      /^Count the items in the Bugs database whose .+, per Severity/,
      /^Move to the trash every page directly inside the page "Drafts" that /,
      /^At the end of .+, add (a bullet point|an unticked to-do) for each item in /,
    ];
    for (const pattern of wanted)
      expect(
        said.some((s) => pattern.test(s)),
        String(pattern),
      ).toBe(true);
  });

  it("names a dated meeting by its weekday and finds it by its title", async () => {
    const { tasks } = await synthesizeTasks(
      env.world,
      shard({ count: 80, strategy: "graph", seed: "pages-dated" }),
    );
    const dated = tasks.filter((t) =>
      /engineering sync notes of Monday, December 30, 2024/.test(t.instruction),
    );
    expect(dated.length).toBeGreaterThan(0);
    for (const task of dated) {
      expect(task.solution.calls[0]).toMatchObject({
        tool: "API_post_search",
        args: { query: "Engineering sync — December 30, 2024" },
      });
    }
  }, 240_000);

  it("answers counts per severity the way the bug tracker's rows say", () => {
    const perSeverity = kept.filter((t) =>
      /^Count the items in the Bugs database whose Status is (\w+), per Severity/.test(
        t.instruction,
      ),
    );
    expect(perSeverity.length).toBeGreaterThan(0);
    for (const task of perSeverity) {
      const status = /whose Status is (\w+(?: \w+)?),/.exec(task.instruction)?.[1];
      const rows = env.world.db.query(
        "SELECT properties FROM pages_pages WHERE parent_type = 'data_source_id' AND parent_id IN (SELECT data_source_id FROM pages_data_sources WHERE title = 'Bugs')",
      );
      const counts: Record<string, number> = { Critical: 0, High: 0, Low: 0, Medium: 0 };
      for (const row of rows) {
        const values = JSON.parse(String(row.properties)) as Record<string, string>;
        if (values.Status === status)
          counts[values.Severity ?? ""] = (counts[values.Severity ?? ""] ?? 0) + 1;
      }
      expect(task.groundTruth.answer?.value).toEqual(counts);
    }
  });

  it("makes tasks with at least the writes asked for", async () => {
    for (const minWrites of [1, 3]) {
      const run = await surveySynthesis(
        env,
        shard({
          count: 10,
          strategy: "mixed",
          seed: `pages-w${minWrites}`,
          difficulty: { minWrites },
        }),
        { writeTools: WRITE_TOOLS, oracleEvery: 1 },
      );
      expect(run.tasks.length).toBe(10);
      expect(Math.min(...run.writes)).toBeGreaterThanOrEqual(minWrites);
      expect(run.unchanged).toEqual([]);
      expect(run.oracleRewards).toEqual([1]);
    }
  }, 240_000);

  it("is deterministic", async () => {
    const [a, b] = await synthesizeTwice(
      env,
      shard({ count: 12, strategy: "mixed", seed: "pages-same" }),
    );
    expect(b.ids).toEqual(a.ids);
    expect(b.instructions).toEqual(a.instructions);
  }, 240_000);

  it("reads the whole wiki and lists far more distinct tasks than it keeps", () => {
    const lens = pagesLens(env.world.db, env.world.tools);
    if (!lens) throw new Error("no lens");
    const ws = env.world.fresh({ seed: "explore", clockStart: env.world.clockStart }, (runner) =>
      readWorkspace({ lens, rng: createPrng("explore"), runner }),
    ).value;
    if (!ws) throw new Error("no workspace");
    expect(ws.pages).toHaveLength(20);
    expect(ws.sources.map((s) => [s.title, s.rows.length])).toEqual([
      ["Bugs", 18],
      ["Roadmap", 20],
    ]);
    expect(ws.people).toHaveLength(6);
    const capacity = Object.fromEntries(PAGES_TEMPLATES.map((t) => [t.name, t.capacity(lens, ws)]));
    for (const [name, n] of Object.entries(capacity)) expect(n, name).toBeGreaterThan(0);
    const total = (kind: string) =>
      PAGES_TEMPLATES.filter((t) => t.kind === kind).reduce((n, t) => n + t.capacity(lens, ws), 0);
    expect(total("graph")).toBeGreaterThan(1000);
    expect(total("programmatic")).toBeGreaterThan(600);
  });
});

describe("page-workspace synthesis on a workspace that only reads", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-notion", readsOnly);
  });
  afterAll(() => env.close());

  it("still asks questions, and says why when writes are asked for", async () => {
    const reads = await surveySynthesis(
      env,
      shard({ count: 5, strategy: "programmatic", seed: "pages-reads" }),
    );
    expect(reads.tasks.length).toBe(5);
    expect(reads.unanswered).toEqual([]);
    const { tasks, report } = await synthesizeTasks(
      env.world,
      shard({ count: 5, strategy: "graph", seed: "pages-writes", difficulty: { minWrites: 1 } }),
    );
    expect(tasks).toEqual([]);
    expect(report.stoppedBecause).toMatch(/only read/);
  });

  it("is not taken for a page workspace without the workspace's tables", async () => {
    const lens = await lookIn("mcp-taskmanager", (other) =>
      pagesLens(other.world.db, other.world.tools),
    );
    expect(lens).toBeUndefined();
  });
});
