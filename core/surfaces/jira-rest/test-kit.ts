// Shared pieces of the REST tools' unit tests: the seed documents seen as the runtime sees them
// (list order, API paths, descendants, next ids), the TOON quoting of expected cells, and bodies
// built from a collection's example with its references pointed at seeded documents.

import type { Json } from "../../base/json";
import type { ToolTest } from "../../environment/spec";
import { isJsonObject, type JsonObject } from "../../mcp/spec-schema";
import { REST_TABLE } from "./code";
import type { CollectionConfig, FieldSpec, RestConfig } from "./config";
import type { SeedDoc } from "./profile";

export type Expect = ToolTest["expect"];
export const json = { outputFormat: "json" } as const;
export const a = (noun: string) => `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;
export const rows = (inserted: number, updated: number, deleted: number): Expect["changes"] => ({
  [REST_TABLE]: { inserted, updated, deleted },
});

/** A TOON cell or field value, quoted as the encoder quotes it (comma delimiter). */
export function toonCell(v: Json): string {
  if (v === null) return "null";
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  const s = String(v);
  const quote =
    s === "" ||
    s !== s.trim() ||
    ["true", "false", "null"].includes(s) ||
    /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(s) ||
    /^0\d+$/.test(s) ||
    /[:"\\[\]{}\n\r\t,]/.test(s) ||
    s.startsWith("-");
  return quote ? JSON.stringify(s) : s;
}

export class Seed {
  constructor(
    readonly config: RestConfig,
    readonly docs: readonly SeedDoc[],
  ) {}
  coll(name: string): CollectionConfig | undefined {
    return this.config.collections.find((c) => c.name === name);
  }
  /** A collection's documents in the runtime's list order (numeric ids as numbers, then text). */
  of(c: CollectionConfig, parent?: string): SeedDoc[] {
    const numeric = (id: string) => (/^\d+$/.test(id) ? Number(id) : -1);
    return this.docs
      .filter((d) => d.collection === c.name && (parent === undefined || d.parent === parent))
      .sort((a, b) => numeric(a.id) - numeric(b.id) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
  /** The API path of a seeded document. */
  path(d: SeedDoc): string {
    const c = this.coll(d.collection);
    return `/${[...this.config.base, ...(d.parent === "" ? [] : [d.parent]), c?.segment, d.key ?? d.id].join("/")}`;
  }
  rowPath(d: SeedDoc): string {
    return `${d.parent === "" ? "" : `${d.parent}/`}${this.coll(d.collection)?.segment}/${d.id}`;
  }
  descendants(d: SeedDoc): number {
    const at = this.rowPath(d);
    return this.docs.filter((x) => x.parent === at || x.parent.startsWith(`${at}/`)).length;
  }
  nextId(c: CollectionConfig): string {
    const ids = this.of(c)
      .map((d) => Number(d.id))
      .filter(Number.isFinite);
    return String(ids.length === 0 ? c.firstId : Math.max(c.firstId, Math.max(...ids) + 1));
  }
  /** A reference body naming the first document of `target`: `{"key": "PROJ"}`. */
  lookup(target: string): JsonObject | undefined {
    const c = this.coll(target);
    const d = c && this.of(c, "")[0];
    const by = c?.lookup[0];
    return d && by && d.doc[by] !== undefined ? { [by]: d.doc[by] ?? null } : undefined;
  }
}

export const settable = (f: FieldSpec) =>
  (f.role === "value" || f.role === "ref") && f.via === undefined && !f.immutable;

/** The collection's example body with each reference pointed at a seeded document. */
export function bodyFor(seed: Seed, c: CollectionConfig): JsonObject | undefined {
  const example = isJsonObject(c.example) ? c.example : {};
  const fix = (specs: FieldSpec[], given: JsonObject): JsonObject | undefined => {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(given)) {
      const spec = specs.find((f) => f.name === k);
      if (!spec || !(spec.role === "value" || spec.role === "ref")) continue;
      if (spec.role === "ref" && spec.ref) {
        const ref = seed.lookup(spec.ref);
        if (!ref) return undefined;
        out[k] = ref;
      } else out[k] = v;
    }
    for (const f of specs) if (f.required && out[f.name] === undefined) return undefined;
    return out;
  };
  if (c.envelope === null) return fix(c.top, example);
  const inner = isJsonObject(example[c.envelope]) ? (example[c.envelope] as JsonObject) : {};
  const fields = fix(c.env, inner);
  return fields && { [c.envelope]: fields };
}

export function holder(c: CollectionConfig, doc: JsonObject): JsonObject {
  const inner = c.envelope ? doc[c.envelope] : doc;
  return isJsonObject(inner) ? inner : {};
}

export function wrap(c: CollectionConfig, fields: JsonObject): JsonObject {
  return c.envelope ? { [c.envelope]: fields } : fields;
}

/** Up to three scalar paths of a document (`key`, `fields.summary`, `fields.status.name`). */
export function scalarPaths(c: CollectionConfig, doc: JsonObject): [string, string, Json][] {
  const out: [string, string, Json][] = [];
  for (const k of ["key", "id"]) {
    const v = doc[k];
    if (typeof v === "string" && out.length === 0) out.push([k, k, v]);
  }
  const prefix = c.envelope ? `${c.envelope}.` : "";
  for (const f of c.envelope ? c.env : c.top) {
    if (out.length >= 3) break;
    const v = holder(c, doc)[f.name];
    if (f.role === "value" && typeof v === "string") out.push([f.name, `${prefix}${f.name}`, v]);
    if (f.role === "ref" && isJsonObject(v) && typeof v.name === "string")
      out.push([f.name, `${prefix}${f.name}.name`, v.name]);
  }
  return out;
}
