// Scores an agent's final answer against the gold one under the task's AnswerMatch. Agents answer in
// prose as often as in JSON, so every kind also reads free text: the gold value as a whole phrase
// (exact), the last number (numeric), a comma/newline/"and" list (set), embedded JSON (json-subset).
import { canonicalJson, type Json } from "../base/json";
import type { AnswerMatch } from "./task";

export interface AnswerScore {
  score: 0 | 1;
  detail: string;
}

export function matchAnswer(gold: Json, match: AnswerMatch, actual: Json | undefined): AnswerScore {
  if (actual === undefined) return { score: 0, detail: "no answer" };
  switch (match.kind) {
    case "exact":
      return matchExact(gold, actual);
    case "numeric":
      return matchNumeric(gold, actual, match.tolerance);
    case "set":
      return matchSet(gold, actual);
    case "json-subset":
      return matchSubset(gold, actual);
  }
}

const pass = (detail: string): AnswerScore => ({ score: 1, detail });
const fail = (detail: string): AnswerScore => ({ score: 0, detail });
const show = (value: Json) => canonicalJson(value).slice(0, 200);

// ---------------------------------------------------------------- normalisation

/** Text compared loosely: NFC, trimmed, lower case, runs of whitespace as one space. */
function normalText(text: string): string {
  return text.normalize("NFC").trim().toLowerCase().replace(/\s+/g, " ");
}

// A number as people write it: optional sign and currency, thousands separators, decimals, exponent.
const NUMBER = String.raw`[-+]?[$€£¥]?\s?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:[eE][-+]?\d+)?`;
const WHOLE_NUMBER = new RegExp(`^${NUMBER}$`);
// In running text the number must not touch letters, digits or a decimal point on either side, so
// "123.86" never yields 23.86; a sentence's final period is not a decimal point (no digit follows).
const NUMBER_IN_TEXT =
  /(?<![\p{L}\p{N}.])-?[$€£¥]?\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\p{L}\p{N}]|\.\d)/gu;

function numberOf(text: string): number | null {
  const t = text.trim();
  if (!/\d/.test(t) || !WHOLE_NUMBER.test(t)) return null;
  const n = Number(t.replace(/[$€£¥,\s]/g, ""));
  return Number.isFinite(n) ? n : null;
}

function numbersIn(text: string): number[] {
  return [...text.normalize("NFC").matchAll(NUMBER_IN_TEXT)]
    .map((m) => Number(m[0].replace(/[$€£¥,\s]/g, "")))
    .filter(Number.isFinite);
}

/** A value with strings normalised and numeric strings read as numbers; keys as written. */
function normalize(value: Json): Json {
  if (typeof value === "string") return numberOf(value) ?? normalText(value);
  if (typeof value === "number") return value === 0 ? 0 : value;
  if (Array.isArray(value)) return value.map(normalize);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.trim(), normalize(v)]));
  }
  return value;
}

const sameNormal = (a: Json, b: Json) =>
  canonicalJson(normalize(a)) === canonicalJson(normalize(b));

// ---------------------------------------------------------------- exact

function matchExact(gold: Json, actual: Json): AnswerScore {
  if (sameNormal(gold, actual)) return pass("equal");
  if (gold !== null && typeof gold === "object" && sameNormal(gold, parsedJson(actual))) {
    return pass("equal (JSON in the text answer)");
  }
  if (typeof actual === "string" && gold !== null && typeof gold !== "object") {
    if (phraseIn(gold, actual)) return pass(`gold ${show(gold)} found in the text answer`);
  }
  return fail(`expected ${show(gold)}, got ${show(actual)}`);
}

/** The gold scalar as a whole phrase (a whole number, word run, or yes/no) in free text. */
function phraseIn(gold: string | number | boolean, text: string): boolean {
  if (typeof gold === "boolean") return polarityOf(text) === gold;
  const goldNumber = typeof gold === "number" ? gold : numberOf(gold);
  if (goldNumber !== null) return numbersIn(text).some((n) => n === goldNumber);
  const phrase = normalText(String(gold));
  if (phrase === "") return false;
  const haystack = normalText(text);
  for (let at = haystack.indexOf(phrase); at >= 0; at = haystack.indexOf(phrase, at + 1)) {
    const before = haystack.slice(0, at);
    const after = haystack.slice(at + phrase.length);
    if (!/[\p{L}\p{N}]$/u.test(before) && !/^[\p{L}\p{N}]/u.test(after)) return true;
  }
  return false;
}

/** true/false when the text says only yes/true or only no/false; null when it says both or neither. */
function polarityOf(text: string): boolean | null {
  const words = new Set(normalText(text).split(/[^\p{L}]+/u));
  const yes = words.has("yes") || words.has("true");
  const no = words.has("no") || words.has("false");
  return yes === no ? null : yes;
}

// ---------------------------------------------------------------- numeric

function matchNumeric(gold: Json, actual: Json, tolerance: number): AnswerScore {
  const close = (a: number, g: number) => Math.abs(a - g) <= tolerance * Math.max(1, Math.abs(g));
  const goldNumber =
    typeof gold === "number" ? gold : typeof gold === "string" ? numberOf(gold) : null;
  if (goldNumber === null) {
    // A structured gold value: the same shape, numbers within tolerance, everything else exact.
    return withinTolerance(gold, parsedJson(actual), close)
      ? pass("equal within tolerance")
      : fail(`expected ${show(gold)}, got ${show(actual)}`);
  }
  const got = numberFromAnswer(actual);
  if (got === null) return fail(`no number in the answer ${show(actual)}`);
  return close(got, goldNumber)
    ? pass(`${got} is within tolerance of ${goldNumber}`)
    : fail(`expected ${goldNumber}, got ${got}`);
}

