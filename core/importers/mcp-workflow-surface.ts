// The task-queue surface: servers that keep user requests split into ordered tasks which move
// from pending to done to approved, like @kazuph/mcp-taskmanager (plan a request with a list of
// tasks, give the next task, mark a task done, approve it, approve the whole request, list and
// open them, add, change or delete tasks). Recognised by a general criterion
// (mcp-workflow-roles.ts): each tool's name says a queue operation and its arguments fill that
// operation's slots (request id, task id, request text, `{title, description}` tasks, notes),
// and the server plans requests, marks tasks done and approves them. The model is two tables
// (workflow_requests, workflow_tasks) seeded with a queue at every stage (mcp-workflow-seed.ts);
// each tool answers as the real server's TaskManagerServer method (mcp-workflow-tools.ts).
import type { ToolSpec } from "../environment/spec";
import { validateArguments } from "../json-schema/validate-arguments";
import type { McpImportReport } from "./mcp-import-report";
import { isJsonObject, type JsonObject } from "./mcp-spec-schema";
import type { McpSurface, SurfaceImport, SurfaceInput, SurfaceTool } from "./mcp-surface";
import {
  looksLikeTaskQueue,
  matchWorkflowRole,
  type WorkflowRole,
  type WorkflowRoleMatch,
} from "./mcp-workflow-roles";
import {
  queueRows,
  seedQueue,
  WORKFLOW_COLUMNS,
  WORKFLOW_SCHEMA_SQL,
  WORKFLOW_TABLES,
} from "./mcp-workflow-seed";
import { workflowToolTests } from "./mcp-workflow-tests";
import { WORKFLOW_LIMITS, workflowEffect, workflowImplementation } from "./mcp-workflow-tools";

/** The verb the import report shows, and the table each role works on. */
const ROLES: Record<WorkflowRole, { verb: string; table: keyof typeof WORKFLOW_TABLES }> = {
  plan_request: { verb: "create", table: "requests" },
  next_task: { verb: "get", table: "tasks" },
  mark_done: { verb: "update", table: "tasks" },
  approve_task: { verb: "update", table: "tasks" },
  approve_request: { verb: "update", table: "requests" },
  open_task: { verb: "get", table: "tasks" },
  list_requests: { verb: "list", table: "requests" },
  add_tasks: { verb: "create", table: "tasks" },
  update_task: { verb: "update", table: "tasks" },
  delete_task: { verb: "delete", table: "tasks" },
};

export const workflowSurface: McpSurface = {
  name: "workflow",
  recognise(input: SurfaceInput): SurfaceImport | undefined {
    const matched = input.tools.flatMap((tool) => {
      const match = matchWorkflowRole(tool);
      return match ? [{ tool, match }] : [];
    });
    const fitting = matched.flatMap((m) => (m.match.ok ? [m.match.role] : []));
    if (!looksLikeTaskQueue(fitting)) return undefined;
    return importQueue(input, matched);
  },
};

function importQueue(
  input: SurfaceInput,
  matched: readonly { tool: SurfaceTool; match: WorkflowRoleMatch }[],
): SurfaceImport {
  const queue = seedQueue();
  const leftOut: McpImportReport["leftOut"] = [];
  // Tests are built twice: first to keep the tools whose test arguments fit their schema, then
  // with the published name of the next-task tool, which the planning answer tells the agent to use.
  const fitting = matched.flatMap(({ tool, match }) => {
    if (!match.ok) {
      leftOut.push({
        tool: tool.original.name,
        status: "not yet implemented",
        reason: match.reason,
      });
      return [];
    }
    const tests = workflowToolTests({ role: match.role, args: match.args, queue, nextTool: "" });
    const invalid = tests.find(
      (t) => t.expect.error === undefined && !validateArguments(tool.schema, t.args).valid,
    );
    if (invalid || !isJsonObject(tool.original.inputSchema)) {
      leftOut.push({
        tool: tool.original.name,
        status: "not yet implemented",
        reason: `could not build test arguments valid for its inputSchema (${invalid?.name ?? "schema"})`,
      });
      return [];
    }
    return [{ tool, match, name: input.publishName(tool.original.name) }];
  });
  const nextTool = fitting.find((f) => f.match.role === "next_task")?.name ?? "";
  const tools: ToolSpec[] = [];
  const implemented: McpImportReport["implemented"] = [];
  const notes: string[] = [];
  for (const { tool, match, name } of fitting) {
    const original = tool.original;
    if (name !== original.name)
      notes.push(
        `${original.name} is published as ${name} (tool names allow letters, digits and _)`,
      );
    tools.push({
      name,
      description: (original.description ?? name).slice(0, 4000) || name,
      inputSchema: original.inputSchema as JsonObject,
      effect: workflowEffect(match.role),
      implementation: workflowImplementation({
        role: match.role,
        functionName: name,
        args: match.args,
        nextTool,
      }),
      tests: workflowToolTests({ role: match.role, args: match.args, queue, nextTool }),
    });
    implemented.push({
      tool: name,
      original: original.name,
      table: WORKFLOW_TABLES[ROLES[match.role].table],
      verb: ROLES[match.role].verb,
      surface: "workflow",
    });
  }
  const rows = queueRows(queue);
  const stage = (test: (r: (typeof queue)[number]) => boolean) => queue.filter(test).length;
  notes.push(
    `workflow: a task queue of ${queue.length} requests and ${rows.tasks.length} tasks (${stage((r) => r.completed)} completed, ${stage((r) => !r.completed && r.tasks.every((t) => t.done))} with every task done, ${stage((r) => r.tasks.some((t) => t.done) && r.tasks.some((t) => !t.done))} half done, ${stage((r) => r.tasks.every((t) => !t.done))} just planned); a call plans or adds at most ${WORKFLOW_LIMITS.maxTasksPerCall} tasks, a request holds at most ${WORKFLOW_LIMITS.maxTasksPerRequest} and the queue ${WORKFLOW_LIMITS.maxRequests} requests; the server's {status: "error"} answers are tool errors (not_found, conflict) with that answer as details`,
  );
  const keys: Record<keyof typeof WORKFLOW_TABLES, string> = {
    requests: "request_id",
    tasks: "task_id",
  };
  const tableKeys = Object.keys(WORKFLOW_TABLES) as (keyof typeof WORKFLOW_TABLES)[];
  return {
    surface: "workflow",
    claimed: matched.map((m) => m.tool.original.name),
    schemaSql: WORKFLOW_SCHEMA_SQL,
    seed: {
      tables: Object.fromEntries(
        tableKeys.map((k) => [
          WORKFLOW_TABLES[k],
          { columns: [...WORKFLOW_COLUMNS[k]], rows: rows[k] },
        ]),
      ),
    },
    tools,
    tables: tableKeys.map((k) => ({
      name: WORKFLOW_TABLES[k],
      key: keys[k],
      columns: [...WORKFLOW_COLUMNS[k]],
      rows: rows[k].length,
    })),
    implemented,
    leftOut,
    notes,
  };
}
