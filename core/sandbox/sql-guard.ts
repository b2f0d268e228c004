// The platform's SQL guard: every statement a tool sends through `ctx.query/one/run` passes here,
// on the host, before SQLite runs it, whatever the tool's code does. The statement's kind and names
// are checked from its text (sql-statement-rules.ts); its cost is SQLite's query plan weighed by
// the tables' row counts (sql-plan-cost.ts), charged to the call's fuel at SQL_ROWS_PER_FUEL and
// capped per statement, so one statement cannot run longer than the call's fuel allows.
//
// Hot path: the class is cached by text per isolate and the plan by text per database, so a
// tool's repeated statement costs arithmetic plus the row counts its plan needs, taken once per
// call (and again after the call writes). Counts are exact, never carried between calls, so the
// same calls on the same data get the same verdicts and fuel on any replay; the counting is
// itself charged (a count(*) visits the table's rows).
import { isInternalTableName } from "../episode/schema-introspection";
import type { SqlDatabase, SqlParam } from "../episode/sql-database";
import { quoteIdentifier } from "../episode/sql-identifiers";
import {
  aliasesOf,
  estimateRowVisits,
  type PlanRow,
  RecursivePlan,
  readPlan,
  type TableSizes,
  VIRTUAL_TABLE_ROWS,
  virtualArgumentsAreConstant,
} from "./sql-plan-cost";
import { type SqlEffect, type SqlRefusal, statementFor } from "./sql-statement-rules";

/** Estimated row visits per tick of fuel: ~0.03-0.08 ms of SQLite, about what a tick of JS is. */
export const SQL_ROWS_PER_FUEL = 1_000;
/** No single statement may be estimated above this many row visits, whatever the call's fuel. */
export const SQL_MAX_ROW_VISITS = 1_000_000;

export type GuardVerdict =
  | { ok: true; estimate: number; fuel: number }
  | { ok: false; refusal: SqlRefusal }
  | { ok: false; sqlError: unknown };

interface Planned {
  plan: PlanRow[];
  aliases: Map<string, string>;
  tables: Map<string, string>;
  /** Every name the statement spells, lower-cased. */
  names: Set<string>;
  writes: boolean;
  /** Its table-valued functions read only parameters and literals (sql-plan-cost.ts). */
  constantVirtual: boolean;
}

/**
 * Row counts one call has measured, kept until it writes: a count is exact for the state the
 * statement runs on, so the same calls on the same data are weighed (and charged) the same.
 */
export interface CallSqlSizes {
  counts: Map<string, number>;
  groups: Map<string, number>;
  /** Rows the counting itself has visited during the call (charged like any statement's). */
  measured: number;
  /** A write ran since the counts were taken. */
  stale: boolean;
}

export function newCallSqlSizes(): CallSqlSizes {
  return { counts: new Map(), groups: new Map(), measured: 0, stale: false };
}

const PLAN_CACHE_LIMIT = 1_000;

// Plans by SQL text for one database; they depend on its schema, never on its rows.
class PlanCache {
  private readonly plans = new Map<string, Planned>();

  constructor(private readonly db: SqlDatabase) {}

  planOf(sql: string, params: readonly SqlParam[]): Planned {
    const hit = this.plans.get(sql);
    if (hit) return hit;
    const plan = readPlan(this.db, sql, params);
    const tables = new Map<string, string>();
    for (const row of this.db.query("SELECT name FROM sqlite_master WHERE type = 'table'")) {
      const name = String(row.name);
      if (!isInternalTableName(name)) tables.set(name.toLowerCase(), name);
    }
    const classified = statementFor(sql, "write");
    const tokens = classified.ok ? classified.tokens : [];
    const names = new Set(
      tokens.filter((t) => t.kind === "word" || t.kind === "name").map((t) => t.text.toLowerCase()),
    );
    const planned = {
      plan,
      aliases: aliasesOf(tokens, tables),
      tables,
      names,
      writes: classified.ok && classified.kind === "write",
      constantVirtual: classified.ok && virtualArgumentsAreConstant(tokens),
    };
    if (this.plans.size >= PLAN_CACHE_LIMIT) this.plans.clear();
    this.plans.set(sql, planned);
    return planned;
  }
}

