// A canonical digest of an episode's user data: equal contents give equal digests whatever the
// insertion order; any change of any value changes it. Used for task ground truth ("final state")
// and to tell whether two episodes ended in the same state.
import { canonicalJson, sha256Hex } from "../base/json";
import { listUserTables, type TableInfo } from "./schema-introspection";
import type { SqlDatabase, SqlParam } from "./sql-database";
import { toSqlValue } from "./sql-values";
import { readOrderedRows } from "./table-rows";

export interface TableDigest {
  digest: string;
  rows: number;
}

export interface StateDigest {
  /** sha256 hex over the per-table digests. */
  digest: string;
  tables: Record<string, TableDigest>;
}

/** Bumped if the canonical form ever changes, so old and new digests never collide. */
const DIGEST_VERSION = "aw-state-v1";

export async function computeStateDigest(db: SqlDatabase): Promise<string> {
  return (await computeStateDigests(db)).digest;
}

/**
 * Per-table digests and the overall one. Values are canonical JSON: numbers by value (an integral
 * REAL and the equal INTEGER are the same number; JSON seeds cannot tell them apart either),
 * strings as JSON strings, BLOBs as `{"$base64": ...}`. The rows are read synchronously, so the
 * whole digest sees one consistent state even though hashing awaits.
 */
export async function computeStateDigests(db: SqlDatabase): Promise<StateDigest> {
  const texts = listUserTables(db).map((table) => ({ table, ...canonicalTableText(db, table) }));
  const tables: Record<string, TableDigest> = {};
  for (const { table, text, rows } of texts) {
    tables[table.name] = { digest: await sha256Hex(text), rows };
  }
  const byName = Object.fromEntries(Object.entries(tables).map(([name, t]) => [name, t.digest]));
  const digest = await sha256Hex(canonicalJson({ version: DIGEST_VERSION, tables: byName }));
  return { digest, tables };
}

/** `{"columns":[...],"rows":[[...],...]}` for one table, rows in canonical order. */
export function canonicalTableText(
  db: SqlDatabase,
  table: TableInfo,
): { text: string; rows: number } {
  const names = table.columns.map((c) => c.name);
  const rows = readOrderedRows(db, table);
  const parts = rows.map(
    (row) => `[${names.map((n) => canonicalValue(row[n] ?? null)).join(",")}]`,
  );
  return {
    text: `{"columns":${canonicalJson(names)},"rows":[${parts.join(",")}]}`,
    rows: rows.length,
  };
}

function canonicalValue(value: SqlParam): string {
  return canonicalJson(toSqlValue(value));
}
