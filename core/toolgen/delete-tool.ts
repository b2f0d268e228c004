// `delete_<entity>`: removes the row with this key; refused with `conflict` (never cascaded) while
// other rows refer to it, `not_found` when there is none.

import type { Json } from "../base/json";
import type { ToolTest } from "../environment/spec";
import type { SqlDatabase, SqlParam } from "../episode/sql-database";
import {
  type Generated,
  js,
  keyArgs,
  keyParamsSource,
  keyProperties,
  keyWhere,
  missingKey,
  objectSchema,
  rowsAsJson,
  WRITE_HELPER,
} from "./generated-tool";
import { article, type ToolNamer } from "./naming";
import type { ForeignKeyModel, TableModel } from "./schema-model";

interface ChildCheck {
  fk: ForeignKeyModel;
  child: TableModel;
  /** Parent column value to count children by, and the count statement. */
  parentColumn: string;
  countSql: string;
}

export function deleteTool(
  db: SqlDatabase,
  table: TableModel,
  tables: readonly TableModel[],
  namer: ToolNamer,
): Generated {
  if (table.key.length === 0) {
    return {
      kind: "delete",
      table: table.name,
      reason: "no primary key: a delete could not name the row it removes",
    };
  }
  if (referencedByCompositeKey(db, table, tables)) {
    return {
      kind: "delete",
      table: table.name,
      reason:
        "rows of another table refer to it through a multi-column foreign key, which the delete's reference check does not cover",
    };
  }
  const checks: ChildCheck[] = table.children.flatMap((fk) => {
    const child = tables.find((t) => t.name === fk.table);
    const column = child?.columns.find((c) => c.name === fk.column);
    if (!child || !column) return [];
    return [
      {
        fk,
        child,
        parentColumn: fk.parentColumn,
        countSql: `SELECT COUNT(*) AS n FROM ${child.quoted} WHERE ${column.quoted} = ?`,
      },
    ];
  });
  const parentColumns = [...new Set(checks.map((c) => c.parentColumn))];
  const refColumns = table.columns.filter((c) => parentColumns.includes(c.name));
  const keyList = table.key.map((c) => c.quoted).join(", ");
  const leafFilter = checks
    .map((c) => {
      const ref = table.columns.find((col) => col.name === c.parentColumn);
      const childColumn = c.child.columns.find((col) => col.name === c.fk.column);
      return ref && childColumn
        ? ` AND NOT EXISTS (SELECT 1 FROM ${c.child.quoted} AS ch WHERE ch.${childColumn.quoted} = t.${ref.quoted})`
        : "";
    })
    .join("");
  const [leaf] = rowsAsJson(
    db,
    `SELECT ${table.key.map((c) => `t.${c.quoted} AS ${c.quoted}`).join(", ")} FROM ${table.quoted} AS t WHERE 1${leafFilter} ORDER BY ${table.key.map((c) => `t.${c.quoted}`).join(", ")} DESC LIMIT 1`,
  );
  if (!leaf) {
    return {
      kind: "delete",
      table: table.name,
      reason: `every ${table.names.singular} is still referenced, so no delete can be tested`,
    };
  }
  const name = namer.take(`delete_${table.names.singularSnake}`);
  const tests: ToolTest[] = [
    {
      name: `deletes ${article(table.names.singular)} nothing refers to`,
      args: keyArgs(table, leaf as Record<string, Json>),
      expect: {
        result: { deleted: 1 },
        match: "exact",
        changes: { [table.name]: { inserted: 0, updated: 0, deleted: 1 } },
      },
    },
  ];
  const referenced = referencedRow(db, table, checks);
  if (referenced) {
    tests.push({
      name: "a row other rows refer to is a conflict",
      args: referenced,
      expect: { error: { code: "conflict" }, match: "exact" },
    });
  }
  const missing = missingKey(db, table);
  if (missing)
    tests.push({
      name: "a missing key is not_found",
      args: missing,
      expect: { error: { code: "not_found" }, match: "exact" },
    });
  const rowSql = `SELECT ${refColumns.length > 0 ? refColumns.map((c) => c.quoted).join(", ") : keyList} FROM ${table.quoted} WHERE ${keyWhere(table.key)}`;
  const children = checks.map((c) => [
    c.parentColumn,
    c.countSql,
    `${c.child.names.plural} (${c.child.name}.${c.fk.column})`,
  ]);
  return {
    kind: "delete",
    table: table.name,
    spec: {
      name,
      description: `Delete ${article(table.names.singular)} by its ${table.key.map((c) => c.arg).join(" and ")}. Refused with conflict while other rows refer to it (nothing is deleted in cascade); not_found when there is no such ${table.names.singular}. Returns { deleted: 1 }.`,
      inputSchema: objectSchema(
        keyProperties(table),
        table.key.map((c) => c.arg),
      ),
      effect: "write",
      implementation: `function ${name}(args, ctx) {
${WRITE_HELPER}
  const KEY = ${keyParamsSource(table.key)};
  const row = ctx.one(${js(rowSql)}, KEY);
  if (row === null) ctx.fail("not_found", ${js(`No ${table.names.singular} with that key.`)}, { key: KEY });
  const CHILDREN = ${js(children)};
  for (const c of CHILDREN) {
    const value = row[c[0]];
    if (value === null || value === undefined) continue;
    const n = ctx.one(c[1], [value]).n;
    if (n > 0) ctx.fail("conflict", ${js(`This ${table.names.singular} is still referenced by `)} + n + " " + c[2] + "; remove or reassign them first.", { references: n });
  }
  const info = write(${js(`DELETE FROM ${table.quoted} WHERE ${keyWhere(table.key)}`)}, KEY);
  return { deleted: info.changes };
}`,
      tests,
    },
  };
}

/** The key of a row some child row refers to, or null when nothing is referenced. */
function referencedRow(
  db: SqlDatabase,
  table: TableModel,
  checks: readonly ChildCheck[],
): Record<string, Json> | null {
  for (const check of checks) {
    const ref = table.columns.find((c) => c.name === check.parentColumn);
    const childColumn = check.child.columns.find((c) => c.name === check.fk.column);
    if (!ref || !childColumn) continue;
    const [row] = rowsAsJson(
      db,
      `SELECT ${table.key.map((c) => `t.${c.quoted} AS ${c.quoted}`).join(", ")} FROM ${table.quoted} AS t WHERE EXISTS (SELECT 1 FROM ${check.child.quoted} AS ch WHERE ch.${childColumn.quoted} = t.${ref.quoted}) ORDER BY ${table.key.map((c) => `t.${c.quoted}`).join(", ")} LIMIT 1`,
      [] as SqlParam[],
    );
    if (row) return keyArgs(table, row as Record<string, Json>);
  }
  return null;
}

/** Is `table` the parent of a foreign key of more than one column, in any table? */
function referencedByCompositeKey(
  db: SqlDatabase,
  table: TableModel,
  tables: readonly TableModel[],
): boolean {
  const parent = table.name.toLowerCase();
  return tables.some((child) => {
    const columnsPerKey = new Map<string, number>();
    for (const row of db.query(`PRAGMA foreign_key_list(${child.quoted})`)) {
      if (String(row.table).toLowerCase() !== parent) continue;
      const id = String(row.id);
      columnsPerKey.set(id, (columnsPerKey.get(id) ?? 0) + 1);
    }
    return [...columnsPerKey.values()].some((n) => n > 1);
  });
}
