// Keys the environment allocates when a row is inserted (one above the highest, a counter, a
// position): correct calls made in another order than the reference solution's give the same rows
// under other keys, and the rows that point at them (a task's association with its contact) hold
// other numbers. So before the verifier compares, each allocated key is replaced by a token made
// of its row's other values, in its own row and in every column that holds allocated keys in the
// reference changes. Rows equal but for allocated keys then compare equal; a row pointing at the
// wrong new record still differs, since the token carries that record's content.

import { canonicalJson } from "../base/json";
import type { SqlValue } from "../environment/spec";
import { describeTable, listUserTableNames } from "../episode/schema-introspection";
import type { SqlDatabase } from "../episode/sql-database";
import type { DiffRow, StateDiff } from "../episode/state-diff";

/** Per table, the single primary-key column whose values inserts allocate. */
export type AllocatedKeys = Record<string, string>;

export interface ComparedRow {
  table: string;
  op: "insert" | "delete" | "update";
  row: DiffRow;
}

/**
 * The tables the reference run inserted into whose primary key is one column, unless a new key
 * appears in the instruction (then the user chose it, and it is compared as it is).
 */
export function allocatedKeys(
  db: SqlDatabase,
  changes: StateDiff,
  instruction: string,
): AllocatedKeys {
  const keys: AllocatedKeys = {};
  const existing = new Set(listUserTableNames(db));
  for (const [table, diff] of Object.entries(changes)) {
    // A table the solution created itself (SQL `CREATE TABLE`) is compared as it is.
    if (diff.inserted.length === 0 || !existing.has(table)) continue;
    const [key, ...more] = describeTable(db, table).primaryKey;
    if (!key || more.length > 0) continue;
    const stated = diff.inserted.some((row) => {
      const value = row[key];
      return (typeof value === "string" || typeof value === "number") && String(value).length > 0
        ? instruction.includes(String(value))
        : false;
    });
    if (!stated) keys[table] = key;
  }
  return keys;
}

const columnOf = (table: string, column: string) => `${table.toLowerCase()}.${column}`;
const valueKey = (value: SqlValue | undefined) =>
  typeof value === "string" || typeof value === "number" ? canonicalJson(value) : undefined;

/** Each allocated key value among the inserted rows, with its row. */
function allocated(rows: readonly ComparedRow[], keys: AllocatedKeys) {
  const found = new Map<string, ComparedRow & { column: string }>();
  for (const r of rows) {
    const column = keys[r.table];
    const value = column === undefined ? undefined : valueKey(r.row[column]);
    if (r.op === "insert" && column !== undefined && value !== undefined) {
      found.set(value, { ...r, column });
    }
  }
  return found;
}

/** Columns (`table.column`) of the reference changes that hold an allocated key. */
export function keyColumns(rows: readonly ComparedRow[], keys: AllocatedKeys): Set<string> {
  const fresh = allocated(rows, keys);
  const columns = new Set<string>();
  for (const r of rows) {
    for (const [column, value] of Object.entries(r.row)) {
      const k = valueKey(value);
      if (k !== undefined && fresh.has(k)) columns.add(columnOf(r.table, column));
    }
  }
  return columns;
}

/** The rows with allocated keys, in `columns`, replaced by tokens of their rows' other values. */
export function withKeyTokens(
  rows: readonly ComparedRow[],
  keys: AllocatedKeys,
  columns: ReadonlySet<string>,
): ComparedRow[] {
  const fresh = allocated(rows, keys);
  if (fresh.size === 0) return [...rows];
  const rename = (r: ComparedRow, token: (value: string) => string): DiffRow =>
    Object.fromEntries(
      Object.entries(r.row).map(([column, value]) => {
        const k = valueKey(value);
        const renamed = k !== undefined && fresh.has(k) && columns.has(columnOf(r.table, column));
        return [column, renamed ? token(k) : value];
      }),
    );
  // Two rounds: first each new row's own values (other new keys blanked), then with the first
  // round's tokens, so a row pointing at a new row is told apart by what that row holds.
  let tokens = new Map<string, string>();
  for (let round = 0; round < 2; round++) {
    const previous = tokens;
    tokens = new Map(
      [...fresh].map(([value, r]) => {
        const { [r.column]: _own, ...others } = rename(r, (v) => previous.get(v) ?? "#new");
        return [value, `#new:${r.table.toLowerCase()}:${canonicalJson(others)}`];
      }),
    );
  }
  return rows.map((r) => ({ ...r, row: rename(r, (v) => tokens.get(v) ?? "#new") }));
}
