// Task synthesis on the GitHub MCP server (mcp-github over the codehost surface): chains that find an
// issue or a pull request by its title (and a person's login by their name), then act on it or ask
// about it; programs that loop over a repository's open issues or pull requests with a condition
// per item, or count across the organization. At count 200 every strategy keeps 200 distinct
// tasks; every kept task is solved by its own solution and not by doing nothing, and no
// instruction names a number, sha, tool or column.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readHost } from "../../core/surfaces/github-codehost/tasks/explore";
import { codehostLens } from "../../core/surfaces/github-codehost/tasks/lens";
import { CODEHOST_TEMPLATES } from "../../core/surfaces/github-codehost/tasks/task-source";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import {
  catalogWorld,
  lookIn,
  readsOnly,
  shard,
  surveySynthesis,
  synthesizeTwice,
} from "../support/surface-synthesis";
import { type NodeWorld, oracleScore } from "../support/synthesis-harness";

const TOOL_NAMES =
  /\b(create_or_update_file|search_repositories|create_repository|get_file_contents|push_files|create_issue|create_pull_request|fork_repository|create_branch|list_commits|list_issues|update_issue|add_issue_comment|search_code|search_issues|search_users|get_issue|get_pull_request|list_pull_requests|create_pull_request_review|merge_pull_request|get_pull_request_files|get_pull_request_status|update_pull_request_branch|get_pull_request_comments|get_pull_request_reviews)\b/;
/** Issue numbers, shas and raw column names never appear. */
const LEAKS =
  /#\d+|\b[0-9a-f]{40}\b|\b(issue_number|pull_number|repo_id|head_ref|default_branch|from_branch|is_pull)\b/;
const WRITE_TOOLS = new Set([
  "create_or_update_file",
  "create_repository",
  "push_files",
  "create_issue",
  "create_pull_request",
  "fork_repository",
  "create_branch",
  "update_issue",
  "add_issue_comment",
  "create_pull_request_review",
  "merge_pull_request",
  "update_pull_request_branch",
]);

