// The initial file tree as task synthesis knows it: every directory and file under the allowed
// root with its text, size and last-modified day, read once through the environment's own tools
// (the tree or listing tool, the text reader and the file-info tool) on a fresh copy.
import type { Json } from "../../../base/json";
import type { ToolRunner } from "../../../episode/tool-runner";
import type { FsLens } from "./lens";

export interface FsFile {
  path: string;
  dir: string;
  name: string;
  /** `.csv`, `.md`; "" when the name has none. */
  ext: string;
  /** The text; undefined for a binary file. */
  text: string | undefined;
  size: number;
  /** Last modified as `YYYY-MM-DD`, when the server has a file-info tool. */
  modified: string | undefined;
}

export interface FsTree {
  root: string;
  /** Every directory, the root first, in path order. */
  dirs: string[];
  files: FsFile[];
}

/** Bounds on exploration: a larger tree is sampled by its first entries. */
const MAX_FILES = 400;
const MAX_TEXT = 200_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function content(runner: ToolRunner, tool: string, args: Record<string, Json>): string | undefined {
  const outcome = runner.call(tool, args);
  if (!outcome.ok) return undefined;
  const result = outcome.result;
  if (result === null || typeof result !== "object" || Array.isArray(result)) return undefined;
  return typeof result.content === "string" ? result.content : undefined;
}

/** The tree under the server's first allowed directory (`fallbackRoot` when it names none). */
export function exploreTree(lens: FsLens, runner: ToolRunner, fallbackRoot: string): FsTree {
  const roots = lens.roots ? content(runner, lens.roots, {}) : undefined;
  const root = roots?.split("\n").find((line) => line.startsWith("/")) ?? fallbackRoot;
  const dirs: string[] = [];
  const paths: string[] = [];
  if (lens.tree) walkTree(content(runner, lens.tree, { path: root }), root, dirs, paths);
  else if (lens.list) walkListing(runner, lens.list, root, dirs, paths);
  const files = paths.slice(0, MAX_FILES).map((path) => describe(lens, runner, path));
  return { root, dirs: [root, ...dirs].sort(), files };
}

function walkTree(text: string | undefined, root: string, dirs: string[], paths: string[]) {
  let nodes: unknown;
  try {
    nodes = JSON.parse(text ?? "[]");
  } catch {
    return;
  }
  const visit = (list: unknown, at: string) => {
    if (!Array.isArray(list)) return;
    for (const node of list) {
      if (node === null || typeof node !== "object" || typeof node.name !== "string") continue;
      const path = `${at}/${node.name}`;
      if (node.type === "directory") {
        dirs.push(path);
        visit(node.children, path);
      } else paths.push(path);
    }
  };
  visit(nodes, root);
}

function walkListing(
  runner: ToolRunner,
  tool: string,
  dir: string,
  dirs: string[],
  paths: string[],
) {
  const text = content(runner, tool, { path: dir }) ?? "";
  for (const line of text.split("\n")) {
    const entry = /^\[(FILE|DIR)\] (.+)$/.exec(line);
    if (!entry?.[2] || paths.length > MAX_FILES) continue;
    const path = `${dir}/${entry[2]}`;
    if (entry[1] === "DIR") {
      dirs.push(path);
      walkListing(runner, tool, path, dirs, paths);
    } else paths.push(path);
  }
}

function describe(lens: FsLens, runner: ToolRunner, path: string): FsFile {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  const read = content(runner, lens.read_text, { path });
  const text =
    read === undefined || read.includes("\uFFFD") || read.length > MAX_TEXT ? undefined : read;
  const info = lens.info ? content(runner, lens.info, { path }) : undefined;
  const size = Number(/^size: (\d+)$/m.exec(info ?? "")?.[1] ?? Number.NaN);
  return {
    path,
    dir: path.slice(0, path.lastIndexOf("/")),
    name,
    ext: dot > 0 ? name.slice(dot).toLowerCase() : "",
    text,
    size: Number.isFinite(size) ? size : new TextEncoder().encode(text ?? "").length,
    modified: modifiedDay(info),
  };
}

/** `YYYY-MM-DD` from the info tool's `modified: Tue Oct 29 2024 16:30:00 GMT+0000 (...)`. */
export function modifiedDay(info: string | undefined): string | undefined {
  const m = /^modified: \w+ (\w{3}) (\d{2}) (\d{4})/m.exec(info ?? "");
  const month = m?.[1] ? MONTHS.indexOf(m[1]) + 1 : 0;
  if (!m || month === 0) return undefined;
  return `${m[3]}-${String(month).padStart(2, "0")}-${m[2]}`;
}

/** The files directly in `dir`. */
export function filesIn(tree: FsTree, dir: string): FsFile[] {
  return tree.files.filter((f) => f.dir === dir);
}

/** The files anywhere below `dir`. */
export function filesUnder(tree: FsTree, dir: string): FsFile[] {
  return tree.files.filter((f) => f.path.startsWith(`${dir}/`));
}

/** Lines as `wc -l` would count them: the text split on newlines, without the empty tail. */
export function linesOf(text: string): string[] {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}
