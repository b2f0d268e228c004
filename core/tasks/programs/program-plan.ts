// What one template of the program grammar produces: the program's statements, the instruction and
// the answer its exploration computed, with the counts that make up the task's difficulty.
import type { Json } from "../../base/json";
import type { DraftTarget, GeneratorContext } from "../draft";
import type { AnswerMatch } from "../task";

export interface ProgramPlan {
  template: string;
  instruction: string;
  /** Statements of the program's body; the last one returns. */
  statements: string[];
  /** The answer the exploration computed (what the program returns on the initial state). */
  expected: Json;
  /** Absent for write tasks, which are judged on the state change. */
  answerMatch?: AnswerMatch;
  /** Tool calls the program makes on the gold run. */
  calls: number;
  /** Loops and conditionals in the program. */
  branching: number;
  writes: number;
  /** Identifier values the program reads from results (never in the instruction). */
  hidden: Json[];
  tools: string[];
}

export type PlanAttempt =
  | { ok: true; plan: ProgramPlan }
  | { ok: false; reason: string; detail: string };

export interface ProgramTemplate {
  name: string;
  /** Whether the program changes state. */
  writes: boolean;
  build(ctx: GeneratorContext, target: DraftTarget): PlanAttempt;
}

export function failed(
  reason: string,
  detail: string,
): { ok: false; reason: string; detail: string } {
  return { ok: false, reason, detail };
}
