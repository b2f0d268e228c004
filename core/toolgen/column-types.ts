// What JSON type a column's values take, read from the declared affinity and the values actually
// stored (SQLite lets any column hold anything), and the JSON Schema an argument for it gets.

import type { Json } from "../base/json";
import { type Affinity, columnAffinity } from "../episode/sql-affinity";

export type JsonKind = "integer" | "number" | "string" | "blob" | "mixed";
export type TextFormat = "date" | "date-time" | "date-time-space" | null;

/** Counts of SQLite storage classes among a column's non-NULL values (`typeof()` names). */
export type StorageCounts = Partial<Record<"integer" | "real" | "text" | "blob", number>>;

export function jsonKind(declaredType: string, stored: StorageCounts): JsonKind {
  const present = (Object.keys(stored) as (keyof StorageCounts)[]).filter(
    (k) => (stored[k] ?? 0) > 0,
  );
  if (present.length === 0) {
    // No declared type and no values: nothing says what it holds, so accept text or numbers.
    return declaredType.trim() === "" ? "mixed" : kindOfAffinity(columnAffinity(declaredType));
  }
  if (present.includes("blob")) return "blob";
  if (present.every((k) => k === "integer")) {
    // An INTEGER-only sample in a REAL/NUMERIC column can still take fractions.
    const affinity = columnAffinity(declaredType);
    return affinity === "real" ||
      (affinity === "numeric" && /DEC|NUM|MONEY|FLOAT|DOUBLE/i.test(declaredType))
      ? "number"
      : "integer";
  }
  if (present.every((k) => k === "integer" || k === "real")) return "number";
  if (present.every((k) => k === "text")) return "string";
  return "mixed";
}

function kindOfAffinity(affinity: Affinity): JsonKind {
  if (affinity === "integer") return "integer";
  if (affinity === "real" || affinity === "numeric") return "number";
  if (affinity === "blob") return "blob";
  return "string";
}

/** `NVARCHAR(120)` -> 120; null when the declared type gives no length. */
export function declaredLength(declaredType: string): number | null {
  const match = /(CHAR|TEXT|CLOB)\s*\(\s*(\d+)\s*\)/i.exec(declaredType);
  return match?.[2] ? Number(match[2]) : null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const DATE_TIME_SPACE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** The format every sampled text value follows, if any. */
export function textFormat(samples: readonly string[]): TextFormat {
  if (samples.length === 0) return null;
  if (samples.every((s) => DATE.test(s))) return "date";
  if (samples.every((s) => DATE_TIME.test(s))) return "date-time";
  if (samples.every((s) => DATE_TIME_SPACE.test(s))) return "date-time-space";
  return null;
}

export interface ValueSchemaInput {
  kind: JsonKind;
  format: TextFormat;
  maxLength: number | null;
  nullable: boolean;
  description: string;
  example?: string;
}

/** The JSON Schema for one column value as a tool argument. */
export function valueSchema(input: ValueSchemaInput): Record<string, Json> {
  const schema: Record<string, Json> = { description: input.description };
  const base: string | string[] =
    input.kind === "mixed" ? ["string", "number"] : input.kind === "blob" ? "string" : input.kind;
  const types = Array.isArray(base) ? base : [base];
  schema.type = input.nullable
    ? [...types, "null"]
    : types.length === 1
      ? (types[0] ?? "string")
      : types;
  if (input.kind === "string") {
    if (input.format === "date" || input.format === "date-time") schema.format = input.format;
    if (input.format === "date-time-space" && input.example) {
      schema.description = `${input.description} (stored as text like "${input.example}")`;
    }
    if (input.maxLength !== null) schema.maxLength = input.maxLength;
  }
  return schema;
}
