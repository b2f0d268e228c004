// One table from named columns of raw values: the common tail of the CSV and JSON-rows importers.
import type { SqlValue } from "../environment/spec";
import type { ColumnReport } from "./imported-data";
import type { InferredColumn } from "./infer-column";
import { NameScope, sanitizeName } from "./names";
import { choosePrimaryKey } from "./primary-key";
import type { TableDraft } from "./table-ddl";

export interface FlatColumn {
  originalName: string;
  inferred: InferredColumn;
}

export function buildFlatTable(
  tableName: string,
  source: string,
  rowCount: number,
  columns: readonly FlatColumn[],
  tableWarnings: readonly string[] = [],
  notes: readonly string[] = [],
): TableDraft {
  const scope = new NameScope();
  const reports: ColumnReport[] = columns.map((c, i) => ({
    name: scope.claim(sanitizeName(c.originalName, `column_${i + 1}`)),
    originalName: c.originalName,
    type: c.inferred.type,
    sqlType: c.inferred.sqlType,
    nullable: c.inferred.nullable,
    key: false,
  }));
  const rows: SqlValue[][] = [];
  for (let r = 0; r < rowCount; r++) rows.push(columns.map((c) => c.inferred.values[r] ?? null));
  const warnings = [...tableWarnings];
  for (const [i, c] of columns.entries()) {
    for (const w of c.inferred.warnings) warnings.push(`column ${reports[i]?.name}: ${w}`);
  }
  const key = choosePrimaryKey(tableName, reports, rows);
  const primaryKey: string[] = [];
  const keyColumn = reports[key.index];
  if (keyColumn) {
    keyColumn.key = true;
    primaryKey.push(keyColumn.name);
  } else if ("reason" in key) warnings.push(`no primary key: ${key.reason}`);
  return {
    name: tableName,
    source,
    columns: reports,
    primaryKey,
    foreignKeys: [],
    rows,
    notes: [...notes],
    warnings,
  };
}
