// Programmatic templates that change a task queue: loops over a request's progress table with a
// condition per task (approve what waits for approval, mark or remove the unfinished tasks that
// mention a word, add a sentence to every unfinished task's description, finish a whole request
// and sign it off), and picks over the request list (the request with the fewest or most tasks
// left, the one with the most tasks waiting) before acting on it.
import { pick, shuffled } from "../../../tasks/graph-walk/graph-random";
import { callCode, lit } from "../../../tasks/programs/program-code";
import type { RequestView } from "./explore";
import { openRequests } from "./explore";
import { callWith, workflowDraft } from "./program";
import {
  noteChoices,
  noteFor,
  pickingWords,
  quoted,
  toolOf,
  unfinished,
  unfit,
  type WorkflowTemplate,
  waiting,
  withNote,
} from "./template";
import { DESCRIPTION_ADDITIONS } from "./words";

const mentionsCode = (word: string) =>
  `(task.title + " " + task.description).toLowerCase().includes(${lit(word)})`;

const loopHead = (r: RequestView) => [
  `const requestId = requestIdOf(${lit(r.text)});`,
  "for (const task of tasksOf(requestId)) {",
];

const wordChoices = (queue: readonly RequestView[], minHits = 1) =>
  openRequests(queue).flatMap((r) =>
    pickingWords(unfinished(r))
      .filter((w) => w.hits.length >= minHits)
      .map((w) => ({ r, ...w })),
  );

/** "In my request "...", approve every task that is done but not yet approved." */
export const approveWaiting: WorkflowTemplate = {
  name: "approve-waiting",
  kind: "programmatic",
  roles: ["approve_task"],
  maxWrites: (queue) => Math.max(0, ...openRequests(queue).map((r) => waiting(r).length)),
  capacity: (_ctx, queue) => openRequests(queue).filter((r) => waiting(r).length > 0).length,
  build(ctx, queue, target) {
    const r = pick(
      ctx.rng,
      openRequests(queue).filter((r) => waiting(r).length >= Math.max(1, target.minWrites)),
    );
    if (!r) return unfit("no_waiting_task", "no request has finished tasks waiting for approval");
    const approve = toolOf(ctx, "approve_task");
    return workflowDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `In my request ${quoted(r.text)}, approve every task that is done but not approved yet.`,
      helpers: ["requestIdOf", "tasksOf"],
      statements: [
        ...loopHead(r),
        `  if (task.done && !task.approved) ${callWith(approve, { request: "requestId", task: "task.id" })};`,
        "}",
        "return null;",
      ],
      hidden: [r.id, ...waiting(r).map((t) => t.id)],
      tools: [ctx.lens.list_requests.name, ctx.lens.next_task.name, approve.name],
      difficulty: {
        chainLength: 2 + waiting(r).length,
        branching: 2,
        writes: waiting(r).length,
        hiddenIds: 2,
      },
    });
  },
};

/** "Finish my request "...": mark what is left done, approve everything, sign the request off." */
export const finishRequest: WorkflowTemplate = {
  name: "finish-request",
  kind: "programmatic",
  roles: ["mark_done", "approve_task", "approve_request"],
  maxWrites: (queue) =>
    Math.max(
      0,
      ...openRequests(queue).map((r) => unfinished(r).length * 2 + waiting(r).length + 1),
    ),
  capacity: (ctx, queue) =>
    openRequests(queue).filter((r) => r.tasks.some((t) => !t.approved)).length * noteChoices(ctx),
  build(ctx, queue, target) {
    const writes = (r: RequestView) => unfinished(r).length * 2 + waiting(r).length + 1;
    const r = pick(
      ctx.rng,
      openRequests(queue).filter(
        (r) => r.tasks.some((t) => !t.approved) && writes(r) >= target.minWrites,
      ),
    );
    if (!r) return unfit("no_open_request", "no request has work left to finish");
    const mark = toolOf(ctx, "mark_done");
    const approve = toolOf(ctx, "approve_task");
    const signOff = toolOf(ctx, "approve_request");
    const left = unfinished(r).length > 0;
    const note = left ? noteFor(ctx) : undefined;
    const markStep = left
      ? `mark every task that is not done yet as done${withNote(note)}, then `
      : "";
    return workflowDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `Finish my request ${quoted(r.text)}: ${markStep}approve every task that still needs approval, and finally approve the whole request as completed.`,
      helpers: ["requestIdOf", "tasksOf"],
      statements: [
        ...loopHead(r),
        `  if (!task.done) ${callWith(mark, { request: "requestId", task: "task.id", ...(note ? { details: lit(note) } : {}) })};`,
        `  if (!task.approved) ${callWith(approve, { request: "requestId", task: "task.id" })};`,
        "}",
        `${callWith(signOff, { request: "requestId" })};`,
        "return null;",
      ],
      hidden: [r.id, ...r.tasks.map((t) => t.id)],
      tools: [
        ctx.lens.list_requests.name,
        ctx.lens.next_task.name,
        mark.name,
        approve.name,
        signOff.name,
      ],
      difficulty: { chainLength: 2 + writes(r), branching: 3, writes: writes(r), hiddenIds: 2 },
    });
  },
};

