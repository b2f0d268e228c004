// Moves modules by a mapping file (old path -> new path, repo-relative) with `git mv`, then
// rewrites every relative module specifier in the repository that resolves to a moved file, and
// every relative specifier inside the moved files themselves; repo-relative path mentions in
// comments and docs (`core/x/y.ts`) follow too. Driven by the mapping alone, so after a rebase it
// can be run again on the new tree: entries whose old path is gone and new path exists are done.
// Usage: tsx cli/dev/move-modules.ts <mapping.json> [--dry-run]
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { z } from "zod";

const root = fileURLToPath(new URL("../..", import.meta.url));
const MappingSchema = z.record(z.string().min(1), z.string().min(1));

const CODE = /\.(ts|tsx|mts|mjs|js)$/;
const TEXT = /\.(ts|tsx|mts|mjs|js|md|json|toml|jsonc)$/;
/** Specifiers of `from "x"`, `import "x"`, `import("x")`, `vi.mock("x")`, `new URL("x", ...)`. */
const SPECIFIER =
  /(\bfrom\s*|\bimport\s*\(?\s*|\bvi\.(?:do)?mock\(\s*|\bnew URL\(\s*)(["'])(\.{1,2}\/[^"'\n]*|\.{1,2})\2/g;
const COMMENT_LINE = /^\s*(\/\/|\/\*|\*)/;
const RESOLVE_SUFFIXES = ["", ".ts", ".tsx", ".mts", ".mjs", ".js", "/index.ts"];

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

/** Tracked and untracked-but-not-ignored files, repo-relative. */
function repoFiles(): string[] {
  return git("ls-files", "--cached", "--others", "--exclude-standard")
    .split("\n")
    .filter((f) => f && existsSync(join(root, f)));
}

const isFile = (repoPath: string) =>
  existsSync(join(root, repoPath)) && statSync(join(root, repoPath)).isFile();

/** A file a specifier resolves to, and what resolution appended to the specifier's path. */
interface Resolved {
  path: string;
  suffix: string;
}

/** The repo-relative file a specifier names from `fromDir`, under the pre-move tree. */
function resolveOld(
  fromDir: string,
  specifier: string,
  exists: (p: string) => boolean,
): Resolved | undefined {
  const base = posix.normalize(posix.join(fromDir, specifier));
  for (const suffix of RESOLVE_SUFFIXES)
    if (exists(base + suffix)) return { path: base + suffix, suffix };
  const asTs = base.replace(/\.js$/, ".ts");
  if (base.endsWith(".js") && exists(asTs)) return { path: asTs, suffix: "" };
  return undefined;
}

/** A specifier from `fromDir` to `target`, written the way the original one was. */
function specifierTo(fromDir: string, target: string, original: string, suffix: string): string {
  let path = posix.relative(fromDir, target);
  if (!path.startsWith(".")) path = `./${path}`;
  if (original.endsWith(".js") && path.endsWith(".ts")) return path.replace(/\.ts$/, ".js");
  return suffix && path.endsWith(suffix) ? path.slice(0, -suffix.length) : path;
}

function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { "dry-run": { type: "boolean", default: false } },
  });
  const mappingFile = positionals[0];
  if (!mappingFile)
    throw new Error("usage: tsx cli/dev/move-modules.ts <mapping.json> [--dry-run]");
  const mapping = MappingSchema.parse(JSON.parse(readFileSync(mappingFile, "utf8")));

  // Entries still to move, and entries already moved (by an earlier run): text written since
  // then against an old path (a rebased branch) is rewritten for both.
  const pending = new Map<string, string>();
  const done = new Map<string, string>();
  for (const [from, to] of Object.entries(mapping)) {
    if (from === to) continue;
    if (isFile(from) && !existsSync(join(root, to))) pending.set(from, to);
    else if (!isFile(from) && isFile(to)) done.set(from, to);
    else
      throw new Error(
        `cannot move ${from} -> ${to}: ${isFile(from) ? "target exists" : "source missing"}`,
      );
  }
  const targets = new Set(pending.values());
  if (targets.size !== pending.size) throw new Error("two entries move to the same path");

  const files = repoFiles();
  const all = new Map([...done, ...pending]);
  const oldFiles = new Set([...files, ...done.keys()]);
  const newPathOf = (p: string) => all.get(p) ?? p;
  const rewrites = new Map<string, string>();

  for (const file of files.filter((f) => CODE.test(f))) {
    const moved = pending.has(file);
    const oldDir = posix.dirname(file);
    const newDir = posix.dirname(newPathOf(file));
    const text = readFileSync(join(root, file), "utf8");
    const next = text.replace(SPECIFIER, (whole, lead: string, quote: string, spec: string) => {
      const resolved = resolveOld(oldDir, spec, (p) => oldFiles.has(p));
      if (resolved === undefined) {
        // A directory or a file not in git (a build output): keep pointing at the same place.
        // Specifiers naming nothing on disk are text (guest code in a string), left as written.
        const target = posix.normalize(posix.join(oldDir, spec));
        if (!moved || !existsSync(join(root, target))) return whole;
        let path = posix.relative(newDir, target) || ".";
        if (!path.startsWith(".")) path = `./${path}`;
        if (spec.endsWith("/") && !path.endsWith("/")) path = `${path}/`;
        return `${lead}${quote}${path}${quote}`;
      }
      if (!moved && !all.has(resolved.path)) return whole;
      const rewritten = specifierTo(newDir, newPathOf(resolved.path), spec, resolved.suffix);
      return `${lead}${quote}${rewritten}${quote}`;
    });
    if (next !== text) rewrites.set(file, next);
  }

  // Mentions in comments and docs: repo paths (`core/a/b.ts`, `core/a/b`), and bare file names
  // that name one file only (a file name in a comment), which become the new name beside it or the
  // new repo path elsewhere.
  const mentions = [...all].sort(([a], [b]) => b.length - a.length);
  const newNames = new Set(files.map((f) => posix.basename(newPathOf(f))));
  const oldNameCount = new Map<string, number>();
  for (const from of all.keys())
    oldNameCount.set(posix.basename(from), (oldNameCount.get(posix.basename(from)) ?? 0) + 1);
  const bareNames = mentions.filter(([from]) => {
    const name = posix.basename(from);
    return oldNameCount.get(name) === 1 && !newNames.has(name);
  });
  for (const file of files.filter(
    (f) => TEXT.test(f) && f !== mappingFile && !f.endsWith("package-lock.json"),
  )) {
    const text = rewrites.get(file) ?? readFileSync(join(root, file), "utf8");
    const renamed = (part: string) => mentionsRenamed(file, part);
    // In code only comment lines: a name inside a string is data (a description, a note).
    const next = CODE.test(file)
      ? text
          .split("\n")
          .map((line) => (COMMENT_LINE.test(line) ? renamed(line) : line))
          .join("\n")
      : renamed(text);
    if (next !== text) rewrites.set(file, next);
  }
  /** `text` with the moved files' mentions renamed, as seen from `file`. */
  function mentionsRenamed(file: string, text: string): string {
    let next = text;
    for (const [from, to] of mentions) {
      const stem = from.replace(CODE, "");
      const newStem = to.replace(CODE, "");
      next = next.replace(new RegExp(`(?<![\\w./-])${escapeRegExp(from)}(?![\\w-])`, "g"), to);
      next = next.replace(
        new RegExp(`(?<![\\w./-])${escapeRegExp(stem)}(?![\\w./-])`, "g"),
        newStem,
      );
    }
    const dir = posix.dirname(newPathOf(file));
    for (const [from, to] of bareNames) {
      const bare = new RegExp(`(?<![\\w./-])${escapeRegExp(posix.basename(from))}(?![\\w-])`, "g");
      next = next.replace(bare, posix.dirname(to) === dir ? posix.basename(to) : to);
    }
    return next;
  }

  for (const file of [...rewrites.keys()].sort()) console.log(`rewrite ${file}`);
  for (const [from, to] of pending) console.log(`move ${from} -> ${to}`);
  if (values["dry-run"]) return;
  for (const [file, text] of rewrites) writeFileSync(join(root, file), text);
  for (const [from, to] of pending) {
    mkdirSync(dirname(join(root, to)), { recursive: true });
    const tracked = git("ls-files", "--", from).trim() !== "";
    if (tracked) git("mv", from, to);
    else execFileSync("mv", [join(root, from), join(root, to)]);
  }
  for (const from of pending.keys()) removeEmptyDirectories(dirname(join(root, from)));
  console.log(`${pending.size} moved, ${rewrites.size} files rewritten`);
}

/** Removes `dir` and its parents up to the repository root while they are empty. */
function removeEmptyDirectories(dir: string): void {
  for (let at = dir; at.startsWith(root) && at !== root; at = dirname(at)) {
    if (!existsSync(at) || readdirSync(at).length > 0) return;
    rmdirSync(at);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

main();
