// Generated environment variants for the catalog-scale benchmark: each one a single small table
// (5 rows) with up to 10 trivial but real read tools, each with one passing test whose expected
// result is computed here from the same rows. Names, titles, descriptions, categories, rows and
// tool names vary with the index, drawn from a small vocabulary so that search has words to match.
import type { EnvironmentSpec, ToolSpec } from "../core/environment/spec";
import { containsSql } from "../core/episode/sql-contains";

export const DOMAINS = ["commerce", "travel", "health", "finance", "education"] as const;
export const WORDS = [
  "amber",
  "breeze",
  "cedar",
  "delta",
  "ember",
  "fjord",
  "granite",
  "harbor",
  "indigo",
  "juniper",
  "kestrel",
  "lagoon",
  "meadow",
  "nimbus",
  "orchid",
  "prairie",
] as const;
const NOUNS = [
  "ticket",
  "order",
  "booking",
  "patient",
  "invoice",
  "course",
  "parcel",
  "lease",
  "claim",
  "recipe",
  "device",
  "member",
] as const;
const KINDS = ["basic", "plus", "pro"] as const;
export const MAX_TOOLS = 10;
const ROWS = 5;

interface Row {
  id: number;
  name: string;
  kind: string;
  price: number;
}

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

/** The i-th variant's spec (deterministic). */
export function variantSpec(i: number, toolsPerEnv: number): EnvironmentSpec {
  const noun = pick(NOUNS, i);
  const domain = pick(DOMAINS, Math.floor(i / NOUNS.length));
  const w1 = pick(WORDS, i * 7 + 3);
  const w2 = pick(WORDS, i * 11 + 5);
  const table = `${noun}s`;
  const rows: Row[] = Array.from({ length: ROWS }, (_, r) => ({
    id: r + 1,
    name: `${pick(WORDS, i * 3 + r * 5)} ${noun} ${r + 1}`,
    kind: pick(KINDS, i + r * 2),
    price: 100 + ((i * 37 + r * 53) % 900),
  }));
  return {
    name: `bench-${w1}-${noun}-${i}`,
    version: "1.0.0",
    title: `${cap(w1)} ${cap(noun)} desk ${i}`,
    description: `A generated ${domain} environment for the catalog benchmark: ${w1} and ${w2} ${noun}s, a ${w2} ${noun} desk with one table of ${ROWS} rows.`,
    category: { domain, subdomain: `${noun}-desk` },
    provenance: [{ kind: "generated", name: "bench/catalog-scale.ts", license: "CC0-1.0" }],
    schemaSql: `CREATE TABLE ${table} (id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL, price INTEGER NOT NULL)`,
    seed: {
      tables: {
        [table]: {
          columns: ["id", "name", "kind", "price"],
          rows: rows.map((r) => [r.id, r.name, r.kind, r.price]),
        },
      },
    },
    tools: tools(noun, table, rows).slice(0, toolsPerEnv),
  };
}

