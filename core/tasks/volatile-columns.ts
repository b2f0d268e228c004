// Columns whose values come from the clock or the seed (generated ids, timestamps): found by
// replaying the reference solution under another seed and clock start and seeing what moved.
// The verifier compares such columns by presence only; maskRow drops them from a row.
import type { SqlValue } from "../environment/spec";
import type { DiffRow, RowUpdate, StateDiff } from "../episode/state-diff";
import { canonicalJson } from "../json";

export type VolatileColumns = Record<string, string[]>;

/**
 * The columns, per table, that differ between the gold run and a perturbed replay. Updated rows
 * meet by key. Inserted rows are paired greedily by how many columns they share, ties in order,
 * because a seed-chosen key can reorder rows that the diff lists by key. Rows present in only
 * one run say nothing about columns and are left out (the replay diverged; the caller decides).
 */
export function volatileColumns(gold: StateDiff, perturbed: StateDiff): VolatileColumns {
  const result: VolatileColumns = {};
  for (const [table, goldTable] of Object.entries(gold)) {
    const other = tableIn(perturbed, table);
    if (!other) continue;
    const columns = new Set<string>();
    for (const [a, b] of pairInserted(goldTable.inserted, other.inserted)) {
      for (const c of differingColumns(a, b)) columns.add(c);
    }
    const updates = new Map(other.updated.map((u) => [canonicalJson(u.key), u]));
    for (const update of goldTable.updated) {
      const twin: RowUpdate | undefined = updates.get(canonicalJson(update.key));
      if (twin) for (const c of differingColumns(update.after, twin.after)) columns.add(c);
    }
    if (columns.size > 0) result[table] = [...columns].sort();
  }
  return result;
}

/** The row without the table's volatile columns (names compared case-insensitively). */
export function maskRow(
  row: Record<string, SqlValue>,
  volatile: readonly string[] | undefined,
): Record<string, SqlValue> {
  if (!volatile || volatile.length === 0) return { ...row };
  const drop = new Set(volatile.map((c) => c.toLowerCase()));
  return Object.fromEntries(Object.entries(row).filter(([c]) => !drop.has(c.toLowerCase())));
}

/** A table's volatile columns, its name matched case-insensitively (SQLite names are). */
export function volatileFor(volatile: VolatileColumns, table: string): string[] {
  const exact = volatile[table];
  if (exact) return exact;
  const lower = table.toLowerCase();
  const key = Object.keys(volatile).find((t) => t.toLowerCase() === lower);
  return key ? (volatile[key] ?? []) : [];
}

function tableIn(diff: StateDiff, table: string) {
  const lower = table.toLowerCase();
  return diff[table] ?? Object.entries(diff).find(([t]) => t.toLowerCase() === lower)?.[1];
}

function differingColumns(a: DiffRow, b: DiffRow): string[] {
  const columns = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...columns].filter((c) => canonicalJson(a[c] ?? null) !== canonicalJson(b[c] ?? null));
}

function pairInserted(gold: DiffRow[], other: DiffRow[]): [DiffRow, DiffRow][] {
  const free = other.map((row, index) => ({ row, index }));
  const pairs: [DiffRow, DiffRow][] = [];
  for (const row of gold) {
    let best = -1;
    let bestShared = -1;
    for (const [i, candidate] of free.entries()) {
      const keys = Object.keys(row);
      const shared = keys.filter(
        (c) => canonicalJson(row[c] ?? null) === canonicalJson(candidate.row[c] ?? null),
      ).length;
      if (shared > bestShared) {
        best = i;
        bestShared = shared;
      }
    }
    const match = free[best];
    if (!match) break;
    pairs.push([row, match.row]);
    free.splice(best, 1);
  }
  return pairs;
}
