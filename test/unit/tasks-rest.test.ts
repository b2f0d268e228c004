// Task synthesis on REST passthrough tools in front of an issue tracker (mcp-atlassian-jira):
// chains that find an issue by its summary, a project by its name or a person by their name and
// feed the key or account id on, and programs that loop over a set of issues; every kept task is
// solved by its own solution and not by doing nothing, and no instruction names a path, a query
// language or an argument.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restLens } from "../../core/surfaces/jira-rest/tasks/lens";
import { restTaskSource } from "../../core/surfaces/jira-rest/tasks/task-source";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import type { Task } from "../../core/tasks/task";
import {
  catalogWorld,
  lookIn,
  shard,
  surveySynthesis,
  synthesizeTwice,
} from "../support/surface-synthesis";
import type { NodeWorld } from "../support/synthesis-harness";

const WRITE_TOOLS = ["jira_post", "jira_put", "jira_patch", "jira_delete"];
/** What a user would never say: tools, paths, JQL, argument names. */
const LEAKY = /jira_|\/rest\/|jql|jq\b|queryParams|outputFormat|ORDER BY|accountId|statusCategory/i;
/** Issue keys, project keys and account ids: what a solution must find, never be told. */
function hiddenKeys(env: NodeWorld): string[] {
  const rows = env.spec.seed.tables.rest_documents?.rows ?? [];
  return rows.flatMap((row) => {
    const [collection, , id, key] = row;
    if (collection === "issue" || collection === "project")
      return typeof key === "string" ? [key] : [];
    return collection === "user" && typeof id === "string" ? [id] : [];
  });
}

const wholeWord = (text: string) =>
  new RegExp(`(?<![\\w-])${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w-])`);

function callsAfterFirst(task: Task): string {
  return JSON.stringify(task.solution.calls.slice(1).map((c) => c.args));
}

describe("REST task synthesis on mcp-atlassian-jira", () => {
  let env: NodeWorld;
  let keys: string[];
  beforeAll(async () => {
    env = await catalogWorld("mcp-atlassian-jira");
    keys = hiddenKeys(env);
  });
  afterAll(() => env.close());

  it("sees each method's tool and the tracker's endpoints", () => {
    const lens = restLens(env.world.tools);
    expect(lens?.tools).toEqual({
      GET: "jira_get",
      POST: "jira_post",
      PUT: "jira_put",
      PATCH: "jira_patch",
      DELETE: "jira_delete",
    });
    expect(lens?.search).toEqual({ path: "/rest/api/3/search/jql", param: "jql" });
    expect(lens?.userSearch).toEqual({ path: "/rest/api/3/user/search", param: "query" });
    expect(lens?.projects).toBe("/rest/api/3/project");
    expect(lens?.under).toEqual({
      comment: "comment",
      worklog: "worklog",
      watchers: "watchers",
      transitions: "transitions",
    });
    expect(keys).toContain("WEB");
    expect(keys.some((k) => /^[0-9a-f]{24}$/.test(k))).toBe(true);
  });

  it.each(["graph", "programmatic"] as const)(
    "keeps %s tasks the oracle solves and inaction does not, naming things as a user would",
    async (strategy) => {
      // The keys and account ids the solution uses come from its own look-ups.
      const run = await surveySynthesis(
        env,
        shard({ count: 15, strategy, seed: `rest-${strategy}` }),
        { leaks: [LEAKY, ...keys.map(wholeWord)], oracleEvery: 1 },
      );
      const { tasks } = run;
      expect(tasks.length).toBe(15);
      expect(run.kinds).toEqual([strategy]);
      expect(run.fewestCalls).toBeGreaterThanOrEqual(2);
      expect(run.leaking).toEqual([]);
      expect(run.oracleRewards).toEqual([1]);
      expect(run.nothingRewards).toEqual([0]);
      for (const task of tasks) {
        expect(task.solution.calls[0]?.tool).toBe("jira_get");
        expect(keys.some((k) => callsAfterFirst(task).includes(k))).toBe(true);
        if (strategy === "programmatic") expect(task.solution.program).toMatch(/\bfor \(/);
      }
      expect(run.unanswered.length).toBeLessThan(tasks.length);
      expect(run.unanswered.length).toBeGreaterThan(0);
    },
  );

  it("makes write tasks through the write tools when writes are asked for", async () => {
    const run = await surveySynthesis(
      env,
      shard({ count: 8, strategy: "mixed", seed: "rest-writes", difficulty: { minWrites: 1 } }),
      { writeTools: WRITE_TOOLS, oracleEvery: 1 },
    );
    expect(run.tasks.length).toBe(8);
    expect(Math.min(...run.writes)).toBeGreaterThanOrEqual(1);
    for (const task of run.tasks)
      expect(Object.keys(task.groundTruth.changes)).toEqual(["rest_documents"]);
    expect(run.oracleRewards).toEqual([1]);
  });

  it("is deterministic", async () => {
    const [a, b] = await synthesizeTwice(
      env,
      shard({ count: 6, strategy: "mixed", seed: "rest-same" }),
    );
    expect(b.ids).toEqual(a.ids);
    expect(b.instructions).toEqual(a.instructions);
  });

  it("does not claim other surfaces' tools", async () => {
    const seen = await lookIn("mcp-sqlite-npx-chinook", (sql) => ({
      lens: restLens(sql.world.tools),
      source: restTaskSource.recognise(sql.world.db, sql.world.tools),
    }));
    expect(seen.lens).toBeUndefined();
    expect(seen.source).toBeUndefined();
  });
});

describe("REST task synthesis when only the GET tool is exposed", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-atlassian-jira", (t) => t.name === "jira_get");
  });
  afterAll(() => env.close());

  it("still makes read tasks", async () => {
    const run = await surveySynthesis(
      env,
      shard({ count: 6, strategy: "mixed", seed: "rest-read-only" }),
      { oracleEvery: 1 },
    );
    expect(run.tasks.length).toBe(6);
    for (const task of run.tasks)
      expect(task.solution.calls.every((c) => c.tool === "jira_get")).toBe(true);
    expect(run.oracleRewards).toEqual([1]);
  });

  it("says why when writes are asked of tools that only read", async () => {
    const { tasks, report } = await synthesizeTasks(
      env.world,
      shard({ count: 5, strategy: "graph", seed: "rest-no-writes", difficulty: { minWrites: 1 } }),
    );
    expect(tasks).toEqual([]);
    expect(report.stoppedBecause).toMatch(/only read/);
  });
});
