// Task synthesis on the MCP task manager (mcp-taskmanager): chains that find a request by what the
// user asked for and a task by its title (the request list, then the progress table), then read
// or act on it; programs that loop over a request's tasks with a condition per task, finish a
// whole request, or pick a request by its counts first. Every kept task is solved by its own
// solution and not by doing nothing, and no instruction names an id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scoreEpisode } from "../../core/tasks/score-episode";
import { SynthesisShardSchema } from "../../core/tasks/synthesis-request";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import type { Task } from "../../core/tasks/task";
import { workflowLens } from "../../core/tasks/workflow-lens";
import { catalogSpec, type NodeWorld, nodeWorld, oracleScore } from "../support/synthesis-harness";

const shard = (input: Record<string, unknown>) => SynthesisShardSchema.parse(input);
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
const writesOf = (task: Task) => task.solution.calls.filter((c) => WRITE_TOOLS.has(c.tool)).length;

describe("task-queue synthesis on mcp-taskmanager", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await nodeWorld(catalogSpec("mcp-taskmanager"));
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
      const { tasks } = await synthesizeTasks(
        env.world,
        shard({ count: 40, strategy, seed: `workflow-${strategy}` }),
      );
      expect(tasks.length).toBe(40);
      const openings = new Set<string>();
      for (const task of tasks) {
        expect(task.kind).toBe(strategy);
        expect(task.solution.calls.length).toBeGreaterThanOrEqual(2);
        expect(task.instruction).not.toMatch(IDS);
        expect(task.instruction).not.toMatch(TOOL_NAMES);
        expect(await oracleScore(env, task)).toBe(1);
        expect(scoreEpisode(task, {}, undefined).reward).toBe(0);
        openings.add(task.instruction.split(" ").slice(0, 2).join(" "));
      }
      // Several templates, reads and writes among them.
      expect(openings.size).toBeGreaterThanOrEqual(4);
      expect(tasks.some((t) => writesOf(t) > 0)).toBe(true);
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
      const { tasks } = await synthesizeTasks(
        env.world,
        shard({
          count: 10,
          strategy: "mixed",
          seed: `workflow-w${minWrites}`,
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
  });

  it("is deterministic", async () => {
    const request = shard({ count: 12, strategy: "mixed", seed: "workflow-same" });
    const a = await synthesizeTasks(env.world, request);
    const b = await synthesizeTasks(env.world, request);
    expect(b.tasks.map((t) => t.id)).toEqual(a.tasks.map((t) => t.id));
    expect(b.tasks.map((t) => t.instruction)).toEqual(a.tasks.map((t) => t.instruction));
  });
});

describe("task-queue synthesis on a queue that only reads", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    const spec = catalogSpec("mcp-taskmanager");
    env = await nodeWorld({ ...spec, tools: spec.tools.filter((t) => t.effect === "read") });
  });
  afterAll(() => env.close());

  it("still asks questions, and says why when writes are asked for", async () => {
    const reads = await synthesizeTasks(
      env.world,
      shard({ count: 5, strategy: "graph", seed: "workflow-reads" }),
    );
    expect(reads.tasks.length).toBe(5);
    for (const task of reads.tasks) expect(task.groundTruth.answer).toBeDefined();
    const { tasks, report } = await synthesizeTasks(
      env.world,
      shard({ count: 5, strategy: "graph", seed: "workflow-writes", difficulty: { minWrites: 1 } }),
    );
    expect(tasks).toEqual([]);
    expect(report.stoppedBecause).toMatch(/only read/);
  });

  it("is not taken for a task queue without the queue's tables", async () => {
    const other = await nodeWorld(catalogSpec("mcp-memory"));
    try {
      expect(workflowLens(other.world.db, other.world.tools)).toBeUndefined();
    } finally {
      other.close();
    }
  });
});
