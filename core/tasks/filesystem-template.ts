// The shape of a file-system task template: from the explored tree it lists every task it could
// make (a candidate, keyed by what decides the solution's calls, so a synthesis run never drafts the
// same calls twice), and renders one into a draft: a user's instruction and a solution program.
import type { Prng } from "../sandbox/determinism";
import type { Built, TaskDraft } from "./draft";
import type { FsLens } from "./filesystem-lens";
import type { CsvReference, CsvTable } from "./filesystem-tables";
import type { FsTree } from "./filesystem-tree";
import { functionSource } from "./program-code";
import type { TaskKind } from "./task";

export interface FsContext {
  lens: FsLens;
  tree: FsTree;
  tables: CsvTable[];
  references: CsvReference[];
}

export interface FsCandidate {
  /** Equal for candidates whose solutions would make the same calls. */
  key: string;
  render(rng: Prng): Built;
}

export interface FsTemplate {
  name: string;
  kind: TaskKind;
  writes: boolean;
  /** Every candidate this tree allows (empty when the server lacks a tool it needs). */
  candidates(ctx: FsContext): FsCandidate[];
}

export const quoted = (text: string | number) => `"${text}"`;

export function fsDraft(
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

/** The tools a program calls, without repeats or gaps. */
export function toolList(...names: (string | undefined)[]): string[] {
  return [...new Set(names.filter((n): n is string => n !== undefined))];
}
