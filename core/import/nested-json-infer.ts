// Infers a DocumentMapping from the documents themselves: looks at every instance of every field,
// so the shape it picks holds for all of them (the rules are in nested-json-mapping.ts).
import type { ColumnReport, ImportedColumnType, SqlColumnType } from "./imported-data";
import { ISO_DATE, ISO_DATETIME } from "./infer-column";
import { NameScope, sanitizeName, singular } from "./names";
import type {
  DocumentMapping,
  ElementMapping,
  FieldMapping,
  TableMapping,
  ValueMapping,
  ValueType,
} from "./nested-json-mapping";

export type JsonObject = { [key: string]: unknown };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A map with more distinct keys than this is a collection even without an id field. */
const MAP_MIN_DISTINCT_KEYS = 64;

const MISSING: unique symbol = Symbol("missing");
type Slot = unknown | typeof MISSING;

export interface InferOptions {
  /** Name of the root table when the document is a collection, or of the root object's own row. */
  rootTable: string;
}

interface TableContext {
  mapping: TableMapping;
  scope: NameScope;
  /** Name used to qualify this table's key column in children (`payment_methods` -> `payment_method_`). */
  fieldName: string;
}

export function inferMapping(document: unknown, options: InferOptions): DocumentMapping {
  const tables = new NameScope();
  const root = isJsonObject(document) && !looksLikeMap([document]) ? "single" : "collection";
  if (root === "single" && isJsonObject(document)) {
    const ctx = newTable(tables.claim(sanitizeName(options.rootTable, "document")), "$", "single");
    ctx.mapping.element = { kind: "record", fields: inferFields([document], ctx, [], tables) };
    return { version: 1, root: ctx.mapping };
  }
  const container = Array.isArray(document) ? "array" : "map";
  const mapping = inferCollection(container, [document], undefined, options.rootTable, "$", tables);
  return { version: 1, root: mapping };
}

function newTable(
  name: string,
  source: string,
  container: TableMapping["container"],
): TableContext {
  return {
    mapping: {
      table: name,
      source,
      container,
      parentKeyColumns: [],
      columns: [],
      element: { kind: "record", fields: [] },
    },
    scope: new NameScope(),
    fieldName: name,
  };
}

function addColumn(
  ctx: TableContext,
  wanted: string,
  originalName: string,
  type: ImportedColumnType,
  sqlType: SqlColumnType,
  options: { key?: boolean; nullable?: boolean } = {},
): string {
  const name = ctx.scope.claim(wanted);
  const column: ColumnReport = {
    name,
    originalName,
    type,
    sqlType,
    nullable: options.nullable ?? true,
    key: options.key ?? false,
  };
  ctx.mapping.columns.push(column);
  return name;
}

/** Entries of the objects are all objects, and either one of their fields equals the key, or many keys. */
function looksLikeMap(objects: readonly JsonObject[]): boolean {
  const entries = objects.flatMap((o) => Object.entries(o));
  if (entries.length === 0) return false;
  if (!entries.every(([, v]) => isJsonObject(v))) {
    return new Set(entries.map(([k]) => k)).size > MAP_MIN_DISTINCT_KEYS;
  }
  if (keyFieldOf(entries) !== undefined) return true;
  return new Set(entries.map(([k]) => k)).size > MAP_MIN_DISTINCT_KEYS;
}

/** The field every entry holds its own key in (ids first), if any. */
function keyFieldOf(entries: readonly [string, unknown][]): string | undefined {
  const [first] = entries;
  if (!first || !isJsonObject(first[1])) return undefined;
  const candidates = Object.keys(first[1]).sort(
    (a, b) => Number(!/id$/i.test(a)) - Number(!/id$/i.test(b)),
  );
  return candidates.find((field) =>
    entries.every(
      ([key, value]) => isJsonObject(value) && Object.hasOwn(value, field) && value[field] === key,
    ),
  );
}

function inferCollection(
  container: "array" | "map",
  instances: readonly unknown[],
  owner: TableContext | undefined,
  fieldName: string,
  source: string,
  tables: NameScope,
): TableMapping {
  const wanted =
    owner?.mapping.container === "single" || !owner
      ? sanitizeName(fieldName, "rows")
      : `${singular(owner.mapping.table)}_${sanitizeName(fieldName, "items")}`;
  const rowSource = `${source}${container === "array" ? "[*]" : ".*"}`;
  const ctx = newTable(tables.claim(wanted), rowSource, container);
  ctx.fieldName = fieldName;

  if (owner?.mapping.localKeyColumn !== undefined) {
    const parentKey = [...owner.mapping.parentKeyColumns, owner.mapping.localKeyColumn];
    for (const [i, parentColumn] of parentKey.entries()) {
      const info = owner.mapping.columns.find((c) => c.name === parentColumn);
      const isOwnKey = i === parentKey.length - 1;
      const name = isOwnKey ? qualifiedKeyName(parentColumn, owner.fieldName) : parentColumn;
      ctx.mapping.parentKeyColumns.push(
        addColumn(
          ctx,
          name,
          info?.originalName ?? name,
          info?.type ?? "TEXT",
          info?.sqlType ?? "TEXT",
          {
            key: true,
            nullable: false,
          },
        ),
      );
    }
    ctx.mapping.parent = { table: owner.mapping.table, columns: parentKey };
  }

  const entries: [string, unknown][] = instances.flatMap((instance) =>
    Array.isArray(instance)
      ? instance.map((v, i): [string, unknown] => [String(i), v])
      : isJsonObject(instance)
        ? Object.entries(instance)
        : [],
  );
  const elements = entries.map(([, v]) => v);
  const records = elements.length > 0 && elements.every(isJsonObject);
  const keyField = container === "map" && records ? keyFieldOf(entries) : undefined;
  if (keyField !== undefined) ctx.mapping.keyField = keyField;
  ctx.mapping.localKeyColumn =
    container === "array"
      ? addColumn(ctx, "position", "(array position)", "INTEGER", "INTEGER", {
          key: true,
          nullable: false,
        })
      : addColumn(
          ctx,
          keyField === undefined ? "key" : sanitizeName(keyField, "key"),
          keyField ?? "(object key)",
          "TEXT",
          "TEXT",
          { key: true, nullable: false },
        );

  let element: ElementMapping;
  if (records) {
    element = {
      kind: "record",
      fields: inferFields(elements.filter(isJsonObject), ctx, [], tables, keyField),
    };
  } else {
    const value = inferValue("value", elements, ctx, ["value"], "(element)");
    element = { kind: "value", column: value.column, type: value.type };
  }
  ctx.mapping.element = element;
  return ctx.mapping;
}

