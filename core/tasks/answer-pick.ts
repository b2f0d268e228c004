// What a graph task asks for, read from the chain's results: a non-identifier scalar of the last
// step (or of a selected element of its list), how many elements a list has, or the set of their
// names. Candidates come best first; the caller keeps the first one its instruction can state
// without giving it away.

import type { Json } from "../base/json";
import type { Prng } from "../sandbox/determinism";
import {
  attributeRank,
  identifyingSelection,
  looksLikeIdentifier,
  parsePath,
  type RefToken,
} from "./graph-walk/graph-paths";
import { weightedOrder } from "./graph-walk/graph-random";
import type { Walk, WalkStep } from "./graph-walk/graph-step";
import { wordsOf } from "./phrasing/words";
import type { AnswerMatch } from "./task";

export type AnswerSpec =
  /** The scalar at `tokens` in step `step`'s result. */
  | { kind: "field"; step: number; tokens: RefToken[]; value: Json }
  /** The list at `list` counted: by its length, or by the result's own count field `countKey`. */
  | { kind: "count"; step: number; list: RefToken[]; countKey?: string; value: number }
  /** The `attr` of every element of the list at `list`. */
  | { kind: "set"; step: number; list: RefToken[]; attr: string; value: Json[] };

export interface AnswerPick {
  spec: AnswerSpec;
  match: AnswerMatch;
}

const COUNT_KEYS = ["total", "matches", "count"];
/** Paging controls echoed in results: never a question. */
const PAGING_KEYS = new Set(["limit", "offset", "truncated", "page", "pagesize", "cursor"]);
const MEASURE_WORDS = ["total", "amount", "count", "sum", "price", "quantity", "spent", "balance"];

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function matchOf(value: Json, kind: AnswerSpec["kind"]): AnswerMatch {
  if (kind === "set") return { kind: "set" };
  return typeof value === "number" ? { kind: "numeric", tolerance: 1e-6 } : { kind: "exact" };
}

function fieldWeight(key: string): number {
  const words = wordsOf(key);
  if (words.some((w) => MEASURE_WORDS.includes(w))) return 4;
  if (words.some((w) => ["name", "title", "date", "status", "city", "country"].includes(w)))
    return 3;
  return 1;
}

/** Values the instruction states or the walk already selected by: never the answer. */
function statedValues(walk: Walk): Json[] {
  const out: Json[] = [];
  for (const step of walk.steps) for (const k of step.known) out.push(step.args[k] ?? null);
  for (const m of walk.selections) for (const s of m?.values() ?? []) out.push(s.value);
  return out;
}

function usable(key: string, value: Json | undefined, step: WalkStep, stated: Json[]): boolean {
  if (value === undefined || value === null || typeof value === "boolean") return false;
  if (typeof value === "object") return false;
  if (typeof value === "string" && (value.trim() === "" || value.length > 120)) return false;
  if (
    looksLikeIdentifier(key) ||
    step.profile.outputs.some((o) => o.name === key && o.identifier)
  ) {
    return false;
  }
  if (key in step.args || PAGING_KEYS.has(key.toLowerCase())) return false;
  if (step.profile.listPath && COUNT_KEYS.includes(key)) return false;
  return !stated.some((s) => s === value);
}

function fieldsOf(
  step: WalkStep,
  index: number,
  stated: Json[],
  base: RefToken[],
  value: Json,
  depth: number,
): { item: AnswerSpec; weight: number }[] {
  if (!isObject(value)) return [];
  const out: { item: AnswerSpec; weight: number }[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (isObject(v) && depth < 1) {
      out.push(...fieldsOf(step, index, stated, [...base, { key }], v, depth + 1));
    } else if (usable(key, v, step, stated)) {
      const tokens = [...base, { key }];
      out.push({
        item: { kind: "field", step: index, tokens, value: v as Json },
        weight: fieldWeight(key),
      });
    }
  }
  return out;
}

