// CSV -> one table: header row for column names, types inferred over every row, a primary key when
// an id-named column qualifies. Ragged rows are an error (or padded, when asked).
import { AppError } from "../base/errors";
import { type CsvDelimiter, parseCsv, sniffDelimiter } from "./csv-parse";
import { buildFlatTable } from "./flat-table";
import type { ImportedData } from "./imported-data";
import { inferTextColumn } from "./infer-column";
import { sanitizeName } from "./names";
import { sourceText } from "./source-text";
import { assembleImport } from "./table-ddl";

export interface CsvImportOptions {
  /** SQL table name (sanitised); defaults to the source name without its extension. */
  tableName?: string;
  /** Name for messages and the report, e.g. the file name. */
  sourceName?: string;
  /** `auto` (default) sniffs among `, ; \t |`. */
  delimiter?: CsvDelimiter | "auto";
  /** `error` (default): rows whose field count differs from the header's fail the import. */
  raggedRows?: "error" | "pad";
}

const MAX_LISTED = 10;

export function importCsv(
  input: string | Uint8Array,
  options: CsvImportOptions = {},
): ImportedData {
  const sourceName = options.sourceName ?? "data.csv";
  const text = sourceText(input, sourceName);
  const delimiter =
    options.delimiter === undefined || options.delimiter === "auto"
      ? sniffDelimiter(text)
      : options.delimiter;
  const [header, ...records] = parseCsv(text, delimiter);
  if (!header) throw new AppError("validation_failed", `${sourceName} is empty: no header row.`);
  const width = header.fields.length;

  const ragged = records.filter((r) => r.fields.length !== width);
  const warnings: string[] = [];
  if (ragged.length > 0) {
    const listed = ragged
      .slice(0, MAX_LISTED)
      .map((r) => ({ line: r.line, fields: r.fields.length }));
    if ((options.raggedRows ?? "error") === "error") {
      const lines = listed.map((r) => `line ${r.line} has ${r.fields}`).join(", ");
      throw new AppError(
        "validation_failed",
        `${sourceName}: ${ragged.length} row(s) do not have the header's ${width} fields (${lines}${ragged.length > MAX_LISTED ? ", ..." : ""}). Fix them, or import with raggedRows: "pad".`,
        { source: sourceName, expectedFields: width, raggedRows: ragged.length, rows: listed },
      );
    }
    const long = ragged.filter((r) => r.fields.length > width);
    const dropped = long.filter((r) => r.fields.slice(width).some((f) => f !== null && f !== ""));
    warnings.push(
      `${ragged.length - long.length} short row(s) padded with NULL (first at line ${ragged[0]?.line})`,
    );
    if (long.length > 0) {
      warnings.push(
        `${long.length} long row(s) truncated to ${width} fields${
          dropped.length > 0
            ? `, dropping values at line(s) ${dropped
                .slice(0, MAX_LISTED)
                .map((r) => r.line)
                .join(", ")}`
            : " (only empty fields dropped)"
        }`,
      );
    }
  }

  const columns = header.fields.map((name, c) => ({
    originalName: name ?? "",
    inferred: inferTextColumn(records.map((r) => r.fields[c] ?? null)),
  }));
  const tableName = sanitizeName(options.tableName ?? sourceName.replace(/\.[^.]*$/, ""), "data");
  const notes = [
    `delimiter ${JSON.stringify(delimiter)}${options.delimiter === undefined || options.delimiter === "auto" ? " (detected)" : ""}`,
  ];
  const table = buildFlatTable(tableName, sourceName, records.length, columns, warnings, notes);
  return assembleImport("csv", sourceName, [table]);
}
