// Random values that satisfy a JSON Schema, for the random policy's tool arguments. Covers the subset
// tool input schemas use: type (and nullable type arrays), enum, const, numeric bounds and
// multipleOf, string lengths and the formats email/date/date-time/time/uuid/uri, arrays
// (minItems/maxItems/uniqueItems), objects (properties/required/min-/maxProperties), anyOf/oneOf.
// `pattern`, `$ref`, `allOf` and `not` are not understood: such values may fail validation.
import { canonicalJson, type Json } from "../../base/json";
import type { Prng } from "../../sandbox/determinism";

export type SchemaNode = Record<string, Json>;

export interface ValueOptions {
  /** Chance that an optional property is filled in (default 0.3). */
  optionalRate?: number;
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const SPAN = 100;

export function randomValue(schema: Json, rng: Prng, options: ValueOptions = {}): Json {
  if (!isNode(schema)) return schema === false ? null : randomScalar(rng);
  const pick = <T>(items: readonly T[]): T | undefined =>
    items[Math.floor(rng.next() * items.length)];
  if ("const" in schema) return schema.const ?? null;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return pick(schema.enum) ?? null;
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches) && branches.length > 0) {
    // Sibling keywords (a shared `type`, `description`) apply to every branch.
    const { anyOf: _a, oneOf: _o, ...shared } = schema;
    const branch = pick(branches);
    return randomValue(isNode(branch) ? { ...shared, ...branch } : (branch ?? null), rng, options);
  }
  switch (pickType(schema, rng)) {
    case "null":
      return null;
    case "boolean":
      return rng.next() < 0.5;
    case "integer":
      return randomInteger(schema, rng);
    case "number":
      return randomNumber(schema, rng);
    case "string":
      return randomString(schema, rng);
    case "array":
      return randomArray(schema, rng, options);
    case "object":
      return randomObject(schema, rng, options);
    default:
      return randomScalar(rng);
  }
}

export function isNode(schema: Json | undefined): schema is SchemaNode {
  return schema !== null && typeof schema === "object" && !Array.isArray(schema);
}

const between = (rng: Prng, low: number, high: number) =>
  low + Math.floor(rng.next() * (high - low + 1));

/** The declared type, one of a type array (null least often), or one implied by the keywords. */
function pickType(schema: SchemaNode, rng: Prng): string | undefined {
  const { type } = schema;
  if (typeof type === "string") return type;
  if (Array.isArray(type) && type.length > 0) {
    const concrete = type.filter((t): t is string => typeof t === "string" && t !== "null");
    if (concrete.length === 0 || (type.includes("null") && rng.next() < 0.2)) return "null";
    return concrete[Math.floor(rng.next() * concrete.length)];
  }
  if ("properties" in schema || "required" in schema) return "object";
  if ("items" in schema) return "array";
  if ("minLength" in schema || "maxLength" in schema || "format" in schema) return "string";
  if ("minimum" in schema || "maximum" in schema) return "number";
  return undefined;
}

function randomScalar(rng: Prng): Json {
  const choice = Math.floor(rng.next() * 3);
  if (choice === 0) return between(rng, 0, SPAN);
  if (choice === 1) return word(rng, 3, 8);
  return rng.next() < 0.5;
}

function num(schema: SchemaNode, key: string): number | undefined {
  const v = schema[key];
  return typeof v === "number" && Number.isFinite(v) ? v : undefined;
}

/** Inclusive bounds from minimum/maximum and the draft-6+ numeric exclusive bounds. */
function bounds(schema: SchemaNode, step: number): [number, number] {
  const exMin = num(schema, "exclusiveMinimum");
  const exMax = num(schema, "exclusiveMaximum");
  let low = num(schema, "minimum") ?? (exMin !== undefined ? exMin + step : undefined);
  let high = num(schema, "maximum") ?? (exMax !== undefined ? exMax - step : undefined);
  // Draft 4 writes exclusive bounds as booleans next to minimum/maximum.
  if (schema.exclusiveMinimum === true && low !== undefined) low += step;
  if (schema.exclusiveMaximum === true && high !== undefined) high -= step;
  low ??= high !== undefined ? Math.min(0, high - SPAN) : 0;
  high ??= low + SPAN;
  return [low, Math.max(low, high)];
}

