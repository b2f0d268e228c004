// The building blocks every surface's tool tests share: a test that expects a result (exactly or
// as a subset) and the rows each table gains, changes or loses; one that expects an error code;
// the changes written as [inserted, updated, deleted] per table; and a test's arguments given by
// slot, put under the names the server's tool calls them.

import type { Json } from "../../base/json";
import type { ToolTest } from "../../environment/spec";

export type TableChanges = NonNullable<ToolTest["expect"]["changes"]>;

/** Rows inserted, updated and deleted, per table of the surface's model. */
export type TableCounts<T extends string> = Partial<
  Record<T, [inserted: number, updated: number, deleted: number]>
>;

/** The counts under the tables' SQL names (`tables` maps the model's name to the SQL one). */
export function changesOf<T extends string>(
  tables: Record<T, string>,
  counts: TableCounts<T>,
): TableChanges {
  const out: TableChanges = {};
  for (const [table, [inserted, updated, deleted]] of Object.entries(counts) as [
    T,
    [number, number, number],
  ][]) {
    out[tables[table]] = { inserted, updated, deleted };
  }
  return out;
}

/** The slot values under the server's argument names; slots the tool does not take are dropped. */
export function argumentsOf<S extends string>(
  names: Partial<Record<S, string>>,
  slots: Partial<Record<S, Json>>,
): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [slot, value] of Object.entries(slots) as [S, Json][]) {
    const name = names[slot];
    if (name !== undefined) out[name] = value;
  }
  return out;
}

/** A test whose answer must be `result` (all of it, or contain it) and change the tables so. */
export function expectResult(
  name: string,
  args: Record<string, Json>,
  result: Json,
  match: "exact" | "subset",
  changes?: TableChanges,
): ToolTest {
  return { name, args, expect: { result, match, ...(changes ? { changes } : {}) } };
}

/** A test the tool must refuse with the error `code`. */
export function expectError(name: string, args: Record<string, Json>, code: string): ToolTest {
  return { name, args, expect: { match: "exact", error: { code } } };
}

/** Whether the tool takes every slot a test gives (a look-alike tool keeps the tests it can take). */
export function offersSlots<S extends string>(
  names: Partial<Record<S, string>>,
  slots: Partial<Record<S, Json>>,
): boolean {
  return Object.keys(slots).every((slot) => names[slot as S] !== undefined);
}

/**
 * The two test makers of a surface whose tests give arguments by slot: `ok` (the answer must
 * match `result` as `match` says, and the tables change by `counts`) and `fails` (error `code`).
 */
export function slotTestMakers<S extends string, T extends string>(
  names: Partial<Record<S, string>>,
  tables: Record<T, string>,
  match: "exact" | "subset",
) {
  type Slots = Partial<Record<S, Json>>;
  return {
    ok: (name: string, slots: Slots, result: Json, counts?: TableCounts<T>): ToolTest =>
      expectResult(
        name,
        argumentsOf(names, slots),
        result,
        match,
        counts ? changesOf(tables, counts) : undefined,
      ),
    fails: (name: string, slots: Slots, code: string): ToolTest =>
      expectError(name, argumentsOf(names, slots), code),
  };
}
