// `create_<entity>`: inserts one row from the given fields (an INTEGER PRIMARY KEY is assigned),
// checks foreign keys first, maps constraint failures to tool errors, returns the stored row.

import type { Json } from "../base/json";
import type { ToolTest } from "../environment/spec";
import type { SqlDatabase } from "../episode/sql-database";
import { outOfBounds } from "./check-constraints";
import {
  type Generated,
  js,
  keyWhere,
  objectSchema,
  orderByKey,
  rowsAsJson,
  selectList,
  WRITE_HELPER,
} from "./generated-tool";
import { article, type ToolNamer } from "./naming";
import type { ColumnModel, TableModel } from "./schema-model";
import {
  foreignKeyChecksSource,
  freshValue,
  isValid,
  missingReference,
  referencesExist,
  writableColumns,
  writeSchema,
} from "./write-support";

const SAMPLE_ROWS = 20;

export function createTool(
  db: SqlDatabase,
  table: TableModel,
  tables: readonly TableModel[],
  namer: ToolNamer,
): Generated {
  const blocked = table.columns.find(
    (c) => c.kind === "blob" && c.notNull && !c.hasDefault && !c.isRowidAlias,
  );
  if (blocked) {
    return {
      kind: "create",
      table: table.name,
      reason: `required column ${blocked.name} holds BLOBs, which tools do not take`,
    };
  }
  const columns = writableColumns(table);
  const isKey = (c: ColumnModel) => c.primaryKeyPosition > 0;
  const required = columns.filter((c) => isKey(c) || (c.notNull && !c.hasDefault));
  const properties = Object.fromEntries(
    columns.map((c) => [c.arg, writeSchema(c, !c.notNull && !isKey(c))]),
  );
  const schema = objectSchema(
    properties,
    required.map((c) => c.arg),
  );
  const roundTrip = roundTripArgs(db, table, tables, columns, schema);
  if (!roundTrip) {
    return {
      kind: "create",
      table: table.name,
      reason: "no existing row could be turned into a valid new one to test with",
    };
  }
  const name = namer.take(`create_${table.names.singularSnake}`);
  const tests: ToolTest[] = [
    {
      name: "creates a row like an existing one",
      args: roundTrip.args,
      expect: {
        result: roundTrip.expected,
        match: "subset",
        changes: { [table.name]: { inserted: 1, updated: 0, deleted: 0 } },
      },
    },
  ];
  const omitted = required.find((c) => !isKey(c)) ?? required[0];
  if (omitted) {
    const args = { ...roundTrip.args };
    delete args[omitted.arg];
    tests.push({
      name: `omitting ${omitted.arg} is refused`,
      args,
      expect: { error: { code: "invalid_arguments" }, match: "exact" },
    });
  }
  const duplicate = duplicateArgs(db, table, columns, roundTrip.args);
  if (duplicate && isValid(schema, duplicate)) {
    tests.push({
      name: "a duplicate unique value is refused",
      args: duplicate,
      expect: { error: { code: "constraint_unique" }, match: "exact" },
    });
  }
  const bounded = columns.find((c) => c.bounds && (c.kind === "integer" || c.kind === "number"));
  const outside = bounded?.bounds ? outOfBounds(bounded.bounds) : null;
  if (bounded && outside !== null) {
    tests.push({
      name: `${bounded.arg} outside its CHECK bounds is refused`,
      args: { ...roundTrip.args, [bounded.arg]: outside },
      expect: { error: { code: "invalid_arguments" }, match: "exact" },
    });
  }
  const fkColumn = columns.find((c) => c.foreignKey);
  if (fkColumn) {
    const args = { ...roundTrip.args, [fkColumn.arg]: missingReference(db, tables, fkColumn) };
    if (isValid(schema, args)) {
      tests.push({
        name: `an unknown ${fkColumn.arg} is refused`,
        args,
        expect: { error: { code: "constraint_foreign_key" }, match: "exact" },
      });
    }
  }
  const insert = `INSERT INTO ${table.quoted}`;
  const readBack = table.hasRowid
    ? `SELECT ${selectList(table)} FROM ${table.quoted} WHERE rowid = ?`
    : `SELECT ${selectList(table)} FROM ${table.quoted} WHERE ${keyWhere(table.key)}`;
  const readParams = table.hasRowid
    ? "[info.lastInsertRowid]"
    : `[${table.key.map((c) => `args[${js(c.arg)}]`).join(", ")}]`;
  return {
    kind: "create",
    table: table.name,
    spec: {
      name,
      description: `Create ${article(table.names.singular)}.${table.key.some((c) => c.isRowidAlias) ? ` Its ${table.key.map((c) => c.arg).join(", ")} is assigned automatically.` : ""} Fails with constraint_unique, constraint_foreign_key, constraint_check or constraint_not_null when the values break the table's rules. Returns the stored ${table.names.singular}.`,
      inputSchema: schema,
      effect: "write",
      implementation: `function ${name}(args, ctx) {
${WRITE_HELPER}
${foreignKeyChecksSource(table, tables, columns)}
  const COLUMNS = ${js(columns.map((c) => [c.arg, c.quoted]))};
  const names = [];
  const params = [];
  for (const c of COLUMNS) {
    if (args[c[0]] === undefined) continue;
    names.push(c[1]);
    params.push(args[c[0]]);
  }
  const marks = names.map(() => "?").join(", ");
  const sql = names.length > 0 ? ${js(insert)} + " (" + names.join(", ") + ") VALUES (" + marks + ")" : ${js(`${insert} DEFAULT VALUES`)};
  const info = write(sql, params);
  return ctx.one(${js(readBack)}, ${readParams});
}`,
      tests,
    },
  };
}

