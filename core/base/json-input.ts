// The one reader of JSON text that comes from outside (request bodies, MCP messages, a model's
// tool-call arguments): size and depth limits, numbers a double can hold, no `__proto__` keys.
// `JSON.parse` alone turns 1e400 into Infinity (which reaches a tool as null), builds any depth
// (which later overflows the stack in structured clone and JSON.stringify: a 500), and keeps
// `__proto__` as an own key that every object copy drops silently.

import type { Json } from "./json";
import { firstTooDeep } from "./json-depth";
import { escapePointerSegment } from "./json-schema/json-pointer";
import { type Failure, fail, ok, type Result } from "./result";

/** Containers nested in one document (the top-level value is depth 1). */
export const MAX_JSON_DEPTH = 64;
/** The default size limit: a tool call's arguments, an MCP message. */
export const MAX_JSON_BYTES = 1024 * 1024;

export interface JsonReadLimits {
  maxDepth: number;
  maxBytes: number;
}

/**
 * A key no input may carry: assigning it sets an object's prototype instead of a property, so
 * Zod records, spreads and `Object.assign` drop it, and schema checks never see it. Refused rather
 * than kept, so no copy anywhere (ours, a tool's) can turn it into a prototype.
 */
const RESERVED_KEY = "__proto__";

/** Failure codes: invalid_json, payload_too_large, too_deep, number_out_of_range, reserved_key. */
export function readJson(text: string, limits: Partial<JsonReadLimits> = {}): Result<Json> {
  const maxBytes = limits.maxBytes ?? MAX_JSON_BYTES;
  const maxDepth = limits.maxDepth ?? MAX_JSON_DEPTH;
  if (exceedsUtf8Bytes(text, maxBytes)) {
    return fail("payload_too_large", `The JSON is larger than ${maxBytes} bytes.`, {
      limitBytes: maxBytes,
    });
  }
  const deep = firstTooDeep(text, maxDepth);
  if (deep !== null) {
    return fail("too_deep", `The JSON nests deeper than ${maxDepth} levels (at ${deep}).`, {
      limit: maxDepth,
      path: deep,
    });
  }
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return fail("invalid_json", `The JSON is not valid: ${reason}.`, { reason });
  }
  const problem = findProblem(value, "");
  return problem ?? ok(value);
}

/** The first value JSON.parse let through that a tool must not get, in document order. */
function findProblem(value: Json, path: string): Failure | null {
  if (typeof value === "number" && !Number.isFinite(value)) {
    return fail(
      "number_out_of_range",
      `The number at ${path || "the top level"} is too large to represent (beyond ±1.8e308).`,
      { path },
    );
  }
  if (value === null || typeof value !== "object") return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = findProblem(value[i] as Json, `${path}/${i}`);
      if (problem) return problem;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    const at = `${path}/${escapePointerSegment(key)}`;
    if (key === RESERVED_KEY) {
      return fail(
        "reserved_key",
        `The key "${RESERVED_KEY}" (at ${at}) is not accepted: in JavaScript it sets an object's prototype. Rename it.`,
        { path: at, key },
      );
    }
    const problem = findProblem(value[key] as Json, at);
    if (problem) return problem;
  }
  return null;
}

/** Whether `text` takes more than `limit` bytes as UTF-8, counted only as far as needed. */
function exceedsUtf8Bytes(text: string, limit: number): boolean {
  // A UTF-16 unit is 1 to 3 UTF-8 bytes (a surrogate pair, 2 units, is 4).
  if (text.length > limit) return true;
  if (text.length * 3 <= limit) return false;
  let bytes = 0;
  for (let i = 0; i < text.length && bytes <= limit; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes > limit;
}
