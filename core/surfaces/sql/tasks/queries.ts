// The exploration side of SQL task synthesis: running read statements through the environment's
// own SQL tool on the attempt's fresh copy, and picking rows a user could name.

import type { Json } from "../../../base/json";
import { quoteIdentifier as q } from "../../../episode/sql-identifiers";
import type { ToolRunner } from "../../../episode/tool-runner";
import type { Prng } from "../../../sandbox/determinism";
import { pick } from "../../../tasks/graph-walk/graph-random";
import type { SqlLens, SqlTable } from "./lens";
import { sqlLiteral } from "./lens";

export interface SqlContext {
  lens: SqlLens;
  rng: Prng;
  runner: ToolRunner;
}

export type Row = Record<string, Json>;

/** The rows of a read statement, or undefined when the tool refuses it or answers no rows. */
export function readRows(ctx: SqlContext, sql: string): Row[] | undefined {
  const outcome = ctx.runner.call(ctx.lens.read.name, { [ctx.lens.read.arg]: sql });
  if (!outcome.ok) return undefined;
  const result = outcome.result;
  const rows = Array.isArray(result)
    ? result
    : result !== null && typeof result === "object" && Array.isArray(result.rows)
      ? result.rows
      : undefined;
  if (!rows) return undefined;
  return rows.filter((r): r is Row => r !== null && typeof r === "object" && !Array.isArray(r));
}

export interface NamedRow {
  key: string | number;
  label: string;
}

const SAMPLE = 200;

/** A row of `table` whose label names it alone (no other row has that label). */
export function namedRow(ctx: SqlContext, table: SqlTable): NamedRow | undefined {
  const label = table.label;
  if (!label) return undefined;
  const from = q(table.model.name);
  const rows =
    readRows(
      ctx,
      `SELECT ${q(table.key.name)} AS k, ${label.sql} AS l FROM ${from} WHERE ${label.sql} IN ` +
        `(SELECT ${label.sql} FROM ${from} GROUP BY 1 HAVING COUNT(*) = 1) ` +
        `ORDER BY ${q(table.key.name)} LIMIT ${SAMPLE}`,
    ) ?? [];
  const usable = rows.filter(
    (r) =>
      (typeof r.k === "number" || typeof r.k === "string") &&
      typeof r.l === "string" &&
      r.l.trim().length >= 2 &&
      !/^[\d\s.,-]+$/.test(r.l),
  );
  const row = pick(ctx.rng, usable);
  return row ? { key: row.k as string | number, label: row.l as string } : undefined;
}

/** `SELECT key FROM table WHERE label = 'value'`: how a solution finds the row a user named. */
export function keyLookup(table: SqlTable, label: string): string {
  const labelSql = table.label?.sql ?? q(table.key.name);
  return `SELECT ${q(table.key.name)} AS id FROM ${q(table.model.name)} WHERE ${labelSql} = ${sqlLiteral(label)}`;
}

/** A number from a one-row aggregate, or undefined. */
export function scalar(rows: readonly Row[] | undefined, column: string): number | undefined {
  const value = rows?.[0]?.[column];
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}
