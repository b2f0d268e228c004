// One executed call of a graph walk, with where each argument came from: read from an earlier
// result (`bound`: a dependent value the agent must carry over) or stated by the user (`known`).
// Bindings are keyed by slot (`customerId`, `observations[0].entityName`; see walk-slots.ts).
import { canonicalJson, type Json } from "../../base/json";
import { isOwnKeyPath } from "../own-fields";
import { intentOf } from "../phrasing/phrasing-intent";
import type { ToolProfile } from "../tool-profile";
import type { RefToken, Selection } from "./graph-paths";
import type { StatedName } from "./walk-names";
import { readSlot, withoutSlots } from "./walk-slots";

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
  /** Arguments the user gives: the instruction states them (less any slot bound inside them). */
  known: string[];
  /** Stated identifiers the instruction names by what a user knows ("the customer named X"). */
  names?: Record<string, StatedName>;
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

/** The value read from the earlier result (not the one-element list a wrapped input passes). */
export function boundValue(step: WalkStep, slot: string): Json {
  const value = readSlot(step.args, slot) ?? null;
  return step.bound[slot]?.wrap && Array.isArray(value) ? (value[0] ?? null) : value;
}

/** What the user states in a step: its known arguments without the slots bound inside them. */
export function statedArgs(step: WalkStep): Json {
  const known: Record<string, Json> = {};
  for (const k of step.known) known[k] = step.args[k] ?? null;
  return withoutSlots(known, Object.keys(step.bound));
}

/**
 * Every value the user states, down to the scalars inside stated lists and objects, and the values
 * elements are picked by ("the one named X").
 */
function statedKeys(
  steps: readonly WalkStep[],
  selections: readonly Map<string, Selection>[],
): Set<string> {
  const stated = new Set<string>();
  const state = (value: Json) => {
    stated.add(canonicalJson(value));
    if (value !== null && typeof value === "object") for (const v of Object.values(value)) state(v);
  };
  for (const s of steps) {
    const args = statedArgs(s);
    if (args !== null && typeof args === "object") for (const v of Object.values(args)) state(v);
  }
  for (const chosen of selections) for (const s of chosen.values()) state(s.value);
  return stated;
}

/** Bound values the instruction never states: identifiers the agent must find. */
export function hiddenValues(
  steps: readonly WalkStep[],
  selections: readonly Map<string, Selection>[] = [],
): Json[] {
  const stated = statedKeys(steps, selections);
  const out = new Map<string, Json>();
  for (const step of steps) {
    for (const slot of Object.keys(step.bound)) {
      const value = boundValue(step, slot);
      const key = canonicalJson(value);
      if (!stated.has(key)) out.set(key, value);
    }
  }
  return [...out.values()];
}

function contains(value: Json, wanted: Json): boolean {
  if (value === wanted) return true;
  if (value !== null && typeof value === "object") {
    return Object.values(value).some((v) => contains(v, wanted));
  }
  return false;
}

/**
 * The binding reads the key or name of a record `source` made: a create, or an add or other write
 * whose result carries a key it was not given (Slack's posted message).
 */
export function readsCreatedRecord(source: WalkStep, tokens: readonly RefToken[], value: Json) {
  if (source.profile.effect !== "write" || !isOwnKeyPath(source.profile, tokens)) return false;
  const intent = intentOf(source.profile);
  if (intent === "create") return true;
  if (intent !== "add" && intent !== "write") return false;
  return !contains(source.args, value);
}

/** The step made a record: a create, or an add or other write whose result has a key it was not given. */
export function madeRecord(step: WalkStep): boolean {
  if (step.profile.effect !== "write") return false;
  const intent = intentOf(step.profile);
  if (intent === "create") return true;
  if (intent !== "add" && intent !== "write") return false;
  const record = (value: Json | undefined) =>
    value !== null && typeof value === "object" && !Array.isArray(value) ? value : {};
  const top = record(Array.isArray(step.result) ? step.result[0] : step.result);
  const list = step.profile.listPath;
  const listed = list ? top[list] : undefined;
  const element = record(Array.isArray(listed) ? listed[0] : undefined);
  const keyed = [
    ...Object.entries(top).map(([key, value]) => ({ tokens: [{ key }], value })),
    ...Object.entries(element).map(([key, value]) => ({
      tokens: [{ key: list ?? "" }, { key }],
      value,
    })),
  ];
  return keyed.some(
    ({ tokens, value }) =>
      (typeof value === "string" || typeof value === "number") &&
      isOwnKeyPath(step.profile, tokens) &&
      !contains(step.args, value),
  );
}

/**
 * Calls that depend on an earlier one: some argument is read from an earlier result and is either
 * hidden from the user or the key of a record an earlier call of the chain made.
 */
export function dependentCalls(
  steps: readonly WalkStep[],
  selections: readonly Map<string, Selection>[] = [],
): number {
  const stated = statedKeys(steps, selections);
  return steps.filter((step) =>
    Object.entries(step.bound).some(([slot, ref]) => {
      const value = boundValue(step, slot);
      if (!stated.has(canonicalJson(value))) return true;
      const source = steps[ref.step];
      return source !== undefined && readsCreatedRecord(source, ref.tokens, value);
    }),
  ).length;
}

/** Arguments read from earlier results, dependent or not. */
export function bindingCount(steps: readonly WalkStep[]): number {
  return steps.reduce((n, s) => n + Object.keys(s.bound).length, 0);
}
