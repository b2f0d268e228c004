// Graph templates that change a task queue. Each names a request by what the user asked for and a
// task by its title; the chain finds the request's id in the request list, the task's id in the
// progress table the next-task tool shows, and feeds them to the write: mark the next (or a named)
// task done with a note, approve a finished task, add, change or remove a task, sign off a whole
// request, or plan a new request and start on the task it made.
import { pick } from "../../../tasks/graph-walk/graph-random";
import { lit } from "../../../tasks/programs/program-code";
import type { RequestView, TaskView, WorkflowContext } from "./explore";
import { openRequests, quotable } from "./explore";
import { callWith, tasksLiteral, workflowDraft } from "./program";
import {
  noteChoices,
  noteFor,
  quoted,
  sayable,
  toolOf,
  unfinished,
  unfit,
  type WorkflowTemplate,
  withNote,
} from "./template";
import { DESCRIPTION_ADDITIONS, EXTRA_TASKS, NEW_REQUESTS, TITLE_MARKERS } from "./words";

/** Statements that leave `requestId`, `tasks` and `taskId` for the named task. */
const findTask = (r: RequestView, t: TaskView) => [
  `const requestId = requestIdOf(${lit(r.text)});`,
  "const tasks = tasksOf(requestId);",
  `const taskId = taskIdOf(tasks, ${lit(t.title)});`,
];

/** A request and one of its tasks that `test` picks, or undefined. */
function pickTask(
  ctx: WorkflowContext,
  queue: readonly RequestView[],
  test: (t: TaskView, r: RequestView) => boolean,
): { r: RequestView; t: TaskView } | undefined {
  const pairs = openRequests(queue).flatMap((r) =>
    r.tasks.filter((t) => test(t, r)).map((t) => ({ r, t })),
  );
  return pick(ctx.rng, pairs);
}

const countTasks = (queue: readonly RequestView[], test: (t: TaskView) => boolean) =>
  openRequests(queue).reduce((n, r) => n + r.tasks.filter(test).length, 0);

const FOUND = { chainLength: 4, branching: 0, writes: 1, hiddenIds: 2 };

/** "Take the next unfinished task of my request "..." and mark it as done with the note "..."." */
export const markNext: WorkflowTemplate = {
  name: "mark-next",
  kind: "graph",
  roles: ["mark_done"],
  maxWrites: () => 1,
  capacity: (ctx, queue) =>
    openRequests(queue).filter((r) => unfinished(r).length > 0).length * noteChoices(ctx),
  build(ctx, queue) {
    const r = pick(
      ctx.rng,
      openRequests(queue).filter((r) => unfinished(r).length > 0),
    );
    const next = r ? unfinished(r)[0] : undefined;
    if (!r || !next) return unfit("no_open_task", "no request has an unfinished task");
    const mark = toolOf(ctx, "mark_done");
    const note = noteFor(ctx);
    return workflowDraft(ctx.lens, {
      kind: "graph",
      instruction: `Take the next unfinished task of my request ${quoted(r.text)} and mark it as done${withNote(note)}.`,
      helpers: ["requestIdOf"],
      statements: [
        `const requestId = requestIdOf(${lit(r.text)});`,
        `const next = ${callWith(ctx.lens.next_task, { request: "requestId" })}.task;`,
        `${callWith(mark, { request: "requestId", task: "next.id", ...(note ? { details: lit(note) } : {}) })};`,
        "return null;",
      ],
      hidden: [r.id, next.id],
      tools: [ctx.lens.list_requests.name, ctx.lens.next_task.name, mark.name],
      difficulty: { chainLength: 3, branching: 0, writes: 1, hiddenIds: 2 },
    });
  },
};

/** "In my request "...", mark the task "..." as done with the note "..."." */
export const markTitled: WorkflowTemplate = {
  name: "mark-titled",
  kind: "graph",
  roles: ["mark_done"],
  maxWrites: () => 1,
  capacity: (ctx, queue) => countTasks(queue, (t) => !t.done) * noteChoices(ctx),
  build(ctx, queue) {
    const found = pickTask(ctx, queue, (t) => !t.done);
    if (!found) return unfit("no_open_task", "no request has an unfinished task");
    const { r, t } = found;
    const mark = toolOf(ctx, "mark_done");
    const note = noteFor(ctx);
    return workflowDraft(ctx.lens, {
      kind: "graph",
      instruction: `In my request ${quoted(r.text)}, mark the task ${quoted(t.title)} as done${withNote(note)}.`,
      helpers: ["requestIdOf", "tasksOf", "taskIdOf"],
      statements: [
        ...findTask(r, t),
        `${callWith(mark, { request: "requestId", task: "taskId", ...(note ? { details: lit(note) } : {}) })};`,
        "return null;",
      ],
      hidden: [r.id, t.id],
      tools: [ctx.lens.list_requests.name, ctx.lens.next_task.name, mark.name],
      difficulty: FOUND,
    });
  },
};

