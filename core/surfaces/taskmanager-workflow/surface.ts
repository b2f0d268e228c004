// The task-queue surface: servers that keep user requests split into ordered tasks which move
// from pending to done to approved, like @kazuph/mcp-taskmanager (plan a request with a list of
// tasks, give the next task, mark a task done, approve it, approve the whole request, list and
// open them, add, change or delete tasks). Recognised by a general criterion
// (roles.ts): each tool's name says a queue operation and its arguments fill that
// operation's slots (request id, task id, request text, `{title, description}` tasks, notes),
// and the server plans requests, marks tasks done and approves them. The model is two tables
// (workflow_requests, workflow_tasks) seeded with a queue at every stage (seed.ts);
// each tool answers as the real server's TaskManagerServer method (tools.ts).

import { fittingMatches, matchTools } from "../kit/role-matching";
import { importRoleSurface, roleTables } from "../kit/role-surface";
import type { McpSurface, SurfaceImport, SurfaceInput, SurfaceTool } from "../surface";
import {
  looksLikeTaskQueue,
  matchWorkflowRole,
  type WorkflowRole,
  type WorkflowRoleMatch,
} from "./roles";
import {
  queueRows,
  seedQueue,
  WORKFLOW_COLUMNS,
  WORKFLOW_SCHEMA_SQL,
  WORKFLOW_TABLES,
} from "./seed";
import { workflowToolTests } from "./tests";
import { WORKFLOW_LIMITS, workflowEffect, workflowImplementation } from "./tools";

/** The verb the import report shows, and the table each role works on. */
const ROLES: Record<WorkflowRole, { verb: string; table: string }> = {
  plan_request: { verb: "create", table: WORKFLOW_TABLES.requests },
  next_task: { verb: "get", table: WORKFLOW_TABLES.tasks },
  mark_done: { verb: "update", table: WORKFLOW_TABLES.tasks },
  approve_task: { verb: "update", table: WORKFLOW_TABLES.tasks },
  approve_request: { verb: "update", table: WORKFLOW_TABLES.requests },
  open_task: { verb: "get", table: WORKFLOW_TABLES.tasks },
  list_requests: { verb: "list", table: WORKFLOW_TABLES.requests },
  add_tasks: { verb: "create", table: WORKFLOW_TABLES.tasks },
  update_task: { verb: "update", table: WORKFLOW_TABLES.tasks },
  delete_task: { verb: "delete", table: WORKFLOW_TABLES.tasks },
};

export const workflowSurface: McpSurface = {
  name: "workflow",
  recognise(input: SurfaceInput): SurfaceImport | undefined {
    const matched = matchTools(input.tools, matchWorkflowRole);
    const fitting = fittingMatches(matched).map((m) => m.role);
    if (!looksLikeTaskQueue(fitting)) return undefined;
    return importQueue(input, matched);
  },
};

function importQueue(
  input: SurfaceInput,
  matched: readonly { tool: SurfaceTool; match: WorkflowRoleMatch }[],
): SurfaceImport {
  const queue = seedQueue();
  const rows = queueRows(queue);
  const stage = (test: (r: (typeof queue)[number]) => boolean) => queue.filter(test).length;
  const table = roleTables(WORKFLOW_TABLES, WORKFLOW_COLUMNS, rows);
  // The planning answer tells the agent to call the next-task tool by its published name.
  return importRoleSurface(input, matched, {
    surface: "workflow",
    schemaSql: WORKFLOW_SCHEMA_SQL,
    tables: [table("requests", "request_id"), table("tasks", "task_id")],
    roles: ROLES,
    tests: ({ role, args }, published) =>
      workflowToolTests({ role, args, queue, nextTool: published("next_task") }),
    tool: ({ role, args }, name, _original, published) => ({
      effect: workflowEffect(role),
      implementation: workflowImplementation({
        role,
        functionName: name,
        args,
        nextTool: published("next_task"),
      }),
    }),
    notes: [
      `workflow: a task queue of ${queue.length} requests and ${rows.tasks.length} tasks (${stage((r) => r.completed)} completed, ${stage((r) => !r.completed && r.tasks.every((t) => t.done))} with every task done, ${stage((r) => r.tasks.some((t) => t.done) && r.tasks.some((t) => !t.done))} half done, ${stage((r) => r.tasks.every((t) => !t.done))} just planned); a call plans or adds at most ${WORKFLOW_LIMITS.maxTasksPerCall} tasks, a request holds at most ${WORKFLOW_LIMITS.maxTasksPerRequest} and the queue ${WORKFLOW_LIMITS.maxRequests} requests; the server's {status: "error"} answers are tool errors (not_found, conflict) with that answer as details`,
    ],
  });
}
