// Task sources for environments whose tools model a whole backend rather than entity CRUD (the
// MCP importer's surfaces: a SQL database, a REST API, a cluster of resources, a file system,
// utilities). Graph walks and the program grammar chain entity tools by their fields; a surface's
// tools take a statement, a path or a resource type instead, so its tasks come from templates that
// know the surface. The first source that recognises the environment's tools drafts every task.
import type { ToolSpec } from "../environment/spec";
import type { SqlDatabase } from "../episode/sql-database";
import { basesTaskSource } from "../surfaces/airtable-bases/tasks/task-source";
import { calendarTaskSource } from "../surfaces/calendar/tasks/task-source";
import { utilityTaskSource } from "../surfaces/everything-utility/tasks/task-source";
import { filesystemTaskSource } from "../surfaces/filesystem/tasks/task-source";
import { codehostTaskSource } from "../surfaces/github-codehost/tasks/task-source";
import { crmTaskSource } from "../surfaces/hubspot-crm/tasks/task-source";
import { restTaskSource } from "../surfaces/jira-rest/tasks/task-source";
import { resourceTaskSource } from "../surfaces/kubernetes/tasks/task-source";
import { mailboxTaskSource } from "../surfaces/mailbox/tasks/task-source";
import { graphMemoryTaskSource } from "../surfaces/memory-graph/tasks/task-source";
import { pagesTaskSource } from "../surfaces/notion-pages/tasks/task-source";
import { messagingTaskSource } from "../surfaces/slack-chat/tasks/task-source";
import { sqlTaskSource } from "../surfaces/sql/tasks/templates";
import { workflowTaskSource } from "../surfaces/taskmanager-workflow/tasks/task-source";
import type { SurfaceTaskSource, SurfaceTasks } from "./surface-task-source";

export const SURFACE_TASK_SOURCES: readonly SurfaceTaskSource[] = [
  sqlTaskSource,
  restTaskSource,
  utilityTaskSource,
  resourceTaskSource,
  filesystemTaskSource,
  graphMemoryTaskSource,
  messagingTaskSource,
  workflowTaskSource,
  calendarTaskSource,
  mailboxTaskSource,
  basesTaskSource,
  pagesTaskSource,
  codehostTaskSource,
  crmTaskSource,
];

export function surfaceTasks(
  db: SqlDatabase,
  tools: readonly ToolSpec[],
): SurfaceTasks | undefined {
  for (const source of SURFACE_TASK_SOURCES) {
    const found = source.recognise(db, tools);
    if (found) return found;
  }
  return undefined;
}
