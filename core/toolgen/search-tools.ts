// `search_<entities>`: filters on useful columns (text contains, numeric and date ranges, enums
// read from the data, foreign-key equality), pagination, ordered by primary key, `{ total, items }`.

import type { Json } from "../base/json";
import type { ToolTest } from "../environment/spec";
import { containsSql } from "../episode/sql-contains";
import type { SqlDatabase, SqlParam } from "../episode/sql-database";
import {
  asParam,
  columnSchema,
  type Generated,
  humanColumn,
  js,
  objectSchema,
  orderByKey,
  rowsAsJson,
  selectList,
} from "./generated-tool";
import type { ToolNamer } from "./naming";
import type { ColumnModel, TableModel } from "./schema-model";

export const MAX_PAGE = 50;
export const DEFAULT_PAGE = 20;
const MAX_FILTER_COLUMNS = 8;

type Mode = "eq" | "contains" | "ge" | "le";

export interface Filter {
  arg: string;
  column: ColumnModel;
  mode: Mode;
  sql: string;
  schema: Record<string, Json>;
}

/** The filters a search offers, most useful first, at most eight columns. */
export function searchFilters(table: TableModel): Filter[] {
  const filters: Filter[] = [];
  const columns = table.output.filter((c) => c.primaryKeyPosition === 0 || table.key.length > 1);
  const ranked = [
    ...columns.filter((c) => c.enumValues),
    ...columns.filter((c) => c.foreignKey && !c.enumValues),
    ...columns.filter((c) => !c.foreignKey && !c.enumValues && c.kind === "string"),
    ...columns.filter(
      (c) => !c.foreignKey && !c.enumValues && (c.kind === "integer" || c.kind === "number"),
    ),
  ].slice(0, MAX_FILTER_COLUMNS);
  for (const c of ranked) {
    const words = humanColumn(c);
    if (c.enumValues || c.foreignKey) {
      filters.push({
        arg: c.arg,
        column: c,
        mode: "eq",
        sql: `${c.quoted} = ?`,
        schema: columnSchema(c, { description: `only ${words} equal to this` }),
      });
    } else if (c.kind === "string" && c.format) {
      const base = columnSchema(c, { description: "" });
      delete base.maxLength;
      filters.push(
        {
          arg: `${c.arg}_from`,
          column: c,
          mode: "ge",
          sql: `${c.quoted} >= ?`,
          schema: { ...base, description: `${words} on or after this` },
        },
        {
          arg: `${c.arg}_to`,
          column: c,
          mode: "le",
          sql: `${c.quoted} <= ?`,
          schema: { ...base, description: `${words} on or before this` },
        },
      );
    } else if (c.kind === "string") {
      filters.push({
        arg: c.arg,
        column: c,
        mode: "contains",
        sql: containsSql(c.quoted),
        schema: containsSchema(c, words),
      });
    } else {
      filters.push(
        {
          arg: `min_${c.arg}`,
          column: c,
          mode: "ge",
          sql: `${c.quoted} >= ?`,
          schema: { type: c.kind, description: `${words} at least this` },
        },
        {
          arg: `max_${c.arg}`,
          column: c,
          mode: "le",
          sql: `${c.quoted} <= ?`,
          schema: { type: c.kind, description: `${words} at most this` },
        },
      );
    }
  }
  const seen = new Set(["limit", "offset"]);
  return filters.filter((f) => {
    if (seen.has(f.arg)) return false;
    seen.add(f.arg);
    return true;
  });
}

export function pageProperties(): Record<string, Json> {
  return {
    limit: {
      type: "integer",
      minimum: 1,
      maximum: MAX_PAGE,
      default: DEFAULT_PAGE,
      description: `page size, at most ${MAX_PAGE}`,
    },
    offset: { type: "integer", minimum: 0, default: 0, description: "rows to skip" },
  };
}

