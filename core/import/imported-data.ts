// What every importer returns: the SQL schema, the seed rows, and a report of what was inferred.
// Zod-backed because reports travel over the API and are stored with import jobs.
import { z } from "zod";
import { type SeedData, SeedDataSchema } from "../environment/spec";

/** The inferred meaning of a column; BOOLEAN is stored as INTEGER 0/1, dates and JSON as TEXT. */
export const ImportedColumnTypeSchema = z.enum([
  "INTEGER",
  "REAL",
  "TEXT",
  "BOOLEAN",
  "DATE",
  "DATETIME",
  "JSON",
]);

export const SqlColumnTypeSchema = z.enum(["INTEGER", "REAL", "TEXT"]);

export const ColumnReportSchema = z.object({
  name: z.string().min(1).describe("the column's name in SQL"),
  originalName: z.string().describe("the header or key it came from, before sanitising"),
  type: ImportedColumnTypeSchema,
  sqlType: SqlColumnTypeSchema,
  nullable: z.boolean(),
  key: z.boolean().describe("part of the primary key"),
});

export const ForeignKeyReportSchema = z.object({
  columns: z.array(z.string()).min(1),
  table: z.string(),
  references: z.array(z.string()).min(1),
});

export const TableReportSchema = z.object({
  name: z.string().min(1),
  /** Where the rows came from: a file name, or a JSON path such as `$.users.*.payment_methods`. */
  source: z.string(),
  rowCount: z.number().int().min(0),
  columns: z.array(ColumnReportSchema),
  /** Empty: a rowid table (no column qualified as a key). */
  primaryKey: z.array(z.string()),
  foreignKeys: z.array(ForeignKeyReportSchema),
  /** What the importer decided that a person should know (the delimiter, a foreign key found). */
  notes: z.array(z.string()),
  /** Where the data needed a judgement call (ragged rows padded, mixed types coerced, ...). */
  warnings: z.array(z.string()),
});

export const ImportReportSchema = z.object({
  format: z.enum(["csv", "json-rows", "nested-json"]),
  source: z.string(),
  tables: z.array(TableReportSchema),
});

export const ImportedDataSchema = z.object({
  schemaSql: z.string().min(1),
  seed: SeedDataSchema,
  report: ImportReportSchema,
});

export type ImportedColumnType = z.infer<typeof ImportedColumnTypeSchema>;
export type SqlColumnType = z.infer<typeof SqlColumnTypeSchema>;
export type ColumnReport = z.infer<typeof ColumnReportSchema>;
export type ForeignKeyReport = z.infer<typeof ForeignKeyReportSchema>;
export type TableReport = z.infer<typeof TableReportSchema>;
export type ImportReport = z.infer<typeof ImportReportSchema>;
export interface ImportedData {
  schemaSql: string;
  seed: SeedData;
  report: ImportReport;
}
