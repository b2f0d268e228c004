// `list_<children>_of_<parent>` along each single-column foreign key (named `_by_<column>` when the
// column does not simply name the parent, e.g. `list_customers_by_support_rep`), paginated.

import type { Json } from "../base/json";
import type { SqlDatabase } from "../episode/sql-database";
import {
  asParam,
  columnSchema,
  type Generated,
  js,
  objectSchema,
  orderByKey,
  rowsAsJson,
  selectList,
  toJson,
} from "./generated-tool";
import { article, referenceWords, type ToolNamer } from "./naming";
import type { ColumnModel, ForeignKeyModel, TableModel } from "./schema-model";
import { DEFAULT_PAGE, MAX_PAGE, pageProperties } from "./search-tools";

export interface Relation {
  fk: ForeignKeyModel;
  child: TableModel;
  parent: TableModel;
  column: ColumnModel;
  parentColumn: ColumnModel;
  /** `of_customer` or `by_support_rep`. */
  suffix: string;
  /** "customer" or "support rep". */
  phrase: string;
}

export function relationsOf(child: TableModel, tables: readonly TableModel[]): Relation[] {
  const out: Relation[] = [];
  for (const fk of child.foreignKeys) {
    const parent = tables.find((t) => t.name === fk.parentTable);
    const column = child.columns.find((c) => c.name === fk.column);
    const parentColumn = parent?.columns.find((c) => c.name === fk.parentColumn);
    if (!parent || !column || !parentColumn || column.kind === "blob") continue;
    const words = referenceWords(fk.column);
    const named = words === parent.names.singularSnake && parent !== child;
    out.push({
      fk,
      child,
      parent,
      column,
      parentColumn,
      suffix: named ? `of_${parent.names.singularSnake}` : `by_${words}`,
      phrase: named ? parent.names.singular : words.replaceAll("_", " "),
    });
  }
  return out;
}

/** A parent value no parent row has. */
export function missingParentValue(db: SqlDatabase, r: Relation): Json {
  const p = r.parentColumn;
  if (p.kind === "integer" || p.kind === "number") {
    const max = Number(db.query(`SELECT MAX(${p.quoted}) AS m FROM ${r.parent.quoted}`)[0]?.m ?? 0);
    return Math.floor(Number.isFinite(max) ? max : 0) + 1000;
  }
  let candidate = "ZZMISSING";
  while (db.query(`SELECT 1 FROM ${r.parent.quoted} WHERE ${p.quoted} = ?`, [candidate]).length > 0)
    candidate += "X";
  return candidate;
}

/** The existing parent with the most children (ties by value), or null when no child has a parent. */
export function busiestParent(db: SqlDatabase, r: Relation): Json {
  const row = db.query(
    `SELECT c.${r.column.quoted} AS v FROM ${r.child.quoted} AS c WHERE c.${r.column.quoted} IS NOT NULL AND EXISTS (SELECT 1 FROM ${r.parent.quoted} AS p WHERE p.${r.parentColumn.quoted} = c.${r.column.quoted}) GROUP BY 1 ORDER BY COUNT(*) DESC, 1 LIMIT 1`,
  )[0];
  return row ? toJson(row.v) : null;
}

export function parentArgSchema(r: Relation): Record<string, Json> {
  const schema = columnSchema(r.parentColumn, {
    description: `the ${r.phrase}'s ${r.parentColumn.arg.replaceAll("_", " ")}`,
  });
  delete schema.enum;
  return schema;
}

export function listTool(db: SqlDatabase, r: Relation, namer: ToolNamer): Generated {
  const value = busiestParent(db, r);
  if (value === null) {
    return {
      kind: "list",
      table: r.child.name,
      reason: `no ${r.child.names.singular} refers to an existing ${r.parent.names.singular} along ${r.fk.column}`,
    };
  }
  const arg = r.column.arg;
  const name = namer.take(`list_${r.child.names.pluralSnake}_${r.suffix}`);
  const parentSql = `SELECT 1 AS found FROM ${r.parent.quoted} WHERE ${r.parentColumn.quoted} = ?`;
  const countSql = `SELECT COUNT(*) AS n FROM ${r.child.quoted} WHERE ${r.column.quoted} = ?`;
  const itemsSql = `SELECT ${selectList(r.child)} FROM ${r.child.quoted} WHERE ${r.column.quoted} = ? ORDER BY ${orderByKey(r.child)} LIMIT ? OFFSET ?`;
  const total = Number(db.query(countSql, [asParam(value)])[0]?.n ?? 0);
  return {
    kind: "list",
    table: r.child.name,
    spec: {
      name,
      description: `List the ${r.child.names.plural} of ${article(r.phrase)} (${r.child.name}.${r.fk.column} -> ${r.parent.name}.${r.fk.parentColumn}), paginated with limit (at most ${MAX_PAGE}) and offset. Returns { total, items }; not_found when the ${r.phrase} does not exist.`,
      inputSchema: objectSchema({ [arg]: parentArgSchema(r), ...pageProperties() }, [arg]),
      effect: "read",
      implementation: `function ${name}(args, ctx) {
  const value = args[${js(arg)}];
  if (ctx.one(${js(parentSql)}, [value]) === null) {
    ctx.fail("not_found", ${js(`No ${r.phrase} with that ${r.parentColumn.arg.replaceAll("_", " ")}.`)});
  }
  const limit = args.limit === undefined ? ${DEFAULT_PAGE} : args.limit;
  const offset = args.offset === undefined ? 0 : args.offset;
  const total = ctx.one(${js(countSql)}, [value]).n;
  const items = ctx.query(${js(itemsSql)}, [value, limit, offset]);
  return { total, items };
}`,
      tests: [
        {
          name: `lists the ${r.child.names.plural} of the ${r.phrase} with the most`,
          args: { [arg]: value, limit: 5 },
          expect: {
            result: { total, items: rowsAsJson(db, itemsSql, [asParam(value), 5, 0]) },
            match: "exact",
          },
        },
        {
          name: `an unknown ${r.phrase} is not_found`,
          args: { [arg]: missingParentValue(db, r) },
          expect: { error: { code: "not_found" }, match: "exact" },
        },
      ],
    },
  };
}
