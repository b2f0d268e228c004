// What the CSV templates share: a table's rows named the way a user says them ("the order
// ORD-24051", "the status"), the round thresholds that split a numeric column, and the solution
// code that reads a CSV file into rows of cells and rewrites it line by line.

import { humanize, plural } from "../../../tasks/phrasing/words";
import { lit } from "../../../tasks/programs/program-code";
import { roundBetween } from "../../../tasks/programs/program-values";
import type { FsLens } from "./lens";
import { textCall } from "./program-code";
import { type CsvTable, cells } from "./tables";

export const columnWords = (table: CsvTable, c: number) => humanize(table.header[c] ?? "");
export const entities = (table: CsvTable) => plural(table.entity);

/** Every round threshold between two neighbouring distinct values of a numeric column. */
export function thresholdsOf(table: CsvTable, c: number): number[] {
  const values = [...new Set(cells(table, c).map(Number))].sort((a, b) => a - b);
  return values.slice(0, -1).flatMap((lo, i) => {
    const t = roundBetween(lo, values[i + 1] as number);
    return t === undefined ? [] : [t];
  });
}

/** The distinct values of a column, in first-seen order. */
export function valuesOf(table: CsvTable, c: number): string[] {
  return [...new Set(cells(table, c))];
}

/** `const <name> = rows of cells` of the CSV at `path` (header first). */
export function readRows(lens: FsLens, name: string, path: string): string {
  return `const ${name} = lines(${textCall(lens.read_text, { path: lit(path) })}).map((line) => line.split(","));`;
}

/** A condition on one row's cells, in words and as code over `cells`. */
export interface RowTest {
  key: string;
  /** `whose city is "Berlin"` */
  words: string;
  /** `the city "Berlin"`, for "whose customer has ..." */
  has: string;
  code(cellsName: string, header: string): string;
  test(row: readonly string[]): boolean;
}

export function equalsTest(table: CsvTable, c: number, value: string): RowTest {
  const name = table.header[c] ?? "";
  return {
    key: `${name}=${value}`,
    words: `whose ${columnWords(table, c)} is "${value}"`,
    has: `the ${columnWords(table, c)} "${value}"`,
    code: (row, header) => `${row}[${header}.indexOf(${lit(name)})] === ${lit(value)}`,
    test: (row) => row[c] === value,
  };
}

export function aboveTest(table: CsvTable, c: number, threshold: number): RowTest {
  const name = table.header[c] ?? "";
  return {
    key: `${name}>${threshold}`,
    words: `whose ${columnWords(table, c)} is above ${threshold}`,
    has: `a ${columnWords(table, c)} above ${threshold}`,
    code: (row, header) => `Number(${row}[${header}.indexOf(${lit(name)})]) > ${threshold}`,
    test: (row) => Number(row[c]) > threshold,
  };
}

/** Every equality test on a category column and threshold test on a numeric one. */
export function rowTests(table: CsvTable): RowTest[] {
  return [
    ...table.categories.flatMap((c) => valuesOf(table, c).map((v) => equalsTest(table, c, v))),
    ...table.numbers.flatMap((c) => thresholdsOf(table, c).map((t) => aboveTest(table, c, t))),
  ];
}
