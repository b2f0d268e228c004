// A JSON array of flat objects (or a map of them keyed by id) -> one table. Keys are unioned in
// first-seen order; nested values are kept as JSON text with a warning.
import { AppError } from "../base/errors";
import { buildFlatTable } from "./flat-table";
import type { ImportedData } from "./imported-data";
import { inferJsonColumn } from "./infer-column";
import { sanitizeName } from "./names";
import { describeJsonValue, parseJsonText } from "./source-text";
import { assembleImport } from "./table-ddl";

export interface JsonRowsImportOptions {
  tableName?: string;
  sourceName?: string;
}

type Row = Record<string, unknown>;

function isRow(value: unknown): value is Row {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `input` is JSON text/bytes, or an already parsed value. */
export function importJsonRows(
  input: string | Uint8Array | { parsed: unknown },
  options: JsonRowsImportOptions = {},
): ImportedData {
  const sourceName = options.sourceName ?? "data.json";
  const value =
    typeof input === "object" && "parsed" in input
      ? input.parsed
      : parseJsonText(input, sourceName);
  const { rows, keyColumn } = rowsOf(value, sourceName);

  const keys: string[] = keyColumn ? [keyColumn] : [];
  const seen = new Set(keys);
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (!seen.has(key)) {
        seen.add(key);
        keys.push(key);
      }
    }
  }
  if (keys.length === 0) {
    throw new AppError("validation_failed", `${sourceName}: the rows have no keys, so no columns.`);
  }
  const columns = keys.map((key) => ({
    originalName: key,
    inferred: inferJsonColumn(rows.map((row) => row[key])),
  }));
  const tableName = sanitizeName(options.tableName ?? sourceName.replace(/\.[^.]*$/, ""), "data");
  const table = buildFlatTable(tableName, sourceName, rows.length, columns);
  return assembleImport("json-rows", sourceName, [table]);
}

function rowsOf(value: unknown, sourceName: string): { rows: Row[]; keyColumn?: string } {
  if (Array.isArray(value)) {
    const bad = value.findIndex((v) => !isRow(v));
    if (bad >= 0) {
      throw new AppError(
        "validation_failed",
        `${sourceName}: element ${bad} of the array is ${describeJsonValue(value[bad])}, not an object; JSON rows must be objects.`,
        { source: sourceName, index: bad },
      );
    }
    return { rows: value.filter(isRow) };
  }
  if (isRow(value)) {
    const entries = Object.entries(value);
    const bad = entries.find(([, v]) => !isRow(v));
    if (entries.length > 0 && !bad) {
      // A map keyed by id: the key becomes a `key` column (`key_2` if rows already have one).
      let keyColumn = "key";
      for (let n = 2; entries.some(([, row]) => isRow(row) && keyColumn in row); n++) {
        keyColumn = `key_${n}`;
      }
      const rows = entries.map(([key, row]) => ({ ...(isRow(row) ? row : {}), [keyColumn]: key }));
      return { rows, keyColumn };
    }
    throw new AppError(
      "validation_failed",
      `${sourceName}: expected an array of row objects (or an object of row objects keyed by id), got an object whose ${bad ? `key ${JSON.stringify(bad[0])} holds ${describeJsonValue(bad[1])}` : "has no keys"}. Nested documents go through the nested JSON importer.`,
      { source: sourceName },
    );
  }
  throw new AppError(
    "validation_failed",
    `${sourceName}: expected a JSON array of objects, got ${describeJsonValue(value)}.`,
    { source: sourceName },
  );
}
