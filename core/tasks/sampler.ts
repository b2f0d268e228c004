// The ValueSampler over a loaded environment: an input's candidates are drawn from the real column
// it names (cached per column), then the arguments of the tool's passing tests, then its enum or
// boolean domain. Free-text search inputs get a word of a real name or title. Every draw goes
// through the given PRNG and every pool is in a fixed order, so a seed fixes the values.

import { canonicalJson, type Json } from "../base/json";
import type { ToolSpec } from "../environment/spec";
import type { SqlDatabase, SqlParam } from "../episode/sql-database";
import type { Prng } from "../sandbox/determinism";
import {
  type ColumnRef,
  findColumn,
  listColumns,
  readColumnValues,
  readRowValues,
} from "./column-values";
import { fieldKey, wordsOf } from "./phrasing/words";
import type { FieldType, ToolField, ToolProfile } from "./tool-profile";
import type { ValueSampler } from "./value-sampler";

const QUERY_KEYS = new Set(["query", "q", "search", "keyword", "term", "text"]);
/** Range bounds read the column they bound: `min_unit_price` -> `unit_price`. */
const RANGE_PREFIXES = new Set(["min", "max"]);
const RANGE_SUFFIXES = new Set(["from", "to"]);
/** Columns that name a record in words, for free-text search. */
const LABEL_KEYS = ["name", "title", "subject", "summary"];

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
    if (QUERY_KEYS.has(input.key) && tool.effect === "read") {
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
    row(tool, inputs, fixed, rng) {
      const scalar = (i: ToolField) => i.type !== "array" && i.type !== "object";
      const refs = [...inputs, ...tool.inputs.filter((i) => i.name in fixed)]
        .filter((i) => scalar(i) && !QUERY_KEYS.has(i.key))
        .map((input) => ({ input, ref: columnFor(tool, input) }))
        .filter((r): r is { input: ToolField; ref: ColumnRef } => r.ref !== null);
      for (const table of new Set(refs.map((r) => r.ref.table))) {
        const here = refs.filter((r) => r.ref.table === table);
        const wanted = here.filter((r) => !(r.input.name in fixed));
        const columnsUsed = new Set(here.map((r) => r.ref.column));
        if (here.length < 2 || wanted.length === 0 || columnsUsed.size < here.length) continue;
        const given = here
          .filter((r) => r.input.name in fixed)
          .map((r) => ({ column: r.ref.column, value: toSql(fixed[r.input.name] ?? null) }));
        if (given.some((g) => g.value === undefined)) continue;
        const values = readRowValues(
          db,
          table,
          wanted.map((r) => r.ref.column),
          given as { column: string; value: SqlParam }[],
          rng.next(),
        );
        if (!values) continue;
        const out: Record<string, Json> = {};
        wanted.forEach((r, i) => {
          const [value] = toJson([values[i] ?? null], r.input.type);
          if (value !== undefined) out[r.input.name] = value;
        });
        if (Object.keys(out).length === wanted.length) return out;
      }
      return undefined;
    },
    candidates(tool, input, limit, rng) {
      if (limit <= 0) return [];
      const fromTests = testValues(testsOf.get(tool.name) ?? [], input.path);
      if (input.enum && input.enum.length > 0) return draw(input.enum, limit, rng);
      const isArray = input.type === "array";
      const itemType = isArray ? (input.itemType ?? "unknown") : input.type;
      const out = new Unique();
      const ref = itemType === "object" || itemType === "array" ? null : columnFor(tool, input);
      const real = ref ? toJson(valuesOf(ref), itemType) : [];
      if (ref && QUERY_KEYS.has(input.key) && tool.effect === "read") {
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

/** The values passing tests give at `path` (`lines[].trackId`: every element's). */
function testValues(tests: ToolSpec["tests"], path: string): Json[] {
  const values: Json[] = [];
  const visit = (value: Json | undefined, parts: readonly string[]): void => {
    if (value === undefined) return;
    const [head, ...rest] = parts;
    if (head === undefined) {
      values.push(value);
      return;
    }
    const list = head.endsWith("[]");
    const key = list ? head.slice(0, -2) : head;
    const here =
      value !== null && typeof value === "object" && !Array.isArray(value) ? value[key] : undefined;
    if (!list) visit(here, rest);
    else if (Array.isArray(here)) for (const element of here) visit(element, rest);
  };
  for (const test of tests) {
    if (!test.expect.error) visit(test.args, path.split("."));
  }
  return values;
}

function rangeBase(name: string): string {
  const words = wordsOf(name);
  if (RANGE_PREFIXES.has(words[0] ?? "")) words.shift();
  if (words.length > 1 && RANGE_SUFFIXES.has(words[words.length - 1] ?? "")) words.pop();
  return fieldKey(words.join(" "));
}

function toSql(value: Json): SqlParam | undefined {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "string" || typeof value === "number" || value === null) return value;
  return undefined;
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