/** "The task "..." of my request "..." is finished. Approve it." */
export const approveTitled: WorkflowTemplate = {
  name: "approve-titled",
  kind: "graph",
  roles: ["approve_task"],
  maxWrites: () => 1,
  capacity: (_ctx, queue) => countTasks(queue, (t) => t.done && !t.approved),
  build(ctx, queue) {
    const found = pickTask(ctx, queue, (t) => t.done && !t.approved);
    if (!found) return unfit("no_waiting_task", "no finished task waits for approval");
    const { r, t } = found;
    const approve = toolOf(ctx, "approve_task");
    return workflowDraft(ctx.lens, {
      kind: "graph",
      instruction: `The task ${quoted(t.title)} of my request ${quoted(r.text)} is finished, and I have checked it. Approve it.`,
      helpers: ["requestIdOf", "tasksOf", "taskIdOf"],
      statements: [
        ...findTask(r, t),
        `${callWith(approve, { request: "requestId", task: "taskId" })};`,
        "return null;",
      ],
      hidden: [r.id, t.id],
      tools: [ctx.lens.list_requests.name, ctx.lens.next_task.name, approve.name],
      difficulty: FOUND,
    });
  },
};

/** "Add a task called "..." to my request "...", described as "..."." */
export const addTask: WorkflowTemplate = {
  name: "add-task",
  kind: "graph",
  roles: ["add_tasks"],
  maxWrites: () => 1,
  capacity: (_ctx, queue) => openRequests(queue).length * EXTRA_TASKS.length,
  build(ctx, queue) {
    const r = pick(ctx.rng, openRequests(queue));
    const titles = new Set(r?.tasks.map((t) => t.title));
    const extra = pick(
      ctx.rng,
      EXTRA_TASKS.filter((e) => !titles.has(e.title)),
    );
    if (!r || !extra) return unfit("no_open_request", "no request takes new tasks");
    const add = toolOf(ctx, "add_tasks");
    return workflowDraft(ctx.lens, {
      kind: "graph",
      instruction: `Add a task called ${quoted(extra.title)} to my request ${quoted(r.text)}, described as ${quoted(extra.description)}.`,
      helpers: ["requestIdOf"],
      statements: [
        `const requestId = requestIdOf(${lit(r.text)});`,
        `${callWith(add, { request: "requestId", tasks: tasksLiteral([extra]) })};`,
        "return null;",
      ],
      hidden: [r.id],
      tools: [ctx.lens.list_requests.name, add.name],
      difficulty: { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 },
    });
  },
};

/** "In my request "...", change the description of the task "..." to: "..."" */
export const describeTask: WorkflowTemplate = {
  name: "describe-task",
  kind: "graph",
  roles: ["update_task"],
  maxWrites: () => 1,
  capacity: (ctx, queue) =>
    ctx.lens.update_task?.args.description
      ? countTasks(queue, (t) => !t.done) * DESCRIPTION_ADDITIONS.length
      : 0,
  build(ctx, queue) {
    const found = pickTask(ctx, queue, (t) => !t.done && sayable(t.description));
    const addition = pick(ctx.rng, DESCRIPTION_ADDITIONS);
    if (!found || !addition) return unfit("no_open_task", "no unfinished task to describe");
    const { r, t } = found;
    const update = toolOf(ctx, "update_task");
    const description = `${t.description} ${addition}`;
    return workflowDraft(ctx.lens, {
      kind: "graph",
      instruction: `In my request ${quoted(r.text)}, change the description of the task ${quoted(t.title)} to ${quoted(description)}`,
      helpers: ["requestIdOf", "tasksOf", "taskIdOf"],
      statements: [
        ...findTask(r, t),
        `${callWith(update, { request: "requestId", task: "taskId", description: lit(description) })};`,
        "return null;",
      ],
      hidden: [r.id, t.id],
      tools: [ctx.lens.list_requests.name, ctx.lens.next_task.name, update.name],
      difficulty: FOUND,
    });
  },
};

/** "Put "Urgent:" in front of the title of the task "..." in my request "..."." */
export const markTitle: WorkflowTemplate = {
  name: "mark-title",
  kind: "graph",
  roles: ["update_task"],
  maxWrites: () => 1,
  capacity: (ctx, queue) =>
    ctx.lens.update_task?.args.title ? countTasks(queue, (t) => !t.done) * TITLE_MARKERS.length : 0,
  build(ctx, queue) {
    const found = pickTask(ctx, queue, (t) => !t.done);
    const marker = pick(ctx.rng, TITLE_MARKERS);
    if (!found || !marker) return unfit("no_open_task", "no unfinished task to rename");
    const { r, t } = found;
    const update = toolOf(ctx, "update_task");
    const title = `${marker} ${t.title}`;
    if (!quotable(title)) return unfit("no_open_task", "the new title is too long");
    return workflowDraft(ctx.lens, {
      kind: "graph",
      instruction: `Rename the task ${quoted(t.title)} of my request ${quoted(r.text)} to ${quoted(title)}.`,
      helpers: ["requestIdOf", "tasksOf", "taskIdOf"],
      statements: [
        ...findTask(r, t),
        `${callWith(update, { request: "requestId", task: "taskId", title: lit(title) })};`,
        "return null;",
      ],
      hidden: [r.id, t.id],
      tools: [ctx.lens.list_requests.name, ctx.lens.next_task.name, update.name],
      difficulty: FOUND,
    });
  },
};

