// The small pieces every surface template uses to write its draft: a refusal, a quoted phrase, the
// check that an instruction does not state its own answer, and the draft itself from the parts a
// template fills in (the helpers' code ahead of its own statements, one solution function).
import type { Json } from "../base/json";
import type { TaskDraft } from "./draft";
import { instructionLeaks } from "./phrasing/phrasing-leaks";
import { functionSource } from "./programs/program-code";
import type { TaskKind } from "./task";
import type { Refusal } from "./template-draw";

/** Why a template cannot write this task (a stable reason code and what was missing). */
export const unfit = (reason: string, detail: string): Refusal => ({ reason, detail });

export const quoted = (text: string | number) => `"${text}"`;

/** Whether the instruction would state the answer (validation would drop the task). */
export function givesAway(instruction: string, answer: Json): boolean {
  return (
    instructionLeaks(instruction, { toolNames: [], identifiers: [], hidden: [], answer }).length > 0
  );
}

/** What a template hands over for its draft; `H` names the solution helpers it may ask for. */
export interface SurfaceDraftParts<H extends string> {
  kind: TaskKind;
  instruction: string;
  helpers: H[];
  statements: string[];
  answerMatch?: TaskDraft["answerMatch"];
  hidden: Json[];
  tools: string[];
  difficulty: TaskDraft["difficulty"];
}

/** The helpers asked for, in `order` (a helper's code must come before code that calls it). */
export const inOrder = <H>(order: readonly H[], wanted: Iterable<H>): H[] => {
  const asked = new Set(wanted);
  return order.filter((h) => asked.has(h));
};

/**
 * The draft of a template: one solution function of `helperCode` then the statements, each tool
 * listed once. Every graph chain feeds an id only an earlier call revealed into a later call, so
 * its dependent calls are its hidden ids (at least one).
 */
export function surfaceDraft<H extends string>(
  parts: Omit<SurfaceDraftParts<H>, "helpers">,
  helperCode: readonly string[],
): TaskDraft {
  return {
    kind: parts.kind,
    // A quote that ends its own sentence ends the instruction's too: `"Done."` not `"Done.".`
    instruction: parts.instruction.replace(/([.!?])"\.(?=\s|$)/g, '$1"'),
    program: functionSource([...helperCode, ...parts.statements]),
    ...(parts.answerMatch ? { answerMatch: parts.answerMatch } : {}),
    hidden: parts.hidden,
    tools: [...new Set(parts.tools)],
    difficulty: parts.difficulty,
    ...(parts.kind === "graph" ? { dependentCalls: Math.max(1, parts.difficulty.hiddenIds) } : {}),
  };
}

/**
 * The draft of a solution written as plain statements (helpers already among them), with `rest`
 * (hidden values, tools, answer match...) as the template gives it.
 */
export function programDraft(
  kind: TaskKind,
  instruction: string,
  statements: readonly string[],
  rest: Pick<TaskDraft, "hidden" | "tools"> & Partial<TaskDraft>,
  difficulty: TaskDraft["difficulty"],
): TaskDraft {
  return {
    kind,
    instruction,
    program: functionSource(statements),
    difficulty,
    ...(kind === "graph" ? { dependentCalls: Math.max(1, difficulty.hiddenIds) } : {}),
    ...rest,
  };
}
