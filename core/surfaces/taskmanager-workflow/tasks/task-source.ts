// Task source for task-queue environments (the MCP task manager: requests split into tasks that
// move from pending to done to approved). Tasks speak the user's words: a request by what was
// asked for, a task by its title. Graph chains find the request in the request list and the task
// in the progress table, then read or act on it (mark done with a note, approve, add, change,
// remove, sign off, plan and start); programs loop over a request's tasks with a condition per
// task, finish a whole request, or pick a request by its counts first. Templates are drawn in
// proportion to how many distinct tasks each can make on the explored queue (capped).

import type { DraftAttempt, DraftTarget } from "../../../tasks/draft";
import { lensTaskSource, unfitIfReadOnly } from "../../../tasks/lens-task-source";
import type { TaskKind } from "../../../tasks/task";
import { weightedTemplateTask } from "../../../tasks/template-draw";
import type { WorkflowRole } from "../roles";
import { readQueue, type WorkflowContext } from "./explore";
import { nextTitle, taskDescription, taskNotes } from "./graph-reads";
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
} from "./graph-writes";
import { workflowLens } from "./lens";
import { notesMentioning, tableQuestion } from "./program-reads";
import {
  approveMostWaiting,
  approveWaiting,
  deleteMentioning,
  describeUnfinished,
  finishRequest,
  markMentioning,
  markNextOfExtreme,
} from "./program-writes";
import type { WorkflowTemplate } from "./template";

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

/** Environments whose tools are a task queue of core/surfaces/taskmanager-workflow/surface.ts. */
export const workflowTaskSource = lensTaskSource({
  name: "workflow",
  lens: workflowLens,
  unfit: (lens) =>
    unfitIfReadOnly("this task queue's tools only read", () =>
      WORKFLOW_TEMPLATES.some(
        (t) =>
          t.roles.length > 0 &&
          t.roles.every((role) => lens[role] !== undefined && WRITE_ROLES.has(role)),
      ),
    ),
  drafter:
    (lens) =>
    ({ rng, runner }, kind, target) =>
      workflowTask({ lens, rng, runner }, kind, target),
});

/** One task-queue task of `kind`: templates drawn by capped weight until one builds. */
export function workflowTask(
  ctx: WorkflowContext,
  kind: TaskKind,
  target: DraftTarget,
): DraftAttempt {
  const queue = readQueue(ctx);
  if (!queue) return { ok: false, reason: "no_queue", detail: "the request list cannot be read" };
  return weightedTemplateTask(WORKFLOW_TEMPLATES, kind, target, ctx.rng, {
    runs: (t) => t.roles.every((role) => ctx.lens[role] !== undefined),
    capacity: (t) => t.capacity(ctx, queue),
    maxWrites: (t) => t.maxWrites(queue),
    cap: 60,
    place: { of: "of this queue", fits: "this task queue" },
    build: (t) => t.build(ctx, queue, target),
  });
}
