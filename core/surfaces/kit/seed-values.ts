// A small deterministic data generator for MCP-derived tables and test arguments: realistic
// names, emails, dates, titles and ids chosen by field name and JSON Schema, from a fixed seed.
import type { Json } from "../../base/json";
import { isJsonObject, type JsonObject } from "../../mcp/spec-schema";
import { typesOf } from "../../mcp/tool-json-schema";

export type Random = () => number;

/** FNV-1a of `text`: the seed of a spec's generator. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** mulberry32: tiny, fast and the same on every platform. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const first = [
  "Ada",
  "Grace",
  "Alan",
  "Linus",
  "Margaret",
  "Ken",
  "Barbara",
  "Dennis",
  "Radia",
  "Guido",
];
const last = [
  "Lovelace",
  "Hopper",
  "Turing",
  "Torvalds",
  "Hamilton",
  "Thompson",
  "Liskov",
  "Ritchie",
  "Perlman",
  "Rossum",
];
const topics = [
  "billing",
  "onboarding",
  "search",
  "dashboard",
  "payments",
  "release",
  "login",
  "export",
  "analytics",
  "caching",
];
const actions = [
  "Fix",
  "Improve",
  "Add",
  "Refactor",
  "Document",
  "Review",
  "Plan",
  "Migrate",
  "Test",
  "Ship",
];
const things = [
  "retry logic",
  "error messages",
  "the settings page",
  "rate limits",
  "the API client",
  "weekly report",
  "dark mode",
  "CSV import",
  "audit log",
  "the roadmap",
];
const cities = [
  "Lisbon",
  "Nairobi",
  "Osaka",
  "Toronto",
  "Berlin",
  "Santiago",
  "Melbourne",
  "Reykjavik",
];
const words = [
  "alpha",
  "orbit",
  "harbor",
  "maple",
  "quartz",
  "summit",
  "willow",
  "ember",
  "delta",
  "cobalt",
];

export function pick<T>(rnd: Random, list: readonly T[]): T {
  const item = list[Math.floor(rnd() * list.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

function hex(rnd: Random, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += Math.floor(rnd() * 16).toString(16);
  return s;
}

function isoDate(rnd: Random): string {
  const day = Math.floor(rnd() * 365);
  const d = new Date(Date.UTC(2024, 0, 1) + day * 86_400_000 + Math.floor(rnd() * 24) * 3_600_000);
  return d.toISOString().replace(".000Z", "Z");
}

/** A string that reads like a real value of a field called `name`. */
export function realisticString(rnd: Random, name: string, format: string | undefined): string {
  const n = name.toLowerCase();
  if (format === "date-time" || /(time|date|since|until|_at$|^start|^end|min$|max$)/.test(n)) {
    return format === "date" ? isoDate(rnd).slice(0, 10) : isoDate(rnd);
  }
  if (format === "date") return isoDate(rnd).slice(0, 10);
  if (format === "email" || n.includes("email") || n === "to" || n === "from") {
    return `${pick(rnd, first).toLowerCase()}.${pick(rnd, last).toLowerCase()}@example.com`;
  }
  if (format === "uuid")
    return `${hex(rnd, 8)}-${hex(rnd, 4)}-4${hex(rnd, 3)}-a${hex(rnd, 3)}-${hex(rnd, 12)}`;
  if (format === "uri" || format === "url" || n.includes("url"))
    return `https://example.com/${pick(rnd, words)}/${hex(rnd, 6)}`;
  if (format === "json") return "{}";
  if (/(sha|hash)$/.test(n)) return hex(rnd, 40);
  if (/(id|key|ts|token|cursor)$/.test(n))
    return `${n.replace(/[^a-z]/g, "").slice(0, 3) || "id"}_${hex(rnd, 8)}`;
  if (/(owner|user|login|author|assignee|account)/.test(n))
    return `${pick(rnd, first).toLowerCase()}${pick(rnd, last).slice(0, 3).toLowerCase()}`;
  if (/(title|subject|summary|name)$/.test(n) && n !== "name")
    return `${pick(rnd, actions)} ${pick(rnd, things)}`;
  if (n === "name" || n.endsWith("name")) return `${pick(rnd, words)}-${pick(rnd, topics)}`;
  if (/(repo|project|base|channel|calendar|table)/.test(n))
    return `${pick(rnd, topics)}-${pick(rnd, words)}`;
  if (/(location|city|place)/.test(n)) return pick(rnd, cities);
  if (n.includes("path") || n.includes("file"))
    return `/docs/${pick(rnd, topics)}/${pick(rnd, words)}.md`;
  if (/(body|text|description|content|message|comment|details|note)/.test(n)) {
    return `${pick(rnd, actions)} ${pick(rnd, things)} for the ${pick(rnd, topics)} team.`;
  }
  return `${pick(rnd, words)} ${pick(rnd, topics)}`;
}

