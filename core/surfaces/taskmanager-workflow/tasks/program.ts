// The solution side of task-queue synthesis: the JavaScript a program needs to find a request by
// what the user asked for (the request list) and its tasks by title (the progress table the
// next-task tool shows, read the way exploration reads it), the calls written from the lens, and
// the draft every template returns. Helpers are emitted only when a program uses them.

import type { TaskDraft } from "../../../tasks/draft";
import { callCode, lit } from "../../../tasks/programs/program-code";
import { inOrder, type SurfaceDraftParts, surfaceDraft } from "../../../tasks/surface-draft";
import type { WorkflowSlot } from "../roles";
import type { WorkflowLens, WorkflowTool } from "./lens";

export type Helper = "requestIdOf" | "tasksOf" | "taskIdOf";

function helperCode(lens: WorkflowLens, helper: Helper): string {
  switch (helper) {
    case "requestIdOf":
      return [
        "const requestIdOf = (asked) => {",
        `  const found = ${callCode(lens.list_requests.name, [])}.requests.find((r) => r.originalRequest === asked);`,
        '  if (!found) throw new Error("no request " + JSON.stringify(asked));',
        "  return found.requestId;",
        "};",
      ].join("\n");
    case "tasksOf":
      return [
        "const tasksOf = (requestId) => {",
        `  const answer = ${callWith(lens.next_task, { request: "requestId" })};`,
        '  return String(answer.message).split("\\n")',
        '    .filter((line) => line.startsWith("| ") && !line.startsWith("| Task ID"))',
        '    .map((line) => line.slice(2, -2).split(" | "))',
        "    .map((cells) => ({",
        "      id: cells[0],",
        "      title: cells[1],",
        "      description: cells[2],",
        '      done: cells[3].includes("Done"),',
        '      approved: cells[4].includes("Approved"),',
        "    }));",
        "};",
      ].join("\n");
    case "taskIdOf":
      return [
        "const taskIdOf = (tasks, title) => {",
        "  const found = tasks.find((t) => t.title === title);",
        '  if (!found) throw new Error("no task " + JSON.stringify(title));',
        "  return found.id;",
        "};",
      ].join("\n");
  }
}

/** `ctx.call(tool, {...})` with each slot's value code under the tool's own argument name. */
export function callWith(
  tool: WorkflowTool,
  values: Partial<Record<WorkflowSlot, string>>,
): string {
  const entries = (Object.entries(values) as [WorkflowSlot, string][]).flatMap(([slot, code]) => {
    const name = tool.args[slot];
    return name === undefined ? [] : [[name, code] as const];
  });
  return callCode(tool.name, entries);
}

/** `[{ title, description }, ...]` as a literal the task-list argument takes. */
export const tasksLiteral = (tasks: readonly { title: string; description: string }[]) =>
  lit(tasks.map((t) => ({ title: t.title, description: t.description })));

export type WorkflowDraftParts = SurfaceDraftParts<Helper>;

export function workflowDraft(lens: WorkflowLens, parts: WorkflowDraftParts): TaskDraft {
  const helpers = inOrder<Helper>(["requestIdOf", "tasksOf", "taskIdOf"], parts.helpers);
  return surfaceDraft(
    parts,
    helpers.map((h) => helperCode(lens, h)),
  );
}