/** "In my request "...", mark every unfinished task that mentions "..." as done with the note "..."." */
export const markMentioning: WorkflowTemplate = {
  name: "mark-mentioning",
  kind: "programmatic",
  roles: ["mark_done"],
  maxWrites: (queue) => Math.max(0, ...wordChoices(queue).map((c) => c.hits.length)),
  capacity: (ctx, queue) => wordChoices(queue).length * noteChoices(ctx),
  build(ctx, queue, target) {
    const choice = pick(ctx.rng, wordChoices(queue, Math.max(1, target.minWrites)));
    if (!choice) return unfit("no_word", "no word picks some unfinished tasks of a request");
    const { r, word, hits } = choice;
    const mark = toolOf(ctx, "mark_done");
    const note = noteFor(ctx);
    return workflowDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `In my request ${quoted(r.text)}, mark every unfinished task whose title or description mentions ${quoted(word)} as done${withNote(note)}.`,
      helpers: ["requestIdOf", "tasksOf"],
      statements: [
        ...loopHead(r),
        `  if (!task.done && ${mentionsCode(word)}) ${callWith(mark, { request: "requestId", task: "task.id", ...(note ? { details: lit(note) } : {}) })};`,
        "}",
        "return null;",
      ],
      hidden: [r.id, ...hits.map((t) => t.id)],
      tools: [ctx.lens.list_requests.name, ctx.lens.next_task.name, mark.name],
      difficulty: { chainLength: 2 + hits.length, branching: 2, writes: hits.length, hiddenIds: 2 },
    });
  },
};

/** "In my request "...", delete every unfinished task whose title or description mentions "..."." */
export const deleteMentioning: WorkflowTemplate = {
  name: "delete-mentioning",
  kind: "programmatic",
  roles: ["delete_task"],
  maxWrites: (queue) => Math.max(0, ...wordChoices(queue).map((c) => c.hits.length)),
  capacity: (_ctx, queue) => wordChoices(queue).length,
  build(ctx, queue, target) {
    const choice = pick(ctx.rng, wordChoices(queue, Math.max(1, target.minWrites)));
    if (!choice) return unfit("no_word", "no word picks some unfinished tasks of a request");
    const { r, word, hits } = choice;
    const remove = toolOf(ctx, "delete_task");
    return workflowDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `We are cutting scope: in my request ${quoted(r.text)}, delete every unfinished task whose title or description mentions ${quoted(word)}.`,
      helpers: ["requestIdOf", "tasksOf"],
      statements: [
        ...loopHead(r),
        `  if (!task.done && ${mentionsCode(word)}) ${callWith(remove, { request: "requestId", task: "task.id" })};`,
        "}",
        "return null;",
      ],
      hidden: [r.id, ...hits.map((t) => t.id)],
      tools: [ctx.lens.list_requests.name, ctx.lens.next_task.name, remove.name],
      difficulty: { chainLength: 2 + hits.length, branching: 2, writes: hits.length, hiddenIds: 2 },
    });
  },
};

/** "In my request "...", add "..." to the end of the description of every unfinished task." */
export const describeUnfinished: WorkflowTemplate = {
  name: "describe-unfinished",
  kind: "programmatic",
  roles: ["update_task"],
  maxWrites: (queue) => Math.max(0, ...openRequests(queue).map((r) => unfinished(r).length)),
  capacity: (ctx, queue) =>
    ctx.lens.update_task?.args.description
      ? openRequests(queue).filter((r) => unfinished(r).length > 0).length *
        DESCRIPTION_ADDITIONS.length
      : 0,
  build(ctx, queue, target) {
    const r = pick(
      ctx.rng,
      openRequests(queue).filter((r) => unfinished(r).length >= Math.max(1, target.minWrites)),
    );
    const addition = pick(ctx.rng, DESCRIPTION_ADDITIONS);
    if (!r || !addition) return unfit("no_open_task", "no request has unfinished tasks");
    const update = toolOf(ctx, "update_task");
    return workflowDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `In my request ${quoted(r.text)}, add the sentence ${quoted(addition)} to the end of the description of every task that is not done yet, separated by a space.`,
      helpers: ["requestIdOf", "tasksOf"],
      statements: [
        ...loopHead(r),
        `  if (!task.done) ${callWith(update, { request: "requestId", task: "task.id", description: `task.description + " " + ${lit(addition)}` })};`,
        "}",
        "return null;",
      ],
      hidden: [r.id, ...unfinished(r).map((t) => t.id)],
      tools: [ctx.lens.list_requests.name, ctx.lens.next_task.name, update.name],
      difficulty: {
        chainLength: 2 + unfinished(r).length,
        branching: 2,
        writes: unfinished(r).length,
        hiddenIds: 2,
      },
    });
  },
};

