// What SQLite will store for a seed value in a column of a given declared type (type affinity,
// sqlite.org/datatype3.html section 3), so a diff against the seed does not report a value as
// changed just because SQLite converted it on the way in.
import type { SqlValue } from "../environment/spec";
import type { SqlDatabase } from "./sql-database";

export type Affinity = "integer" | "text" | "blob" | "real" | "numeric";

export function columnAffinity(declaredType: string): Affinity {
  const type = declaredType.toUpperCase();
  if (type.includes("INT")) return "integer";
  if (type.includes("CHAR") || type.includes("CLOB") || type.includes("TEXT")) return "text";
  if (type === "" || type.includes("BLOB")) return "blob";
  if (type.includes("REAL") || type.includes("FLOA") || type.includes("DOUB")) return "real";
  return "numeric";
}

/** A well-formed decimal literal, with the surrounding spaces SQLite tolerates. */
const NUMERIC_TEXT = /^[ \t\n\f\r\v]*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\f\r\v]*$/;

/**
 * The stored form of `value`. Numbers in TEXT columns: safe integers are written as literals by
 * the planner, so they become their digits; other numbers are asked of SQLite itself, whose REAL
 * to TEXT formatting differs between versions.
 */
export function storedValue(db: SqlDatabase, value: SqlValue, affinity: Affinity): SqlValue {
  if (affinity === "text" && typeof value === "number") {
    if (Number.isSafeInteger(value)) return String(value);
    const [row] = db.query("SELECT CAST(? AS TEXT) AS v", [value]);
    return typeof row?.v === "string" ? row.v : String(value);
  }
  if (
    affinity !== "text" &&
    affinity !== "blob" &&
    typeof value === "string" &&
    NUMERIC_TEXT.test(value)
  ) {
    const number = Number(value.trim());
    return Number.isFinite(number) ? number : value;
  }
  return value;
}
