// Nested JSON documents -> related tables with foreign keys, losslessly: `exportDocuments` with the
// returned mapping rebuilds the original JSON (deep-equal; object key order aside).
//
// Rules (see nested-json-mapping.ts for the stored form):
// - The root object's collections become top-level tables named after their key (`users`); its
//   other fields become one row of a table named `rootTable` (only when it has any).
// - A collection is an array, or an object whose entries are all objects and either carry their
//   own key in a field (`users["u1"].user_id === "u1"`) or are too many to be a record (> 64 keys).
//   It becomes a child table `<singular parent>_<field>` (`user_payment_methods`) keyed by the
//   parent's key columns plus `position` (arrays, 0-based, keeps order) or the map key (stored in
//   the entry's own id field when there is one, e.g. `product_id`). Its FK is the parent's key.
// - Nested objects are flattened into `parent__child` columns (`address__city`).
// - Arrays of scalars become tables with a `value` column; arrays of arrays or of mixed kinds
//   keep each element as JSON text.
// - NULL vs missing: a scalar column says which one NULL means; a field that is both somewhere is
//   stored as JSON text (NULL = missing, 'null' = null). Sometimes-absent objects and collections
//   get a `<field>__present` column (1 present, 0 null, NULL missing).
// - A column named like another table's single key column, whose values are all keys there, gets
//   a foreign key to it too (`orders.user_id` -> `users`).
import { AppError } from "../base/errors";
import type { SqlValue } from "../environment/spec";
import type { ImportedData } from "./imported-data";
import { inferMapping, isJsonObject, type JsonObject } from "./nested-json-infer";
import {
  type DocumentMapping,
  type FieldMapping,
  mappedTables,
  type TableMapping,
  type ValueType,
} from "./nested-json-mapping";
import { addReferenceForeignKeys } from "./nested-json-references";
import { describeJsonValue, parseJsonText } from "./source-text";
import { assembleImport, type TableDraft } from "./table-ddl";

export interface NestedJsonImportOptions {
  sourceName?: string;
  /** The table for a root collection, or for the root object's own scalar fields. Default `document`. */
  rootTable?: string;
}

export interface NestedImportedData extends ImportedData {
  mapping: DocumentMapping;
}

type Row = Map<string, SqlValue>;

export function importNestedJson(
  input: string | Uint8Array | { parsed: unknown },
  options: NestedJsonImportOptions = {},
): NestedImportedData {
  const sourceName = options.sourceName ?? "document.json";
  const document =
    typeof input === "object" && "parsed" in input
      ? input.parsed
      : parseJsonText(input, sourceName);
  if (typeof document !== "object" || document === null) {
    throw new AppError(
      "validation_failed",
      `${sourceName}: expected a JSON object or array at the top level, got ${describeJsonValue(document)}.`,
      { source: sourceName },
    );
  }
  const mapping = inferMapping(document, { rootTable: options.rootTable ?? "document" });
  const rows = new Map<string, Row[]>();
  const root = mapping.root;
  if (root.container === "single") {
    const row: Row = new Map();
    if (root.element.kind === "record" && isJsonObject(document)) {
      emitFields(root.element.fields, document, row, [], rows);
    }
    rows.set(root.table, [row]);
  } else emitCollection(root, document, [], rows);

  const drafts: TableDraft[] = mappedTables(mapping)
    .filter((t) => t.columns.length > 0)
    .map((t) => toDraft(t, rows.get(t.table) ?? []));
  addReferenceForeignKeys(drafts);
  if (drafts.length === 0) {
    throw new AppError(
      "validation_failed",
      `${sourceName}: the document holds no values to import.`,
      {
        source: sourceName,
      },
    );
  }
  return { ...assembleImport("nested-json", sourceName, drafts), mapping };
}

function toDraft(table: TableMapping, rows: readonly Row[]): TableDraft {
  const warnings = table.columns
    .filter((c) => c.type === "JSON")
    .map(
      (c) =>
        `column ${c.name}: mixed types, nested arrays, or both null and missing values; stored as JSON text`,
    );
  const notes =
    table.container === "single" ? ["the root object's own fields: one row, no key"] : [];
  return {
    name: table.table,
    source: table.source,
    columns: table.columns,
    primaryKey: table.columns.filter((c) => c.key).map((c) => c.name),
    foreignKeys: table.parent
      ? [
          {
            columns: table.parentKeyColumns,
            table: table.parent.table,
            references: table.parent.columns,
          },
        ]
      : [],
    rows: rows.map((row) => table.columns.map((c) => row.get(c.name) ?? null)),
    notes,
    warnings,
  };
}

function emitCollection(
  table: TableMapping,
  value: unknown,
  parentKey: readonly SqlValue[],
  out: Map<string, Row[]>,
): void {
  const entries: [SqlValue, unknown][] = Array.isArray(value)
    ? value.map((v, i): [SqlValue, unknown] => [i, v])
    : isJsonObject(value)
      ? Object.entries(value)
      : [];
  let rows = out.get(table.table);
  if (!rows) {
    rows = [];
    out.set(table.table, rows);
  }
  for (const [localKey, element] of entries) {
    const row: Row = new Map();
    for (const [i, column] of table.parentKeyColumns.entries())
      row.set(column, parentKey[i] ?? null);
    if (table.localKeyColumn !== undefined) row.set(table.localKeyColumn, localKey);
    const key = [...parentKey, localKey];
    if (table.element.kind === "record" && isJsonObject(element)) {
      emitFields(table.element.fields, element, row, key, out);
    } else if (table.element.kind === "value") {
      row.set(table.element.column, encodeValue(table.element.type, element));
    }
    rows.push(row);
  }
}

function emitFields(
  fields: readonly FieldMapping[],
  record: JsonObject,
  row: Row,
  key: readonly SqlValue[],
  out: Map<string, Row[]>,
): void {
  for (const field of fields) {
    const present = Object.hasOwn(record, field.key);
    const value = present ? record[field.key] : undefined;
    if (field.kind === "value") {
      row.set(field.column, present ? encodeValue(field.type, value) : null);
      continue;
    }
    if (field.presenceColumn !== undefined) {
      row.set(field.presenceColumn, !present ? null : value === null ? 0 : 1);
    }
    if (!present || value === null) continue;
    if (field.kind === "object" && isJsonObject(value))
      emitFields(field.fields, value, row, key, out);
    if (field.kind === "collection") emitCollection(field.table, value, key, out);
  }
}

function encodeValue(type: ValueType, value: unknown): SqlValue {
  if (type === "json") return JSON.stringify(value);
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number" || typeof value === "string") return value;
  return JSON.stringify(value);
}
