// `update_<entity>`: changes the given fields of the row with this key (the key itself is not
// changed), not_found when there is none, constraint failures as tool errors; returns the row.

import type { Json } from "../base/json";
import type { ToolTest } from "../environment/spec";
import type { SqlDatabase } from "../episode/sql-database";
import {
  type Generated,
  js,
  keyArgs,
  keyParamsSource,
  keyProperties,
  keyWhere,
  missingKey,
  objectSchema,
  orderByKey,
  rowsAsJson,
  selectList,
  toJson,
  WRITE_HELPER,
} from "./generated-tool";
import { article, type ToolNamer } from "./naming";
import type { ColumnModel, TableModel } from "./schema-model";
import {
  foreignKeyChecksSource,
  isValid,
  missingReference,
  referencesExist,
  writableColumns,
  writeSchema,
} from "./write-support";

export function updateTool(
  db: SqlDatabase,
  table: TableModel,
  tables: readonly TableModel[],
  namer: ToolNamer,
): Generated {
  if (table.key.length === 0) {
    return {
      kind: "update",
      table: table.name,
      reason: "no primary key: an update could not name the row it changes",
    };
  }
  const fields = writableColumns(table).filter((c) => c.primaryKeyPosition === 0);
  if (fields.length === 0) {
    return {
      kind: "update",
      table: table.name,
      reason: "every column is part of the key, so there is nothing to update",
    };
  }
  const properties = {
    ...keyProperties(table),
    ...Object.fromEntries(fields.map((c) => [c.arg, writeSchema(c, !c.notNull)])),
  };
  const schema = objectSchema(
    properties,
    table.key.map((c) => c.arg),
  );
  const [first] = rowsAsJson(
    db,
    `SELECT ${selectList(table)} FROM ${table.quoted} ORDER BY ${orderByKey(table)} LIMIT 1`,
  );
  const row = first as Record<string, Json> | undefined;
  const change = row ? pickChange(db, table, tables, fields, row, schema) : null;
  if (!row || !change) {
    return {
      kind: "update",
      table: table.name,
      reason: "no field of the first row could be changed to another valid value to test with",
    };
  }
  const key = keyArgs(table, row);
  const name = namer.take(`update_${table.names.singularSnake}`);
  const tests: ToolTest[] = [
    {
      name: `changes ${change.column.arg} of one ${table.names.singular}`,
      args: { ...key, [change.column.arg]: change.value },
      expect: {
        result: { [change.column.name]: change.value },
        match: "subset",
        changes: { [table.name]: { inserted: 0, updated: 1, deleted: 0 } },
      },
    },
    {
      name: "without fields to change it is refused",
      args: key,
      expect: { error: { code: "invalid_arguments" }, match: "exact" },
    },
  ];
  const missing = missingKey(db, table);
  if (missing) {
    tests.push({
      name: "a missing key is not_found",
      args: { ...missing, [change.column.arg]: change.value },
      expect: { error: { code: "not_found" }, match: "exact" },
    });
  }
  const fkColumn = fields.find((c) => c.foreignKey);
  if (fkColumn) {
    const args = { ...key, [fkColumn.arg]: missingReference(db, tables, fkColumn) };
    if (isValid(schema, args)) {
      tests.push({
        name: `an unknown ${fkColumn.arg} is refused`,
        args,
        expect: { error: { code: "constraint_foreign_key" }, match: "exact" },
      });
    }
  }
  const unique = fields.find((c) => c.unique);
  if (unique) {
    const other = db.query(
      `SELECT ${unique.quoted} AS v FROM ${table.quoted} WHERE ${unique.quoted} IS NOT NULL AND NOT (${keyWhere(table.key)}) ORDER BY ${orderByKey(table)} LIMIT 1`,
      table.key.map((c) => {
        const v = row[c.name];
        return typeof v === "string" || typeof v === "number" ? v : null;
      }),
    )[0];
    const args = { ...key, [unique.arg]: toJson(other?.v) };
    if (other && isValid(schema, args)) {
      tests.push({
        name: `another row's ${unique.arg} is refused`,
        args,
        expect: { error: { code: "constraint_unique" }, match: "exact" },
      });
    }
  }
  const rowSql = `SELECT ${selectList(table)} FROM ${table.quoted} WHERE ${keyWhere(table.key)}`;
  const update = `UPDATE ${table.quoted} SET `;
  const where = ` WHERE ${keyWhere(table.key)}`;
  return {
    kind: "update",
    table: table.name,
    spec: {
      name,
      description: `Update ${article(table.names.singular)} found by its ${table.key.map((c) => c.arg).join(" and ")}: only the fields given change (null clears an optional field). Fails with not_found when there is no such ${table.names.singular}, and with constraint_* codes when the new values break the table's rules. Returns the updated ${table.names.singular}.`,
      inputSchema: schema,
      effect: "write",
      implementation: `function ${name}(args, ctx) {
${WRITE_HELPER}
  const KEY = ${keyParamsSource(table.key)};
  if (ctx.one(${js(rowSql)}, KEY) === null) ctx.fail("not_found", ${js(`No ${table.names.singular} with that key.`)}, { key: KEY });
${foreignKeyChecksSource(table, tables, fields)}
  const FIELDS = ${js(fields.map((c) => [c.arg, `${c.quoted} = ?`]))};
  const sets = [];
  const params = [];
  for (const f of FIELDS) {
    if (args[f[0]] === undefined) continue;
    sets.push(f[1]);
    params.push(args[f[0]]);
  }
  if (sets.length === 0) ctx.fail("invalid_arguments", "Give at least one field to change.");
  write(${js(update)} + sets.join(", ") + ${js(where)}, params.concat(KEY));
  return ctx.one(${js(rowSql)}, KEY);
}`,
      tests,
    },
  };
}

/** A field of `row` and a different value another row holds for it (so CHECKs and foreign keys hold). */
function pickChange(
  db: SqlDatabase,
  table: TableModel,
  tables: readonly TableModel[],
  fields: readonly ColumnModel[],
  row: Record<string, Json>,
  schema: Record<string, Json>,
): { column: ColumnModel; value: Json } | null {
  const rank = (c: ColumnModel) =>
    c.kind === "string" && !c.foreignKey ? 0 : c.foreignKey ? 2 : 1;
  const candidates = fields
    .filter((c) => !c.unique && c.kind !== "mixed")
    .sort((a, b) => rank(a) - rank(b));
  for (const column of candidates) {
    const current = row[column.name] ?? null;
    const others = db.query(
      `SELECT DISTINCT ${column.quoted} AS v FROM ${table.quoted} WHERE ${column.quoted} IS NOT NULL ORDER BY 1 LIMIT 20`,
    );
    for (const other of others) {
      const value = toJson(other.v);
      if (value === current) continue;
      const args = { ...keyArgs(table, row), [column.arg]: value };
      if (isValid(schema, args) && referencesExist(db, tables, [column], args))
        return { column, value };
    }
  }
  return null;
}
