// The task-queue surface (core/surfaces/taskmanager-workflow/surface.ts) on the real
// @kazuph/mcp-taskmanager spec: all ten tools admitted in the QuickJS sandbox with tests no
// stand-in passes, byte-identical imports, a seeded queue at every stage, and the tools behaving
// like the real TaskManagerServer call after call (plan, next, done, approve, approve the
// request; ids one above the highest; its refusals as tool errors that write nothing);
// look-alike servers are recognised, and no tool of the other shared specs is claimed.
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Json } from "../../core/base/json";
import { importMcpSpec } from "../../core/mcp/import/spec-import";
import { workflowSurface } from "../../core/surfaces/taskmanager-workflow/surface";
import { WORKFLOW_LIMITS } from "../../core/surfaces/taskmanager-workflow/tools";
import { admitImport, failingTests } from "../support/mcp-admission";
import { type McpEpisode, openEpisode, vacuousImportTools } from "../support/mcp-episode";
import { otherSpecClaims, wholeSurfaceProblems } from "../support/mcp-surface-checks";

const specs = new URL("../../catalog/mcp/specs/", import.meta.url);
const specText = readFileSync(new URL("taskmanager.json", specs), "utf8");
const imported = importMcpSpec(specText);

type Result = Record<string, unknown>;
const asResult = (value: Json) => value as unknown as Result;
const status = (value: Json) => asResult(value).status;
/** The rows of a progress table: `[id, title, description, status, approval]`. */
const tableRows = (message: unknown) =>
  String(message)
    .split("\n")
    .filter((line) => line.startsWith("| task-"))
    .map((line) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );

describe("the taskmanager spec", () => {
  it("implements all 10 tools with the server's names and schemas, and admits them", async () => {
    const { tools } = imported;
    expect(wholeSurfaceProblems(specText, imported, "workflow")).toEqual([]);
    expect(tools.filter((t) => t.effect === "read").map((t) => t.name)).toEqual([
      "get_next_task",
      "open_task_details",
      "list_requests",
    ]);
    const admission = await admitImport(imported);
    expect(failingTests(admission)).toEqual([]);
    expect(admission.problems).toEqual([]);
    expect(admission.totals.admittedTools).toBe(10);
    expect(admission.totals.tests).toBeGreaterThanOrEqual(29);
  });

  it("has tests that no stand-in implementation passes", async () => {
    expect(await vacuousImportTools(imported)).toEqual([]);
  });

  it("imports byte-identically twice", () => {
    expect(JSON.stringify(importMcpSpec(specText))).toBe(JSON.stringify(imported));
  });

  it("seeds a queue with requests at every stage", () => {
    const tables = Object.fromEntries(imported.report.tables.map((t) => [t.name, t.rows]));
    expect(tables).toEqual({ workflow_requests: 10, workflow_tasks: 48 });
    const requests = imported.seed.tables.workflow_requests?.rows ?? [];
    const tasks = imported.seed.tables.workflow_tasks?.rows ?? [];
    expect(requests.map((r) => r[0])).toEqual(Array.from({ length: 10 }, (_, i) => `req-${i + 1}`));
    expect(tasks.map((t) => t[0])).toEqual(Array.from({ length: 48 }, (_, i) => `task-${i + 1}`));
    const stage = (id: unknown) => {
      const own = tasks.filter((t) => t[2] === id);
      const done = own.filter((t) => t[5] === 1).length;
      const approved = own.filter((t) => t[6] === 1).length;
      return `${own.length}/${done}/${approved}`;
    };
    const stages = requests.map((r) => `${r[0]} ${stage(r[0])}${r[4] === 1 ? " completed" : ""}`);
    expect(stages).toEqual([
      "req-1 3/3/3 completed",
      "req-2 4/4/4 completed",
      "req-3 4/4/4",
      "req-4 5/5/2",
      "req-5 6/3/2",
      "req-6 5/1/1",
      "req-7 5/0/0",
      "req-8 5/0/0",
      "req-9 6/4/3",
      "req-10 5/0/0",
    ]);
    // Finished work carries notes, pending work none; titles are unique within a request.
    expect(tasks.every((t) => (t[5] === 1) === (t[7] !== ""))).toBe(true);
    for (const r of requests) {
      const titles = tasks.filter((t) => t[2] === r[0]).map((t) => t[3]);
      expect(new Set(titles).size).toBe(titles.length);
    }
  });
});

