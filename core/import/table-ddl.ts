// A drafted table (columns, keys, rows) and how it turns into `CREATE TABLE`, seed rows and a report.
import { AppError } from "../base/errors";
import type { SeedData, SqlValue } from "../environment/spec";
import { quoteIdentifier, quoteIdentifierList } from "../episode/sql-identifiers";
import type {
  ColumnReport,
  ForeignKeyReport,
  ImportedData,
  ImportReport,
  TableReport,
} from "./imported-data";

/** SQLite's default SQLITE_MAX_COLUMN, which workerd's SQLite keeps. */
export const MAX_COLUMNS = 2000;

export interface TableDraft {
  name: string;
  source: string;
  columns: ColumnReport[];
  primaryKey: string[];
  foreignKeys: ForeignKeyReport[];
  rows: SqlValue[][];
  notes: string[];
  warnings: string[];
}

/**
 * Key columns are NOT NULL; other columns stay nullable in the DDL even when the data has no
 * NULLs (the report says so), so later writes are not refused over an accident of the sample.
 */
export function createTableSql(table: TableDraft): string {
  const lines = table.columns.map(
    (c) => `  ${quoteIdentifier(c.name)} ${c.sqlType}${c.key ? " NOT NULL" : ""}`,
  );
  if (table.primaryKey.length > 0) {
    lines.push(`  PRIMARY KEY (${quoteIdentifierList(table.primaryKey)})`);
  }
  for (const fk of table.foreignKeys) {
    lines.push(
      `  FOREIGN KEY (${quoteIdentifierList(fk.columns)}) REFERENCES ${quoteIdentifier(fk.table)} (${quoteIdentifierList(fk.references)})`,
    );
  }
  return `CREATE TABLE ${quoteIdentifier(table.name)} (\n${lines.join(",\n")}\n);`;
}

export function assembleImport(
  format: ImportReport["format"],
  source: string,
  tables: readonly TableDraft[],
): ImportedData {
  const wide = tables.find((t) => t.columns.length > MAX_COLUMNS);
  if (wide) {
    throw new AppError(
      "validation_failed",
      `${source}: table ${wide.name} would have ${wide.columns.length} columns; SQLite allows ${MAX_COLUMNS}.`,
      { source, table: wide.name, columns: wide.columns.length },
    );
  }
  const seed: SeedData = { tables: {} };
  for (const t of tables)
    seed.tables[t.name] = { columns: t.columns.map((c) => c.name), rows: t.rows };
  const reports: TableReport[] = tables.map((t) => ({
    name: t.name,
    source: t.source,
    rowCount: t.rows.length,
    columns: t.columns,
    primaryKey: t.primaryKey,
    foreignKeys: t.foreignKeys,
    notes: t.notes,
    warnings: t.warnings,
  }));
  return {
    schemaSql: tables.map(createTableSql).join("\n\n"),
    seed,
    report: { format, source, tables: reports },
  };
}
