// The schema as tool generation sees it: tables with typed columns, keys, UNIQUE columns, foreign
// keys in both directions, and statistics read from the real rows (cardinality, formats, samples).
import {
  type ColumnInfo,
  describeTable,
  listUserTableNames,
} from "../episode/schema-introspection";
import type { SqlDatabase, SqlRow } from "../episode/sql-database";
import { quoteIdentifier } from "../episode/sql-identifiers";
import { checkBounds, type NumericBounds } from "./check-constraints";
import {
  declaredLength,
  type JsonKind,
  jsonKind,
  type StorageCounts,
  type TextFormat,
  textFormat,
} from "./column-types";
import { argumentNames, type EntityNames, entityNames } from "./naming";

/** Text columns with at most this many distinct values, each used twice on average, become enums. */
export const ENUM_MAX_DISTINCT = 12;

export interface ForeignKeyModel {
  /** Child table and column. */
  table: string;
  column: string;
  /** Parent table (as the user table is named) and the referenced column. */
  parentTable: string;
  parentColumn: string;
}

export interface ColumnModel {
  name: string;
  quoted: string;
  /** The argument name tools use for it, e.g. `customer_id`. */
  arg: string;
  declaredType: string;
  kind: JsonKind;
  notNull: boolean;
  hasDefault: boolean;
  primaryKeyPosition: number;
  isRowidAlias: boolean;
  /** Declared by a single-column UNIQUE index or constraint, or the single-column primary key. */
  unique: boolean;
  maxLength: number | null;
  /** The longest text stored, in characters (null for non-text columns). */
  maxDataLength: number | null;
  format: TextFormat;
  example: string | undefined;
  nonNull: number;
  distinct: number;
  /** Sorted distinct values when the column is low-cardinality, else null. */
  enumValues: (string | number)[] | null;
  foreignKey: ForeignKeyModel | null;
  /** Numeric bounds from simple CHECK constraints. */
  bounds: NumericBounds | null;
}

export interface TableModel {
  name: string;
  quoted: string;
  names: EntityNames;
  columns: ColumnModel[];
  /** Primary-key columns in key order; empty when the table has none. */
  key: ColumnModel[];
  hasRowid: boolean;
  rowCount: number;
  /** Columns a tool returns (BLOBs are left out: bulky and useless to an agent as base64). */
  output: ColumnModel[];
  foreignKeys: ForeignKeyModel[];
  /** Foreign keys in other tables (or this one) that point here. */
  children: ForeignKeyModel[];
  /** Multi-column foreign keys, which tools do not model (reported). */
  compositeForeignKeys: number;
}

export function readSchemaModel(db: SqlDatabase): TableModel[] {
  const names = listUserTableNames(db);
  const byLower = new Map(names.map((n) => [n.toLowerCase(), n]));
  const fkLists = new Map(names.map((n) => [n, readForeignKeys(db, n, byLower)]));
  const allForeignKeys = [...fkLists.values()].flatMap((l) => l.single);
  return names.map((name, index) => {
    const fks = fkLists.get(name) ?? { single: [], composite: 0 };
    return readTable(db, name, index, fks.single, fks.composite, allForeignKeys);
  });
}

function readTable(
  db: SqlDatabase,
  name: string,
  index: number,
  foreignKeys: ForeignKeyModel[],
  compositeForeignKeys: number,
  allForeignKeys: ForeignKeyModel[],
): TableModel {
  const info = describeTable(db, name);
  const quoted = quoteIdentifier(name);
  const defaults = new Map(
    db.query(`PRAGMA table_info(${quoted})`).map((r) => [String(r.name), r.dflt_value !== null]),
  );
  const uniques = uniqueColumns(db, name);
  if (info.primaryKey.length === 1 && info.primaryKey[0]) uniques.add(info.primaryKey[0]);
  const args = argumentNames(
    info.columns.map((c) => c.name),
    ["limit", "offset"],
  );
  const checks = checkBounds(db, name);
  const rowCount = Number(db.query(`SELECT COUNT(*) AS n FROM ${quoted}`)[0]?.n ?? 0);
  const columns = info.columns.map((c) =>
    readColumn(db, quoted, c, {
      arg: args.get(c.name) ?? c.name,
      hasDefault: defaults.get(c.name) ?? false,
      isRowidAlias: info.rowidAlias === c.name,
      unique: uniques.has(c.name),
      foreignKey: foreignKeys.find((fk) => fk.column === c.name) ?? null,
      bounds: checks.get(c.name) ?? null,
    }),
  );
  const key = info.primaryKey.flatMap((k) => columns.filter((c) => c.name === k));
  return {
    name,
    quoted,
    names: entityNames(name, index),
    columns,
    key,
    hasRowid: info.hasRowid,
    rowCount,
    output: columns.filter((c) => c.kind !== "blob"),
    foreignKeys,
    children: allForeignKeys.filter((fk) => fk.parentTable === name),
    compositeForeignKeys,
  };
}

