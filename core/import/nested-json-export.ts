// The inverse of importNestedJson: reads the tables (from a database or a seed) and rebuilds the
// documents the mapping describes. Children are grouped by their parent-key columns; array rows are
// put back in `position` order, map entries in row order.

import { AppError } from "../base/errors";
import type { Json } from "../base/json";
import type { SeedData, SqlValue } from "../environment/spec";
import type { SqlDatabase } from "../episode/sql-database";
import { quoteIdentifier } from "../episode/sql-identifiers";
import { toSqlValue } from "../episode/sql-values";
import {
  type DocumentMapping,
  DocumentMappingSchema,
  type FieldMapping,
  mappedTables,
  type TableMapping,
  type ValueType,
} from "./nested-json-mapping";

type Row = Record<string, SqlValue>;
type JsonObject = { [key: string]: Json };

export function exportDocuments(source: SqlDatabase | SeedData, mapping: DocumentMapping): Json {
  const parsed = DocumentMappingSchema.parse(mapping);
  const tables = mappedTables(parsed).filter((t) => t.columns.length > 0);
  const groups = new Map<string, Map<string, Row[]>>();
  for (const table of tables) {
    const rows = "tables" in source ? seedRows(source, table.table) : dbRows(source, table.table);
    const byParent = new Map<string, Row[]>();
    for (const row of rows) {
      const key = keyOf(table.parentKeyColumns.map((c) => row[c] ?? null));
      const list = byParent.get(key);
      if (list) list.push(row);
      else byParent.set(key, [row]);
    }
    if (table.container === "array") {
      const position = table.localKeyColumn ?? "position";
      for (const list of byParent.values())
        list.sort((a, b) => Number(a[position]) - Number(b[position]));
    }
    groups.set(table.table, byParent);
  }

  const buildCollection = (table: TableMapping, parentKey: readonly SqlValue[]): Json => {
    const rows = groups.get(table.table)?.get(keyOf(parentKey)) ?? [];
    const local = table.localKeyColumn ?? "";
    const elements = rows.map((row): [SqlValue, Json] => {
      const ownKey = [...table.parentKeyColumns.map((c) => row[c] ?? null), row[local] ?? null];
      if (table.element.kind === "value") {
        return [
          row[local] ?? null,
          decodeValue(table.element.type, row[table.element.column] ?? null) ?? null,
        ];
      }
      const record: JsonObject = {};
      if (table.keyField !== undefined) setKey(record, table.keyField, String(row[local]));
      buildFields(table.element.fields, row, ownKey, record);
      return [row[local] ?? null, record];
    });
    if (table.container === "array") return elements.map(([, v]) => v);
    const map: JsonObject = {};
    for (const [key, value] of elements) setKey(map, String(key), value);
    return map;
  };

  const buildFields = (
    fields: readonly FieldMapping[],
    row: Row,
    key: readonly SqlValue[],
    into: JsonObject,
  ): void => {
    for (const field of fields) {
      if (field.kind === "value") {
        const raw = row[field.column] ?? null;
        if (raw === null && field.nullMeans === "missing") continue;
        setKey(into, field.key, decodeValue(field.type, raw) ?? null);
        continue;
      }
      if (field.presenceColumn !== undefined) {
        const presence = row[field.presenceColumn] ?? null;
        if (presence === null) continue;
        if (presence === 0) {
          setKey(into, field.key, null);
          continue;
        }
      }
      if (field.kind === "object") {
        const nested: JsonObject = {};
        buildFields(field.fields, row, key, nested);
        setKey(into, field.key, nested);
      } else setKey(into, field.key, buildCollection(field.table, key));
    }
  };

  const root = parsed.root;
  if (root.container !== "single") return buildCollection(root, []);
  const rootRow = groups.get(root.table)?.get(keyOf([]))?.[0] ?? {};
  const document: JsonObject = {};
  if (root.element.kind === "record") buildFields(root.element.fields, rootRow, [], document);
  return document;
}

function keyOf(values: readonly SqlValue[]): string {
  return JSON.stringify(values);
}

// `__proto__` and friends are ordinary keys in JSON: define them, never assign through the setter.
function setKey(object: JsonObject, key: string, value: Json): void {
  Object.defineProperty(object, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function decodeValue(type: ValueType, raw: SqlValue): Json | undefined {
  if (raw !== null && typeof raw === "object") {
    throw new AppError(
      "validation_failed",
      "a BLOB where the document mapping expects JSON values",
    );
  }
  if (type === "json") return raw === null ? undefined : (JSON.parse(String(raw)) as Json);
  if (raw === null) return null;
  if (type === "boolean") return raw !== 0 && raw !== "0";
  if (type === "integer" || type === "number") return Number(raw);
  return String(raw);
}

function seedRows(seed: SeedData, table: string): Row[] {
  const data = seed.tables[table];
  if (!data)
    throw new AppError("validation_failed", `The seed has no table ${table} the mapping needs.`);
  return data.rows.map((values) =>
    Object.fromEntries(data.columns.map((c, i) => [c, values[i] ?? null])),
  );
}

function dbRows(db: SqlDatabase, table: string): Row[] {
  return db
    .query(`SELECT * FROM ${quoteIdentifier(table)} ORDER BY _rowid_`)
    .map((row) => Object.fromEntries(Object.entries(row).map(([c, v]) => [c, toSqlValue(v)])));
}
