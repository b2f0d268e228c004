// Graph templates that read a task queue: the chain finds a request's id by what the user asked
// for, reads its progress table for a task's id, and opens that task (or asks for the next one)
// for something only the later call tells: the note left on finished work, what a task asks for,
// which task is next.
import { pick } from "../../../tasks/graph-walk/graph-random";
import { lit } from "../../../tasks/programs/program-code";
import { notesOf, openRequests } from "./explore";
import { callWith, workflowDraft } from "./program";
import {
  givesAway,
  quoted,
  sayable,
  toolOf,
  unfinished,
  unfit,
  type WorkflowTemplate,
} from "./template";

const tasksWhere = (
  queue: Parameters<typeof openRequests>[0],
  test: (t: { done: boolean }) => boolean,
) => openRequests(queue).flatMap((r) => r.tasks.filter(test).map((t) => ({ r, t })));

/** "What note was left when the task "..." of my request "..." was marked done?" */
export const taskNotes: WorkflowTemplate = {
  name: "task-notes",
  kind: "graph",
  roles: ["open_task"],
  maxWrites: () => 0,
  capacity: (_ctx, queue) => tasksWhere(queue, (t) => t.done).length,
  build(ctx, queue) {
    const found = pick(
      ctx.rng,
      tasksWhere(queue, (t) => t.done),
    );
    if (!found) return unfit("no_done_task", "no finished task to read");
    const { r, t } = found;
    const notes = notesOf(ctx, t.id);
    if (!notes || !sayable(notes)) return unfit("no_notes", `no notes on ${t.id}`);
    const open = toolOf(ctx, "open_task");
    const instruction = `What note was left when the task ${quoted(t.title)} of my request ${quoted(r.text)} was marked done? Answer with the note exactly as written.`;
    if (givesAway(instruction, notes)) return unfit("answer_in_question", "the note is asked");
    return workflowDraft(ctx.lens, {
      kind: "graph",
      instruction,
      helpers: ["requestIdOf", "tasksOf", "taskIdOf"],
      statements: [
        `const requestId = requestIdOf(${lit(r.text)});`,
        `const taskId = taskIdOf(tasksOf(requestId), ${lit(t.title)});`,
        `return ${callWith(open, { task: "taskId" })}.task.completedDetails;`,
      ],
      answerMatch: { kind: "exact" },
      hidden: [r.id, t.id],
      tools: [ctx.lens.list_requests.name, ctx.lens.next_task.name, open.name],
      difficulty: { chainLength: 4, branching: 0, writes: 0, hiddenIds: 2 },
    });
  },
};

/** "What does the task "..." of my request "..." ask for? Answer with its description." */
export const taskDescription: WorkflowTemplate = {
  name: "task-description",
  kind: "graph",
  roles: ["open_task"],
  maxWrites: () => 0,
  capacity: (_ctx, queue) => tasksWhere(queue, (t) => !t.done).length,
  build(ctx, queue) {
    const found = pick(
      ctx.rng,
      tasksWhere(queue, (t) => !t.done),
    );
    if (!found) return unfit("no_open_task", "no unfinished task to read");
    const { r, t } = found;
    const open = toolOf(ctx, "open_task");
    const instruction = `What does the task ${quoted(t.title)} of my request ${quoted(r.text)} ask for? Answer with its description exactly as written.`;
    if (givesAway(instruction, t.description)) {
      return unfit("answer_in_question", "the description is asked");
    }
    return workflowDraft(ctx.lens, {
      kind: "graph",
      instruction,
      helpers: ["requestIdOf", "tasksOf", "taskIdOf"],
      statements: [
        `const requestId = requestIdOf(${lit(r.text)});`,
        `const taskId = taskIdOf(tasksOf(requestId), ${lit(t.title)});`,
        `return ${callWith(open, { task: "taskId" })}.task.description;`,
      ],
      answerMatch: { kind: "exact" },
      hidden: [r.id, t.id],
      tools: [ctx.lens.list_requests.name, ctx.lens.next_task.name, open.name],
      difficulty: { chainLength: 4, branching: 0, writes: 0, hiddenIds: 2 },
    });
  },
};

/** "Which task of my request "..." is next in line? Answer with its title." */
export const nextTitle: WorkflowTemplate = {
  name: "next-title",
  kind: "graph",
  roles: [],
  maxWrites: () => 0,
  capacity: (_ctx, queue) => openRequests(queue).filter((r) => unfinished(r).length > 0).length,
  build(ctx, queue) {
    const r = pick(
      ctx.rng,
      openRequests(queue).filter((r) => unfinished(r).length > 0),
    );
    const next = r ? unfinished(r)[0] : undefined;
    if (!r || !next) return unfit("no_open_task", "no request has an unfinished task");
    const instruction = `Which task of my request ${quoted(r.text)} is next in line to be worked on? Answer with its title.`;
    if (givesAway(instruction, next.title))
      return unfit("answer_in_question", "the title is asked");
    return workflowDraft(ctx.lens, {
      kind: "graph",
      instruction,
      helpers: ["requestIdOf"],
      statements: [
        `const requestId = requestIdOf(${lit(r.text)});`,
        `return ${callWith(ctx.lens.next_task, { request: "requestId" })}.task.title;`,
      ],
      answerMatch: { kind: "exact" },
      hidden: [r.id],
      tools: [ctx.lens.list_requests.name, ctx.lens.next_task.name],
      difficulty: { chainLength: 2, branching: 0, writes: 0, hiddenIds: 1 },
    });
  },
};
