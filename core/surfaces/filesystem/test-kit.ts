// What the filesystem tools' unit tests are built from: the seeded tree seen as files and
// directories, the test shapes (an exact result, an error code, the rows a write changes), and
// the server's output formats computed here, independently of the guest code.

import type { Json } from "../../base/json";
import type { ToolTest } from "../../environment/spec";
import { expectError, expectResult, type TableChanges } from "../kit/tool-test-kit";
import { FS_ROOT, FS_TABLE, type FsEntry } from "./seed";

export interface TestContext {
  entries: readonly FsEntry[];
  /** The optional arguments the server's tool takes. */
  options: ReadonlySet<string>;
}

export type Changes = TableChanges;

export const at = (rel: string) => (rel === "" ? FS_ROOT : `${FS_ROOT}/${rel}`);
export const ok = (
  name: string,
  args: Record<string, Json>,
  result: Json,
  changes?: Changes,
): ToolTest => expectResult(name, args, result, "exact", changes);
export const fails = expectError;
export const rows = (inserted: number, updated: number, deleted: number): Changes => ({
  [FS_TABLE]: { inserted, updated, deleted },
});
export const text = (content: string) => ({ content });

/** SQLite's `ORDER BY lower(name), name` (lower() folds ASCII only). */
function byName(a: FsEntry, b: FsEntry): number {
  const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const [x, y] = [fold(a.name), fold(b.name)];
  if (x !== y) return x < y ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

export function formatSize(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  if (bytes <= 0) return "0 B";
  const i = Math.floor(Math.log(bytes) / Math.log(1024));
  if (i <= 0) return `${bytes} B`;
  const unit = Math.min(i, units.length - 1);
  return `${(bytes / 1024 ** unit).toFixed(2)} ${units[unit]}`;
}

/** A JavaScript Date as Node prints it with TZ=UTC. */
export function dateText(iso: string): string {
  const d = new Date(iso);
  const [day, date, month, year, time] = d.toUTCString().replace(",", "").split(" ");
  return `${day} ${month} ${date} ${year} ${time} GMT+0000 (Coordinated Universal Time)`;
}

/** The fenced unified diff of replacing line `index` (file ends with a newline). */
export function oneLineDiff(
  path: string,
  content: string,
  index: number,
  replacement: string,
): string {
  const lines = content.slice(0, -1).split("\n");
  const from = Math.max(0, index - 4);
  const to = Math.min(lines.length, index + 5);
  const hunk = [
    ...lines.slice(from, index).map((l) => ` ${l}`),
    `-${lines[index] ?? ""}`,
    `+${replacement}`,
    ...lines.slice(index + 1, to).map((l) => ` ${l}`),
  ];
  const diff = [
    `Index: ${path}`,
    "===================================================================",
    `--- ${path}\toriginal`,
    `+++ ${path}\tmodified`,
    `@@ -${from + 1},${to - from} +${from + 1},${to - from} @@`,
    ...hunk,
  ].join("\n");
  return `\`\`\`diff\n${diff}\n\`\`\`\n\n`;
}

/** The seeded entries looked up by path relative to the root, listed and walked in name order. */
export function seedView(entries: readonly FsEntry[]) {
  const byPath = new Map(entries.map((e) => [e.path, e]));
  const entry = (rel: string): FsEntry => {
    const found = byPath.get(at(rel));
    if (!found) throw new Error(`the seeded tree has no ${rel}`);
    return found;
  };
  const children = (dir: string) => entries.filter((e) => e.parent === dir).sort(byName);
  const preorder = (dir: string): FsEntry[] =>
    children(dir).flatMap((e) => [e, ...(e.kind === "directory" ? preorder(e.path) : [])]);
  return {
    entries,
    entry,
    content: (rel: string) => entry(rel).content ?? "",
    children,
    preorder,
    relative: (e: FsEntry) => e.path.slice(FS_ROOT.length + 1),
  };
}

export type SeedView = ReturnType<typeof seedView>;