describe("the taskmanager tools, call after call", () => {
  let episode: McpEpisode;
  beforeEach(async () => {
    episode = await openEpisode(imported);
  });
  afterEach(() => episode.close());

  it("runs a request from planning to completion, with approval after each task", () => {
    const planned = asResult(
      episode.ok("request_planning", {
        originalRequest: "Publish the API changelog",
        tasks: [
          { title: "Collect the changes", description: "List every endpoint change since May." },
          { title: "Write the changelog", description: "One entry per change, newest first." },
        ],
      }),
    );
    expect(planned).toMatchObject({
      status: "planned",
      requestId: "req-11",
      totalTasks: 2,
      tasks: [
        { id: "task-49", title: "Collect the changes" },
        { id: "task-50", title: "Write the changelog" },
      ],
    });
    expect(tableRows(planned.message)).toEqual([
      [
        "task-49",
        "Collect the changes",
        "List every endpoint change since May.",
        "🔄 In Progress",
        "⏳ Pending",
      ],
      [
        "task-50",
        "Write the changelog",
        "One entry per change, newest first.",
        "🔄 In Progress",
        "⏳ Pending",
      ],
    ]);
    const first = asResult(episode.ok("get_next_task", { requestId: "req-11" }));
    expect(first.task).toEqual({
      id: "task-49",
      title: "Collect the changes",
      description: "List every endpoint change since May.",
    });
    expect(
      episode.ok("mark_task_done", {
        requestId: "req-11",
        taskId: "task-49",
        completedDetails: "Nine changes found.",
      }),
    ).toEqual({
      status: "task_marked_done",
      requestId: "req-11",
      task: {
        id: "task-49",
        title: "Collect the changes",
        description: "List every endpoint change since May.",
        completedDetails: "Nine changes found.",
        approved: false,
      },
    });
    // The server only asks the agent to wait for approval; it gives the next task regardless.
    const next = asResult(episode.ok("get_next_task", { requestId: "req-11" }));
    expect(next.status).toBe("next_task");
    expect(tableRows(next.message).map((r) => r.slice(3))).toEqual([
      ["✅ Done", "⏳ Pending"],
      ["🔄 In Progress", "⏳ Pending"],
    ]);
    expect(episode.fails("approve_request_completion", { requestId: "req-11" })).toBe("conflict");
    expect(
      status(episode.ok("approve_task_completion", { requestId: "req-11", taskId: "task-49" })),
    ).toBe("task_approved");
    expect(status(episode.ok("mark_task_done", { requestId: "req-11", taskId: "task-50" }))).toBe(
      "task_marked_done",
    );
    const allDone = asResult(episode.ok("get_next_task", { requestId: "req-11" }));
    expect(allDone.status).toBe("all_tasks_done");
    const refused = episode.call("approve_request_completion", { requestId: "req-11" });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: "conflict",
        details: { status: "error", message: "Not all done tasks are approved." },
      },
    });
    episode.ok("approve_task_completion", { requestId: "req-11", taskId: "task-50" });
    expect(episode.ok("approve_request_completion", { requestId: "req-11" })).toEqual({
      status: "request_approved_complete",
      requestId: "req-11",
      message: "Request is fully completed and approved.",
    });
    expect(episode.ok("get_next_task", { requestId: "req-11" })).toEqual({
      status: "already_completed",
      message: "Request already completed.",
    });
    expect(
      episode.fails("add_tasks_to_request", {
        requestId: "req-11",
        tasks: [{ title: "Tweet it", description: "Announce the changelog." }],
      }),
    ).toBe("conflict");
    const listed = asResult(episode.ok("list_requests")).requests as Result[];
    expect(listed.at(-1)).toEqual({
      requestId: "req-11",
      originalRequest: "Publish the API changelog",
      totalTasks: 2,
      completedTasks: 2,
      approvedTasks: 2,
    });
    expect(episode.rows("workflow_requests").at(-1)).toMatchObject({
      request_id: "req-11",
      split_details: "Publish the API changelog",
      completed: 1,
    });
  });

  it("keeps split details and notes, and opens a task with its request", () => {
    episode.ok("request_planning", {
      originalRequest: "Rotate the staging database password",
      splitDetails: "Rotate in the vault first, then restart the services.",
      tasks: [{ title: "Rotate in the vault", description: "Generate and store a new password." }],
    });
    episode.ok("mark_task_done", { requestId: "req-11", taskId: "task-49", completedDetails: "" });
    expect(episode.ok("open_task_details", { taskId: "task-49" })).toEqual({
      status: "task_details",
      requestId: "req-11",
      originalRequest: "Rotate the staging database password",
      splitDetails: "Rotate in the vault first, then restart the services.",
      completed: false,
      task: {
        id: "task-49",
        title: "Rotate in the vault",
        description: "Generate and store a new password.",
        done: true,
        approved: false,
        completedDetails: "",
      },
    });
    const details = asResult(episode.ok("open_task_details", { taskId: "task-14" }));
    expect(details).toMatchObject({
      requestId: "req-4",
      originalRequest: "Migrate user sessions from Redis to Postgres",
      task: { title: "Backfill existing sessions", done: true, approved: false },
    });
  });

  it("numbers new tasks after the highest in use, so deleting the last task frees its id", () => {
    const added = asResult(
      episode.ok("add_tasks_to_request", {
        requestId: "req-7",
        tasks: [
          { title: "Translate the newsletter", description: "Spanish and German editions." },
          { title: "Add a survey link", description: "Ask readers what they want next." },
        ],
      }),
    );
    expect(added.newTasks).toEqual([
      {
        id: "task-49",
        title: "Translate the newsletter",
        description: "Spanish and German editions.",
      },
      {
        id: "task-50",
        title: "Add a survey link",
        description: "Ask readers what they want next.",
      },
    ]);
    expect(added.message).toMatch(/^Added 2 new tasks to request\.\n/);
    expect(tableRows(added.message).map((r) => r[0])).toEqual([
      "task-28",
      "task-29",
      "task-30",
      "task-31",
      "task-32",
      "task-49",
      "task-50",
    ]);
    const deleted = asResult(episode.ok("delete_task", { requestId: "req-7", taskId: "task-50" }));
    expect(deleted.status).toBe("task_deleted");
    expect(deleted.message).toMatch(/^Task task-50 has been deleted\.\n/);
    const again = asResult(
      episode.ok("add_tasks_to_request", {
        requestId: "req-8",
        tasks: [{ title: "Update the store listing", description: "New screenshots." }],
      }),
    );
    expect(again.newTasks).toEqual([
      { id: "task-50", title: "Update the store listing", description: "New screenshots." },
    ]);
  });

  it("changes only pending tasks and keeps a title or description given empty", () => {
    const updated = asResult(
      episode.ok("update_task", {
        requestId: "req-10",
        taskId: "task-44",
        title: "",
        description: "Support authenticator apps first; security keys later.",
      }),
    );
    expect(updated.task).toEqual({
      id: "task-44",
      title: "Choose the second factor",
      description: "Support authenticator apps first; security keys later.",
    });
    expect(updated.message).toMatch(/^Task task-44 has been updated\.\n/);
    expect(
      episode.fails("update_task", { requestId: "req-5", taskId: "task-19", title: "x" }),
    ).toBe("conflict");
    expect(episode.fails("delete_task", { requestId: "req-5", taskId: "task-19" })).toBe(
      "conflict",
    );
    expect(episode.rows("workflow_tasks").filter((t) => t.task_id === "task-19")).toHaveLength(1);
  });

  it("answers repeats without changing anything and refuses what the server refuses", () => {
    const before = episode.rows("workflow_tasks");
    expect(episode.ok("mark_task_done", { requestId: "req-4", taskId: "task-14" })).toEqual({
      status: "already_done",
      message: "Task is already marked done.",
    });
    expect(
      episode.ok("approve_task_completion", { requestId: "req-4", taskId: "task-12" }),
    ).toEqual({
      status: "already_approved",
      message: "Task already approved.",
    });
    const notDone = episode.call("approve_task_completion", {
      requestId: "req-7",
      taskId: "task-31",
    });
    expect(notDone).toMatchObject({
      ok: false,
      error: { code: "conflict", details: { status: "error", message: "Task not done yet." } },
    });
    expect(episode.fails("approve_request_completion", { requestId: "req-6" })).toBe("conflict");
    expect(episode.fails("get_next_task", { requestId: "req-99" })).toBe("not_found");
    expect(episode.fails("mark_task_done", { requestId: "req-7", taskId: "task-40" })).toBe(
      "not_found",
    );
    expect(episode.call("open_task_details", { taskId: "task-404" })).toMatchObject({
      ok: false,
      error: { code: "not_found", details: { status: "task_not_found" } },
    });
    expect(episode.fails("get_next_task", {})).toBe("invalid_arguments");
    expect(episode.rows("workflow_tasks")).toEqual(before);
  });

  it("refuses oversized input and stays cheap on the largest request it accepts", () => {
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        title: `Step ${i + 1}`,
        description: "Do the next small thing and write down what changed.",
      }));
    expect(
      episode.fails("request_planning", {
        originalRequest: "x".repeat(WORKFLOW_LIMITS.maxTextChars + 1),
        tasks: many(1),
      }),
    ).toBe("invalid_argument");
    expect(
      episode.fails("request_planning", {
        originalRequest: "Too many",
        tasks: many(WORKFLOW_LIMITS.maxTasksPerCall + 1),
      }),
    ).toBe("invalid_argument");
    episode.ok("request_planning", {
      originalRequest: "A long plan",
      tasks: many(WORKFLOW_LIMITS.maxTasksPerCall),
    });
    for (let i = 1; i < WORKFLOW_LIMITS.maxTasksPerRequest / WORKFLOW_LIMITS.maxTasksPerCall; i++) {
      episode.ok("add_tasks_to_request", {
        requestId: "req-11",
        tasks: many(WORKFLOW_LIMITS.maxTasksPerCall),
      });
    }
    expect(episode.fails("add_tasks_to_request", { requestId: "req-11", tasks: many(1) })).toBe(
      "limit_exceeded",
    );
    const next = asResult(episode.ok("get_next_task", { requestId: "req-11" }));
    expect(tableRows(next.message)).toHaveLength(WORKFLOW_LIMITS.maxTasksPerRequest);
    episode.ok("list_requests");
    expect(Math.max(...episode.fuel)).toBeLessThan(200);
  });
});

