// What a utility task template is (utility-graph-templates.ts, utility-program-templates.ts), and
// the small choices several of them share: a run of numbered resources, a session file name, and
// whether an instruction would give its own answer away.
import type { Built, DraftTarget } from "../../../tasks/draft";
import { givesAway, unfit } from "../../../tasks/surface-draft";
import type { TaskKind } from "../../../tasks/task";
import type { UtilityContext } from "./explore";
import type { UtilityLens } from "./lens";

export { givesAway, unfit };

export interface UtilityTemplate {
  name: string;
  kind: TaskKind;
  /** The most state-changing calls one of its tasks makes (0: it only reads). */
  maxWrites: number;
  /**
   * How many distinct tasks (distinct solution calls) it can make on this server; 0 when it does
   * not fit. Templates are drawn in proportion to it (capped), so small ones do not repeat.
   */
  capacity(lens: UtilityLens): number;
  build(ctx: UtilityContext, target: DraftTarget): Built;
}

/** A whole number in [lo, hi]. */
export function between(ctx: UtilityContext, lo: number, hi: number): number {
  return lo + Math.floor(ctx.rng.next() * (hi - lo + 1));
}

/** Runs of `length` consecutive ids in 1..count, over every length in [lo, hi]. */
export function rangeCount(count: number, lo: number, hi: number): number {
  let n = 0;
  for (let length = lo; length <= hi; length++) n += Math.max(0, count - length + 1);
  return n;
}

/** The session file a resource is saved as: `text-resource-42.txt.gz`, around its number. */
export const resourceFileParts = (type: string) => ({
  prefix: `${type.toLowerCase()}-resource-`,
  suffix: ".txt.gz",
});

export function resourceFile(type: string, id: number | string): string {
  const { prefix, suffix } = resourceFileParts(type);
  return `${prefix}${id}${suffix}`;
}