function randomInteger(schema: SchemaNode, rng: Prng): number {
  const step = num(schema, "multipleOf") ?? 1;
  const [low, high] = bounds(schema, 1);
  const first = Math.ceil(low / step);
  const last = Math.floor(high / step);
  // Rounded so a fractional step (0.1 * 3) lands on the multiple, not a binary neighbour of it.
  return Number((between(rng, first, Math.max(first, last)) * step).toPrecision(12));
}

function randomNumber(schema: SchemaNode, rng: Prng): number {
  const step = num(schema, "multipleOf");
  if (step !== undefined) return randomInteger(schema, rng);
  const [low, high] = bounds(schema, 0.01);
  const value = Math.round((low + rng.next() * (high - low)) * 100) / 100;
  return Math.min(high, Math.max(low, value));
}

function word(rng: Prng, min: number, max: number): string {
  let out = "";
  const length = between(rng, min, Math.max(min, max));
  for (let i = 0; i < length; i++) out += LETTERS[Math.floor(rng.next() * LETTERS.length)];
  return out;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function randomString(schema: SchemaNode, rng: Prng): string {
  const minLength = num(schema, "minLength") ?? 0;
  const maxLength = num(schema, "maxLength") ?? Math.max(minLength, 12);
  const date = () =>
    `${between(rng, 1990, 2030)}-${pad(between(rng, 1, 12))}-${pad(between(rng, 1, 28))}`;
  const time = () =>
    `${pad(between(rng, 0, 23))}:${pad(between(rng, 0, 59))}:${pad(between(rng, 0, 59))}`;
  switch (schema.format) {
    case "email":
      return `${word(rng, 1, Math.max(1, Math.min(10, maxLength - 12)))}@example.com`;
    case "date":
      return date();
    case "date-time":
      return `${date()}T${time()}Z`;
    case "time":
      return `${time()}Z`;
    case "uuid":
      return [8, 4, 4, 4, 12]
        .map((n) =>
          Array.from({ length: n }, () => "0123456789abcdef"[between(rng, 0, 15)]).join(""),
        )
        .join("-");
    case "uri":
      return `https://example.com/${word(rng, 1, 8)}`;
    default:
      return word(rng, minLength, Math.min(maxLength, minLength + 12));
  }
}

function randomArray(schema: SchemaNode, rng: Prng, options: ValueOptions): Json[] {
  const minItems = num(schema, "minItems") ?? 0;
  const maxItems = num(schema, "maxItems") ?? minItems + 3;
  const length = between(rng, minItems, Math.min(maxItems, minItems + 3));
  const items = schema.items ?? {};
  const out: Json[] = [];
  const seen = new Set<string>();
  // Unique items are drawn until new; a narrow item schema may run out, then the array stops short.
  for (let tries = 0; out.length < length && tries < length * 20; tries++) {
    const value = randomValue(items, rng, options);
    const text = canonicalJson(value);
    if (schema.uniqueItems === true && seen.has(text)) continue;
    seen.add(text);
    out.push(value);
  }
  return out;
}

function randomObject(schema: SchemaNode, rng: Prng, options: ValueOptions): Record<string, Json> {
  const properties = isNode(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required)
    ? schema.required.filter((r): r is string => typeof r === "string")
    : [];
  const optional = Object.keys(properties).filter((p) => !required.includes(p));
  const rate = options.optionalRate ?? 0.3;
  const chosen = [...required, ...optional.filter(() => rng.next() < rate)];
  // minProperties may ask for more than the required ones: add optional properties in order.
  const minProperties = num(schema, "minProperties") ?? 0;
  for (const p of optional) {
    if (chosen.length >= minProperties) break;
    if (!chosen.includes(p)) chosen.push(p);
  }
  const maxProperties = num(schema, "maxProperties") ?? Number.POSITIVE_INFINITY;
  const keep = chosen.filter((p) => required.includes(p) || chosen.indexOf(p) < maxProperties);
  const out: Record<string, Json> = {};
  for (const name of new Set([...Object.keys(properties), ...required])) {
    if (keep.includes(name)) out[name] = randomValue(properties[name] ?? {}, rng, options);
  }
  return out;
}