export function searchTool(db: SqlDatabase, table: TableModel, namer: ToolNamer): Generated {
  const filters = searchFilters(table);
  const order = orderByKey(table);
  const select = `SELECT ${selectList(table)} FROM ${table.quoted}`;
  const count = `SELECT COUNT(*) AS n FROM ${table.quoted}`;
  const name = namer.take(`search_${table.names.pluralSnake}`);
  const tests: ToolTest[] = [
    {
      name: "first page without filters",
      args: { limit: 2 },
      expect: {
        result: {
          total: table.rowCount,
          items: rowsAsJson(db, `${select} ORDER BY ${order} LIMIT 2`),
        },
        match: "exact",
      },
    },
  ];
  if (table.rowCount > 1) {
    tests.push({
      name: "the offset skips rows",
      args: { limit: 1, offset: 1 },
      expect: {
        result: {
          total: table.rowCount,
          items: rowsAsJson(db, `${select} ORDER BY ${order} LIMIT 1 OFFSET 1`),
        },
        match: "exact",
      },
    });
  }
  for (const mode of ["eq", "contains", "ge"] as const) {
    const filter = filters.find((f) => f.mode === mode);
    const value = filter ? sampleValue(db, table, filter) : null;
    if (!filter || value === null) continue;
    const total = Number(db.query(`${count} WHERE ${filter.sql}`, [asParam(value)])[0]?.n ?? 0);
    tests.push({
      name: `filter ${filter.arg} counts like the data`,
      args: { [filter.arg]: value },
      expect: { result: { total }, match: "subset" },
    });
  }
  const properties: Record<string, Json> = Object.fromEntries(
    filters.map((f) => [f.arg, f.schema]),
  );
  Object.assign(properties, pageProperties());
  const filterText =
    filters.length > 0
      ? ` Filters: ${filters.map((f) => f.arg).join(", ")}; all optional, combined with AND.`
      : "";
  return {
    kind: "search",
    table: table.name,
    spec: {
      name,
      description: `Search ${table.names.plural}.${filterText} Paginated with limit (at most ${MAX_PAGE}) and offset, ordered by ${table.key.length > 0 ? table.key.map(humanColumn).join(", ") : "insertion order"}. Returns { total, items }.`,
      inputSchema: objectSchema(properties, []),
      effect: "read",
      implementation: `function ${name}(args, ctx) {
  const FILTERS = ${js(filters.map((f) => [f.arg, f.sql]))};
  const where = [];
  const params = [];
  for (const f of FILTERS) {
    const value = args[f[0]];
    if (value === undefined || value === null) continue;
    where.push(f[1]);
    params.push(value);
  }
  const filter = where.length > 0 ? " WHERE " + where.join(" AND ") : "";
  const limit = args.limit === undefined ? ${DEFAULT_PAGE} : args.limit;
  const offset = args.offset === undefined ? 0 : args.offset;
  const total = ctx.one(${js(count)} + filter, params).n;
  const items = ctx.query(${js(select)} + filter + ${js(` ORDER BY ${order} LIMIT ? OFFSET ?`)}, params.concat([limit, offset]));
  return { total, items };
}`,
      tests,
    },
  };
}

/** A value worth filtering by: the commonest enum value, a row's text, a middle number or date. */
function sampleValue(db: SqlDatabase, table: TableModel, filter: Filter): Json {
  const c = filter.column;
  const sql =
    filter.mode === "eq"
      ? `SELECT ${c.quoted} AS v FROM ${table.quoted} WHERE ${c.quoted} IS NOT NULL GROUP BY 1 ORDER BY COUNT(*) DESC, 1 LIMIT 1`
      : filter.mode === "contains"
        ? `SELECT ${c.quoted} AS v FROM ${table.quoted} WHERE ${c.quoted} IS NOT NULL AND typeof(${c.quoted}) = 'text' ORDER BY ${orderByKey(table)} LIMIT 1`
        : `SELECT ${c.quoted} AS v FROM ${table.quoted} WHERE ${c.quoted} IS NOT NULL ORDER BY 1 LIMIT 1 OFFSET (SELECT COUNT(${c.quoted}) / 2 FROM ${table.quoted})`;
  const v: SqlParam | undefined = db.query(sql)[0]?.v;
  if (typeof v === "string") return filter.mode === "contains" ? v.slice(0, 12) || null : v;
  if (typeof v === "number") {
    return filter.column.kind === "integer" && !Number.isInteger(v) ? null : v;
  }
  return null;
}

/** A "contains" filter: longer than the longest stored value could never match. */
function containsSchema(c: ColumnModel, words: string): Record<string, Json> {
  const schema: Record<string, Json> = {
    type: "string",
    minLength: 1,
    description: `${words} contains this text (case-insensitive)`,
  };
  if (c.maxDataLength) schema.maxLength = c.maxDataLength;
  return schema;
}
