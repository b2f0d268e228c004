// Programmatic templates that read a task queue: count or compare over a request's progress table
// (tasks not done, waiting for approval, approved; the unfinished task with the longest
// description), and loop over the finished tasks' details to count the notes that mention a word.
// A read's solution calls depend only on the request, so each request makes one such task.
import { pick } from "../../../tasks/graph-walk/graph-random";
import { lit } from "../../../tasks/programs/program-code";
import type { RequestView, TaskView } from "./explore";
import { notesOf, openRequests } from "./explore";
import { callWith, workflowDraft } from "./program";
import { givesAway, pickingWords, quoted, toolOf, unfit, type WorkflowTemplate } from "./template";

interface TableQuestion {
  ask: (r: RequestView) => string;
  /** The gold answer from the explored table, or undefined when the question does not fit. */
  answer: (tasks: readonly TaskView[]) => string | number | undefined;
  /** Statements after `const tasks = tasksOf(requestId);` that return the answer. */
  code: string[];
}

const countOf = (test: (t: TaskView) => boolean) => (tasks: readonly TaskView[]) =>
  tasks.filter(test).length;

const QUESTIONS: readonly TableQuestion[] = [
  {
    ask: (r) => `How many tasks of my request ${quoted(r.text)} are not done yet?`,
    answer: countOf((t) => !t.done),
    code: ["return tasks.filter((t) => !t.done).length;"],
  },
  {
    ask: (r) =>
      `How many tasks of my request ${quoted(r.text)} are done but still waiting for my approval?`,
    answer: countOf((t) => t.done && !t.approved),
    code: ["return tasks.filter((t) => t.done && !t.approved).length;"],
  },
  {
    ask: (r) => `How many tasks of my request ${quoted(r.text)} have I approved so far?`,
    answer: countOf((t) => t.approved),
    code: ["return tasks.filter((t) => t.approved).length;"],
  },
  {
    ask: (r) =>
      `Which unfinished task of my request ${quoted(r.text)} has the longest description? Answer with its title.`,
    answer: (tasks) => {
      const open = tasks.filter((t) => !t.done);
      const longest = Math.max(...open.map((t) => t.description.length));
      const found = open.filter((t) => t.description.length === longest);
      return found.length === 1 ? found[0]?.title : undefined;
    },
    code: [
      "let best = null;",
      "for (const t of tasks) {",
      "  if (!t.done && (best === null || t.description.length > best.description.length)) best = t;",
      "}",
      "return best.title;",
    ],
  },
];

/** "How many tasks of my request "..." are not done yet?" and other questions over its table. */
export const tableQuestion: WorkflowTemplate = {
  name: "table-question",
  kind: "programmatic",
  roles: [],
  maxWrites: () => 0,
  capacity: (_ctx, queue) => openRequests(queue).length,
  build(ctx, queue) {
    const r = pick(ctx.rng, openRequests(queue));
    const question = pick(ctx.rng, QUESTIONS);
    if (!r || !question) return unfit("no_open_request", "no request to ask about");
    const answer = question.answer(r.tasks);
    const instruction = question.ask(r);
    if (answer === undefined || givesAway(instruction, answer)) {
      return unfit("no_answer", "the question has no single answer here");
    }
    return workflowDraft(ctx.lens, {
      kind: "programmatic",
      instruction,
      helpers: ["requestIdOf", "tasksOf"],
      statements: [
        `const requestId = requestIdOf(${lit(r.text)});`,
        "const tasks = tasksOf(requestId);",
        ...question.code,
      ],
      answerMatch:
        typeof answer === "number" ? { kind: "numeric", tolerance: 1e-9 } : { kind: "exact" },
      hidden: [r.id],
      tools: [ctx.lens.list_requests.name, ctx.lens.next_task.name],
      difficulty: { chainLength: 2, branching: 2, writes: 0, hiddenIds: 1 },
    });
  },
};

/** "How many finished tasks of my request "..." have a note that mentions "..."?" */
export const notesMentioning: WorkflowTemplate = {
  name: "notes-mentioning",
  kind: "programmatic",
  roles: ["open_task"],
  maxWrites: () => 0,
  capacity: (_ctx, queue) => openRequests(queue).filter((r) => r.tasks.some((t) => t.done)).length,
  build(ctx, queue) {
    const r = pick(
      ctx.rng,
      openRequests(queue).filter((r) => r.tasks.some((t) => t.done)),
    );
    if (!r) return unfit("no_done_task", "no request has finished tasks");
    const done = r.tasks.filter((t) => t.done);
    // Read the notes as a user would see them, then pick a word some of them mention.
    const notes = done.map((t) => ({ ...t, title: "", description: notesOf(ctx, t.id) ?? "" }));
    const word = pick(ctx.rng, pickingWords(notes));
    if (!word) return unfit("no_word", "no word picks some of the notes");
    const open = toolOf(ctx, "open_task");
    const instruction = `How many finished tasks of my request ${quoted(r.text)} have a note that mentions ${quoted(word.word)}?`;
    if (givesAway(instruction, word.hits.length))
      return unfit("no_answer", "the count is in the question");
    return workflowDraft(ctx.lens, {
      kind: "programmatic",
      instruction,
      helpers: ["requestIdOf", "tasksOf"],
      statements: [
        `const requestId = requestIdOf(${lit(r.text)});`,
        "let n = 0;",
        "for (const task of tasksOf(requestId)) {",
        "  if (!task.done) continue;",
        `  const notes = ${callWith(open, { task: "task.id" })}.task.completedDetails;`,
        `  if (notes.toLowerCase().includes(${lit(word.word)})) n += 1;`,
        "}",
        "return n;",
      ],
      answerMatch: { kind: "numeric", tolerance: 1e-9 },
      hidden: [r.id, ...done.map((t) => t.id)],
      tools: [ctx.lens.list_requests.name, ctx.lens.next_task.name, open.name],
      difficulty: { chainLength: 2 + done.length, branching: 2, writes: 0, hiddenIds: 2 },
    });
  },
};
