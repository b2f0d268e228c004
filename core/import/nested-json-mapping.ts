// How nested JSON documents map onto tables, stored with the import so `exportDocuments` can invert
// it exactly. Zod-backed: the mapping is saved with the environment and read back later.
//
// Flattening rules (docs: nested-json-import.ts):
// - a collection (an array, or an object keyed by id) becomes a child table whose primary key is
//   the parent's key columns plus its own `position` (arrays, 0-based) or map key column;
// - a nested object becomes `parent__child` columns of the row that holds it;
// - scalars become columns; `nullMeans` says whether SQL NULL is JSON `null` or a missing key;
//   a field that is both null and missing somewhere, or mixes types, is stored as JSON text
//   (NULL = missing);
// - objects and collections that are sometimes null or missing get a presence column
//   (1 present, 0 null, NULL missing).
import { z } from "zod";
import { ColumnReportSchema } from "./imported-data";

/** How a JSON scalar is stored: `json` keeps any value as JSON text. */
export const ValueTypeSchema = z.enum(["string", "integer", "number", "boolean", "json"]);

export const ValueMappingSchema = z.object({
  kind: z.literal("value"),
  key: z.string(),
  column: z.string(),
  type: ValueTypeSchema,
  nullMeans: z.enum(["null", "missing"]),
});

export type ValueType = z.infer<typeof ValueTypeSchema>;
export type ValueMapping = z.infer<typeof ValueMappingSchema>;

export type FieldMapping =
  | ValueMapping
  | { kind: "object"; key: string; presenceColumn?: string; fields: FieldMapping[] }
  | { kind: "collection"; key: string; presenceColumn?: string; table: TableMapping };

export type ElementMapping =
  | { kind: "record"; fields: FieldMapping[] }
  | { kind: "value"; column: string; type: ValueType };

export interface TableMapping {
  table: string;
  /** JSON path of the rows, e.g. `$.users.*.payment_methods.*`. */
  source: string;
  /** `single`: the root object's own fields, one row (or no table when it has no columns). */
  container: "array" | "map" | "single";
  /** The map key or array position column (absent for `single`). */
  localKeyColumn?: string;
  /** A field of every map entry that equals its key: stored once, in `localKeyColumn`. */
  keyField?: string;
  /** This table's columns holding the parent's primary key, in the parent's key order. */
  parentKeyColumns: string[];
  parent?: { table: string; columns: string[] };
  columns: z.infer<typeof ColumnReportSchema>[];
  element: ElementMapping;
}

export interface DocumentMapping {
  version: 1;
  root: TableMapping;
}

const FieldMappingSchema: z.ZodType<FieldMapping> = z.lazy(() =>
  z.union([
    ValueMappingSchema,
    z.object({
      kind: z.literal("object"),
      key: z.string(),
      presenceColumn: z.string().optional(),
      fields: z.array(FieldMappingSchema),
    }),
    z.object({
      kind: z.literal("collection"),
      key: z.string(),
      presenceColumn: z.string().optional(),
      table: TableMappingSchema,
    }),
  ]),
);

const TableMappingSchema: z.ZodType<TableMapping> = z.lazy(() =>
  z.object({
    table: z.string().min(1),
    source: z.string(),
    container: z.enum(["array", "map", "single"]),
    localKeyColumn: z.string().optional(),
    keyField: z.string().optional(),
    parentKeyColumns: z.array(z.string()),
    parent: z.object({ table: z.string(), columns: z.array(z.string()) }).optional(),
    columns: z.array(ColumnReportSchema),
    element: z.union([
      z.object({ kind: z.literal("record"), fields: z.array(FieldMappingSchema) }),
      z.object({ kind: z.literal("value"), column: z.string(), type: ValueTypeSchema }),
    ]),
  }),
);

export const DocumentMappingSchema: z.ZodType<DocumentMapping> = z.object({
  version: z.literal(1),
  root: TableMappingSchema,
});

/** Every table of a mapping, parents before children. */
export function mappedTables(mapping: DocumentMapping): TableMapping[] {
  const out: TableMapping[] = [];
  const visit = (table: TableMapping) => {
    out.push(table);
    if (table.element.kind === "record") visitFields(table.element.fields);
  };
  const visitFields = (fields: readonly FieldMapping[]) => {
    for (const field of fields) {
      if (field.kind === "object") visitFields(field.fields);
      if (field.kind === "collection") visit(field.table);
    }
  };
  visit(mapping.root);
  return out;
}
