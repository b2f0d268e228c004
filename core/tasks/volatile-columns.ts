// Columns whose values come from the clock or the seed (generated ids, timestamps): found by
// replaying the reference solution under another seed and clock start and seeing what moved.
// The verifier compares such columns by presence only; maskRow drops them from a row. A text
// column holding a JSON document (a REST store's `doc`) is narrowed to the fields that moved,
// written `column#/json/pointer`, so the rest of the document is still compared.

import { canonicalJson } from "../base/json";
import type { SqlValue } from "../environment/spec";
import type { DiffRow, RowUpdate, StateDiff } from "../episode/state-diff";

/** Per table: column names, or `column#/pointer` for a field inside a JSON document column. */
export type VolatileColumns = Record<string, string[]>;

/** More moving fields than this in one document: the whole column is volatile. */
const MAX_FIELDS = 20;

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
      for (const c of differingFields(a, b)) columns.add(c);
    }
    const updates = new Map(other.updated.map((u) => [canonicalJson(u.key), u]));
    for (const update of goldTable.updated) {
      const twin: RowUpdate | undefined = updates.get(canonicalJson(update.key));
      if (twin) for (const c of differingFields(update.after, twin.after)) columns.add(c);
    }
    result[table] = wholeColumnsWin([...columns]);
    if (result[table].length === 0) delete result[table];
  }
  return result;
}

/** A column volatile as a whole makes its field entries redundant. */
function wholeColumnsWin(entries: string[]): string[] {
  const whole = new Set(entries.filter((e) => !e.includes("#/")).map((e) => e.toLowerCase()));
  return entries
    .filter((e) => !e.includes("#/") || !whole.has(e.slice(0, e.indexOf("#/")).toLowerCase()))
    .sort();
}

/** Differing columns; for two JSON documents, the pointers of the fields that differ. */
function differingFields(a: DiffRow, b: DiffRow): string[] {
  return differingColumns(a, b).flatMap((column) => {
    const left = jsonDocument(a[column] ?? null);
    const right = jsonDocument(b[column] ?? null);
    if (left === undefined || right === undefined) return [column];
    const pointers: string[] = [];
    jsonDifferences(left, right, [], pointers);
    if (pointers.length === 0 || pointers.length > MAX_FIELDS) return [column];
    return pointers.map((pointer) => `${column}#${pointer}`);
  });
}

type JsonDocument = { [key: string]: unknown } | unknown[];

/** A text value that parses to a JSON object or array, else undefined. */
function jsonDocument(value: SqlValue): JsonDocument | undefined {
  if (typeof value !== "string" || !/^\s*[[{]/.test(value)) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "object" && parsed !== null ? (parsed as JsonDocument) : undefined;
  } catch {
    return undefined;
  }
}

function jsonDifferences(a: unknown, b: unknown, path: string[], out: string[]): void {
  const bothObjects =
    typeof a === "object" &&
    a !== null &&
    typeof b === "object" &&
    b !== null &&
    Array.isArray(a) === Array.isArray(b) &&
    (!Array.isArray(a) || (a as unknown[]).length === (b as unknown[]).length);
  if (!bothObjects) {
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(pointerOf(path));
    return;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
    jsonDifferences(left[key], right[key], [...path, key], out);
  }
}

function pointerOf(path: readonly string[]): string {
  return `/${path.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/")}`;
}

function pointerPath(pointer: string): string[] {
  return pointer
    .slice(1)
    .split("/")
    .map((p) => p.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** Deletes the field at `path` (array elements become null, so indexes do not shift). */
function removePath(document: JsonDocument, path: readonly string[]): void {
  let here: unknown = document;
  for (const [i, key] of path.entries()) {
    if (typeof here !== "object" || here === null) return;
    const container = here as Record<string, unknown>;
    if (i === path.length - 1) {
      if (Array.isArray(container)) container[Number(key)] = null;
      else delete container[key];
      return;
    }
    here = container[key];
  }
}

/**
 * The row without the table's volatile columns (names compared case-insensitively); a JSON column
 * with volatile fields keeps its other fields, re-written as canonical JSON. A value that is not
 * a JSON document there loses the whole column, as a plain volatile column would.
 */
export function maskRow(
  row: Record<string, SqlValue>,
  volatile: readonly string[] | undefined,
): Record<string, SqlValue> {
  if (!volatile || volatile.length === 0) return { ...row };
  const drop = new Set<string>();
  const fields = new Map<string, string[][]>();
  for (const entry of volatile) {
    const at = entry.indexOf("#/");
    if (at < 0) {
      drop.add(entry.toLowerCase());
      continue;
    }
    const column = entry.slice(0, at).toLowerCase();
    fields.set(column, [...(fields.get(column) ?? []), pointerPath(entry.slice(at + 1))]);
  }
  const out: Record<string, SqlValue> = {};
  for (const [column, value] of Object.entries(row)) {
    const lower = column.toLowerCase();
    if (drop.has(lower)) continue;
    const paths = fields.get(lower);
    if (!paths) {
      out[column] = value;
      continue;
    }
    const document = jsonDocument(value);
    if (document === undefined) continue;
    for (const path of paths) removePath(document, path);
    out[column] = canonicalJson(document);
  }
  return out;
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
