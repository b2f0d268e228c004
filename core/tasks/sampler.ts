// The ValueSampler over a loaded environment: an input's candidates are drawn from the real column
// it names (cached per column), then the arguments of the tool's passing tests, then its enum or
// boolean domain. Free-text search inputs get a word of a real name or title. Every draw goes
// through the given PRNG and every pool is in a fixed order, so a seed fixes the values.
import type { ToolSpec } from "../environment/spec";
import type { SqlDatabase, SqlParam } from "../episode/sql-database";
import { canonicalJson, type Json } from "../json";
import type { Prng } from "../sandbox/determinism";
import { type ColumnRef, findColumn, listColumns, readColumnValues } from "./column-values";
import type { FieldType, ToolField, ToolProfile } from "./tool-profile";
import type { ValueSampler } from "./value-sampler";
import { fieldKey, wordsOf } from "./words";

const QUERY_KEYS = new Set(["query", "q", "search", "keyword", "term", "text"]);
/** Range bounds read the column they bound: `min_unit_price` -> `unit_price`. */
const RANGE_PREFIXES = new Set(["min", "max"]);
const RANGE_SUFFIXES = new Set(["from", "to"]);
/** Columns that name a record in words, for free-text search. */
const LABEL_KEYS = ["name", "title"];

export function createSampler(
  db: SqlDatabase,
  tools: readonly Pick<ToolSpec, "name" | "tests">[],
): ValueSampler {
  let columns: ColumnRef[] | null = null;
  const cache = new Map<string, SqlParam[]>();
  const testsOf = new Map(tools.map((t) => [t.name, t.tests]));

  const valuesOf = (ref: ColumnRef): SqlParam[] => {
    const id = `${ref.table}\u0000${ref.column}`;
    const cached = cache.get(id) ?? readColumnValues(db, ref);
    cache.set(id, cached);
    return cached;
  };
  const columnFor = (tool: ToolProfile, input: ToolField): ColumnRef | null => {
    columns ??= listColumns(db);
    const entityKey = fieldKey(tool.entity);
    const base = rangeBase(input.name);
    const keys = [input.key, `${entityKey}${input.key}`, base, `${entityKey}${base}`];
    if (QUERY_KEYS.has(input.key)) {
      const label = LABEL_KEYS.map((k) => findColumn(columns ?? [], { keys: [k], entityKey }));
      return label.find((c) => c !== null && c.tableKey === entityKey) ?? null;
    }
    return findColumn(columns, {
      keys,
      suffix: input.type === "string" ? input.key : undefined,
      entityKey,
      ...(tool.owner ? { ownerKey: fieldKey(tool.owner) } : {}),
    });
  };

  return {
    candidates(tool, input, limit, rng) {
      if (limit <= 0) return [];
      const fromTests = testValues(testsOf.get(tool.name) ?? [], input.name);
      if (input.enum && input.enum.length > 0) return draw(input.enum, limit, rng);
      const isArray = input.type === "array";
      const itemType = isArray ? (input.itemType ?? "unknown") : input.type;
      const out = new Unique();
      const ref = itemType === "object" || itemType === "array" ? null : columnFor(tool, input);
      const real = ref ? toJson(valuesOf(ref), itemType) : [];
      if (ref && QUERY_KEYS.has(input.key)) {
        for (const value of draw(real, limit, rng)) out.add(pickWord(String(value), rng));
      } else if (isArray && real.length > 0) {
        for (let i = 0; i < limit * 3 && out.size < limit; i++) {
          out.add(draw(real, 1 + Math.floor(rng.next() * 3), rng));
        }
      } else {
        for (const value of draw(real, limit, rng)) out.add(value);
      }
      for (const value of draw(fromTests, fromTests.length, rng)) out.add(value);
      if (itemType === "boolean" && !isArray)
        for (const b of draw([false, true], 2, rng)) out.add(b);
      return out.values.slice(0, limit);
    },
  };
}

class Unique {
  readonly values: Json[] = [];
  private readonly seen = new Set<string>();
  get size(): number {
    return this.values.length;
  }
  add(value: Json | null): void {
    if (value === null || value === "") return;
    const key = canonicalJson(value);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.values.push(value);
  }
}

/** Up to `count` distinct elements in PRNG order (a partial Fisher-Yates shuffle of a copy). */
function draw<T>(pool: readonly T[], count: number, rng: Prng): T[] {
  const copy = [...pool];
  const n = Math.min(count, copy.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(rng.next() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, n);
}

/** A word of three letters or more from a real value (the value itself when it has none). */
function pickWord(value: string, rng: Prng): string {
  const words = value.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3);
  if (words.length === 0) return value;
  return words[Math.floor(rng.next() * words.length)] ?? value;
}

function testValues(tests: ToolSpec["tests"], name: string): Json[] {
  const values: Json[] = [];
  for (const test of tests) {
    if (test.expect.error) continue;
    const value = test.args[name];
    if (value !== undefined) values.push(value);
  }
  return values;
}

function rangeBase(name: string): string {
  const words = wordsOf(name);
  if (RANGE_PREFIXES.has(words[0] ?? "")) words.shift();
  if (words.length > 1 && RANGE_SUFFIXES.has(words[words.length - 1] ?? "")) words.pop();
  return fieldKey(words.join(" "));
}

/** Column values as the input's type; values that cannot be one are left out. */
function toJson(values: readonly SqlParam[], type: FieldType): Json[] {
  const out: Json[] = [];
  for (const raw of values) {
    const value = typeof raw === "bigint" ? Number(raw) : raw;
    if (typeof value !== "number" && typeof value !== "string") continue;
    const numeric = typeof value === "number" ? value : Number(value);
    const isNumeric =
      typeof value === "number" || (value.trim() !== "" && Number.isFinite(numeric));
    if (type === "integer") {
      if (isNumeric && Number.isInteger(numeric)) out.push(numeric);
    } else if (type === "number") {
      if (isNumeric) out.push(numeric);
    } else if (type === "string") {
      out.push(String(value));
    } else if (type === "boolean") {
      if (numeric === 0 || numeric === 1) out.push(numeric === 1);
    } else {
      out.push(value);
    }
  }
  return out;
}