/**
 * A value valid for `schema` (when the schema is one this generator understands; callers check
 * with the validator), shaped by the field's name. Objects get their required properties, plus
 * every scalar property when `full`.
 */
export function exampleValue(
  schema: JsonObject,
  name: string,
  rnd: Random,
  full = false,
  depth = 0,
): Json {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return pick(rnd, schema.enum);
  if (schema.default !== undefined && depth > 0) return schema.default;
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    const branch = list.find((b) => isJsonObject(b) && !typesOf(b).every((t) => t === "null"));
    if (isJsonObject(branch))
      return exampleValue({ ...schema, [key]: null, ...branch }, name, rnd, full, depth);
  }
  const type = typesOf(schema)[0] ?? "string";
  switch (type) {
    case "integer":
    case "number":
      return numberIn(schema, rnd, type === "integer" || !fractional.test(name));
    case "boolean":
      return rnd() < 0.5;
    case "array": {
      const items = isJsonObject(schema.items) ? schema.items : { type: "string" };
      const count = Math.max(1, typeof schema.minItems === "number" ? schema.minItems : 1);
      return Array.from({ length: count }, () =>
        exampleValue(items, singularish(name), rnd, full, depth + 1),
      );
    }
    case "object":
      return exampleObject(schema, rnd, full, depth);
    default:
      return fitLength(
        schema,
        realisticString(rnd, name, typeof schema.format === "string" ? schema.format : undefined),
      );
  }
}

function exampleObject(schema: JsonObject, rnd: Random, full: boolean, depth: number): Json {
  const props = isJsonObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  const out: JsonObject = {};
  for (const [key, sub] of Object.entries(props)) {
    if (!isJsonObject(sub)) continue;
    const scalar = ["string", "integer", "number", "boolean"].includes(typesOf(sub)[0] ?? "");
    if (required.includes(key) || (full && scalar && depth < 2)) {
      out[key] = exampleValue(sub, key, rnd, full, depth + 1);
    }
  }
  return out;
}

/** Names whose `number` values have fractions; other `number`s (counts, ids, pages) are whole. */
const fractional = /(price|amount|rate|ratio|score|percent|threshold|weight|lat|lon|balance|cost)/i;

function numberIn(schema: JsonObject, rnd: Random, integer: boolean): number {
  const lo =
    typeof schema.minimum === "number"
      ? schema.minimum
      : typeof schema.exclusiveMinimum === "number"
        ? schema.exclusiveMinimum + 1
        : 1;
  const hiRaw =
    typeof schema.maximum === "number"
      ? schema.maximum
      : typeof schema.exclusiveMaximum === "number"
        ? schema.exclusiveMaximum - 1
        : lo + 99;
  const hi = Math.max(lo, Math.min(hiRaw, lo + 999));
  const v = lo + rnd() * (hi - lo);
  return integer ? Math.round(v) : Math.round(v * 100) / 100;
}

function fitLength(schema: JsonObject, text: string): string {
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : Number.POSITIVE_INFINITY;
  const padded = text.length < min ? text.padEnd(min, "x") : text;
  return padded.slice(0, max);
}

function singularish(name: string): string {
  return name.replace(/s$/, "");
}