function tableSizes(
  db: SqlDatabase,
  planned: Planned,
  call: CallSqlSizes,
  textChars: number,
): TableSizes {
  const count = (table: string): number => {
    let rows = call.counts.get(table);
    if (rows === undefined) {
      rows = Number(db.query(`SELECT count(*) AS n FROM ${quoteIdentifier(table)}`)[0]?.n ?? 0);
      call.counts.set(table, rows);
      call.measured += rows;
    }
    return rows;
  };
  const sizes: TableSizes = {
    resolve: (name) => {
      const lower = name.toLowerCase();
      return planned.aliases.get(lower) ?? planned.tables.get(lower);
    },
    named: (name) => planned.names.has(name.toLowerCase()),
    rows: count,
    largestGroup: (table, column) => {
      const key = `${table}\u0000${column.toLowerCase()}`;
      let rows = call.groups.get(key);
      if (rows === undefined) {
        rows = largestGroup(db, table, column, count);
        call.groups.set(key, rows);
        call.measured += count(table);
      }
      return rows;
    },
    // `json_each(?)` yields at most one row per two characters of the text it is handed.
    virtualRows: () =>
      planned.constantVirtual
        ? Math.min(VIRTUAL_TABLE_ROWS, Math.max(1, Math.ceil(textChars / 2)))
        : VIRTUAL_TABLE_ROWS,
    largestTable: () => {
      let largest = 1;
      for (const table of planned.tables.values()) largest = Math.max(largest, count(table));
      return largest;
    },
  };
  return sizes;
}

function largestGroup(
  db: SqlDatabase,
  table: string,
  column: string,
  count: (table: string) => number,
): number {
  const found = db
    .query("SELECT name FROM pragma_table_info(?)", [table])
    .map((r) => String(r.name))
    .find((c) => c.toLowerCase() === column.toLowerCase());
  if (found === undefined) return count(table);
  const row = db.query(
    `SELECT max(c) AS m FROM (SELECT count(*) AS c FROM ${quoteIdentifier(table)} GROUP BY ${quoteIdentifier(found)})`,
  )[0];
  return Number(row?.m ?? 0);
}

const planCaches = new WeakMap<SqlDatabase, PlanCache>();

/**
 * Whether a tool of `effect` may run `sql` now, and what its estimated row visits cost in fuel.
 * Counting rows for the estimate adds to `call.measured`, which the caller charges too.
 */
export function guardStatement(
  db: SqlDatabase,
  sql: string,
  params: readonly SqlParam[],
  effect: SqlEffect,
  call: CallSqlSizes = newCallSqlSizes(),
): GuardVerdict {
  const verdict = statementFor(sql, effect);
  if (!verdict.ok) return verdict;
  if (verdict.kind === "explain") return { ok: true, estimate: 0, fuel: 0 };
  let plans = planCaches.get(db);
  if (!plans) {
    plans = new PlanCache(db);
    planCaches.set(db, plans);
  }
  if (call.stale) {
    call.counts.clear();
    call.groups.clear();
    call.stale = false;
  }
  let estimate: number;
  try {
    const planned = plans.planOf(sql, params);
    estimate = estimateRowVisits(
      planned.plan,
      tableSizes(db, planned, call, textLength(params, sql)),
      planned.writes,
    );
  } catch (error) {
    if (error instanceof RecursivePlan) {
      return refusal(
        "sql_refused",
        "recursion",
        "This statement's CTE reads itself (a recursive query), which can run without bound; loop in the tool's code instead, where fuel bounds the work.",
      );
    }
    return { ok: false, sqlError: error };
  }
  if (estimate > SQL_MAX_ROW_VISITS) {
    const shown = Math.min(Math.round(estimate), 1e15);
    return refusal(
      "limit_exceeded",
      "row_visits",
      `SQLite's plan for this statement visits about ${shown} rows; one statement may visit at most ${SQL_MAX_ROW_VISITS}. Filter on indexed columns or split the work.`,
      { estimate: shown, limit: SQL_MAX_ROW_VISITS },
    );
  }
  // Its writes may change any count (triggers and cascades included): the next statement recounts.
  if (verdict.kind === "write") call.stale = true;
  return { ok: true, estimate, fuel: Math.floor(estimate / SQL_ROWS_PER_FUEL) };
}

// Characters of text a statement carries: its own and its string and BLOB parameters'.
function textLength(params: readonly SqlParam[], sql: string): number {
  let length = sql.length;
  for (const p of params) {
    if (typeof p === "string") length += p.length;
    else if (p instanceof Uint8Array || p instanceof ArrayBuffer) length += p.byteLength;
  }
  return length;
}

function refusal(
  code: SqlRefusal["code"],
  reason: string,
  message: string,
  extra: Record<string, number> = {},
): GuardVerdict {
  return { ok: false, refusal: { code, message, details: { reason, ...extra } } };
}
