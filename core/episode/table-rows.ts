// Reads a table's rows in one canonical order, the same for equal contents whatever the insertion
// order: primary key first, every column after it when the key alone may tie (no key, or key
// columns that allow NULL). COLLATE BINARY so a column's declared collation cannot reorder rows.
import type { TableInfo } from "./schema-introspection";
import type { SqlDatabase, SqlRow } from "./sql-database";
import { quoteIdentifier, quoteIdentifierList } from "./sql-identifiers";

export function readOrderedRows(db: SqlDatabase, table: TableInfo): SqlRow[] {
  return db.query(orderedRowsSql(table));
}

export function orderedRowsSql(table: TableInfo): string {
  const names = table.columns.map((c) => c.name);
  const keyMayTie =
    table.primaryKey.length === 0 ||
    table.columns.some(
      (c) =>
        c.primaryKeyPosition > 0 && !c.notNull && c.name !== table.rowidAlias && table.hasRowid,
    );
  const rest = names.filter((n) => !table.primaryKey.includes(n));
  const order = keyMayTie ? [...table.primaryKey, ...rest] : table.primaryKey;
  const orderBy = order.map((n) => `${quoteIdentifier(n)} COLLATE BINARY`).join(", ");
  return `SELECT ${quoteIdentifierList(names)} FROM ${quoteIdentifier(table.name)} ORDER BY ${orderBy}`;
}