function readColumn(
  db: SqlDatabase,
  table: string,
  column: ColumnInfo,
  known: Pick<
    ColumnModel,
    "arg" | "hasDefault" | "isRowidAlias" | "unique" | "foreignKey" | "bounds"
  >,
): ColumnModel {
  const col = quoteIdentifier(column.name);
  const stored: StorageCounts = {};
  for (const row of db.query(
    `SELECT typeof(${col}) AS t, COUNT(*) AS n FROM ${table} WHERE ${col} IS NOT NULL GROUP BY 1`,
  )) {
    const t = String(row.t);
    if (t === "integer" || t === "real" || t === "text" || t === "blob") stored[t] = Number(row.n);
  }
  const kind = jsonKind(column.type, stored);
  const stats = db.query(
    `SELECT COUNT(${col}) AS nonNull, COUNT(DISTINCT ${col}) AS distinct_ FROM ${table}`,
  )[0];
  const nonNull = Number(stats?.nonNull ?? 0);
  const distinct = Number(stats?.distinct_ ?? 0);
  const samples =
    kind === "string"
      ? db
          .query(`SELECT ${col} AS v FROM ${table} WHERE ${col} IS NOT NULL LIMIT 200`)
          .map((r) => String(r.v))
      : [];
  const format = kind === "string" ? textFormat(samples) : null;
  // Only text: small integer sets (stock levels, counts) are measures, not categories, and dates
  // are ranges, not categories.
  const isEnum =
    kind === "string" &&
    format === null &&
    !known.foreignKey &&
    column.primaryKeyPosition === 0 &&
    distinct >= 2 &&
    distinct <= ENUM_MAX_DISTINCT &&
    nonNull >= distinct * 2;
  const maxDataLength =
    kind === "string"
      ? Number(db.query(`SELECT MAX(LENGTH(${col})) AS n FROM ${table}`)[0]?.n ?? 0)
      : null;
  return {
    name: column.name,
    quoted: col,
    declaredType: column.type,
    kind,
    notNull: column.notNull,
    primaryKeyPosition: column.primaryKeyPosition,
    maxLength: kind === "string" ? declaredLength(column.type) : null,
    format,
    maxDataLength,
    example: samples[0],
    nonNull,
    distinct,
    enumValues: isEnum
      ? db
          .query(`SELECT DISTINCT ${col} AS v FROM ${table} WHERE ${col} IS NOT NULL ORDER BY 1`)
          .map((r: SqlRow) => (typeof r.v === "number" ? r.v : String(r.v)))
      : null,
    ...known,
  };
}

/** Columns covered alone by a UNIQUE index (declared or from a UNIQUE constraint). */
function uniqueColumns(db: SqlDatabase, table: string): Set<string> {
  const out = new Set<string>();
  for (const index of db.query(`PRAGMA index_list(${quoteIdentifier(table)})`)) {
    if (Number(index.unique) !== 1 || Number(index.partial) === 1) continue;
    const cols = db.query(`PRAGMA index_info(${quoteIdentifier(String(index.name))})`);
    const only = cols[0];
    if (cols.length === 1 && only && only.name !== null) out.add(String(only.name));
  }
  return out;
}

function readForeignKeys(
  db: SqlDatabase,
  table: string,
  tablesByLower: Map<string, string>,
): { single: ForeignKeyModel[]; composite: number } {
  const rows = db.query(`PRAGMA foreign_key_list(${quoteIdentifier(table)})`);
  const byId = new Map<number, SqlRow[]>();
  for (const row of rows) byId.set(Number(row.id), [...(byId.get(Number(row.id)) ?? []), row]);
  const single: ForeignKeyModel[] = [];
  let composite = 0;
  for (const group of byId.values()) {
    const [row] = group;
    const parentTable = tablesByLower.get(String(row?.table ?? "").toLowerCase());
    if (group.length !== 1 || !row || !parentTable) {
      composite++;
      continue;
    }
    const parentColumn =
      row.to === null ? describeTable(db, parentTable).primaryKey[0] : String(row.to);
    if (parentColumn === undefined) continue;
    single.push({ table, column: String(row.from), parentTable, parentColumn });
  }
  return { single, composite };
}
