// Simple CHECK constraints read from a table's DDL (`CHECK ([Quantity] > (0))`,
// `CHECK (Discount >= 0 AND Discount <= 1)`) as numeric bounds for JSON Schemas. Anything more
// complex is left to SQLite, whose failure the tools report as `constraint_check`.

import type { Json } from "../base/json";
import type { SqlDatabase } from "../episode/sql-database";

export interface NumericBounds {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

const NAME = String.raw`(?:\[([^\]]+)\]|"((?:[^"]|"")+)"|\x60([^\x60]+)\x60|([A-Za-z_][A-Za-z0-9_]*))`;
const NUMBER = String.raw`\(?\s*(-?\d+(?:\.\d+)?)\s*\)?`;
const COMPARISON = new RegExp(String.raw`^\s*\(?\s*${NAME}\s*(>=|<=|>|<)\s*${NUMBER}\s*\)?\s*$`);

/** Bounds per column name, from CHECK clauses that are ANDs of `column <op> number`. */
export function checkBounds(db: SqlDatabase, table: string): Map<string, NumericBounds> {
  const sql = String(
    db.query("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", [table])[0]?.sql ??
      "",
  );
  const bounds = new Map<string, NumericBounds>();
  for (const body of checkBodies(sql)) {
    if (/\bOR\b/i.test(body)) continue;
    for (const part of body.split(/\bAND\b/i)) {
      const m = COMPARISON.exec(part);
      if (!m) continue;
      const column = m[1] ?? m[2]?.replaceAll('""', '"') ?? m[3] ?? m[4];
      const op = m[5];
      const value = Number(m[6]);
      if (!column || !op || !Number.isFinite(value)) continue;
      const b = bounds.get(column) ?? {};
      if (op === ">=") b.minimum = value;
      else if (op === ">") b.exclusiveMinimum = value;
      else if (op === "<=") b.maximum = value;
      else b.exclusiveMaximum = value;
      bounds.set(column, b);
    }
  }
  return bounds;
}

/** The parenthesised bodies of every `CHECK (...)` in a CREATE TABLE statement. */
function checkBodies(sql: string): string[] {
  const out: string[] = [];
  const re = /\bCHECK\s*\(/gi;
  for (let m = re.exec(sql); m; m = re.exec(sql)) {
    let depth = 1;
    let i = re.lastIndex;
    for (; i < sql.length && depth > 0; i++) {
      if (sql[i] === "(") depth++;
      else if (sql[i] === ")") depth--;
    }
    out.push(sql.slice(re.lastIndex, i - 1));
  }
  return out;
}

/** The bounds as schema keywords; integers turn exclusive bounds into inclusive ones. */
export function boundsSchema(bounds: NumericBounds, integer: boolean): Record<string, Json> {
  const out: Record<string, Json> = {};
  if (bounds.minimum !== undefined) out.minimum = bounds.minimum;
  if (bounds.maximum !== undefined) out.maximum = bounds.maximum;
  if (bounds.exclusiveMinimum !== undefined) {
    if (integer) out.minimum = Math.floor(bounds.exclusiveMinimum) + 1;
    else out.exclusiveMinimum = bounds.exclusiveMinimum;
  }
  if (bounds.exclusiveMaximum !== undefined) {
    if (integer) out.maximum = Math.ceil(bounds.exclusiveMaximum) - 1;
    else out.exclusiveMaximum = bounds.exclusiveMaximum;
  }
  return out;
}

/** A value just outside the bounds, for a test that the schema refuses it. */
export function outOfBounds(bounds: NumericBounds): number | null {
  if (bounds.minimum !== undefined) return bounds.minimum - 1;
  if (bounds.exclusiveMinimum !== undefined) return bounds.exclusiveMinimum;
  if (bounds.maximum !== undefined) return bounds.maximum + 1;
  if (bounds.exclusiveMaximum !== undefined) return bounds.exclusiveMaximum;
  return null;
}
