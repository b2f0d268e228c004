// Foreign keys the nesting does not show: `orders.user_id` holding `users` keys. A column is linked
// only when its name is another table's single key column and every value it holds is a key there,
// so the link always holds on the imported data (dirty references stay plain columns).
import type { SqlValue } from "../environment/spec";
import type { TableDraft } from "./table-ddl";

export function addReferenceForeignKeys(drafts: readonly TableDraft[]): void {
  const targets = new Map<string, { table: TableDraft; keys: Set<SqlValue> }>();
  for (const table of drafts) {
    const [key, ...rest] = table.primaryKey;
    if (key === undefined || rest.length > 0 || targets.has(key)) continue;
    const index = table.columns.findIndex((c) => c.name === key);
    targets.set(key, { table, keys: new Set(table.rows.map((row) => row[index] ?? null)) });
  }
  for (const table of drafts) {
    for (const [index, column] of table.columns.entries()) {
      const target = targets.get(column.name);
      if (!target || target.table === table || column.key) continue;
      const targetColumn = target.table.columns.find((c) => c.name === column.name);
      if (targetColumn?.sqlType !== column.sqlType) continue;
      const values = table.rows.map((row) => row[index] ?? null).filter((v) => v !== null);
      if (values.length === 0 || !values.every((v) => target.keys.has(v))) continue;
      table.foreignKeys.push({
        columns: [column.name],
        table: target.table.name,
        references: [column.name],
      });
      table.notes.push(
        `column ${column.name} references ${target.table.name} (every value is a key there)`,
      );
    }
  }
}