describe("recognising a task-queue server", () => {
  const tool = (name: string, properties: Record<string, Json>, required: string[]) => ({
    name,
    description: name,
    inputSchema: { type: "object", properties, required },
  });
  const text = { type: "string" };
  const steps = {
    type: "array",
    items: {
      type: "object",
      properties: { title: text, description: text },
      required: ["title", "description"],
    },
  };

  it("recognises other names for the same operations, and reports a tool whose arguments do not fit", async () => {
    const lookAlike = {
      serverInfo: { name: "work-queue", version: "0.3.0" },
      tools: [
        tool("plan_work", { goal: text, steps }, ["goal", "steps"]),
        tool("nextTask", { request_id: text }, ["request_id"]),
        tool("complete_task", { request_id: text, task_id: text, notes: text }, [
          "request_id",
          "task_id",
        ]),
        tool("approveTask", { request_id: text, task_id: text }, ["request_id", "task_id"]),
        tool("approve_request", { request_id: text }, ["request_id"]),
        tool("list_requests", { status: text }, []),
        tool("create_note", { title: text }, ["title"]),
      ],
    };
    const { report } = importMcpSpec(lookAlike);
    const queue = report.implemented.filter((t) => t.surface === "workflow");
    expect(queue.map((t) => [t.tool, t.verb])).toEqual([
      ["plan_work", "create"],
      ["nextTask", "get"],
      ["complete_task", "update"],
      ["approveTask", "update"],
      ["approve_request", "update"],
    ]);
    expect(report.leftOut.find((t) => t.tool === "list_requests")?.reason).toMatch(
      /list requests.*argument "status"/,
    );
    expect(report.implemented.find((t) => t.tool === "create_note")?.surface).toBeUndefined();
    const again = importMcpSpec(lookAlike);
    expect(failingTests(await admitImport(again))).toEqual([]);
    const episode = await openEpisode(again);
    try {
      const planned = asResult(
        episode.ok("plan_work", {
          goal: "Tidy the docs",
          steps: [{ title: "Fix links", description: "Repair the broken links." }],
        }),
      );
      expect(planned.message).toMatch(/Please use 'nextTask' to retrieve the first task/);
      expect(
        episode.ok("complete_task", {
          request_id: "req-11",
          task_id: "task-49",
          notes: "All fixed.",
        }),
      ).toMatchObject({ task: { completedDetails: "All fixed." } });
      expect(status(episode.ok("approveTask", { request_id: "req-11", task_id: "task-49" }))).toBe(
        "task_approved",
      );
      expect(status(episode.ok("approve_request", { request_id: "req-11" }))).toBe(
        "request_approved_complete",
      );
    } finally {
      episode.close();
    }
  });

  it("leaves servers that never approve a finished task alone", () => {
    const { report } = importMcpSpec({
      tools: [
        tool("plan_work", { goal: text, steps }, ["goal", "steps"]),
        tool("complete_task", { request_id: text, task_id: text }, ["request_id", "task_id"]),
        tool("get_next_task", { request_id: text }, ["request_id"]),
      ],
    });
    expect(report.implemented.some((t) => t.surface === "workflow")).toBe(false);
  });

  it("claims no tool of the other shared specs", () => {
    expect(otherSpecClaims(workflowSurface, ["taskmanager"])).toEqual([]);
  });
});
