// Conversions between what SQLite hands back (numbers, strings, bytes) and the JSON form seeds,
// diffs and digests use, where a BLOB is `{ "$base64": "..." }`.
import type { SqlValue } from "../environment/spec";
import type { SqlParam } from "./sql-database";

/** A value read from the database as JSON. BigInts (only if an adapter returns them) become numbers. */
export function toSqlValue(value: SqlParam): SqlValue {
  if (value instanceof Uint8Array) return { $base64: bytesToBase64(value) };
  if (value instanceof ArrayBuffer) return { $base64: bytesToBase64(new Uint8Array(value)) };
  if (typeof value === "bigint") return Number(value);
  return value;
}

/** A seed value as a bound parameter: `$base64` objects become bytes. */
export function toSqlParam(value: SqlValue): SqlParam {
  if (value !== null && typeof value === "object") return base64ToBytes(value.$base64);
  return value;
}

export function isBlobValue(value: SqlValue): value is { $base64: string } {
  return value !== null && typeof value === "object";
}

// btoa/atob exist in Workers and Node alike; chunks keep `String.fromCharCode` under its arg limit.
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Bytes `text` takes as UTF-8, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
