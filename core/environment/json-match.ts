// Compares a tool's actual result with a test's expected one and says where they first differ,
// so an admission report reads "at /tracks/0/name: expected "Go", got "Stop"" instead of a diff.
import { canonicalJson, type Json } from "../base/json";
import { escapePointerSegment } from "../base/json-schema/json-pointer";

export type MatchMode = "exact" | "subset";

/** Null when `actual` matches `expected`; otherwise where and how they first differ. */
export function firstMismatch(
  expected: Json,
  actual: Json,
  mode: MatchMode,
  path = "",
): string | null {
  const at = path === "" ? "the result" : `at ${path}`;
  if (isObject(expected)) {
    if (!isObject(actual)) return `${at}: expected an object, got ${show(actual)}`;
    for (const key of Object.keys(expected).sort()) {
      const want = expected[key];
      if (want === undefined) continue;
      const got = actual[key];
      if (got === undefined) return `${at}: missing key "${key}"`;
      const found = firstMismatch(want, got, mode, `${path}/${escapePointerSegment(key)}`);
      if (found) return found;
    }
    if (mode === "exact") {
      const extra = Object.keys(actual).filter((k) => !(k in expected) && actual[k] !== undefined);
      if (extra.length > 0)
        return `${at}: unexpected key${extra.length > 1 ? "s" : ""} ${extra.map((k) => `"${k}"`).join(", ")}`;
    }
    return null;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${at}: expected an array, got ${show(actual)}`;
    if (actual.length !== expected.length) {
      return `${at}: expected ${expected.length} items, got ${actual.length}`;
    }
    for (let i = 0; i < expected.length; i++) {
      const found = firstMismatch(expected[i] ?? null, actual[i] ?? null, mode, `${path}/${i}`);
      if (found) return found;
    }
    return null;
  }
  return canonicalJson(expected) === canonicalJson(actual)
    ? null
    : `${at}: expected ${show(expected)}, got ${show(actual)}`;
}

function isObject(value: Json): value is { [key: string]: Json } {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function show(value: Json): string {
  const text = canonicalJson(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
