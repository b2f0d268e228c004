// One executed call of a graph walk, with where each argument came from: read from an earlier
// result (`bound`: a hidden, dependent value the agent must find) or stated by the user (`known`).
import type { Json } from "../json";
import type { RefToken, Selection } from "./graph-paths";
import type { ToolProfile } from "./tool-profile";

export interface ValueRef {
  /** Index of the earlier step whose result holds the value. */
  step: number;
  tokens: RefToken[];
  /** The input is an array and the value one element of it: `[value]`. */
  wrap: boolean;
}

export interface WalkStep {
  tool: string;
  profile: ToolProfile;
  args: Record<string, Json>;
  bound: Record<string, ValueRef>;
  /** Arguments the user gives: the instruction states them. */
  known: string[];
  result: Json;
}

export interface Walk {
  steps: WalkStep[];
  /** Per step, the element chosen at each list prefix of its result (see resolvePath). */
  selections: Map<string, Selection>[];
}

/** The steps whose result a later step (or the answer) reads. */
export function readSteps(steps: readonly WalkStep[]): Set<number> {
  const out = new Set<number>();
  for (const s of steps) for (const ref of Object.values(s.bound)) out.add(ref.step);
  return out;
}

export function dependentBindings(steps: readonly WalkStep[]): number {
  return steps.reduce((n, s) => n + Object.keys(s.bound).length, 0);
}