/** The answer as one number: itself, a numeric string, the last number in text, or a lone leaf. */
function numberFromAnswer(actual: Json): number | null {
  if (typeof actual === "number") return actual;
  if (typeof actual === "string") return numberOf(actual) ?? numbersIn(actual).at(-1) ?? null;
  if (actual !== null && typeof actual === "object") {
    const leaves = Object.values(actual).flatMap((v) => {
      const n = numberFromAnswer(v as Json);
      return n === null ? [] : [n];
    });
    return leaves.length === 1 ? (leaves[0] ?? null) : null;
  }
  return null;
}

function withinTolerance(
  gold: Json,
  actual: Json,
  close: (a: number, g: number) => boolean,
): boolean {
  if (typeof gold === "number") {
    const got =
      typeof actual === "number" ? actual : typeof actual === "string" ? numberOf(actual) : null;
    return got !== null && close(got, gold);
  }
  if (Array.isArray(gold)) {
    return (
      Array.isArray(actual) &&
      actual.length === gold.length &&
      gold.every((g, i) => withinTolerance(g, actual[i] ?? null, close))
    );
  }
  if (gold !== null && typeof gold === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return false;
    const keys = new Set([...Object.keys(gold), ...Object.keys(actual)]);
    return [...keys].every(
      (k) => k in gold && k in actual && withinTolerance(gold[k] ?? null, actual[k] ?? null, close),
    );
  }
  return sameNormal(gold, actual);
}

// ---------------------------------------------------------------- set

function matchSet(gold: Json, actual: Json): AnswerScore {
  const want = new Set(
    (Array.isArray(gold) ? gold : [gold]).map((g) => canonicalJson(normalize(g))),
  );
  let best: { missing: number; extra: number } | null = null;
  for (const items of listReadings(actual)) {
    const got = new Set(items.map((g) => canonicalJson(normalize(g))));
    const missing = [...want].filter((w) => !got.has(w)).length;
    const extra = [...got].filter((g) => !want.has(g)).length;
    if (missing === 0 && extra === 0) return pass(`all ${want.size} elements, no others`);
    if (!best || missing + extra < best.missing + best.extra) best = { missing, extra };
  }
  return fail(
    best ? `${best.missing} missing, ${best.extra} unexpected` : `not a list: ${show(actual)}`,
  );
}

/**
 * The ways an answer can be read as a list, loosest first. Splitting text on " and " would break
 * names like "Simon and Garfunkel", and on commas would break "Portland, OR", so the stricter
 * readings are tried too.
 */
function listReadings(actual: Json): Json[][] {
  const value = parsedJson(actual);
  if (Array.isArray(value)) return [value];
  if (value !== null && typeof value === "object") {
    const arrays = Object.values(value).filter(Array.isArray);
    return arrays.length === 1 && arrays[0] ? [arrays[0]] : [[value]];
  }
  if (typeof value !== "string") return [[value]];
  const clean = (parts: string[]) =>
    parts
      .map((p) => p.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, "").replace(/^\s*and\s+/i, ""))
      .map((p) => p.trim().replace(/[.;]$/, "").trim())
      .filter((p) => p.length > 0);
  return [
    clean(value.split(/,|;|\n|\s+and\s+/i)),
    clean(value.split(/,|;|\n/)),
    clean(value.split(/;|\n/)),
  ];
}

// ---------------------------------------------------------------- json-subset

function matchSubset(gold: Json, actual: Json): AnswerScore {
  const value = parsedJson(actual);
  const problem = subsetProblem(gold, value, "$");
  return problem === null ? pass("every gold field present and equal") : fail(problem);
}

/** Why `gold` is not contained in `actual` (null when it is): objects by key, arrays by element. */
function subsetProblem(gold: Json, actual: Json, path: string): string | null {
  if (Array.isArray(gold)) {
    if (!Array.isArray(actual)) return `${path}: expected an array`;
    const unused = [...actual];
    for (const [i, g] of gold.entries()) {
      const at = unused.findIndex((a) => subsetProblem(g, a, path) === null);
      if (at < 0) return `${path}[${i}]: ${show(g)} not found`;
      unused.splice(at, 1);
    }
    return null;
  }
  if (gold !== null && typeof gold === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) {
      return `${path}: expected an object`;
    }
    for (const [k, g] of Object.entries(gold)) {
      if (!(k in actual)) return `${path}.${k}: missing`;
      const problem = subsetProblem(g, actual[k] ?? null, `${path}.${k}`);
      if (problem !== null) return problem;
    }
    return null;
  }
  return sameNormal(gold, actual) ? null : `${path}: expected ${show(gold)}, got ${show(actual)}`;
}

/** A string answer holding JSON (whole, or between its first and last bracket) parsed; else as is. */
function parsedJson(actual: Json): Json {
  if (typeof actual !== "string") return actual;
  const start = actual.search(/[[{]/);
  const end = Math.max(actual.lastIndexOf("}"), actual.lastIndexOf("]"));
  for (const text of [actual, start >= 0 && end > start ? actual.slice(start, end + 1) : ""]) {
    if (text.trim() === "") continue;
    try {
      return JSON.parse(text) as Json;
    } catch {
      // Not JSON: try the next reading, or keep the text.
    }
  }
  return actual;
}
