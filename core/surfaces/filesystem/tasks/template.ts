// The shape of a file-system task template: from the explored tree it lists every task it could
// make (a candidate, keyed by what decides the solution's calls, so a synthesis run never drafts the
// same calls twice), and renders one into a draft: a user's instruction and a solution program.
import type { Prng } from "../../../sandbox/determinism";
import type { Built } from "../../../tasks/draft";
import { programDraft, quoted } from "../../../tasks/surface-draft";
import type { TaskKind } from "../../../tasks/task";
import type { FsLens } from "./lens";
import type { CsvReference, CsvTable } from "./tables";
import type { FsTree } from "./tree";

export { quoted };

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

/** A file-system task's draft (see programDraft). */
export const fsDraft = programDraft;

/** The tools a program calls, without repeats or gaps. */
export function toolList(...names: (string | undefined)[]): string[] {
  return [...new Set(names.filter((n): n is string => n !== undefined))];
}
