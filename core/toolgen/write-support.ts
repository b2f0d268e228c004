// What create and update tools share: which columns an agent may write, their argument schemas,
// the foreign-key pre-checks (clear errors even where SQLite defers its own), and fresh values
// for unique columns taken from the real rows.

import type { Json } from "../base/json";
import { validateArguments } from "../base/json-schema/validate-arguments";
import type { SqlDatabase } from "../episode/sql-database";
import { columnSchema, humanColumn, js } from "./generated-tool";
import type { ColumnModel, TableModel } from "./schema-model";

/** Columns a create or update may set: not BLOBs, not the auto-assigned rowid key. */
export function writableColumns(table: TableModel): ColumnModel[] {
  return table.columns.filter((c) => c.kind !== "blob" && !c.isRowidAlias);
}

/** Writes may bring new values, so enums read from the data are named in the description only. */
export function writeSchema(column: ColumnModel, nullable: boolean): Record<string, Json> {
  const schema = columnSchema(column, { nullable });
  delete schema.enum;
  if (column.enumValues) {
    schema.description = `${String(schema.description)}; values in use: ${column.enumValues.join(", ")}`;
  }
  return schema;
}

/** Guest source: `[[arg, parentExistsSql, message], ...]` checked before writing. */
export function foreignKeyChecksSource(
  table: TableModel,
  tables: readonly TableModel[],
  columns: readonly ColumnModel[],
): string {
  const checks = columns.flatMap((c) => {
    const fk = c.foreignKey;
    const parent = fk ? tables.find((t) => t.name === fk.parentTable) : undefined;
    if (!fk || !parent) return [];
    const parentColumn = parent.columns.find((p) => p.name === fk.parentColumn);
    if (!parentColumn) return [];
    return [
      [
        c.arg,
        `SELECT 1 AS found FROM ${parent.quoted} WHERE ${parentColumn.quoted} = ?`,
        `No ${parent.names.singular} with ${humanColumn(parentColumn)} `,
      ],
    ];
  });
  return `  const FOREIGN_KEYS = ${js(checks)};
  for (const f of FOREIGN_KEYS) {
    const value = args[f[0]];
    if (value !== undefined && value !== null && ctx.one(f[1], [value]) === null) {
      ctx.fail("constraint_foreign_key", f[2] + JSON.stringify(value) + ${js(` (${table.names.singular} field `)} + f[0] + ").");
    }
  }`;
}

export function isValid(schema: Record<string, Json>, args: Record<string, Json>): boolean {
  return validateArguments(schema, args).valid;
}

/** A value for `column` that no row has: the next integer, or the text with a suffix. */
export function freshValue(
  db: SqlDatabase,
  table: TableModel,
  column: ColumnModel,
  base: Json,
): Json {
  if (column.kind === "integer" || column.kind === "number") {
    const max = Number(
      db.query(`SELECT MAX(${column.quoted}) AS m FROM ${table.quoted}`)[0]?.m ?? 0,
    );
    return Math.floor(Number.isFinite(max) ? max : 0) + 1;
  }
  const text = typeof base === "string" && base !== "" ? base : "new";
  for (let n = 1; n < 1000; n++) {
    const suffix = `-${n}`;
    const candidate =
      column.maxLength !== null
        ? `${text.slice(0, Math.max(0, column.maxLength - suffix.length))}${suffix}`
        : `${text}${suffix}`;
    if (
      db.query(`SELECT 1 FROM ${table.quoted} WHERE ${column.quoted} = ?`, [candidate]).length === 0
    )
      return candidate;
  }
  return null;
}

/** A parent value no parent row has, for the foreign-key violation tests. */
export function missingReference(
  db: SqlDatabase,
  tables: readonly TableModel[],
  column: ColumnModel,
): Json {
  const fk = column.foreignKey;
  const parent = fk ? tables.find((t) => t.name === fk.parentTable) : undefined;
  const parentColumn = parent?.columns.find((p) => p.name === fk?.parentColumn);
  if (!parent || !parentColumn) return null;
  if (column.kind === "integer" || column.kind === "number") {
    const max = Number(
      db.query(`SELECT MAX(${parentColumn.quoted}) AS m FROM ${parent.quoted}`)[0]?.m ?? 0,
    );
    return Math.floor(Number.isFinite(max) ? max : 0) + 1000;
  }
  let candidate = "ZZMISSING";
  while (
    db.query(`SELECT 1 FROM ${parent.quoted} WHERE ${parentColumn.quoted} = ?`, [candidate])
      .length > 0
  )
    candidate += "X";
  return column.maxLength !== null ? candidate.slice(0, column.maxLength) : candidate;
}

/** True when every foreign-key value in `args` has its parent row (dirty rows make poor samples). */
export function referencesExist(
  db: SqlDatabase,
  tables: readonly TableModel[],
  columns: readonly ColumnModel[],
  args: Record<string, Json>,
): boolean {
  return columns.every((c) => {
    const fk = c.foreignKey;
    const value = args[c.arg];
    if (!fk || value === undefined || value === null) return true;
    if (typeof value !== "string" && typeof value !== "number") return false;
    const parent = tables.find((t) => t.name === fk.parentTable);
    const parentColumn = parent?.columns.find((p) => p.name === fk.parentColumn);
    if (!parent || !parentColumn) return false;
    return (
      db.query(`SELECT 1 FROM ${parent.quoted} WHERE ${parentColumn.quoted} = ?`, [value]).length >
      0
    );
  });
}
