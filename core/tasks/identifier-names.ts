// Raw names an instruction must not contain: column names written as identifiers (`CustomerId`,
// `customer_id`, `invoiceDate`) and tools' argument names of that shape. Plain words such as
// `Email` or `Total` are ordinary English and allowed.
import type { ToolSpec } from "../environment/spec";
import { listUserTables } from "../episode/schema-introspection";
import type { SqlDatabase } from "../episode/sql-database";

/** Looks like a code identifier rather than an English word. */
export const IDENTIFIER_SHAPE = /[a-z][A-Z]|_|[A-Z]{2,}[a-z]|[a-zA-Z]\d/;

export function identifierNames(db: SqlDatabase, tools: readonly ToolSpec[]): string[] {
  const names = new Set<string>();
  for (const table of listUserTables(db)) {
    for (const column of table.columns) names.add(column.name);
  }
  for (const tool of tools) {
    const properties = tool.inputSchema.properties;
    if (properties && typeof properties === "object" && !Array.isArray(properties)) {
      for (const name of Object.keys(properties)) names.add(name);
    }
  }
  return [...names].filter((name) => IDENTIFIER_SHAPE.test(name)).sort();
}
