// Picks a flat table's primary key: a column named like its id (`id`, `<table>_id`, `<table>Id`,
// singular forms too) whose values are all present and distinct. Otherwise a rowid table.
import type { SqlValue } from "../environment/spec";
import { singular } from "./names";

export function candidateKeyNames(table: string): string[] {
  const names = new Set(["id"]);
  for (const base of [table, singular(table)]) {
    names.add(`${base}_id`.toLowerCase());
    names.add(`${base}id`.toLowerCase());
  }
  return [...names];
}

/** Index of the key column, or a reason none was chosen. */
export function choosePrimaryKey(
  table: string,
  columns: readonly { name: string; originalName: string; sqlType: string }[],
  rows: readonly SqlValue[][],
): { index: number } | { index: -1; reason: string } {
  const wanted = candidateKeyNames(table);
  const candidates = columns
    .map((c, index) => ({ c, index }))
    .filter(
      ({ c }) =>
        wanted.includes(c.name.toLowerCase()) || wanted.includes(c.originalName.toLowerCase()),
    )
    .sort(
      (a, b) => wanted.indexOf(a.c.name.toLowerCase()) - wanted.indexOf(b.c.name.toLowerCase()),
    );
  const reasons: string[] = [];
  for (const { c, index } of candidates) {
    if (c.sqlType === "REAL") {
      reasons.push(`${c.name} holds non-integer numbers`);
      continue;
    }
    const seen = new Set<SqlValue>();
    let problem = "";
    for (const [r, row] of rows.entries()) {
      const value = row[index] ?? null;
      if (value === null) problem = `${c.name} is empty in row ${r + 1}`;
      else if (seen.has(value))
        problem = `${c.name} repeats ${JSON.stringify(value)} in row ${r + 1}`;
      if (problem) break;
      seen.add(value);
    }
    if (!problem) return { index };
    reasons.push(problem);
  }
  const reason =
    candidates.length === 0
      ? `no column named ${wanted.join(" / ")}; stored as a rowid table`
      : `${reasons.join("; ")}; stored as a rowid table`;
  return { index: -1, reason };
}
