// How many rows a statement visits, estimated from SQLite's own EXPLAIN QUERY PLAN before it runs
// (workerd's SQLite has no progress handler, so a statement cannot be stopped once started). The
// walk is the SQL surface's (core/surfaces/sql/guard.ts) in TypeScript: a SCAN counts the
// table's rows, an indexed SEARCH the largest group of its first equality column (1 for a rowid),
// nested loops multiply, correlated subqueries run once per outer row, materialized CTEs and
// subqueries once. A recursive CTE (SETUP / RECURSIVE STEP in the plan) has no bound at all.
import type { SqlDatabase, SqlParam } from "../episode/sql-database";
import type { SqlToken } from "./sql-tokens";

export interface PlanRow {
  id: number;
  parent: number;
  detail: string;
}

/** Row counts (upper bounds) of the episode's tables, by name as the statement spelled it. */
export interface TableSizes {
  /** The real table's name for a name or alias in the statement, or undefined. */
  resolve(name: string): string | undefined;
  /**
   * Whether the statement itself names `name` (a table or an alias). In a write, a plan line on a
   * table it does not name is SQLite's own foreign-key check, run once per written row.
   */
  named(name: string): boolean;
  rows(table: string): number;
  /** Rows sharing the most common value of `column` (the cost of one `column = ?` lookup). */
  largestGroup(table: string, column: string): number;
  largestTable(): number;
  /** Rows one scan of a table-valued function (`json_each`, `pragma_table_info`) is counted as. */
  virtualRows(): number;
}

/** What one scan of a table-valued function over stored data (`json_each(t.tags)`) counts as. */
export const VIRTUAL_TABLE_ROWS = 10_000;

export class RecursivePlan extends Error {}

export function readPlan(db: SqlDatabase, sql: string, params: readonly SqlParam[]): PlanRow[] {
  return db.query(`EXPLAIN QUERY PLAN ${sql}`, params).map((r) => ({
    id: Number(r.id),
    parent: Number(r.parent),
    detail: String(r.detail),
  }));
}

/** Estimated row visits of `plan`; throws RecursivePlan for a recursive CTE. */
export function estimateRowVisits(
  plan: readonly PlanRow[],
  sizes: TableSizes,
  writes: boolean,
): number {
  const kids = new Map<number, PlanRow[]>();
  for (const row of plan) {
    const list = kids.get(row.parent) ?? [];
    list.push(row);
    kids.set(row.parent, list);
  }
  const materialized = new Map<string, number>();

  const factor = (line: string): number => {
    if (/ VIRTUAL TABLE/.test(line)) return sizes.virtualRows();
    // An outer join's lookup says so after its condition: `... (rowid=?) LEFT-JOIN`.
    const detail = line.replace(/ [A-Z]+-JOIN$/, "");
    const m = /^(SCAN|SEARCH) (.+?)(?: USING (.*))?$/.exec(detail);
    const name = m?.[2];
    if (!m || name === undefined) return sizes.largestTable();
    if (name === "CONSTANT ROW") return 1;
    const values = /^(\d+)-ROW VALUES CLAUSE$/.exec(name);
    if (values) return Number(values[1]);
    const lower = name.toLowerCase();
    const inner = materialized.get(lower);
    if (inner !== undefined) return inner;
    const table = sizes.resolve(name);
    const size = () => (table === undefined ? sizes.largestTable() : sizes.rows(table));
    if (m[1] === "SCAN") return size();
    const condition = /\((.*)\)$/.exec(m[3] ?? "")?.[1];
    // A SEARCH with no condition is the min/max optimisation: one step down an index.
    if (condition === undefined) return 1;
    const eq = condition
      .split(" AND ")
      .map((c) => /^(.+)=\?$/.exec(c)?.[1])
      .find((c) => c !== undefined);
    if (eq === undefined) return size();
    if (/^(rowid|_rowid_|oid)$/i.test(eq)) return 1;
    return table === undefined ? size() : sizes.largestGroup(table, eq);
  };

  const walk = (id: number, outer: number): { rows: number; cost: number } => {
    let rows = 1;
    let cost = 0;
    let checks = 0;
    for (const r of kids.get(id) ?? []) {
      const d = r.detail;
      if (/^(SETUP|RECURSIVE STEP)/.test(d)) throw new RecursivePlan(d);
      const loopName = /^(?:SCAN|SEARCH) (\S+)/.exec(d)?.[1];
      if (writes && loopName !== undefined && !/ VIRTUAL TABLE/.test(d) && !sizes.named(loopName)) {
        checks += factor(d);
      } else if (/^(SCAN|SEARCH) /.test(d)) {
        rows *= factor(d);
        // An automatic index is built by one scan of the table before the lookups.
        if (/AUTOMATIC/.test(d)) {
          const table = sizes.resolve(/^\S+ (\S+)/.exec(d)?.[1] ?? "");
          cost += outer * (table === undefined ? sizes.largestTable() : sizes.rows(table));
        }
        cost += outer * rows + walk(r.id, outer * rows).cost;
      } else if (/^(MATERIALIZE|CO-ROUTINE) /.test(d)) {
        const inner = walk(r.id, 1);
        materialized.set(d.replace(/^\S+ /, "").toLowerCase(), Math.max(1, inner.rows));
        cost += inner.cost;
      } else if (/^COMPOUND/.test(d)) {
        let sum = 0;
        for (const part of kids.get(r.id) ?? []) {
          const w = walk(part.id, outer);
          sum += w.rows;
          cost += w.cost;
        }
        rows *= Math.max(1, sum);
      } else if (/^MULTI-INDEX OR/.test(d)) {
        let sum = 0;
        for (const part of kids.get(r.id) ?? []) sum += walk(part.id, 1).rows;
        rows *= Math.max(1, sum);
        cost += outer * rows;
      } else if (/^CORRELATED /.test(d)) {
        cost += walk(r.id, outer * rows).cost;
      } else if (/SUBQUERY/.test(d)) {
        cost += walk(r.id, 1).cost;
      } else {
        cost += walk(r.id, outer * rows).cost;
      }
    }
    return { rows, cost: cost + outer * rows * checks };
  };
  return walk(0, 1).cost;
}

