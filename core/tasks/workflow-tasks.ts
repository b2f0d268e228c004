// Task source for task-queue environments (the MCP task manager: requests split into tasks that
// move from pending to done to approved). Tasks speak the user's words: a request by what was
// asked for, a task by its title. Graph chains find the request in the request list and the task
// in the progress table, then read or act on it (mark done with a note, approve, add, change,
// remove, sign off, plan and start); programs loop over a request's tasks with a condition per
// task, finish a whole request, or pick a request by its counts first. Templates are drawn in
// proportion to how many distinct tasks each can make on the explored queue (capped).
import type { WorkflowRole } from "../importers/mcp-workflow-roles";
import type { DraftAttempt, DraftTarget } from "./draft";
import { pickWeighted } from "./graph-random";
import type { SurfaceTaskSource } from "./surface-tasks";
import type { TaskKind } from "./task";
import { readQueue, type WorkflowContext } from "./workflow-explore";
import { nextTitle, taskDescription, taskNotes } from "./workflow-graph-reads";
import {
  addTask,
  approveRequest,
  approveTitled,
  deleteTitled,
  describeTask,
  markNext,
  markTitle,
  markTitled,
  planAndStart,
} from "./workflow-graph-writes";
import { workflowLens } from "./workflow-lens";
import { notesMentioning, tableQuestion } from "./workflow-program-reads";
import {
  approveMostWaiting,
  approveWaiting,
  deleteMentioning,
  describeUnfinished,
  finishRequest,
  markMentioning,
  markNextOfExtreme,
} from "./workflow-program-writes";
import type { WorkflowTemplate } from "./workflow-template";

export const WORKFLOW_TEMPLATES: readonly WorkflowTemplate[] = [
  markNext,
  markTitled,
  approveTitled,
  addTask,
  describeTask,
  markTitle,
  deleteTitled,
  approveRequest,
  planAndStart,
  taskNotes,
  taskDescription,
  nextTitle,
  tableQuestion,
  notesMentioning,
  approveWaiting,
  finishRequest,
  markMentioning,
  deleteMentioning,
  describeUnfinished,
  markNextOfExtreme,
  approveMostWaiting,
];

const WRITE_ROLES: ReadonlySet<WorkflowRole> = new Set([
  "plan_request",
  "mark_done",
  "approve_task",
  "approve_request",
  "add_tasks",
  "update_task",
  "delete_task",
]);

/** No template is drawn more often than one that can make this many tasks. */
const WEIGHT_CAP = 60;

/** Environments whose tools are a task queue of core/importers/mcp-workflow-surface.ts. */
export const workflowTaskSource: SurfaceTaskSource = {
  name: "workflow",
  recognise(db, tools) {
    const lens = workflowLens(db, tools);
    if (!lens) return undefined;
    return {
      unfit(minWrites) {
        if (minWrites === 0) return undefined;
        const writes = WORKFLOW_TEMPLATES.some(
          (t) =>
            t.roles.length > 0 &&
            t.roles.every((role) => lens[role] !== undefined && WRITE_ROLES.has(role)),
        );
        return writes
          ? undefined
          : `this task queue's tools only read, so no task can make ${minWrites} write(s)`;
      },
      draft: ({ rng, runner }, kind, target) => workflowTask({ lens, rng, runner }, kind, target),
    };
  },
};

/** One task-queue task of `kind`: templates drawn by weight until one builds. */
export function workflowTask(
  ctx: WorkflowContext,
  kind: TaskKind,
  target: DraftTarget,
): DraftAttempt {
  const queue = readQueue(ctx);
  if (!queue) return { ok: false, reason: "no_queue", detail: "the request list cannot be read" };
  let usable = WORKFLOW_TEMPLATES.filter(
    (t) =>
      t.kind === kind &&
      t.roles.every((role) => ctx.lens[role] !== undefined) &&
      t.capacity(ctx, queue) > 0 &&
      (target.minWrites === 0 || t.maxWrites(queue) >= target.minWrites),
  );
  if (usable.length === 0) {
    return {
      ok: false,
      reason: "no_template",
      detail:
        target.minWrites > 0
          ? `no ${kind} task of this queue makes ${target.minWrites} write(s)`
          : `no ${kind} template fits this task queue`,
    };
  }
  // Templates only read while exploring, so a failed one leaves the fresh copy as it was.
  let last = { reason: "no_template", detail: "" };
  while (usable.length > 0) {
    const template = pickWeighted(
      ctx.rng,
      usable.map((t) => ({ item: t, weight: Math.min(WEIGHT_CAP, t.capacity(ctx, queue)) })),
    );
    if (!template) break;
    const built = template.build(ctx, queue, target);
    if ("program" in built) return { ok: true, draft: built };
    last = built;
    usable = usable.filter((t) => t !== template);
  }
  return { ok: false, ...last };
}
