// The CSV files of a file tree seen as tables a user would talk about: what a row is called (the
// file's name made singular), the column rows are named by, the columns with a few repeated values
// (status, city, plan), the numeric ones, and the columns that point at another file's rows (an
// order's customer id). Only plain CSV qualifies: no quoting, one header, every row complete.

import { singular } from "../../../tasks/phrasing/words";
import type { FsFile, FsTree } from "./tree";
import { linesOf } from "./tree";

export interface CsvTable {
  file: FsFile;
  header: string[];
  /** Data rows, split on commas, in file order. */
  rows: string[][];
  /** One row in words: `customers.csv` -> "customer". */
  entity: string;
  /** The column rows are named by (all distinct, not numbers), if any. */
  label: number | undefined;
  /** Text columns with a few repeated values. */
  categories: number[];
  /** Numeric columns that are not ids. */
  numbers: number[];
}

export interface CsvReference {
  child: CsvTable;
  /** The child's column holding the parent's keys. */
  column: number;
  parent: CsvTable;
  parentColumn: number;
}

const NUMBER = /^-?\d+(\.\d+)?$/;
const MAX_CELL = 60;

export function csvTables(tree: FsTree): CsvTable[] {
  const tables = tree.files.flatMap((file) => {
    const table = file.ext === ".csv" ? csvTable(file) : undefined;
    return table ? [table] : [];
  });
  const references = csvReferences(tables);
  for (const table of tables) {
    const pointing = new Set(references.filter((r) => r.child === table).map((r) => r.column));
    table.categories = table.categories.filter((c) => !pointing.has(c));
  }
  return tables;
}

function csvTable(file: FsFile): CsvTable | undefined {
  const text = file.text;
  if (!text?.endsWith("\n") || /["\r]/.test(text)) return undefined;
  const [head, ...body] = linesOf(text);
  const header = head?.split(",") ?? [];
  const rows = body.map((line) => line.split(","));
  const complete = rows.every((r) => r.length === header.length && r.every((c) => c.trim() === c));
  if (header.length < 2 || rows.length < 3 || !complete || new Set(header).size < header.length) {
    return undefined;
  }
  const column = (c: number) => rows.map((r) => r[c] ?? "");
  const indexes = header.map((_, c) => c);
  const numeric = (c: number) => column(c).every((v) => NUMBER.test(v));
  const distinct = (c: number) => new Set(column(c)).size;
  const names = indexes.filter(
    (c) =>
      !numeric(c) &&
      distinct(c) === rows.length &&
      column(c).every((v) => v.length >= 2 && v.length <= MAX_CELL),
  );
  const label = names.find((c) => /name|title/i.test(header[c] ?? "")) ?? names[0];
  return {
    file,
    header,
    rows,
    entity: singular(file.name.slice(0, -file.ext.length).replace(/[-_]+/g, " ")),
    label,
    categories: indexes.filter(
      (c) =>
        c !== label &&
        !numeric(c) &&
        distinct(c) >= 2 &&
        distinct(c) <= Math.max(2, rows.length / 2) &&
        column(c).every((v) => v.length >= 2 && v.length <= MAX_CELL && !v.includes("@")),
    ),
    numbers: indexes.filter((c) => numeric(c) && !/id$/i.test(header[c] ?? "")),
  };
}

/** Columns whose every value is the key (all distinct) of another table's rows. */
export function csvReferences(tables: readonly CsvTable[]): CsvReference[] {
  const out: CsvReference[] = [];
  for (const child of tables) {
    for (const parent of tables) {
      if (parent === child) continue;
      const keyColumn = parent.header.findIndex(
        (_, c) => new Set(parent.rows.map((r) => r[c])).size === parent.rows.length,
      );
      if (keyColumn < 0) continue;
      const keys = new Set(parent.rows.map((r) => r[keyColumn]));
      child.header.forEach((_, c) => {
        if (c === child.label || child.rows.some((r) => !keys.has(r[c] ?? ""))) return;
        out.push({ child, column: c, parent, parentColumn: keyColumn });
      });
    }
  }
  return out;
}

/** The values of column `c`, in row order. */
export function cells(table: CsvTable, c: number): string[] {
  return table.rows.map((r) => r[c] ?? "");
}
