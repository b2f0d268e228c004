// The shape the seeded bases are written in (mcp-bases-seed-*.ts): fields by type with their
// options in words, records as cells keyed by field name (a link cell names the linked records by
// their primary value), and a row helper that pairs a column list with value tuples, so a table
// of twenty records reads like the grid a user would see.
import type { FieldType } from "./model";

export type Cell = string | number | boolean | readonly string[] | null;

export interface FieldPlan {
  name: string;
  type: FieldType;
  description?: string;
  precision?: number;
  symbol?: string;
  choices?: readonly string[];
  /** For a link: the linked table (same base) and the name of the inverse field made there. */
  link?: { table: string; inverse: string; single?: boolean };
}

export interface ViewPlan {
  name: string;
  filter?: string;
  sort?: { field: string; direction: "asc" | "desc" }[];
}

export interface TablePlan {
  name: string;
  description?: string;
  fields: readonly FieldPlan[];
  views?: readonly ViewPlan[];
  records: readonly Record<string, Cell>[];
}

export interface BasePlan {
  name: string;
  permissionLevel: "create" | "edit" | "comment" | "read";
  tables: readonly TablePlan[];
}

export interface CommentPlan {
  base: string;
  table: string;
  /** The record's primary value. */
  record: string;
  author: string;
  text: string;
  /** A reply to the comment before it on the same record. */
  reply?: boolean;
}

/** Records from a column list and one tuple per record (`null`: the cell is empty). */
export function rows(columns: readonly string[], values: readonly (readonly Cell[])[]) {
  return values.map((tuple) => {
    if (tuple.length !== columns.length) {
      throw new Error(`a row of ${tuple.length} cells for ${columns.length} columns: ${tuple[0]}`);
    }
    const out: Record<string, Cell> = {};
    columns.forEach((column, i) => {
      const value = tuple[i];
      if (value !== null && value !== undefined) out[column] = value;
    });
    return out;
  });
}
