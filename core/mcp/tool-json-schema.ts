// JSON Schema helpers for the MCP importer: inline local `$ref`s (cycles are reported, not
// followed) and summarise a schema's properties as SQL-ready fields.
import type { Json } from "../base/json";
import { isJsonObject, type JsonObject } from "./spec-schema";

export type FieldKind = "text" | "integer" | "real" | "boolean" | "json";

export interface Field {
  /** The argument's name in the tool's input schema. */
  name: string;
  kind: FieldKind;
  required: boolean;
  schema: JsonObject;
}

export type Resolved = { ok: true; schema: JsonObject } | { ok: false; reason: string };

/** A copy of `root` with every local `$ref` (`#/$defs/x`, `#/definitions/x`) inlined. */
export function resolveRefs(root: JsonObject): Resolved {
  try {
    const value = inline(root, root, []);
    return isJsonObject(value)
      ? { ok: true, schema: value }
      : { ok: false, reason: "not an object" };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
}

function inline(node: Json, root: JsonObject, trail: readonly string[]): Json {
  if (Array.isArray(node)) return node.map((n) => inline(n, root, trail));
  if (!isJsonObject(node)) return node;
  const ref = node.$ref;
  if (typeof ref === "string") {
    if (trail.includes(ref)) throw new Error(`$ref cycle: ${[...trail, ref].join(" -> ")}`);
    const target = lookup(root, ref);
    if (target === undefined) throw new Error(`$ref ${ref} does not resolve to a local definition`);
    const { $ref: _dropped, ...rest } = node;
    const resolved = inline(target, root, [...trail, ref]);
    return isJsonObject(resolved) ? { ...resolved, ...inlineEach(rest, root, trail) } : resolved;
  }
  return inlineEach(node, root, trail);
}

function inlineEach(node: JsonObject, root: JsonObject, trail: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(node)) {
    // Definitions are only reached through a `$ref`; inlining them up front would walk cycles.
    if (k === "$defs" || k === "definitions") continue;
    out[k] = inline(v, root, trail);
  }
  return out;
}

function lookup(root: JsonObject, ref: string): Json | undefined {
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  if (!match) return undefined;
  const defs = root[match[1] ?? ""];
  const name = (match[2] ?? "").replace(/~1/g, "/").replace(/~0/g, "~");
  return isJsonObject(defs) ? defs[name] : undefined;
}

/** The top-level properties of an object schema, with their SQL kind. */
export function fieldsOf(schema: JsonObject): Field[] {
  const props = isJsonObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.entries(props).map(([name, sub]) => {
    const s = isJsonObject(sub) ? sub : {};
    return { name, kind: kindOf(s), required: required.includes(name), schema: s };
  });
}

export function kindOf(schema: JsonObject): FieldKind {
  const types = typesOf(schema);
  if (types.length !== 1) return types.every((t) => t === "string") ? "text" : "json";
  switch (types[0]) {
    case "string":
      return "text";
    case "integer":
      return "integer";
    case "number":
      return "real";
    case "boolean":
      return "boolean";
    default:
      return "json";
  }
}

/** The non-null types a schema allows (`anyOf`/`oneOf` branches included); `[]` when unknown. */
export function typesOf(schema: JsonObject): string[] {
  const found = new Set<string>();
  const t = schema.type;
  for (const name of Array.isArray(t) ? t : [t]) if (typeof name === "string") found.add(name);
  if (schema.enum !== undefined && found.size === 0) found.add("string");
  for (const key of ["anyOf", "oneOf"]) {
    const list = schema[key];
    if (Array.isArray(list))
      for (const b of list) if (isJsonObject(b)) for (const x of typesOf(b)) found.add(x);
  }
  found.delete("null");
  return [...found];
}

export function isScalar(kind: FieldKind): boolean {
  return kind !== "json";
}

/** `issue_number`, `issueNumber`, `Issue-Number` -> `issuenumber`. */
export function normalize(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}
