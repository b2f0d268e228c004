// Lookups of one row: `get_<entity>` by primary key (composite keys too) and
// `find_<entity>_by_<column>` by a natural key (a UNIQUE text column such as an email).

import type { Json } from "../base/json";
import type { ToolTest } from "../environment/spec";
import type { SqlDatabase } from "../episode/sql-database";
import {
  columnSchema,
  type Generated,
  humanColumn,
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
} from "./generated-tool";
import type { ToolNamer } from "./naming";
import type { ColumnModel, TableModel } from "./schema-model";

export function getTool(db: SqlDatabase, table: TableModel, namer: ToolNamer): Generated {
  if (table.key.length === 0) {
    return {
      kind: "get",
      table: table.name,
      reason: "no primary key: rows have no identity to look up",
    };
  }
  if (table.key.some((c) => c.kind === "blob")) {
    return { kind: "get", table: table.name, reason: "a primary-key column holds BLOBs" };
  }
  const sql = `SELECT ${selectList(table)} FROM ${table.quoted} WHERE ${keyWhere(table.key)}`;
  const samples = rowsAsJson(
    db,
    `SELECT ${selectList(table)} FROM ${table.quoted} ORDER BY ${orderByKey(table)} LIMIT 1 OFFSET ?`,
    [0],
  ).concat(
    table.rowCount > 2
      ? rowsAsJson(
          db,
          `SELECT ${selectList(table)} FROM ${table.quoted} ORDER BY ${orderByKey(table)} LIMIT 1 OFFSET ?`,
          [Math.floor(table.rowCount / 2)],
        )
      : [],
  );
  const missing = missingKey(db, table);
  if (samples.length === 0 || !missing) {
    return {
      kind: "get",
      table: table.name,
      reason: "the table has no rows to test a lookup with",
    };
  }
  const name = namer.take(`get_${table.names.singularSnake}`);
  const keyText = table.key.map((c) => humanColumn(c)).join(" and ");
  const tests: ToolTest[] = samples.map((row, i) => ({
    name: `returns ${table.names.singular} ${i + 1} from the data`,
    args: keyArgs(table, row as Record<string, Json>),
    expect: { result: row, match: "exact" },
  }));
  tests.push({
    name: "a missing key is not_found",
    args: missing,
    expect: { error: { code: "not_found" }, match: "exact" },
  });
  return {
    kind: "get",
    table: table.name,
    spec: {
      name,
      description: `Get one ${table.names.singular} by its ${keyText}. Returns all its fields, or fails with not_found.`,
      inputSchema: objectSchema(
        keyProperties(table),
        table.key.map((c) => c.arg),
      ),
      effect: "read",
      implementation: `function ${name}(args, ctx) {
  const SQL = ${js(sql)};
  const row = ctx.one(SQL, ${keyParamsSource(table.key)});
  if (row === null) ctx.fail("not_found", ${js(`No ${table.names.singular} with that ${keyText}.`)}, { key: args });
  return row;
}`,
      tests,
    },
  };
}

/** Text columns that identify a row: declared UNIQUE, or an email column whose values are all distinct. */
export function naturalKeys(table: TableModel): ColumnModel[] {
  return table.columns.filter((c) => {
    if (c.kind !== "string" || c.primaryKeyPosition > 0) return false;
    if (c.unique) return true;
    return (
      /e-?mail/i.test(c.name) &&
      c.nonNull === table.rowCount &&
      c.distinct === c.nonNull &&
      c.nonNull > 0
    );
  });
}

export function findTool(
  db: SqlDatabase,
  table: TableModel,
  column: ColumnModel,
  namer: ToolNamer,
): Generated {
  const order = orderByKey(table);
  const sql = `SELECT ${selectList(table)} FROM ${table.quoted} WHERE ${column.quoted} = ? ORDER BY ${order} LIMIT 1`;
  const [sample] = rowsAsJson(
    db,
    `SELECT ${selectList(table)} FROM ${table.quoted} WHERE ${column.quoted} IS NOT NULL ORDER BY ${order} LIMIT 1`,
  );
  const sampleRow = sample as Record<string, Json> | undefined;
  const value = sampleRow?.[column.name];
  if (!sampleRow || typeof value !== "string") {
    return { kind: "find", table: table.name, reason: `no ${column.name} value to test with` };
  }
  let missing = "zz-missing@example.invalid";
  while (db.query(`SELECT 1 FROM ${table.quoted} WHERE ${column.quoted} = ?`, [missing]).length > 0)
    missing = `z${missing}`;
  const name = namer.take(`find_${table.names.singularSnake}_by_${column.arg}`);
  const schema = columnSchema(column, { description: `the exact ${humanColumn(column)}` });
  delete schema.maxLength;
  return {
    kind: "find",
    table: table.name,
    spec: {
      name,
      description: `Find the ${table.names.singular} with this exact ${humanColumn(column)}. Returns all its fields, or fails with not_found.`,
      inputSchema: objectSchema({ [column.arg]: schema }, [column.arg]),
      effect: "read",
      implementation: `function ${name}(args, ctx) {
  const SQL = ${js(sql)};
  const row = ctx.one(SQL, [args[${js(column.arg)}]]);
  if (row === null) ctx.fail("not_found", ${js(`No ${table.names.singular} with that ${humanColumn(column)}.`)});
  return row;
}`,
      tests: [
        {
          name: "finds the row from the data",
          args: { [column.arg]: value },
          expect: { result: sampleRow, match: "exact" },
        },
        {
          name: "an unknown value is not_found",
          args: { [column.arg]: missing },
          expect: { error: { code: "not_found" }, match: "exact" },
        },
      ],
    },
  };
}
