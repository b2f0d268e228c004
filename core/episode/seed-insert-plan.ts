// Pure planner: seed rows -> multi-row INSERTs inside Cloudflare's per-statement limits (100 bound
// parameters, 100 KB) and a measured cap on values per statement. No database needed, so the
// limits are unit-tested directly.

import { AppError } from "../base/errors";
import type { SeedData, SqlValue } from "../environment/spec";
import type { SqlParam } from "./sql-database";
import { blobLiteral, quoteIdentifier, quoteIdentifierList, textLiteral } from "./sql-identifiers";
import { base64ToBytes, utf8Length } from "./sql-values";

export interface SqlStatement {
  sql: string;
  params: SqlParam[];
}

export interface PlannedInsert extends SqlStatement {
  table: string;
  rows: number;
}

export interface PlanOptions {
  /** Seed table names in load order (parents first); tables not named follow in seed order. */
  order?: readonly string[];
  maxParams?: number;
  /** Budget per statement in bytes: SQL text plus the bound values (a bigger row goes alone). */
  maxBytes?: number;
  /** Values (bound or literal) per statement. */
  maxValues?: number;
}

/**
 * Cloudflare's documented limits, plus one we measured: workerd's SQLite answered SQLITE_NOMEM
 * for multi-row INSERTs of ~14-20k literal values (2 x 8,000 rows; 10 x 2,000; 6,900 PlaylistTrack
 * rows late in a Chinook load), well inside 100 KB. Memory grows with the values a statement
 * parses, so they are capped too; loading Chinook into a DO took ~40 ms with caps of 500-1,000
 * values and ~66 ms with 4,000-8,000.
 */
export const STATEMENT_LIMITS = { maxParams: 100, maxBytes: 100_000, maxValues: 1_000 } as const;

/** Bytes counted for a bound number: what SQLite stores for it. */
const NUMBER_BYTES = 8;

interface PlannedRow {
  text: string;
  params: SqlParam[];
  bytes: number;
}

/**
 * NULLs and safe integers are written as literals: exact, and an integer literal stays an INTEGER
 * even in a column without affinity (a bound JS number would arrive as a REAL). Strings, reals and
 * BLOBs are bound; a row with more of those than `maxParams` binds its largest values and writes
 * the smaller ones as literals, keeping the SQL text short.
 */
export function planSeedInserts(seed: SeedData, options: PlanOptions = {}): PlannedInsert[] {
  const maxParams = options.maxParams ?? STATEMENT_LIMITS.maxParams;
  const maxBytes = options.maxBytes ?? STATEMENT_LIMITS.maxBytes;
  const maxValues = options.maxValues ?? STATEMENT_LIMITS.maxValues;
  const names = Object.keys(seed.tables);
  const order = [...(options.order ?? []).filter((n) => n in seed.tables)];
  for (const name of names) if (!order.includes(name)) order.push(name);
  const out: PlannedInsert[] = [];
  for (const table of order) {
    const data = seed.tables[table];
    if (!data || data.rows.length === 0) continue;
    const prefix = `INSERT INTO ${quoteIdentifier(table)} (${quoteIdentifierList(data.columns)}) VALUES `;
    const prefixBytes = utf8Length(prefix);
    let tuples: string[] = [];
    let params: SqlParam[] = [];
    let bytes = prefixBytes;
    const flush = () => {
      if (tuples.length === 0) return;
      out.push({ table, rows: tuples.length, sql: prefix + tuples.join(","), params });
      tuples = [];
      params = [];
      bytes = prefixBytes;
    };
    for (const [index, row] of data.rows.entries()) {
      if (row.length !== data.columns.length) {
        throw new AppError(
          "validation_failed",
          `Seed table ${table}, row ${index}: ${row.length} values for ${data.columns.length} columns.`,
        );
      }
      const planned = planRow(row, maxParams);
      if (prefixBytes + utf8Length(planned.text) > maxBytes) {
        // Only a row with over `maxParams` long values gets here: its literals alone pass 100 KB.
        throw new AppError(
          "validation_failed",
          `Seed table ${table}, row ${index}: too many long values to insert in one statement.`,
        );
      }
      const extra = planned.bytes + (tuples.length > 0 ? 1 : 0);
      const values = (tuples.length + 1) * data.columns.length;
      if (
        params.length + planned.params.length > maxParams ||
        bytes + extra > maxBytes ||
        values > maxValues
      ) {
        flush();
      }
      bytes += planned.bytes + (tuples.length > 0 ? 1 : 0);
      tuples.push(planned.text);
      params.push(...planned.params);
    }
    flush();
  }
  return out;
}

function planRow(row: readonly SqlValue[], maxParams: number): PlannedRow {
  const bound = new Set<number>();
  const candidates: { index: number; size: number }[] = [];
  for (const [index, value] of row.entries()) {
    if (value === null || Number.isSafeInteger(value)) continue;
    candidates.push({ index, size: valueBytes(value) });
  }
  candidates.sort((a, b) => b.size - a.size || a.index - b.index);
  for (const c of candidates.slice(0, maxParams)) bound.add(c.index);
  const parts: string[] = [];
  const params: SqlParam[] = [];
  let bytes = 0;
  for (const [index, value] of row.entries()) {
    if (bound.has(index)) {
      parts.push("?");
      const param = toParam(value);
      params.push(param);
      bytes += paramBytes(param);
    } else parts.push(literal(value));
  }
  const text = `(${parts.join(",")})`;
  return { text, params, bytes: bytes + utf8Length(text) };
}

function toParam(value: SqlValue): SqlParam {
  if (value !== null && typeof value === "object") return base64ToBytes(value.$base64);
  return value;
}

function literal(value: SqlValue): string {
  if (value === null) return "NULL";
  if (typeof value === "string") return textLiteral(value);
  if (typeof value === "object") return blobLiteral(base64ToBytes(value.$base64));
  if (Number.isNaN(value)) return "NULL";
  if (!Number.isFinite(value)) return value > 0 ? "9e999" : "-9e999";
  // `-0` would print as `0`; both are the same number to SQLite once stored.
  return String(value);
}

function valueBytes(value: SqlValue): number {
  if (typeof value === "string") return utf8Length(value);
  if (value !== null && typeof value === "object")
    return Math.floor((value.$base64.length * 3) / 4);
  return NUMBER_BYTES;
}

function paramBytes(param: SqlParam): number {
  if (typeof param === "string") return utf8Length(param);
  if (param instanceof Uint8Array) return param.byteLength;
  if (param instanceof ArrayBuffer) return param.byteLength;
  return NUMBER_BYTES;
}
