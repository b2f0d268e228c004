// Turns the validator's raw output units into the errors an agent can act on: one per actual
// problem, pointed at the argument (`/limit`, `/lines/0/trackId`), without the "Property x does
// not match schema" wrappers that only repeat what their nested errors say.
import type { OutputUnit } from "@cfworker/json-schema";
import { escapePointerSegment, unescapePointerSegment } from "./json-pointer";

export interface ArgumentError {
  /** JSON Pointer into the arguments; "" is the arguments object itself. */
  path: string;
  message: string;
}

/** Keywords whose error only says "something inside me failed". */
const wrappers = new Set([
  "properties",
  "patternProperties",
  "additionalProperties",
  "unevaluatedProperties",
  "propertyNames",
  "dependentSchemas",
  "items",
  "prefixItems",
  "additionalItems",
  "unevaluatedItems",
  "contains",
  "allOf",
  "if",
  "$ref",
  "$recursiveRef",
]);

/** Keywords whose nested errors describe branches that were tried, not what to fix. */
const branching = new Set(["anyOf", "oneOf", "not"]);

export function readableErrors(units: readonly OutputUnit[], args: unknown): ArgumentError[] {
  const branches = units.filter((u) => branching.has(u.keyword));
  const kept = units.filter(
    (u) => !branches.some((b) => b !== u && u.keywordLocation.startsWith(`${b.keywordLocation}/`)),
  );
  const leaves = kept.filter((u) => !wrappers.has(u.keyword) || !hasNested(u, kept));
  const seen = new Set<string>();
  const errors: ArgumentError[] = [];
  for (const unit of leaves.length > 0 ? leaves : kept) {
    const error = describe(unit, args);
    const key = `${error.path}\u0000${error.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push(error);
  }
  return errors;
}

function hasNested(wrapper: OutputUnit, units: readonly OutputUnit[]): boolean {
  return units.some(
    (u) =>
      u !== wrapper &&
      (u.keywordLocation.startsWith(`${wrapper.keywordLocation}/`) ||
        // A `false` schema reports its instance location as its keyword location.
        (u.keyword === "false" && u.instanceLocation.startsWith(`${wrapper.instanceLocation}/`))),
  );
}

function describe(unit: OutputUnit, args: unknown): ArgumentError {
  const path = pointerOf(unit.instanceLocation);
  if (unit.keyword === "required") {
    const name = /property "(.*)"/.exec(unit.error)?.[1];
    if (name !== undefined) {
      return {
        path: `${path}/${escapePointerSegment(name)}`,
        message: `missing required property "${name}"`,
      };
    }
  }
  if (unit.keyword === "false") {
    const slash = path.lastIndexOf("/");
    const last = unescapePointerSegment(path.slice(slash + 1));
    const parent = valueAt(args, path.slice(0, slash));
    return {
      path,
      message: Array.isArray(parent) ? "unexpected item" : `unexpected property "${last}"`,
    };
  }
  return { path, message: unit.error.replace(/\.$/, "") };
}

/** `#/a%20b/0` (the library's URI fragment form) -> `/a b/0` (a plain JSON Pointer). */
function pointerOf(location: string): string {
  const fragment = location.startsWith("#") ? location.slice(1) : location;
  try {
    return decodeURI(fragment).replace(/%23/g, "#");
  } catch {
    return fragment;
  }
}

function valueAt(root: unknown, pointer: string): unknown {
  if (pointer === "") return root;
  let value = root;
  for (const raw of pointer.slice(1).split("/")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[unescapePointerSegment(raw)];
  }
  return value;
}
