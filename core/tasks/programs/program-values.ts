// Value helpers for the program grammar: PRNG choices, reading paths out of results, the scalar
// fields of a record, and thresholds that split real data at a round number.

import type { Json } from "../../base/json";
import type { Prng } from "../../sandbox/determinism";
import { type EntityKeys, isKeyName } from "../entity-keys";
import { shuffled } from "../graph-walk/graph-random";
import { wordsOf } from "../phrasing/words";

export type JsonRecord = { [key: string]: Json };

export function isRecord(value: Json | undefined): value is JsonRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function pick<T>(rng: Prng, items: readonly T[]): T | undefined {
  return items.length === 0 ? undefined : items[Math.floor(rng.next() * items.length)];
}

/** A shuffled copy (Fisher-Yates, every swap from `rng`). */
export const shuffle = shuffled;

/** The value at a dotted path (`billing.city`); `undefined` when a segment is missing. */
export function getPath(value: Json | undefined, path: string): Json | undefined {
  if (path === "") return value;
  let here: Json | undefined = value;
  for (const segment of path.split(".")) {
    if (!isRecord(here)) return undefined;
    here = here[segment];
  }
  return here;
}

/** Names that read as identifiers: `id`, `CustomerID`, `invoice_line_id`, `sku`, `code`. */
export function looksLikeIdentifier(name: string): boolean {
  const last = wordsOf(name).pop() ?? "";
  return ["id", "ids", "key", "code", "sku"].includes(last);
}

/** An identifier by its name, or a natural key of the tool set (`carrier` keys airlines). */
export function identifierNamed(ctx: { graph: { keys: EntityKeys } }, name: string): boolean {
  return looksLikeIdentifier(name) || isKeyName(ctx.graph.keys, name);
}

/** Scalar (string/number) fields of a record, nested objects one level deep (`billing.city`). */
export function scalarPaths(record: JsonRecord): { path: string; value: string | number }[] {
  const out: { path: string; value: string | number }[] = [];
  for (const [name, value] of Object.entries(record)) {
    if (typeof value === "string" || typeof value === "number") out.push({ path: name, value });
    else if (isRecord(value)) {
      for (const [inner, v] of Object.entries(value)) {
        if (typeof v === "string" || typeof v === "number")
          out.push({ path: `${name}.${inner}`, value: v });
      }
    }
  }
  return out;
}

/** A number with at most 2 decimals, free of binary noise (0.1 + 0.2 -> 0.3). */
export function tidy(n: number): number {
  return Math.round(n * 100) / 100;
}

/** The roundest number strictly between `lo` and `hi`, or undefined when they are too close. */
export function roundBetween(lo: number, hi: number): number | undefined {
  const steps = [10000, 5000, 1000, 500, 100, 50, 10, 5, 1, 0.5, 0.1, 0.05, 0.01];
  for (const step of steps) {
    const candidate = tidy((Math.floor(lo / step) + 1) * step);
    if (candidate > lo && candidate < hi) return candidate;
  }
  return undefined;
}

/**
 * A round threshold between two neighbouring distinct values of `values`, chosen with `rng`, that
 * leaves between `minAbove` and `values.length - 1` values strictly above it.
 */
export function splitThreshold(
  rng: Prng,
  values: readonly number[],
  minAbove = 1,
): number | undefined {
  const distinct = [...new Set(values)].sort((a, b) => a - b);
  const gaps = shuffle(
    rng,
    distinct.slice(0, -1).map((lo, i) => [lo, distinct[i + 1] as number] as const),
  );
  for (const [lo, hi] of gaps) {
    const t = roundBetween(lo, hi);
    if (t === undefined) continue;
    const above = values.filter((v) => v > t).length;
    if (above >= minAbove && above < values.length) return t;
  }
  return undefined;
}

/** Whether `text` mentions `value` as a whole word or number (case-insensitive). */
export function mentions(text: string, value: Json | undefined): boolean {
  if (typeof value === "number") {
    const numbers = text.match(/\d+(?:\.\d+)?/g) ?? [];
    return numbers.some((n) => Number(n) === Math.abs(value));
  }
  if (typeof value === "string") {
    const needle = value.trim().toLowerCase();
    if (needle === "") return false;
    const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, "u").test(
      text.toLowerCase(),
    );
  }
  if (Array.isArray(value)) return value.some((v) => mentions(text, v));
  return false;
}
