// The shape of a memory task template: from the explored graph it lists every task it could make
// (a candidate, keyed by what decides the solution's calls, so a synthesis run never drafts the
// same task twice) and renders one into a draft: a user's instruction and a solution program.
import type { Prng } from "../../../sandbox/determinism";
import type { Built, TaskDraft } from "../../../tasks/draft";
import { programDraft } from "../../../tasks/surface-draft";
import type { TaskKind } from "../../../tasks/task";
import type { Finder } from "./finders";
import type { MemoryLens } from "./lens";
import type { MemoryGraph } from "./model";

export interface MemoryContext {
  lens: MemoryLens;
  graph: MemoryGraph;
  finders: Finder[];
}

export interface MemoryCandidate {
  /** Equal for candidates whose solutions would make the same calls. */
  key: string;
  /** State-changing calls the solution makes. */
  writes: number;
  render(rng: Prng): Built;
}

export interface MemoryTemplate {
  name: string;
  kind: TaskKind;
  /** Every candidate this memory allows (empty when the server lacks a tool it needs). */
  candidates(ctx: MemoryContext): MemoryCandidate[];
}

export function memoryDraft(
  kind: TaskKind,
  instruction: string,
  statements: readonly string[],
  rest: Pick<TaskDraft, "hidden" | "tools"> & Partial<TaskDraft>,
  difficulty: TaskDraft["difficulty"],
): TaskDraft {
  return programDraft(
    kind,
    instruction,
    statements,
    { ...rest, tools: [...new Set(rest.tools)] },
    difficulty,
  );
}

/** The first letter upper-cased: a finder's phrase opening a sentence. */
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
