// Task synthesis on the MCP task manager (mcp-taskmanager): chains that find a request by what the
// user asked for and a task by its title (the request list, then the progress table), then read
// or act on it; programs that loop over a request's tasks with a condition per task, finish a
// whole request, or pick a request by its counts first. Every kept task is solved by its own
// solution and not by doing nothing, and no instruction names an id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workflowLens } from "../../core/surfaces/taskmanager-workflow/tasks/lens";
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

const IDS = /\b(req|task)-\d+\b/;
const TOOL_NAMES =
  /\b(request_planning|get_next_task|mark_task_done|approve_task_completion|approve_request_completion|open_task_details|list_requests|add_tasks_to_request|update_task|delete_task)\b/;
const WRITE_TOOLS = new Set([
  "request_planning",
  "mark_task_done",
  "approve_task_completion",
  "approve_request_completion",
  "add_tasks_to_request",
  "update_task",
  "delete_task",
]);

describe("task-queue synthesis on mcp-taskmanager", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-taskmanager");
  });
  afterAll(() => env.close());

  it("sees every queue role under the server's own tool and argument names", () => {
    const lens = workflowLens(env.world.db, env.world.tools);
    expect(lens?.list_requests).toEqual({ name: "list_requests", args: {} });
    expect(lens?.next_task).toEqual({ name: "get_next_task", args: { request: "requestId" } });
    expect(lens?.mark_done).toEqual({
      name: "mark_task_done",
      args: { request: "requestId", task: "taskId", details: "completedDetails" },
    });
    expect(lens?.plan_request?.args).toEqual({
      original: "originalRequest",
      split: "splitDetails",
      tasks: "tasks",
    });
    expect(Object.keys(lens ?? {}).sort()).toEqual([
      "add_tasks",
      "approve_request",
      "approve_task",
      "delete_task",
      "list_requests",
      "mark_done",
      "next_task",
      "open_task",
      "plan_request",
      "update_task",
    ]);
  });

  it.each(["graph", "programmatic"] as const)(
    "keeps %s tasks the oracle solves and inaction does not, in the user's words",
    async (strategy) => {
      const run = await surveySynthesis(
        env,
        shard({ count: 40, strategy, seed: `workflow-${strategy}` }),
        { leaks: [IDS, TOOL_NAMES], writeTools: WRITE_TOOLS, oracleEvery: 1 },
      );
      expect(run.tasks.length).toBe(40);
      expect(run.kinds).toEqual([strategy]);
      expect(run.fewestCalls).toBeGreaterThanOrEqual(2);
      expect(run.leaking).toEqual([]);
      expect(run.oracleRewards).toEqual([1]);
      expect(run.nothingRewards).toEqual([0]);
      // Several templates, reads and writes among them.
      expect(new Set(run.tasks.map((t) => openingOf(t, 2))).size).toBeGreaterThanOrEqual(4);
      expect(run.writes.some((w) => w > 0)).toBe(true);
    },
  );

  it("names a request by what was asked and finds its id in the request list", async () => {
    const { tasks } = await synthesizeTasks(
      env.world,
      shard({ count: 20, strategy: "graph", seed: "workflow-named" }),
    );
    const named = tasks.filter((t) => t.solution.calls[0]?.tool === "list_requests");
    expect(named.length).toBeGreaterThan(10);
    for (const task of named) {
      const quoted = /my request "([^"]+)"/.exec(task.instruction)?.[1];
      expect(quoted).toBeDefined();
      const second = task.solution.calls[1];
      // The next call uses the id of the request the instruction quotes, which it never states.
      const requestId = Object.values(second?.args ?? {}).find((v) => typeof v === "string");
      expect(requestId).toMatch(/^req-\d+$/);
      expect(task.instruction).not.toContain(String(requestId));
    }
  });

  it("makes tasks with at least the writes asked for", async () => {
    for (const minWrites of [1, 3]) {
      const run = await surveySynthesis(
        env,
        shard({
          count: 10,
          strategy: "mixed",
          seed: `workflow-w${minWrites}`,
          difficulty: { minWrites },
        }),
        { writeTools: WRITE_TOOLS, oracleEvery: 1 },
      );
      expect(run.tasks.length).toBe(10);
      expect(Math.min(...run.writes)).toBeGreaterThanOrEqual(minWrites);
      expect(run.unchanged).toEqual([]);
      expect(run.oracleRewards).toEqual([1]);
    }
  });

  it("is deterministic", async () => {
    const [a, b] = await synthesizeTwice(
      env,
      shard({ count: 12, strategy: "mixed", seed: "workflow-same" }),
    );
    expect(b.ids).toEqual(a.ids);
    expect(b.instructions).toEqual(a.instructions);
  });
});

describe("task-queue synthesis on a queue that only reads", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-taskmanager", readsOnly);
  });
  afterAll(() => env.close());

  it("still asks questions, and says why when writes are asked for", async () => {
    const reads = await surveySynthesis(
      env,
      shard({ count: 5, strategy: "graph", seed: "workflow-reads" }),
    );
    expect(reads.tasks.length).toBe(5);
    expect(reads.unanswered).toEqual([]);
    const { tasks, report } = await synthesizeTasks(
      env.world,
      shard({ count: 5, strategy: "graph", seed: "workflow-writes", difficulty: { minWrites: 1 } }),
    );
    expect(tasks).toEqual([]);
    expect(report.stoppedBecause).toMatch(/only read/);
  });

  it("is not taken for a task queue without the queue's tables", async () => {
    const lens = await lookIn("mcp-memory", (other) =>
      workflowLens(other.world.db, other.world.tools),
    );
    expect(lens).toBeUndefined();
  });
});