function cap(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

const COLS = "id, name, kind, price";
const NO_ARGS = { type: "object", properties: {}, additionalProperties: false };

function read(
  name: string,
  description: string,
  inputSchema: Record<string, unknown>,
  implementation: string,
  args: Record<string, string | number>,
  result: unknown,
): ToolSpec {
  return {
    name,
    description,
    inputSchema: inputSchema as ToolSpec["inputSchema"],
    effect: "read",
    implementation,
    tests: [{ name: `${name} on the seed rows`, args, expect: { result, match: "exact" } }],
  } as ToolSpec;
}

function tools(noun: string, table: string, rows: readonly Row[]): ToolSpec[] {
  const [first] = rows;
  if (first === undefined) throw new Error("a variant needs rows");
  const byPrice = [...rows].sort((a, b) => a.price - b.price || a.id - b.id);
  const word = first.name.split(" ")[0] ?? noun;
  const kinds = [...new Set(rows.map((r) => r.kind))].sort();
  const idArg = {
    type: "object",
    properties: { id: { type: "integer", minimum: 1 } },
    required: ["id"],
    additionalProperties: false,
  };
  const textArg = (key: string) => ({
    type: "object",
    properties: { [key]: { type: "string", minLength: 1, maxLength: 100 } },
    required: [key],
    additionalProperties: false,
  });
  const q = (sql: string) => JSON.stringify(sql);
  return [
    read(
      `get_${noun}`,
      `One ${noun} by id.`,
      idArg,
      `(args, ctx) => ctx.one(${q(`SELECT ${COLS} FROM ${table} WHERE id = ?`)}, [args.id]) ?? ctx.fail("not_found", "no such ${noun}")`,
      { id: 1 },
      first,
    ),
    read(
      `count_${noun}s`,
      `How many ${noun}s there are.`,
      NO_ARGS,
      `(args, ctx) => ctx.one(${q(`SELECT COUNT(*) AS count FROM ${table}`)})`,
      {},
      { count: rows.length },
    ),
    read(
      `search_${noun}s`,
      `${cap(noun)}s whose name contains the query, by id.`,
      textArg("query"),
      `(args, ctx) => ctx.query(${q(`SELECT ${COLS} FROM ${table} WHERE ${containsSql("name")} ORDER BY id`)}, [args.query])`,
      { query: word },
      rows.filter((r) => r.name.includes(word)),
    ),
    read(
      `list_${noun}s`,
      `The first ${noun}s by id.`,
      {
        type: "object",
        properties: { limit: { type: "integer", minimum: 1, maximum: 50 } },
        required: ["limit"],
        additionalProperties: false,
      },
      `(args, ctx) => ctx.query(${q(`SELECT ${COLS} FROM ${table} ORDER BY id LIMIT ?`)}, [args.limit])`,
      { limit: 3 },
      rows.slice(0, 3),
    ),
    read(
      `${noun}s_by_kind`,
      `${cap(noun)}s of one kind (${KINDS.join(", ")}), by id.`,
      textArg("kind"),
      `(args, ctx) => ctx.query(${q(`SELECT ${COLS} FROM ${table} WHERE kind = ? ORDER BY id`)}, [args.kind])`,
      { kind: first.kind },
      rows.filter((r) => r.kind === first.kind),
    ),
    read(
      `cheapest_${noun}`,
      `The ${noun} with the lowest price.`,
      NO_ARGS,
      `(args, ctx) => ctx.one(${q(`SELECT ${COLS} FROM ${table} ORDER BY price, id LIMIT 1`)})`,
      {},
      byPrice[0],
    ),
    read(
      `priciest_${noun}`,
      `The ${noun} with the highest price.`,
      NO_ARGS,
      `(args, ctx) => ctx.one(${q(`SELECT ${COLS} FROM ${table} ORDER BY price DESC, id LIMIT 1`)})`,
      {},
      [...rows].sort((a, b) => b.price - a.price || a.id - b.id)[0],
    ),
    read(
      `total_${noun}_price`,
      `The sum of all ${noun} prices.`,
      NO_ARGS,
      `(args, ctx) => ctx.one(${q(`SELECT SUM(price) AS total FROM ${table}`)})`,
      {},
      { total: rows.reduce((sum, r) => sum + r.price, 0) },
    ),
    read(
      `count_${noun}s_by_kind`,
      `How many ${noun}s of each kind.`,
      NO_ARGS,
      `(args, ctx) => ctx.query(${q(`SELECT kind, COUNT(*) AS count FROM ${table} GROUP BY kind ORDER BY kind`)})`,
      {},
      kinds.map((kind) => ({ kind, count: rows.filter((r) => r.kind === kind).length })),
    ),
    read(
      `${noun}_names`,
      `Every ${noun}'s name, alphabetically.`,
      NO_ARGS,
      `(args, ctx) => ctx.query(${q(`SELECT name FROM ${table} ORDER BY name, id`)}).map((r) => r.name)`,
      {},
      rows.map((r) => r.name).sort(),
    ),
  ];
}
