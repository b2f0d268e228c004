// A few aggregates: `count_<entities>_by_<column>` over low-cardinality columns, and
// `sum_<child>_<column>_by_<parent>` (e.g. invoice total per customer) along foreign keys.
import type { SqlDatabase } from "../episode/sql-database";
import {
  asParam,
  type Generated,
  humanColumn,
  js,
  objectSchema,
  rowsAsJson,
} from "./generated-tool";
import { referenceWords, type ToolNamer } from "./naming";
import {
  busiestParent,
  missingParentValue,
  parentArgSchema,
  type Relation,
} from "./relation-tools";
import { type ColumnModel, ENUM_MAX_DISTINCT, type TableModel } from "./schema-model";

const MAX_COUNT_TOOLS = 2;
const MAX_SUM_TOOLS = 2;

/** Categories to count by: enum columns first, then foreign keys with few distinct parents. */
export function countColumns(table: TableModel): ColumnModel[] {
  const fewParents = (c: ColumnModel) =>
    c.foreignKey !== null &&
    c.distinct >= 2 &&
    c.distinct <= ENUM_MAX_DISTINCT &&
    c.nonNull >= c.distinct * 2;
  return [...table.output.filter((c) => c.enumValues), ...table.output.filter(fewParents)].slice(
    0,
    MAX_COUNT_TOOLS,
  );
}

export function countTool(
  db: SqlDatabase,
  table: TableModel,
  column: ColumnModel,
  namer: ToolNamer,
): Generated {
  // A foreign key counts by its parent: `count_tracks_by_media_type`, not `..._media_type_id`.
  const by = column.foreignKey ? referenceWords(column.name) : column.arg;
  const name = namer.take(`count_${table.names.pluralSnake}_by_${by}`);
  const sql = `SELECT ${column.quoted} AS value, COUNT(*) AS count FROM ${table.quoted} GROUP BY 1 ORDER BY 1`;
  return {
    kind: "count",
    table: table.name,
    spec: {
      name,
      description: `Count ${table.names.plural} per ${humanColumn(column)}. Returns { groups: [{ value, count }] } ordered by value (null first, when some have none).`,
      inputSchema: objectSchema({}, []),
      effect: "read",
      implementation: `function ${name}(args, ctx) {
  return { groups: ctx.query(${js(sql)}) };
}`,
      tests: [
        {
          name: "counts match the data",
          args: {},
          expect: { result: { groups: rowsAsJson(db, sql) }, match: "exact" },
        },
      ],
    },
  };
}

// Sums of prices, rates or levels mean nothing; totals, amounts and quantities do.
const NOT_ADDITIVE =
  /(^|_)(id|price|rate|discount|percent|level|year|age|lat|latitude|lon|longitude|rank|order)(_|$)/;
const MONEY = /(^|_)(total|amount|freight|revenue|cost|balance|paid|sales)(_|$)/;
const QUANTITY = /(^|_)(quantity|qty|count|units|bytes|milliseconds|duration|hours|weight)(_|$)/;

/** Numeric measure columns of a child worth summing per parent, money first, then quantities. */
export function measureColumns(table: TableModel): ColumnModel[] {
  const rank = (c: ColumnModel) => (MONEY.test(c.arg) ? 0 : QUANTITY.test(c.arg) ? 1 : 2);
  return table.output
    .filter(
      (c) =>
        (c.kind === "integer" || c.kind === "number") &&
        c.primaryKeyPosition === 0 &&
        !c.foreignKey &&
        !NOT_ADDITIVE.test(c.arg),
    )
    .sort((a, b) => rank(a) - rank(b));
}

export function sumTools(
  db: SqlDatabase,
  relations: readonly Relation[],
  namer: ToolNamer,
): Generated[] {
  const out: Generated[] = [];
  // Relations that name their parent (`of_customer`) read better than role columns (`by_ship_via`).
  const ordered = [...relations].sort(
    (a, b) => Number(b.suffix.startsWith("of_")) - Number(a.suffix.startsWith("of_")),
  );
  for (const r of ordered) {
    if (r.parent === r.child) continue;
    for (const measure of measureColumns(r.child)) {
      if (out.length >= MAX_SUM_TOOLS) return out;
      out.push(sumTool(db, r, measure, namer));
    }
  }
  return out;
}

function sumTool(db: SqlDatabase, r: Relation, measure: ColumnModel, namer: ToolNamer): Generated {
  const value = busiestParent(db, r);
  if (value === null) {
    return {
      kind: "sum",
      table: r.child.name,
      reason: `no ${r.child.names.singular} refers to an existing ${r.parent.names.singular}`,
    };
  }
  const arg = r.column.arg;
  const name = namer.take(
    `sum_${r.child.names.singularSnake}_${measure.arg}_by_${r.suffix.replace(/^(of|by)_/, "")}`,
  );
  const total =
    measure.kind === "integer"
      ? `COALESCE(SUM(${measure.quoted}), 0)`
      : `ROUND(COALESCE(SUM(${measure.quoted}), 0), 6)`;
  const sql = `SELECT COUNT(*) AS count, ${total} AS sum FROM ${r.child.quoted} WHERE ${r.column.quoted} = ?`;
  const parentSql = `SELECT 1 AS found FROM ${r.parent.quoted} WHERE ${r.parentColumn.quoted} = ?`;
  const [expected] = rowsAsJson(db, sql, [asParam(value)]);
  return {
    kind: "sum",
    table: r.child.name,
    spec: {
      name,
      description: `Total ${humanColumn(measure)} over the ${r.child.names.plural} of one ${r.phrase}. Returns { count, sum }; not_found when the ${r.phrase} does not exist.`,
      inputSchema: objectSchema({ [arg]: parentArgSchema(r) }, [arg]),
      effect: "read",
      implementation: `function ${name}(args, ctx) {
  const value = args[${js(arg)}];
  if (ctx.one(${js(parentSql)}, [value]) === null) {
    ctx.fail("not_found", ${js(`No ${r.phrase} with that ${r.parentColumn.arg.replaceAll("_", " ")}.`)});
  }
  return ctx.one(${js(sql)}, [value]);
}`,
      tests: [
        {
          name: `sums the ${r.phrase} with the most ${r.child.names.plural}`,
          args: { [arg]: value },
          expect: { result: expected ?? null, match: "exact" },
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