/** Arguments copied from a real row with unique parts made fresh, and what the stored row shows. */
function roundTripArgs(
  db: SqlDatabase,
  table: TableModel,
  tables: readonly TableModel[],
  columns: readonly ColumnModel[],
  schema: Record<string, Json>,
): { args: Record<string, Json>; expected: Record<string, Json> } | null {
  const rows = rowsAsJson(
    db,
    `SELECT ${selectList(table)} FROM ${table.quoted} ORDER BY ${orderByKey(table)} DESC LIMIT ${SAMPLE_ROWS}`,
  );
  const lastKey = table.key[table.key.length - 1];
  for (const json of rows) {
    const row = json as Record<string, Json>;
    const args: Record<string, Json> = {};
    for (const c of columns) {
      const value = row[c.name] ?? null;
      if (value !== null) args[c.arg] = value;
    }
    for (const c of columns) {
      if (c.unique && c.primaryKeyPosition === 0 && args[c.arg] !== undefined)
        args[c.arg] = freshValue(db, table, c, args[c.arg] ?? null);
    }
    if (table.key.length === 1 && lastKey && !lastKey.isRowidAlias) {
      args[lastKey.arg] = freshValue(db, table, lastKey, args[lastKey.arg] ?? null);
    } else if (table.key.length > 1 && lastKey) {
      const fresh = freshCompositeTail(db, table, row);
      if (fresh === null) continue;
      args[lastKey.arg] = fresh;
    }
    if (!isValid(schema, args) || !referencesExist(db, tables, columns, args)) continue;
    const expected: Record<string, Json> = {};
    for (const c of columns) {
      const value = args[c.arg];
      if (value !== undefined && c.kind !== "mixed") expected[c.name] = value;
    }
    return { args, expected };
  }
  return null;
}

/** For a composite key: a last-part value other rows use (so foreign keys hold) not yet paired with this row's other parts. */
function freshCompositeTail(db: SqlDatabase, table: TableModel, row: Record<string, Json>): Json {
  const head = table.key.slice(0, -1);
  const last = table.key[table.key.length - 1];
  if (!last) return null;
  const params = head.map((c) => {
    const v = row[c.name];
    return typeof v === "string" || typeof v === "number" ? v : null;
  });
  const found = db.query(
    `SELECT DISTINCT ${last.quoted} AS v FROM ${table.quoted} WHERE ${last.quoted} IS NOT NULL AND ${last.quoted} NOT IN (SELECT ${last.quoted} FROM ${table.quoted} WHERE ${keyWhere(head)} AND ${last.quoted} IS NOT NULL) ORDER BY 1 LIMIT 1`,
    params,
  )[0];
  if (found && (typeof found.v === "string" || typeof found.v === "number")) return found.v;
  return last.foreignKey ? null : freshValue(db, table, last, row[last.name] ?? null);
}

/** The round-trip arguments with one unique value (or the whole key) copied from an existing row. */
function duplicateArgs(
  db: SqlDatabase,
  table: TableModel,
  columns: readonly ColumnModel[],
  args: Record<string, Json>,
): Record<string, Json> | null {
  const [existing] = rowsAsJson(
    db,
    `SELECT ${selectList(table)} FROM ${table.quoted} ORDER BY ${orderByKey(table)} LIMIT 1`,
  );
  const row = existing as Record<string, Json> | undefined;
  if (!row) return null;
  const unique = columns.find(
    (c) => c.unique && c.primaryKeyPosition === 0 && row[c.name] !== null,
  );
  if (unique) return { ...args, [unique.arg]: row[unique.name] ?? null };
  if (table.key.length > 0 && table.key.every((c) => !c.isRowidAlias)) {
    const out = { ...args };
    for (const c of table.key) out[c.arg] = row[c.name] ?? null;
    return out;
  }
  return null;
}