// Words after a table name that are not its alias.
const NOT_ALIAS = new Set(
  "AS ON USING JOIN INNER LEFT RIGHT FULL OUTER CROSS NATURAL WHERE GROUP ORDER HAVING LIMIT OFFSET UNION EXCEPT INTERSECT WINDOW INDEXED NOT SET VALUES DEFAULT SELECT FROM RETURNING AND OR IS IN LIKE GLOB BETWEEN WHEN THEN ELSE END CASE COLLATE ASC DESC NULLS ESCAPE MATCH REGEXP FILTER OVER DO".split(
    " ",
  ),
);

/** Aliases the statement gives tables (`Track t`, `Track AS t`), lower-cased, to real names. */
export function aliasesOf(
  tokens: readonly SqlToken[],
  tableByLower: ReadonlyMap<string, string>,
): Map<string, string> {
  const aliases = new Map<string, string>();
  for (let n = 0; n < tokens.length; n++) {
    const t = tokens[n];
    if (!t || (t.kind !== "word" && t.kind !== "name")) continue;
    const table = tableByLower.get(t.text.toLowerCase());
    if (table === undefined) continue;
    let at = n + 1;
    if (tokens[at]?.kind === "word" && tokens[at]?.upper === "AS") at++;
    const a = tokens[at];
    if (a && (a.kind === "name" || (a.kind === "word" && !NOT_ALIAS.has(a.upper)))) {
      aliases.set(a.text.toLowerCase(), table);
    }
  }
  return aliases;
}

/**
 * Whether every table-valued function the statement calls takes only parameters and literals
 * (`json_each(?)`): then its rows are bounded by the text it is given, not by stored data.
 */
export function virtualArgumentsAreConstant(tokens: readonly SqlToken[]): boolean {
  for (let n = 0; n < tokens.length; n++) {
    const t = tokens[n];
    if (t?.kind !== "word" || !/^(json_each|json_tree|pragma_\w+)$/i.test(t.text)) continue;
    if (tokens[n + 1]?.text !== "(") continue;
    for (let k = n + 2; ; k++) {
      const a = tokens[k];
      if (a === undefined) return false;
      if (a.kind === "punct" && a.text === ")") break;
      const constant = a.kind === "param" || a.kind === "string" || a.kind === "number";
      if (!constant && !(a.kind === "punct" && a.text === ",")) return false;
    }
  }
  return true;
}
