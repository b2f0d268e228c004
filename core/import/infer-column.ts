// Type inference over every value of a column, for the flat importers (CSV text cells, JSON row
// values). The widest type that holds every value wins; when kinds mix, the report says so.
import type { SqlValue } from "../environment/spec";
import type { ImportedColumnType, SqlColumnType } from "./imported-data";

export interface InferredColumn {
  type: ImportedColumnType;
  sqlType: SqlColumnType;
  nullable: boolean;
  values: SqlValue[];
  warnings: string[];
}

type Kind = "integer" | "real" | "boolean" | "date" | "datetime" | "text" | "json";

// Leading zeros (zip codes, padded ids) and `+` signs would not survive a round trip: those stay text.
const INTEGER = /^-?(0|[1-9]\d*)$/;
const REAL = /^-?(0|[1-9]\d*)?(\.\d+)?([eE][+-]?\d+)?$/;
export const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const ISO_DATETIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const BOOLEAN = /^(true|false)$/i;

function textKind(cell: string): Kind {
  if (INTEGER.test(cell) && cell !== "-0" && Number.isSafeInteger(Number(cell))) return "integer";
  if (/\d/.test(cell) && REAL.test(cell) && Number.isFinite(Number(cell))) return "real";
  if (BOOLEAN.test(cell)) return "boolean";
  if (ISO_DATE.test(cell)) return "date";
  if (ISO_DATETIME.test(cell)) return "datetime";
  return "text";
}

function jsonKind(value: unknown): Kind {
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number") return Number.isSafeInteger(value) ? "integer" : "real";
  if (typeof value === "string") {
    if (ISO_DATE.test(value)) return "date";
    if (ISO_DATETIME.test(value)) return "datetime";
    return "text";
  }
  return "json";
}

/** The column type for a set of kinds, and whether reaching it meant coercing unlike values. */
function widen(kinds: ReadonlySet<Kind>): { kind: Kind; coerced: boolean } {
  if (kinds.size === 0) return { kind: "text", coerced: false };
  if (kinds.has("json")) return { kind: "json", coerced: false };
  if (kinds.size === 1) return { kind: [...kinds][0] ?? "text", coerced: false };
  const only = (...allowed: Kind[]) => [...kinds].every((k) => allowed.includes(k));
  if (only("integer", "real")) return { kind: "real", coerced: false };
  if (only("date", "datetime")) return { kind: "datetime", coerced: false };
  return { kind: "text", coerced: true };
}

const columnTypes: Record<Kind, { type: ImportedColumnType; sqlType: SqlColumnType }> = {
  integer: { type: "INTEGER", sqlType: "INTEGER" },
  real: { type: "REAL", sqlType: "REAL" },
  boolean: { type: "BOOLEAN", sqlType: "INTEGER" },
  date: { type: "DATE", sqlType: "TEXT" },
  datetime: { type: "DATETIME", sqlType: "TEXT" },
  text: { type: "TEXT", sqlType: "TEXT" },
  json: { type: "JSON", sqlType: "TEXT" },
};

function describeKinds(counts: Map<Kind, number>): string {
  return [...counts].map(([kind, n]) => `${n} ${kind}`).join(", ");
}

/** CSV cells: `null` is an empty field. */
export function inferTextColumn(cells: readonly (string | null)[]): InferredColumn {
  const counts = new Map<Kind, number>();
  for (const cell of cells) {
    if (cell === null) continue;
    const kind = textKind(cell);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const { kind, coerced } = widen(new Set(counts.keys()));
  const values = cells.map((cell): SqlValue => {
    if (cell === null) return null;
    if (kind === "integer" || kind === "real") return Number(cell);
    if (kind === "boolean") return cell.toLowerCase() === "true" ? 1 : 0;
    return cell;
  });
  return {
    ...columnTypes[kind],
    nullable: cells.includes(null),
    values,
    warnings: coerced ? [`mixed types (${describeKinds(counts)}) kept as TEXT`] : [],
  };
}

/** JSON row values: `undefined` is a missing key, stored as NULL like `null`. */
export function inferJsonColumn(input: readonly unknown[]): InferredColumn {
  const counts = new Map<Kind, number>();
  let missing = 0;
  for (const value of input) {
    if (value === undefined) missing++;
    if (value === null || value === undefined) continue;
    const kind = jsonKind(value);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const { kind, coerced } = widen(new Set(counts.keys()));
  const values = input.map((value): SqlValue => {
    if (value === null || value === undefined) return null;
    if (kind === "json") return JSON.stringify(value);
    if (typeof value === "boolean") return kind === "boolean" ? (value ? 1 : 0) : String(value);
    if (typeof value === "number") return kind === "text" ? String(value) : value;
    return String(value);
  });
  const warnings: string[] = [];
  if (kind === "json")
    warnings.push(`nested values (${describeKinds(counts)}) stored as JSON text`);
  if (coerced) warnings.push(`mixed types (${describeKinds(counts)}) coerced to TEXT`);
  if (missing > 0) warnings.push(`missing in ${missing} row(s), stored as NULL`);
  return { ...columnTypes[kind], nullable: missing > 0 || values.includes(null), values, warnings };
}