describe("code-host synthesis on mcp-github", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-github");
  });
  afterAll(() => env.close());

  it("sees every code-host role under the server's own tool and argument names", () => {
    const lens = codehostLens(env.world.db, env.world.tools);
    expect(lens?.list_issues).toEqual({
      name: "list_issues",
      args: {
        owner: "owner",
        repo: "repo",
        direction: "direction",
        labels: "labels",
        page: "page",
        per_page: "per_page",
        since: "since",
        sort: "sort",
        state: "state",
      },
    });
    expect(lens?.search_repositories?.args).toEqual({
      query: "query",
      page: "page",
      per_page: "perPage",
    });
    expect(lens?.search_users?.args).toEqual({
      query: "q",
      order: "order",
      page: "page",
      per_page: "per_page",
      sort: "sort",
    });
    expect(Object.keys(lens ?? {}).length).toBe(26);
  });

  it("reads the seeded host the templates choose from", () => {
    const host = readHost(env.world.db);
    expect(host.repos.map((r) => r.full)).toEqual([
      "harborlight/harbor-api",
      "harborlight/harbor-web",
      "harborlight/harbor-cli",
      "harborlight/deploy-tools",
    ]);
    expect(host.pulls.filter((p) => p.mergeable).map((p) => p.title)).toEqual([
      "Support pagination on the orders list",
      "Add per-token rate limiting",
      "Show an error banner when orders fail to load",
      "Use the browser time zone for timestamps",
      "Add --format json to orders list",
      "Friendly message for rejected tokens",
      "Fall back to tomli on Python 3.10",
      "Build the image before tagging",
      "Take the instance count from a flag",
    ]);
    // Line-level merging: these touch lines main changed after they branched off.
    expect(
      host.pulls.filter((p) => p.state === "open" && !p.draft && !p.mergeable).map((p) => p.title),
    ).toEqual(["Use a smaller connection pool in tests", "Raise timeout to 60 seconds"]);
    const pagination = host.pulls.find((p) => p.title === "Support pagination on the orders list");
    expect(pagination).toMatchObject({
      checks: "success",
      files: ["src/routes/orders.ts"],
      headRef: "orders-pagination",
    });
    const rate = host.pulls.find((p) => p.title === "Add per-token rate limiting");
    expect(rate).toMatchObject({
      checks: "failure",
      files: ["src/rate-limit.ts", "src/server.ts"],
    });
    // Every template can make tasks on the seeded host.
    for (const t of CODEHOST_TEMPLATES)
      expect([t.name, t.capacity(host) > 0]).toEqual([t.name, true]);
  });

  it.each(["graph", "programmatic"] as const)(
    "keeps 200 %s tasks the oracle solves and inaction does not, in the user's words",
    async (strategy) => {
      const run = await surveySynthesis(
        env,
        shard({ count: 200, strategy, seed: `codehost-${strategy}` }),
        { leaks: [TOOL_NAMES, LEAKS], writeTools: WRITE_TOOLS, oracleEvery: 4 },
      );
      expect(run.tasks.length).toBe(200);
      expect(run.distinctKeys).toBe(200);
      expect(run.kinds).toEqual([strategy]);
      expect(run.fewestCalls).toBeGreaterThanOrEqual(2);
      expect(run.leaking).toEqual([]);
      expect(run.nothingRewards).toEqual([0]);
      // Writes are judged by the state they leave, reads by their answer.
      expect(run.unjudged).toEqual([]);
      // Every fourth solution replayed on its own.
      expect(run.oracleRewards).toEqual([1]);
      expect(run.toolSets).toBeGreaterThanOrEqual(strategy === "graph" ? 12 : 10);
      expect(run.writes.filter((w) => w > 0).length).toBeGreaterThan(100);
      expect(run.writes.filter((w) => w === 0).length).toBeGreaterThan(
        strategy === "graph" ? 20 : 10,
      );
    },
    300_000,
  );

  it("chains a pull request's number from the list into the next call without stating it", async () => {
    const { tasks } = await synthesizeTasks(
      env.world,
      shard({ count: 30, strategy: "graph", seed: "codehost-chain" }),
    );
    const reviews = tasks.filter((t) =>
      t.solution.calls.some((c) => c.tool === "create_pull_request_review"),
    );
    expect(reviews.length).toBeGreaterThan(2);
    for (const task of reviews) {
      const [list, review] = task.solution.calls;
      expect(list?.tool).toBe("list_pull_requests");
      const number = review?.args.pull_number;
      expect(typeof number).toBe("number");
      expect(task.instruction).toMatch(/pull request "[^"]+" in harborlight\//);
      expect(task.instruction).not.toContain(`${number}`);
    }
  }, 120_000);

  it("opens a pull request from a new branch with the edited file", async () => {
    const { tasks } = await synthesizeTasks(
      env.world,
      shard({ count: 200, strategy: "graph", seed: "codehost-graph" }),
    );
    const edits = tasks.filter((t) => t.solution.calls.some((c) => c.tool === "create_branch"));
    expect(edits.length).toBeGreaterThan(0);
    for (const task of edits) {
      expect(task.solution.calls.map((c) => c.tool)).toEqual([
        "create_branch",
        "get_file_contents",
        "create_or_update_file",
        "create_pull_request",
      ]);
      expect(Object.keys(task.groundTruth.changes).sort()).toEqual(
        expect.arrayContaining([
          "code_blobs",
          "code_branches",
          "code_commits",
          "code_issues",
          "code_pulls",
        ]),
      );
      expect(await oracleScore(env, task)).toBe(1);
    }
  }, 300_000);

  it("makes tasks with at least the writes asked for", async () => {
    for (const minWrites of [1, 3]) {
      const run = await surveySynthesis(
        env,
        shard({
          count: 10,
          strategy: "mixed",
          seed: `codehost-w${minWrites}`,
          difficulty: { minWrites },
        }),
        { writeTools: WRITE_TOOLS, oracleEvery: 1 },
      );
      expect(run.tasks.length).toBe(10);
      expect(Math.min(...run.writes)).toBeGreaterThanOrEqual(minWrites);
      expect(run.oracleRewards).toEqual([1]);
    }
  }, 120_000);

  it("is deterministic", async () => {
    const [a, b] = await synthesizeTwice(
      env,
      shard({ count: 12, strategy: "mixed", seed: "codehost-same" }),
    );
    expect(b.ids).toEqual(a.ids);
    expect(b.instructions).toEqual(a.instructions);
  }, 120_000);
});

describe("code-host synthesis on a host that only reads", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-github", readsOnly);
  });
  afterAll(() => env.close());

  it("still asks questions, and says why when writes are asked for", async () => {
    const reads = await surveySynthesis(
      env,
      shard({ count: 8, strategy: "mixed", seed: "codehost-reads" }),
    );
    expect(reads.tasks.length).toBe(8);
    expect(reads.unanswered).toEqual([]);
    const { tasks, report } = await synthesizeTasks(
      env.world,
      shard({ count: 5, strategy: "graph", seed: "codehost-writes", difficulty: { minWrites: 1 } }),
    );
    expect(tasks).toEqual([]);
    expect(report.stoppedBecause).toMatch(/only read/);
  }, 120_000);

  it("is not taken for a code host without the code tables", async () => {
    const lens = await lookIn("mcp-taskmanager", (other) =>
      codehostLens(other.world.db, other.world.tools),
    );
    expect(lens).toBeUndefined();
  });
});