/** "Remove the task "..." from my request "..."; we no longer need it." */
export const deleteTitled: WorkflowTemplate = {
  name: "delete-titled",
  kind: "graph",
  roles: ["delete_task"],
  maxWrites: () => 1,
  capacity: (_ctx, queue) => countTasks(queue, (t) => !t.done),
  build(ctx, queue) {
    const found = pickTask(ctx, queue, (t) => !t.done);
    if (!found) return unfit("no_open_task", "no unfinished task to remove");
    const { r, t } = found;
    const remove = toolOf(ctx, "delete_task");
    return workflowDraft(ctx.lens, {
      kind: "graph",
      instruction: `Remove the task ${quoted(t.title)} from my request ${quoted(r.text)}; we no longer need it.`,
      helpers: ["requestIdOf", "tasksOf", "taskIdOf"],
      statements: [
        ...findTask(r, t),
        `${callWith(remove, { request: "requestId", task: "taskId" })};`,
        "return null;",
      ],
      hidden: [r.id, t.id],
      tools: [ctx.lens.list_requests.name, ctx.lens.next_task.name, remove.name],
      difficulty: FOUND,
    });
  },
};

const signable = (r: RequestView) =>
  r.tasks.length > 0 && r.tasks.every((t) => t.done && t.approved);

/** "Every task of my request "..." is approved; sign off on the whole request." */
export const approveRequest: WorkflowTemplate = {
  name: "approve-request",
  kind: "graph",
  roles: ["approve_request"],
  maxWrites: () => 1,
  capacity: (_ctx, queue) => openRequests(queue).filter(signable).length,
  build(ctx, queue) {
    const r = pick(ctx.rng, openRequests(queue).filter(signable));
    if (!r) return unfit("no_finished_request", "no request has every task approved");
    const approve = toolOf(ctx, "approve_request");
    return workflowDraft(ctx.lens, {
      kind: "graph",
      instruction: `Every task of my request ${quoted(r.text)} is done and approved. Sign off on the whole request as completed.`,
      helpers: ["requestIdOf"],
      statements: [
        `const requestId = requestIdOf(${lit(r.text)});`,
        `${callWith(approve, { request: "requestId" })};`,
        "return null;",
      ],
      hidden: [r.id],
      tools: [ctx.lens.list_requests.name, approve.name],
      difficulty: { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 },
    });
  },
};

/** "Plan a new request "..." with these tasks in order: ... Then mark its first task as done." */
export const planAndStart: WorkflowTemplate = {
  name: "plan-and-start",
  kind: "graph",
  roles: ["plan_request", "mark_done"],
  maxWrites: () => 2,
  capacity: (ctx) => NEW_REQUESTS.length * noteChoices(ctx),
  build(ctx, queue) {
    const known = new Set(queue.map((r) => r.text));
    const plan = pick(
      ctx.rng,
      NEW_REQUESTS.filter((p) => !known.has(p.text)),
    );
    if (!plan) return unfit("no_new_request", "every request to plan is already there");
    const planTool = toolOf(ctx, "plan_request");
    const mark = toolOf(ctx, "mark_done");
    const note = noteFor(ctx);
    const steps = plan.tasks.map((t) => `${quoted(t.title)} (${t.description})`).join(", ");
    const split = planTool.args.split ? " (no separate split details)" : "";
    return workflowDraft(ctx.lens, {
      kind: "graph",
      instruction: `Plan a new request ${quoted(plan.text)}${split} with these tasks, in this order: ${steps}. Then mark its first task as done${withNote(note)}.`,
      helpers: [],
      statements: [
        `const planned = ${callWith(planTool, { original: lit(plan.text), tasks: tasksLiteral(plan.tasks) })};`,
        `${callWith(mark, { request: "planned.requestId", task: "planned.tasks[0].id", ...(note ? { details: lit(note) } : {}) })};`,
        "return null;",
      ],
      hidden: [],
      tools: [planTool.name, mark.name],
      // The mark-done call uses the ids the planning call made.
      difficulty: { chainLength: 2, branching: 0, writes: 2, hiddenIds: 1 },
    });
  },
};
