// SQL values across the VM boundary as JSON text: rows out (a BLOB becomes `{ "$base64": "..." }`,
// a BigInt a number, or a string past 2^53) and bound parameters in (the reverse for BLOBs).

import type { Json } from "../base/json";
import type { SqlParam, SqlRow } from "../episode/sql-database";
import { base64ToBytes, bytesToBase64 } from "../episode/sql-values";

type JsonScalar = null | number | string | { $base64: string };

export function sqlValueToJson(value: SqlParam): JsonScalar {
  if (value instanceof Uint8Array) return { $base64: bytesToBase64(value) };
  if (value instanceof ArrayBuffer) return { $base64: bytesToBase64(new Uint8Array(value)) };
  if (typeof value === "bigint") {
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  }
  return value;
}

/** Rows as JSON text; the common all-scalar case goes straight to `JSON.stringify`. */
export function rowsToJson(rows: readonly SqlRow[]): string {
  return JSON.stringify(needsConversion(rows) ? rows.map(rowToJson) : rows);
}

export function rowToJson(row: SqlRow): Record<string, JsonScalar> {
  const out: Record<string, JsonScalar> = {};
  for (const [column, value] of Object.entries(row)) out[column] = sqlValueToJson(value);
  return out;
}

function needsConversion(rows: readonly SqlRow[]): boolean {
  for (const row of rows) {
    for (const column in row) {
      const value = row[column];
      if (value !== null && typeof value === "object") return true;
      if (typeof value === "bigint") return true;
    }
  }
  return false;
}

/**
 * Parses the guest's parameter list. The guest prelude already checked it; this checks again
 * because nothing from inside the VM is trusted.
 */
export function paramsFromJson(text: string): SqlParam[] {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) throw new TypeError("SQL parameters must be an array");
  return parsed.map((value: Json, index): SqlParam => {
    if (value === null || typeof value === "number" || typeof value === "string") return value;
    if (
      typeof value === "object" &&
      !Array.isArray(value) &&
      typeof value.$base64 === "string" &&
      Object.keys(value).length === 1
    ) {
      return base64ToBytes(value.$base64);
    }
    throw new TypeError(`SQL parameter ${index + 1} must be a string, number, null or { $base64 }`);
  });
}