type Extreme = "fewest" | "most";

/** The one open request with the fewest (most) unfinished tasks, when no other ties it. */
function extremeRequest(queue: readonly RequestView[], extreme: Extreme): RequestView | undefined {
  const candidates = queue.filter((r) => !r.completed && unfinished(r).length > 0);
  const counts = candidates.map((r) => unfinished(r).length);
  const best = extreme === "fewest" ? Math.min(...counts) : Math.max(...counts);
  const found = candidates.filter((r) => unfinished(r).length === best);
  return found.length === 1 ? found[0] : undefined;
}

/** "Among my requests with unfinished tasks, find the one with the fewest left and mark its next task done." */
export const markNextOfExtreme: WorkflowTemplate = {
  name: "mark-next-of-extreme",
  kind: "programmatic",
  roles: ["mark_done"],
  maxWrites: () => 1,
  capacity: (ctx, queue) =>
    (["fewest", "most"] as const).filter((e) => extremeRequest(queue, e)).length * noteChoices(ctx),
  build(ctx, queue) {
    const options = shuffled(ctx.rng, ["fewest", "most"] as const).flatMap((extreme) => {
      const r = extremeRequest(queue, extreme);
      return r ? [{ extreme, r }] : [];
    });
    const [chosen] = options;
    if (!chosen) return unfit("no_extreme", "requests tie on their unfinished tasks");
    const { extreme, r } = chosen;
    const mark = toolOf(ctx, "mark_done");
    const note = noteFor(ctx);
    const better = extreme === "fewest" ? "left < best.left" : "left > best.left";
    return workflowDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `Among my requests that still have unfinished tasks, find the one with the ${extreme} tasks left and mark its next task as done${withNote(note)}.`,
      helpers: [],
      statements: [
        `const listed = ${callCode(ctx.lens.list_requests.name, [])}.requests;`,
        "let best = null;",
        "for (const r of listed) {",
        "  const left = r.totalTasks - r.completedTasks;",
        `  if (left > 0 && (best === null || ${better})) best = { id: r.requestId, left };`,
        "}",
        `const next = ${callWith(ctx.lens.next_task, { request: "best.id" })}.task;`,
        `${callWith(mark, { request: "best.id", task: "next.id", ...(note ? { details: lit(note) } : {}) })};`,
        "return null;",
      ],
      hidden: [
        r.id,
        ...unfinished(r)
          .slice(0, 1)
          .map((t) => t.id),
      ],
      tools: [ctx.lens.list_requests.name, ctx.lens.next_task.name, mark.name],
      difficulty: { chainLength: 3, branching: 2, writes: 1, hiddenIds: 2 },
    });
  },
};

/** "Find my request with the most finished tasks waiting for approval, and approve all of them." */
export const approveMostWaiting: WorkflowTemplate = {
  name: "approve-most-waiting",
  kind: "programmatic",
  roles: ["approve_task"],
  maxWrites: (queue) => Math.max(0, ...queue.map((r) => waiting(r).length)),
  capacity: (_ctx, queue) => (mostWaiting(queue) ? 1 : 0),
  build(ctx, queue, target) {
    const r = mostWaiting(queue);
    if (!r || waiting(r).length < target.minWrites) {
      return unfit("no_extreme", "no single request has the most tasks waiting for approval");
    }
    const approve = toolOf(ctx, "approve_task");
    return workflowDraft(ctx.lens, {
      kind: "programmatic",
      instruction:
        "Find the request of mine with the most finished tasks still waiting for approval, and approve all of its finished tasks that are not approved yet.",
      helpers: ["tasksOf"],
      statements: [
        `const listed = ${callCode(ctx.lens.list_requests.name, [])}.requests;`,
        "let best = null;",
        "for (const r of listed) {",
        "  const waiting = r.completedTasks - r.approvedTasks;",
        "  if (waiting > 0 && (best === null || waiting > best.waiting)) best = { id: r.requestId, waiting };",
        "}",
        "for (const task of tasksOf(best.id)) {",
        `  if (task.done && !task.approved) ${callWith(approve, { request: "best.id", task: "task.id" })};`,
        "}",
        "return null;",
      ],
      hidden: [r.id, ...waiting(r).map((t) => t.id)],
      tools: [ctx.lens.list_requests.name, ctx.lens.next_task.name, approve.name],
      difficulty: {
        chainLength: 2 + waiting(r).length,
        branching: 3,
        writes: waiting(r).length,
        hiddenIds: 2,
      },
    });
  },
};

function mostWaiting(queue: readonly RequestView[]): RequestView | undefined {
  const counts = queue.map((r) => waiting(r).length);
  const best = Math.max(0, ...counts);
  const found = queue.filter((r) => waiting(r).length === best);
  return best > 0 && found.length === 1 ? found[0] : undefined;
}
