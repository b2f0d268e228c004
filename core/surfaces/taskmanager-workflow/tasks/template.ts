// What a task-queue template is (graph-*.ts, program-*.ts), and the small choices
// several share: which tasks of a request are unfinished or wait for approval, a note to leave,
// the words that pick some tasks out of a list, and whether an instruction would give its own
// answer away.

import type { Json } from "../../../base/json";
import type { Built, DraftTarget } from "../../../tasks/draft";
import { pick } from "../../../tasks/graph-walk/graph-random";
import { instructionLeaks } from "../../../tasks/phrasing/phrasing-leaks";
import type { TaskKind } from "../../../tasks/task";
import type { WorkflowRole } from "../roles";
import type { RequestView, TaskView, WorkflowContext } from "./explore";
import type { WorkflowTool } from "./lens";
import { COMMON_WORDS, DONE_NOTES } from "./words";

export interface WorkflowTemplate {
  name: string;
  kind: TaskKind;
  /** The roles it calls besides the request list and the next-task tool. */
  roles: readonly WorkflowRole[];
  /** The most state-changing calls one of its tasks makes on this queue (0: it only reads). */
  maxWrites(queue: readonly RequestView[]): number;
  /**
   * How many distinct tasks (distinct solution calls) it can make on this queue; 0 when it does
   * not fit. Templates are drawn in proportion to it (capped), so small ones do not repeat.
   */
  capacity(ctx: WorkflowContext, queue: readonly RequestView[]): number;
  build(ctx: WorkflowContext, queue: readonly RequestView[], target: DraftTarget): Built;
}

export const unfit = (reason: string, detail: string) => ({ reason, detail });

export const unfinished = (r: RequestView): TaskView[] => r.tasks.filter((t) => !t.done);
export const waiting = (r: RequestView): TaskView[] => r.tasks.filter((t) => t.done && !t.approved);
export const quoted = (text: string) => `"${text}"`;

/** A tool of the lens the template's roles guarantee. */
export function toolOf(ctx: WorkflowContext, role: WorkflowRole): WorkflowTool {
  const tool = ctx.lens[role];
  if (!tool) throw new Error(`the task-queue lens has no ${role} tool`);
  return tool;
}

/** A note to leave on finished work, when the mark-done tool takes one. */
export function noteFor(ctx: WorkflowContext): string | undefined {
  return ctx.lens.mark_done?.args.details ? pick(ctx.rng, DONE_NOTES) : undefined;
}

/** How many notes a mark-done call can carry (1 when it takes none). */
export const noteChoices = (ctx: WorkflowContext) =>
  ctx.lens.mark_done?.args.details ? DONE_NOTES.length : 1;

/** ` with the note "..."`, or nothing. */
export const withNote = (note: string | undefined) =>
  note === undefined ? "" : ` with the note ${quoted(note)}`;

/** Whether the instruction would state the answer (validation would drop the task). */
export function givesAway(instruction: string, answer: Json): boolean {
  return (
    instructionLeaks(instruction, { toolNames: [], identifiers: [], hidden: [], answer }).length > 0
  );
}

/** Text that can sit inside a quoted instruction and a JSON literal alike. */
export const sayable = (text: string) => text.length > 0 && !/["\n\r`]/.test(text);

const textOf = (t: TaskView) => `${t.title} ${t.description}`.toLowerCase();

/**
 * Words that pick some of `among` by "its title or description mentions ...": each a plain word
 * whose substring matches are whole-word matches in every task, so either reading agrees.
 */
export function pickingWords(among: readonly TaskView[]): { word: string; hits: TaskView[] }[] {
  const words = new Set(among.flatMap((t) => textOf(t).match(/[a-z]{4,}/g) ?? []));
  return [...words]
    .filter((w) => !COMMON_WORDS.has(w))
    .sort()
    .flatMap((word) => {
      const whole = new RegExp(`(?<![a-z])${word}(?![a-z])`);
      if (among.some((t) => textOf(t).includes(word) !== whole.test(textOf(t)))) return [];
      const hits = among.filter((t) => whole.test(textOf(t)));
      return hits.length > 0 && (hits.length < among.length || among.length === 1)
        ? [{ word, hits }]
        : [];
    });
}
