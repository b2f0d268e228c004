// Rows inserted/updated/deleted per table, as tool tests state them and as admission measures
// them; compared by table name case-insensitively, the way SQLite resolves table names.

export interface TableChangeCount {
  inserted: number;
  updated: number;
  deleted: number;
}

export type ChangeCounts = Record<string, TableChangeCount>;

type PartialCounts = Readonly<Record<string, Partial<TableChangeCount>>>;

/** Drops tables with nothing changed and fills missing counts with 0. */
export function normalizeChanges(changes: PartialCounts): ChangeCounts {
  const out: ChangeCounts = {};
  for (const [table, c] of Object.entries(changes)) {
    const count = { inserted: c.inserted ?? 0, updated: c.updated ?? 0, deleted: c.deleted ?? 0 };
    if (count.inserted + count.updated + count.deleted > 0) out[table] = count;
  }
  return out;
}

export function hasChanges(changes: PartialCounts): boolean {
  return Object.keys(normalizeChanges(changes)).length > 0;
}

/** Null when the changes match; otherwise one phrase per table that differs. */
export function changesMismatch(expected: PartialCounts, actual: PartialCounts): string | null {
  const want = byLowerName(normalizeChanges(expected));
  const got = byLowerName(normalizeChanges(actual));
  const problems: string[] = [];
  for (const key of [...new Set([...want.keys(), ...got.keys()])].sort()) {
    const w = want.get(key);
    const g = got.get(key);
    if (w && g && sameCounts(w.count, g.count)) continue;
    const table = (g ?? w)?.table ?? key;
    if (!w)
      problems.push(`${table} changed (${describeCount(g?.count)}) but the test expects no change`);
    else if (!g) problems.push(`${table} expected ${describeCount(w.count)}, got no change`);
    else
      problems.push(`${table} expected ${describeCount(w.count)}, got ${describeCount(g.count)}`);
  }
  return problems.length === 0 ? null : problems.join("; ");
}

export function describeChanges(changes: PartialCounts): string {
  const entries = Object.entries(normalizeChanges(changes));
  if (entries.length === 0) return "no change";
  return entries.map(([table, c]) => `${table} (${describeCount(c)})`).join(", ");
}

function describeCount(c: TableChangeCount | undefined): string {
  if (!c) return "nothing";
  return `inserted ${c.inserted}, updated ${c.updated}, deleted ${c.deleted}`;
}

function sameCounts(a: TableChangeCount, b: TableChangeCount): boolean {
  return a.inserted === b.inserted && a.updated === b.updated && a.deleted === b.deleted;
}

function byLowerName(
  changes: ChangeCounts,
): Map<string, { table: string; count: TableChangeCount }> {
  return new Map(
    Object.entries(changes).map(([table, count]) => [table.toLowerCase(), { table, count }]),
  );
}