/** Candidates from one step's result, in weighted random order. */
function fromStep(walk: Walk, index: number, rng: Prng, stated: Json[]): AnswerSpec[] {
  const step = walk.steps[index];
  if (!step) return [];
  const result = step.result;
  const weighted: { item: AnswerSpec; weight: number }[] = [];
  weighted.push(
    ...fieldsOf(step, index, stated, [], result, 0).map((c) => ({ ...c, weight: c.weight * 2 })),
  );
  const listTokens =
    step.profile.listPath === undefined ? undefined : parsePath(step.profile.listPath);
  const list: RefToken[] = (listTokens ?? []).map((t) => ({ key: t.key }));
  const items = listTokens && listTokens.length <= 1 ? readList(result, list) : undefined;
  if (items && items.length > 0) {
    const countKey = isObject(result)
      ? COUNT_KEYS.find((k) => Number.isInteger(result[k]) && (result[k] as number) >= items.length)
      : undefined;
    const truncated =
      countKey !== undefined && (result as Record<string, Json>)[countKey] !== items.length;
    const lists =
      step.profile.verb === "list" ||
      step.profile.verb === "search" ||
      step.profile.verb === "find";
    if (
      countKey &&
      list.length === 1 &&
      lists &&
      !stated.includes((result as Record<string, Json>)[countKey] ?? null)
    ) {
      const value = (result as Record<string, Json>)[countKey] as number;
      weighted.push({ item: { kind: "count", step: index, list, countKey, value }, weight: 3 });
    } else if (!truncated && items.length < 10 && !stated.includes(items.length)) {
      weighted.push({ item: { kind: "count", step: index, list, value: items.length }, weight: 2 });
    }
    const names = setAttribute(items);
    if (names && !truncated && items.length >= 2 && items.length <= 8) {
      const value = items.map((e) => (isObject(e) ? (e[names] ?? null) : null));
      weighted.push({ item: { kind: "set", step: index, list, attr: names, value }, weight: 2 });
    }
    weighted.push(...elementFields(walk, index, list, items, rng, stated));
  }
  return weightedOrder(rng, weighted);
}

function readList(result: Json, list: RefToken[]): Json[] | undefined {
  const token = list[0];
  const value =
    token === undefined || token.key === ""
      ? result
      : isObject(result)
        ? result[token.key]
        : undefined;
  return Array.isArray(value) ? value : undefined;
}

/** A name-like string attribute every element has, all distinct. */
function setAttribute(items: Json[]): string | undefined {
  const first = items[0];
  if (!isObject(first)) return undefined;
  for (const [attr, value] of Object.entries(first)) {
    if (attributeRank(attr, value) < 6) continue;
    const values = items.map((e) => (isObject(e) ? e[attr] : undefined));
    if (values.every((v) => typeof v === "string") && new Set(values).size === values.length) {
      return attr;
    }
  }
  return undefined;
}

/** Another attribute of one element named by a unique attribute: "the total of the invoice dated D". */
function elementFields(
  walk: Walk,
  index: number,
  list: RefToken[],
  items: Json[],
  rng: Prng,
  stated: Json[],
): { item: AnswerSpec; weight: number }[] {
  const step = walk.steps[index] as WalkStep;
  const listKey = list[0]?.key ?? "";
  const earlier = walk.selections[index]?.get(`.${listKey}`);
  const element = earlier
    ? items.find((e) => isObject(e) && e[earlier.attr] === earlier.value)
    : items[Math.floor(rng.next() * items.length)];
  const select =
    earlier ?? (element === undefined ? undefined : identifyingSelection(items, element));
  if (!select || !isObject(element)) return [];
  const out: { item: AnswerSpec; weight: number }[] = [];
  for (const [key, value] of Object.entries(element)) {
    if (key === select.attr || !usable(key, value, step, stated)) continue;
    const tokens: RefToken[] = [{ key: listKey, select }, { key }];
    out.push({ item: { kind: "field", step: index, tokens, value }, weight: fieldWeight(key) * 2 });
  }
  return out;
}

/**
 * Answer candidates for a walk, best first. A chain ending in a write may be judged on state
 * alone: then (with probability one half) there are none.
 */
export function answerCandidates(walk: Walk, rng: Prng): AnswerPick[] {
  const stated = statedValues(walk);
  const last = walk.steps.length - 1;
  const lastStep = walk.steps[last];
  if (!lastStep) return [];
  const specs: AnswerSpec[] = [];
  if (lastStep.profile.effect === "write") {
    if (rng.next() < 0.5) return [];
    specs.push(...fromStep(walk, last, rng, stated).filter((s) => s.kind === "field"));
  } else {
    for (let i = last; i >= 0 && specs.length === 0; i--) {
      if (walk.steps[i]?.profile.effect === "read") specs.push(...fromStep(walk, i, rng, stated));
    }
  }
  return specs.map((spec) => ({ spec, match: matchOf(spec.value, spec.kind) }));
}
