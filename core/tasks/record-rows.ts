// The row an identifier names and the words a user would name it by: a name or title (a first and
// last name together), an email, a company ... each with a check that it picks out that one row,
// and, when a name is shared, a second attribute that tells the rows apart.
import type { SqlDatabase, SqlParam, SqlRow } from "../episode/sql-database";
import { quoteIdentifier } from "../episode/sql-identifiers";
import { type ColumnRef, listColumns } from "./column-values";
import { attributeRank, looksLikeIdentifier } from "./graph-walk/graph-paths";
import { fieldKey } from "./phrasing/words";
import type { ToolField } from "./tool-profile";

/** One way to name a row: `text` in `columns` (two for a first and last name). */
export interface RowName {
  /** What the phrase calls the attribute: `name`, `email`, `company name`. */
  attr: string;
  /** Matching key for lookup inputs: `name`, `email`, `companyname`. */
  key: string;
  text: string;
  columns: string[];
  rank: number;
  /** A second attribute that makes a shared name unique: `city` Oslo. */
  also?: { attr: string; key: string; value: string | number };
}

const GENERIC_KEYS = new Set(["id", "key", "code", "number", "uuid"]);
const MAX_TEXT = 60;

export interface RecordRows {
  /** The table and key column whose single-column primary key `input` names. */
  keyColumn(entity: string, input: ToolField): ColumnRef | undefined;
  /** Names of the row with key `value`, best first, each unique in its table. */
  names(key: ColumnRef, value: string | number): RowName[];
}

export function createRecordRows(db: SqlDatabase): RecordRows {
  let columns: ColumnRef[] | null = null;
  const all = () => {
    columns ??= listColumns(db);
    return columns;
  };
  const count = (table: string, where: Record<string, SqlParam>): number => {
    const parts = Object.keys(where).map((c) => `${quoteIdentifier(c)} = ?`);
    const sql = `SELECT COUNT(*) AS c FROM ${quoteIdentifier(table)} WHERE ${parts.join(" AND ")}`;
    return Number(db.query(sql, Object.values(where))[0]?.c ?? 0);
  };
  return {
    keyColumn(entity, input) {
      const wanted = fieldKey(input.name);
      const owner = fieldKey(entity);
      const keys = all().filter((c) => c.soleKey);
      // `customerId` is Customer's key; a bare `id` only the tool's own entity's.
      const named = keys.find(
        (c) => c.columnKey === wanted && (!GENERIC_KEYS.has(wanted) || c.tableKey === owner),
      );
      return named ?? keys.find((c) => c.columnKey === `${owner}${wanted}`);
    },
    names(key, value) {
      const table = quoteIdentifier(key.table);
      const rows = db.query(`SELECT * FROM ${table} WHERE ${quoteIdentifier(key.column)} = ?`, [
        value,
      ]);
      const row = rows.length === 1 ? rows[0] : undefined;
      if (!row) return [];
      const out: RowName[] = [];
      for (const option of nameOptions(row)) {
        const where = Object.fromEntries(option.columns.map((c) => [c, row[c] ?? null]));
        const shared = count(key.table, where);
        if (shared === 1) out.push(option);
        else if (shared > 1) {
          const also = secondAttribute(row, option, key.column, (extra) =>
            count(key.table, { ...where, ...extra }),
          );
          if (also) out.push({ ...option, also });
        }
      }
      return out.sort((a, b) => b.rank - a.rank);
    },
  };
}

function usableText(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value.trim() !== "" &&
    value.length <= MAX_TEXT &&
    !/^[[{]/.test(value.trim())
  );
}

/** A first and last name read together; other text columns a user names a record by. */
function nameOptions(row: SqlRow): RowName[] {
  const out: RowName[] = [];
  const columns = Object.keys(row);
  const first = columns.find((c) => fieldKey(c).endsWith("firstname"));
  const last = first
    ? columns.find(
        (c) =>
          fieldKey(c) === fieldKey(first).replace(/firstname$/, "lastname") ||
          fieldKey(c).endsWith("lastname"),
      )
    : undefined;
  const firstValue = first ? row[first] : undefined;
  const lastValue = last ? row[last] : undefined;
  if (first && last && usableText(firstValue) && usableText(lastValue)) {
    const text = `${firstValue} ${lastValue}`;
    out.push({ attr: "name", key: "name", text, columns: [first, last], rank: 7 });
  }
  for (const column of columns) {
    const value = row[column];
    if (column === first || column === last || looksLikeIdentifier(column)) continue;
    if (!usableText(value) || /note|comment|body|text/i.test(column)) continue;
    // A description names a record only when it is as short as a name (a region's "Eastern").
    if (/description/i.test(column) && value.length > 30) continue;
    const rank = attributeRank(column, value);
    if (rank < 3) continue;
    out.push({
      attr: fieldKey(column) === "name" ? "name" : column,
      key: fieldKey(column),
      text: value,
      columns: [column],
      rank,
    });
  }
  return out;
}

/**
 * Another short attribute of the row that, with the name, leaves one row. Never the key column
 * itself (an airport's `faa`, whose name does not say it is a key): it always leaves one row,
 * and saying it gives away the identifier the name stands in for.
 */
function secondAttribute(
  row: SqlRow,
  option: RowName,
  keyColumn: string,
  countWith: (extra: Record<string, SqlParam>) => number,
): RowName["also"] {
  for (const [column, value] of Object.entries(row)) {
    if (option.columns.includes(column) || column === keyColumn) continue;
    if (looksLikeIdentifier(column)) continue;
    if (!(usableText(value) || (typeof value === "number" && Number.isFinite(value)))) continue;
    if (attributeRank(column, value) < 1) continue;
    if (countWith({ [column]: value }) === 1) {
      return { attr: column, key: fieldKey(column), value };
    }
  }
  return undefined;
}
