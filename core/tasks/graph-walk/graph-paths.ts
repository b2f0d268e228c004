// Where a walk reads a value in an earlier result: a profile path such as `invoices[].invoiceId`,
// with each list level narrowed to one element by a non-identifier attribute unique in that list
// (`invoices[invoiceDate="2025-08-07 00:00:00"].invoiceId`). The rendered program finds the element
// by the same attribute, so replaying it from the same initial state reads the same value.
import type { Json } from "../../base/json";
import type { Prng } from "../../sandbox/determinism";
import { wordsOf } from "../phrasing/words";
import { shuffled } from "./graph-random";

export interface PathToken {
  /** Object key; `` for the result itself (a root array). */
  key: string;
  /** The value at `key` is an array whose elements the rest of the path reads. */
  list: boolean;
}

/** The element of a list a path reads: the one whose `attr` equals `value`. */
export interface Selection {
  attr: string;
  value: string | number;
}

export interface RefToken {
  key: string;
  select?: Selection;
}

/** `invoices[].total` -> [{invoices, list}, {total}]; `[].name` -> [{``, list}, {name}]. */
export function parsePath(path: string): PathToken[] {
  if (path === "") return [];
  return path.split(".").map((part) => {
    const list = part.endsWith("[]");
    return { key: list ? part.slice(0, -2) : part, list };
  });
}

/** Words naming identifiers: a value under such a key is never shown to the user. */
const IDENTIFIER_WORDS = new Set(["id", "ids", "sku", "uuid", "guid"]);

export function looksLikeIdentifier(name: string): boolean {
  const words = wordsOf(name);
  return words.length > 0 && IDENTIFIER_WORDS.has(words[words.length - 1] ?? "");
}

/** How well an attribute names an element for a user, higher first; 0 = never. */
export function attributeRank(attr: string, value: Json): number {
  if (looksLikeIdentifier(attr)) return 0;
  if (typeof value === "string") {
    if (value.trim() === "" || value.length > 80) return 0;
    const words = wordsOf(attr);
    const has = (w: string) => words.includes(w);
    if (has("name") || has("title")) return 6;
    if (has("email")) return 5;
    if (has("date") || /^\d{4}-\d{2}-\d{2}/.test(value)) return 4;
    if (has("phone") || has("company") || has("description")) return 3;
    return 2;
  }
  if (typeof value === "number" && Number.isFinite(value)) return 1;
  return 0;
}

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The attribute that names `element` uniquely within `list`, best first; prefers `preferred` values. */
export function identifyingSelection(
  list: readonly Json[],
  element: Json,
  preferred: readonly Json[] = [],
): Selection | undefined {
  if (!isObject(element)) return undefined;
  let best: { selection: Selection; rank: number } | undefined;
  for (const [attr, value] of Object.entries(element)) {
    if (typeof value !== "string" && typeof value !== "number") continue;
    let rank = attributeRank(attr, value);
    if (rank === 0) continue;
    const same = list.filter((other) => isObject(other) && other[attr] === value).length;
    if (same !== 1) continue;
    if (preferred.some((p) => p === value)) rank += 10;
    if (!best || rank > best.rank) best = { selection: { attr, value }, rank };
  }
  return best?.selection;
}

function step(value: Json | undefined, token: RefToken): Json | undefined {
  const here = token.key === "" ? value : isObject(value) ? value[token.key] : undefined;
  if (!token.select) return here;
  if (!Array.isArray(here)) return undefined;
  const { attr, value: wanted } = token.select;
  return here.find((element) => isObject(element) && element[attr] === wanted);
}

/** The value a resolved path reads in `result`, or undefined when it is not there. */
export function readRef(result: Json, tokens: readonly RefToken[]): Json | undefined {
  let value: Json | undefined = result;
  for (const token of tokens) {
    value = step(value, token);
    if (value === undefined) return undefined;
  }
  return value;
}

/**
 * Narrows every list level of `tokens` to one element of `result` so that the path ends on a
 * non-null value accepted by `accept`. `chosen` holds selections already made for list prefixes of
 * this result (one walk picks one invoice, not a different one per argument) and is extended.
 */
export function resolvePath(
  result: Json,
  tokens: readonly PathToken[],
  rng: Prng,
  chosen: Map<string, Selection>,
  accept: (value: Json) => boolean,
  preferred: readonly Json[] = [],
): RefToken[] | undefined {
  const walk = (value: Json | undefined, index: number, prefix: string): RefToken[] | undefined => {
    if (index === tokens.length) {
      return value !== undefined && value !== null && accept(value) ? [] : undefined;
    }
    const token = tokens[index] as PathToken;
    const here = token.key === "" ? value : isObject(value) ? value[token.key] : undefined;
    const at = `${prefix}.${token.key}`;
    if (!token.list) {
      const rest = walk(here, index + 1, at);
      return rest && [{ key: token.key }, ...rest];
    }
    if (!Array.isArray(here) || here.length === 0) return undefined;
    const fixed = chosen.get(at);
    const options = fixed ? [fixed] : candidates(here, rng, preferred);
    for (const select of options) {
      const element = here.find((e) => isObject(e) && e[select.attr] === select.value);
      const rest = walk(element, index + 1, `${at}[]`);
      if (rest) {
        chosen.set(at, select);
        return [{ key: token.key, select }, ...rest];
      }
    }
    return undefined;
  };
  return walk(result, 0, "");
}

function candidates(list: readonly Json[], rng: Prng, preferred: readonly Json[]): Selection[] {
  const out: Selection[] = [];
  for (const element of shuffled(rng, list)) {
    const selection = identifyingSelection(list, element, preferred);
    if (selection) out.push(selection);
  }
  // An element the user already named (by the value they gave) comes first.
  const named = out.filter((s) => preferred.some((p) => p === s.value));
  return [...named, ...out.filter((s) => !named.includes(s))];
}

/** `invoices[invoiceDate="2025-08-07 00:00:00"].invoiceId`, for ChainStep bindings and reports. */
export function refPath(tokens: readonly RefToken[]): string {
  return tokens
    .map((t) => (t.select ? `${t.key}[${t.select.attr}=${JSON.stringify(t.select.value)}]` : t.key))
    .join(".")
    .replace(/^\./, "");
}

/** `s1.invoices.find((x) => x.invoiceDate === "2025-08-07 00:00:00").invoiceId`. */
export function refExpression(base: string, tokens: readonly RefToken[]): string {
  let out = base;
  for (const token of tokens) {
    if (token.key !== "") out += propertyAccess(token.key);
    if (token.select) {
      const attr = propertyAccess(token.select.attr);
      out += `.find((x) => x${attr} === ${JSON.stringify(token.select.value)})`;
    }
  }
  return out;
}

export function propertyAccess(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}
