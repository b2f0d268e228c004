// How task synthesis sees a task-queue environment (the MCP task manager and its look-alikes,
// imported by core/surfaces/taskmanager-workflow/surface.ts): which published tool plays which queue
// role, recognised by the importer's own criterion (core/surfaces/taskmanager-workflow/roles.ts), and the argument name
// each slot takes there. Tasks need the request list and the next-task tool (whose progress table
// is the only way to see a request's tasks and their ids), and the surface's tables, so that a
// tool of that name built by another path is not taken for one of ours.
import type { ToolSpec } from "../../../environment/spec";
import { listUserTables } from "../../../episode/schema-introspection";
import type { SqlDatabase } from "../../../episode/sql-database";
import type { JsonObject } from "../../../mcp/spec-schema";
import { matchWorkflowRole, type WorkflowRole, type WorkflowSlot } from "../roles";
import { WORKFLOW_TABLES } from "../seed";

export interface WorkflowTool {
  name: string;
  /** The argument name for each slot the tool takes. */
  args: Partial<Record<WorkflowSlot, string>>;
}

export type WorkflowLens = Partial<Record<WorkflowRole, WorkflowTool>> & {
  list_requests: WorkflowTool;
  next_task: WorkflowTool;
};

/** The lens, or undefined unless the environment is a task queue this source can read. */
export function workflowLens(
  db: SqlDatabase,
  tools: readonly ToolSpec[],
): WorkflowLens | undefined {
  const tables = new Set(listUserTables(db).map((t) => t.name));
  if (!Object.values(WORKFLOW_TABLES).every((t) => tables.has(t))) return undefined;
  const found: Partial<Record<WorkflowRole, WorkflowTool>> = {};
  for (const tool of tools) {
    const schema = tool.inputSchema as JsonObject;
    const match = matchWorkflowRole({
      original: { name: tool.name, description: tool.description, inputSchema: schema },
      schema,
    });
    if (match?.ok && found[match.role] === undefined) {
      found[match.role] = { name: tool.name, args: match.args };
    }
  }
  const { list_requests, next_task } = found;
  if (!list_requests || !next_task) return undefined;
  return { ...found, list_requests, next_task };
}