/** `id` under `payment_methods` -> `payment_method_id`; `order_id` stays; `position` -> `item_position`. */
function qualifiedKeyName(column: string, fieldName: string): string {
  if (column !== "id" && /(_id|Id|ID)$/.test(column)) return column;
  return `${singular(sanitizeName(fieldName, "parent"))}_${column}`;
}

function inferFields(
  records: readonly JsonObject[],
  ctx: TableContext,
  path: readonly string[],
  tables: NameScope,
  skip?: string,
): FieldMapping[] {
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const record of records) {
    for (const key of Object.keys(record)) {
      if (!seen.has(key) && key !== skip) {
        seen.add(key);
        keys.push(key);
      }
    }
  }
  return keys.map((key) =>
    inferField(
      key,
      records.map((r): Slot => (Object.hasOwn(r, key) ? r[key] : MISSING)),
      ctx,
      [...path, key],
      tables,
    ),
  );
}

function inferField(
  key: string,
  slots: readonly Slot[],
  ctx: TableContext,
  path: readonly string[],
  tables: NameScope,
): FieldMapping {
  const present = slots.filter((s) => s !== MISSING);
  const values = present.filter((v) => v !== null);
  const needsPresence = present.length < slots.length || values.length < present.length;
  const presence = (): { presenceColumn?: string } =>
    needsPresence
      ? {
          presenceColumn: addColumn(
            ctx,
            `${columnName(path)}__present`,
            `${path.join(".")} (1 present, 0 null, NULL missing)`,
            "INTEGER",
            "INTEGER",
          ),
        }
      : {};

  if (values.length > 0 && values.every(Array.isArray)) {
    const p = presence();
    const table = inferCollection(
      "array",
      values,
      ctx,
      path.join("_"),
      `${ctx.mapping.source}.${key}`,
      tables,
    );
    return { kind: "collection", key, ...p, table };
  }
  if (values.length > 0 && values.every(isJsonObject)) {
    const p = presence();
    if (looksLikeMap(values)) {
      const table = inferCollection(
        "map",
        values,
        ctx,
        path.join("_"),
        `${ctx.mapping.source}.${key}`,
        tables,
      );
      return { kind: "collection", key, ...p, table };
    }
    const before = ctx.mapping.columns.length;
    const fields = inferFields(values, ctx, path, tables);
    // Where the object itself is absent, all of its columns are NULL.
    if (needsPresence) for (const c of ctx.mapping.columns.slice(before)) c.nullable = true;
    return { kind: "object", key, ...p, fields };
  }
  return inferValue(key, slots, ctx, path, path.join("."));
}

function columnName(path: readonly string[]): string {
  return path.map((segment) => sanitizeName(segment, "field")).join("__");
}

const storage: Record<ValueType, { type: ImportedColumnType; sqlType: SqlColumnType }> = {
  string: { type: "TEXT", sqlType: "TEXT" },
  integer: { type: "INTEGER", sqlType: "INTEGER" },
  number: { type: "REAL", sqlType: "REAL" },
  boolean: { type: "BOOLEAN", sqlType: "INTEGER" },
  json: { type: "JSON", sqlType: "TEXT" },
};

function scalarType(value: unknown): ValueType {
  if (typeof value === "string") return "string";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number") return Number.isSafeInteger(value) ? "integer" : "number";
  return "json";
}

function inferValue(
  key: string,
  slots: readonly Slot[],
  ctx: TableContext,
  path: readonly string[],
  originalName: string,
): ValueMapping {
  const present = slots.filter((s) => s !== MISSING);
  const values = present.filter((v) => v !== null);
  const hasMissing = present.length < slots.length;
  const hasNull = values.length < present.length;
  const types = new Set(values.map(scalarType));
  if (types.has("integer") && types.has("number")) types.delete("integer");
  let type: ValueType = types.size === 1 ? ([...types][0] ?? "json") : "json";
  if (types.size === 0) type = hasMissing ? "json" : "string";
  if (hasMissing && hasNull) type = "json";
  const column = addColumn(
    ctx,
    columnName(path),
    originalName,
    type === "string" ? stringReportType(values) : storage[type].type,
    storage[type].sqlType,
    {
      nullable: hasMissing || hasNull || type === "json",
    },
  );
  return {
    kind: "value",
    key,
    column,
    type,
    nullMeans: type === "json" || hasMissing ? "missing" : "null",
  };
}

/** ISO dates stay TEXT in SQL; the report says DATE or DATETIME when every value is one. */
function stringReportType(values: readonly unknown[]): ImportedColumnType {
  const strings = values.filter((v): v is string => typeof v === "string");
  if (strings.length === 0) return "TEXT";
  if (strings.every((v) => ISO_DATE.test(v))) return "DATE";
  if (strings.every((v) => ISO_DATE.test(v) || ISO_DATETIME.test(v))) return "DATETIME";
  return "TEXT";
}
