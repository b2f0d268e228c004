// Which real column an input's values come from, and a bounded, ordered read of that column's
// distinct values. Reads are plain SELECTs in value order (never SQL `random()`), so the sampler's
// draws depend on its PRNG alone.
import { type ColumnInfo, listUserTables } from "../episode/schema-introspection";
import type { SqlDatabase, SqlParam } from "../episode/sql-database";
import { quoteIdentifier } from "../episode/sql-identifiers";
import { fieldKey } from "./phrasing/words";

/** Distinct values read per column: spread evenly over the column's value order when it has more. */
export const VALUES_PER_COLUMN = 500;

export interface ColumnRef {
  table: string;
  column: string;
  tableKey: string;
  columnKey: string;
  /** The table's whole primary key. */
  soleKey: boolean;
  text: boolean;
}

export interface ColumnWanted {
  /** Keys a column may have: the input's key, and the entity's name + the key (`id` -> `customerid`). */
  keys: readonly string[];
  /** A column key ending in this counts in the entity's table (`name` -> `FirstName`). */
  suffix?: string;
  entityKey: string;
  ownerKey?: string;
}

export function listColumns(db: SqlDatabase): ColumnRef[] {
  return listUserTables(db).flatMap((table) =>
    table.columns.map((column: ColumnInfo) => ({
      table: table.name,
      column: column.name,
      tableKey: fieldKey(table.name),
      columnKey: fieldKey(column.name),
      soleKey: table.primaryKey.length === 1 && table.primaryKey[0] === column.name,
      text: /CHAR|CLOB|TEXT/i.test(column.type),
    })),
  );
}

/**
 * The best column: one named as wanted in the entity's own table, then a text column there whose
 * name ends as wanted, then one in the owner's table, then a table's own key, then any. Ties go to
 * the first in table and column order.
 */
export function findColumn(columns: readonly ColumnRef[], wanted: ColumnWanted): ColumnRef | null {
  let best: ColumnRef | null = null;
  let bestTier = Number.POSITIVE_INFINITY;
  for (const column of columns) {
    const tier = tierOf(column, wanted);
    if (tier < bestTier) {
      best = column;
      bestTier = tier;
    }
  }
  return best;
}

function tierOf(column: ColumnRef, wanted: ColumnWanted): number {
  const exact = wanted.keys.includes(column.columnKey);
  const inEntity = wanted.entityKey !== "" && column.tableKey === wanted.entityKey;
  if (exact && inEntity) return column.soleKey ? 0 : 1;
  if (inEntity && column.text && wanted.suffix && column.columnKey.endsWith(wanted.suffix))
    return 2;
  if (!exact) return Number.POSITIVE_INFINITY;
  if (wanted.ownerKey && column.tableKey === wanted.ownerKey) return 3;
  return column.soleKey ? 4 : 5;
}

/** Up to VALUES_PER_COLUMN distinct non-null values, in value order. */
export function readColumnValues(db: SqlDatabase, ref: ColumnRef): SqlParam[] {
  const column = quoteIdentifier(ref.column);
  const table = quoteIdentifier(ref.table);
  const distinct = `SELECT DISTINCT ${column} AS v FROM ${table} WHERE ${column} IS NOT NULL`;
  const total = Number(db.query(`SELECT COUNT(*) AS c FROM (${distinct})`)[0]?.c ?? 0);
  const stride = Math.max(1, Math.ceil(total / VALUES_PER_COLUMN));
  const rows = db.query(
    `SELECT v FROM (SELECT v, ROW_NUMBER() OVER (ORDER BY v) AS n FROM (${distinct}))
     WHERE (n - 1) % ? = 0 ORDER BY n LIMIT ?`,
    [stride, VALUES_PER_COLUMN],
  );
  return rows.map((row) => row.v ?? null).filter((v) => v !== null);
}

/**
 * One row's values of `wanted` columns of `table` where every `fixed` column has its value and no
 * wanted one is null: the row at `pick` (in [0, 1)) of them in value order, or undefined if none.
 */
export function readRowValues(
  db: SqlDatabase,
  table: string,
  wanted: readonly string[],
  fixed: readonly { column: string; value: SqlParam }[],
  pick: number,
): SqlParam[] | undefined {
  const where = [
    ...wanted.map((c) => `${quoteIdentifier(c)} IS NOT NULL`),
    ...fixed.map((f) => `${quoteIdentifier(f.column)} = ?`),
  ].join(" AND ");
  const params = fixed.map((f) => f.value);
  const from = `FROM ${quoteIdentifier(table)} WHERE ${where}`;
  const total = Number(db.query(`SELECT COUNT(*) AS c ${from}`, params)[0]?.c ?? 0);
  if (total === 0) return undefined;
  const columns = wanted.map((c, i) => `${quoteIdentifier(c)} AS v${i}`).join(", ");
  const order = wanted.map((c) => quoteIdentifier(c)).join(", ");
  const offset = Math.min(total - 1, Math.floor(pick * total));
  const row = db.query(`SELECT ${columns} ${from} ORDER BY ${order} LIMIT 1 OFFSET ?`, [
    ...params,
    offset,
  ])[0];
  return row ? wanted.map((_, i) => row[`v${i}`] ?? null) : undefined;
}
