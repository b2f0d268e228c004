// The JavaScript of each filesystem tool: one body per role (read, write, edit, list, tree,
// search, move...), written after @modelcontextprotocol/server-filesystem's handlers, with the
// guest helpers it needs. Results are the server's structuredContent (`{ content: "..." }`, or
// content blocks for read_media_file); failures are `ctx.fail` with the codes of
// guest-paths.ts and Node's wording.
import type { ToolSpec } from "../../environment/spec";
import { FS_DIFF_JS } from "./guest-diff";
import { FS_GLOB_JS } from "./guest-glob";
import { FS_LISTING_JS } from "./guest-listing";
import { FS_PATHS_JS } from "./guest-paths";
import { DIRECTORY_SIZE, FS_ROOT } from "./seed";

export type FsRole =
  | "read_text"
  | "read_media"
  | "read_multiple"
  | "write"
  | "edit"
  | "mkdir"
  | "list"
  | "list_sizes"
  | "tree"
  | "move"
  | "search"
  | "info"
  | "roots";

/** Per-call bounds; the real server has none, an episode's tool call must. */
export const FS_LIMITS = {
  root: FS_ROOT,
  /** Where `~` points: outside the allowed root, as a real home directory would be. */
  home: "/home/agent",
  directorySize: DIRECTORY_SIZE,
  /** Entries one listing, tree or search may look at. */
  maxEntries: 2000,
  /** Levels below the root a new file or directory may sit at. */
  maxDepth: 32,
  maxPathChars: 1024,
  /** Characters a file may hold after write_file or edit_file (reading it back fits a result). */
  maxContentChars: 262_144,
  /** Characters read_multiple_files may return in all (a call's result is at most 1 MiB). */
  maxResultChars: 786_432,
  /** Line edits a diff searches before showing the change as one block. */
  maxEditLength: 1000,
  maxPatternChars: 256,
  maxPatterns: 32,
  maxPaths: 50,
  maxEdits: 100,
} as const;

interface RoleCode {
  effect: ToolSpec["effect"];
  /** Helper snippets beyond the path rules. */
  helpers: string[];
  body: string;
}

const READ_TEXT = `
  const p = resolvePath(args.path);
  if (args.head && args.tail) ctx.fail("invalid_argument", "Cannot specify both head and tail parameters simultaneously");
  const text = readText(p);
  if (args.tail) return { content: args.tail < 0 ? "" : unixLines(text).split("\\n").slice(-args.tail).join("\\n") };
  if (args.head) {
    if (args.head < 0) return { content: "" };
    const lines = text.split("\\n");
    if (lines[lines.length - 1] === "") lines.pop();
    return { content: lines.slice(0, Math.ceil(args.head)).join("\\n") };
  }
  return { content: text };`;

const READ_MEDIA = `
  const MIME = { ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp", ".bmp": "image/bmp",
    ".svg": "image/svg+xml", ".mp3": "audio/mpeg", ".wav": "audio/wav", ".ogg": "audio/ogg", ".flac": "audio/flac" };
  const p = resolvePath(args.path);
  const row = ctx.one("SELECT kind, data, CAST(content AS BLOB) AS bytes FROM fs_entries WHERE path = ?", [p]);
  if (row === null) return missing("open", p);
  if (row.kind === "directory") return sysFail("invalid_argument", "EISDIR", "illegal operation on a directory", "read", "");
  const name = basename(p);
  const dot = name.lastIndexOf(".");
  const extension = dot <= 0 ? "" : name.slice(dot).toLowerCase();
  const mimeType = Object.prototype.hasOwnProperty.call(MIME, extension) ? MIME[extension] : "application/octet-stream";
  const blob = row.data !== null ? row.data : row.bytes;
  const data = blob !== null && typeof blob === "object" ? blob.$base64 : "";
  if (mimeType.startsWith("image/")) return { content: [{ type: "image", data, mimeType }] };
  if (mimeType.startsWith("audio/")) return { content: [{ type: "audio", data, mimeType }] };
  // pathToFileURL(p).href: the WHATWG path percent-encode set, plus "%" and "\\\\".
  let uri = "file://";
  for (const ch of p) {
    const code = ch.codePointAt(0);
    if (code > 0x7e) uri += encodeURIComponent(ch);
    else if (code <= 0x20 || "\\"#<>?\`{}%\\\\".indexOf(ch) >= 0) uri += "%" + code.toString(16).toUpperCase().padStart(2, "0");
    else uri += ch;
  }
  return { content: [{ type: "resource", resource: { uri, mimeType, blob: data } }] };`;

const READ_MULTIPLE = `
  if (args.paths.length > C.maxPaths) ctx.fail("invalid_argument", "At most " + C.maxPaths + " paths can be read in one call");
  let total = 0;
  const parts = args.paths.map((given) => {
    let part;
    try {
      part = given + ":\\n" + readText(resolvePath(given)) + "\\n";
    } catch (e) {
      if (!isPathError(e)) throw e;
      part = given + ": Error - " + e.message;
    }
    total += part.length;
    if (total > C.maxResultChars) ctx.fail("too_large", "The files together are longer than " + C.maxResultChars + " characters; read fewer at a time");
    return part;
  });
  return { content: parts.join("\\n---\\n") };`;

const WRITE = `
  const p = resolvePath(args.path);
  if (args.content.length > C.maxContentChars) ctx.fail("too_large", "Content is longer than " + C.maxContentChars + " characters");
  const found = entryAt(p);
  if (found !== null && found.kind === "directory") sysFail("invalid_argument", "EISDIR", "illegal operation on a directory", "open", quoted(p));
  const now = ctx.now();
  if (found !== null) {
    ctx.run("UPDATE fs_entries SET content = ?, data = NULL, size = length(CAST(? AS BLOB)), modified_at = ?, accessed_at = ? WHERE path = ?", [args.content, args.content, now, now, p]);
  } else {
    const parent = entryAt(dirname(p));
    if (parent === null) missing("open", p);
    if (parent.kind !== "directory") sysFail("invalid_argument", "ENOTDIR", "not a directory", "open", quoted(p));
    checkDepth(p);
    ctx.run("INSERT INTO fs_entries (path, parent, name, kind, content, data, size, mode, created_at, modified_at, accessed_at) VALUES (?, ?, ?, 'file', ?, NULL, length(CAST(? AS BLOB)), '644', ?, ?, ?)",
      [p, dirname(p), basename(p), args.content, args.content, now, now, now]);
    ctx.run("UPDATE fs_entries SET modified_at = ? WHERE path = ?", [now, dirname(p)]);
  }
  return { content: "Successfully wrote to " + args.path };`;

const EDIT = `
  const p = resolvePath(args.path);
  if (args.edits.length > C.maxEdits) ctx.fail("invalid_argument", "At most " + C.maxEdits + " edits can be applied in one call");
  const original = unixLines(readText(p));
  const modified = applyEdits(original, args.edits);
  const diff = fencedDiff(unifiedDiff(original, modified, p));
  if (args.dryRun !== true) {
    if (modified.length > C.maxContentChars) ctx.fail("too_large", "The edited file would be longer than " + C.maxContentChars + " characters");
    const now = ctx.now();
    ctx.run("UPDATE fs_entries SET content = ?, data = NULL, size = length(CAST(? AS BLOB)), modified_at = ?, accessed_at = ? WHERE path = ?", [modified, modified, now, now, p]);
  }
  return { content: diff };`;

const MKDIR = `
  const p = resolvePath(args.path);
  checkDepth(p);
  const chain = [];
  for (let dir = p; dir !== ROOT; dir = dirname(dir)) chain.unshift(dir);
  const kinds = new Map();
  if (chain.length > 0) {
    const marks = chain.map(() => "?").join(", ");
    for (const row of ctx.query("SELECT path, kind FROM fs_entries WHERE path IN (" + marks + ")", chain)) kinds.set(row.path, row.kind);
  }
  const now = ctx.now();
  let made = false;
  chain.forEach((dir, i) => {
    const kind = kinds.get(dir);
    if (kind === "directory") return;
    if (kind === "file") {
      if (i === chain.length - 1) sysFail("conflict", "EEXIST", "file already exists", "mkdir", quoted(p));
      sysFail("invalid_argument", "ENOTDIR", "not a directory", "mkdir", quoted(p));
    }
    if (!made) ctx.run("UPDATE fs_entries SET modified_at = ? WHERE path = ?", [now, dirname(dir)]);
    made = true;
    ctx.run("INSERT INTO fs_entries (path, parent, name, kind, content, data, size, mode, created_at, modified_at, accessed_at) VALUES (?, ?, ?, 'directory', NULL, NULL, ?, '755', ?, ?, ?)",
      [dir, dirname(dir), basename(dir), C.directorySize, now, now, now]);
  });
  return { content: "Successfully created directory " + args.path };`;

const LIST = `
  const p = resolvePath(args.path);
  directoryAt(p);
  return { content: childrenOf(p).map((e) => (e.kind === "directory" ? "[DIR] " : "[FILE] ") + e.name).join("\\n") };`;

const LIST_SIZES = `
  const p = resolvePath(args.path);
  directoryAt(p);
  const entries = childrenOf(p);
  const sorted = args.sortBy === "size" ? entries.slice().sort((a, b) => b.size - a.size) : entries;
  const lines = sorted.map((e) => (e.kind === "directory" ? "[DIR]" : "[FILE]") + " " + e.name.padEnd(30) + " " + (e.kind === "directory" ? "" : formatSize(e.size).padStart(10)));
  const files = entries.filter((e) => e.kind !== "directory");
  const total = files.reduce((sum, e) => sum + e.size, 0);
  lines.push("", "Total: " + files.length + " files, " + (entries.length - files.length) + " directories", "Combined size: " + formatSize(total));
  return { content: lines.join("\\n") };`;

const TREE = `
  const p = resolvePath(args.path);
  directoryAt(p);
  const patterns = args.excludePatterns || [];
  checkPatterns(patterns);
  // A pattern without "*" also excludes that name at any depth, and everything under it.
  const excludes = patterns.map((pattern) => pattern.indexOf("*") >= 0 ? [compileGlob(pattern)]
    : [compileGlob(pattern), compileGlob("**/" + pattern), compileGlob("**/" + pattern + "/**")]);
  const byParent = entriesUnder(p);
  const build = (dir) => {
    const out = [];
    for (const e of byParent.get(dir) || []) {
      const relative = e.path.slice(p.length + 1);
      if (excludes.some((globs) => globs.some((g) => globMatch(g, relative)))) continue;
      const node = { name: e.name, type: e.kind === "directory" ? "directory" : "file" };
      if (e.kind === "directory") node.children = build(e.path);
      out.push(node);
    }
    return out;
  };
  return { content: JSON.stringify(build(p), null, 2) };`;

const SEARCH = `
  const p = resolvePath(args.path);
  directoryAt(p);
  const patterns = args.excludePatterns || [];
  checkPatterns(patterns);
  const glob = compileGlob(args.pattern);
  const excludes = patterns.map(compileGlob);
  const byParent = entriesUnder(p);
  const found = [];
  const visit = (dir) => {
    for (const e of byParent.get(dir) || []) {
      const relative = e.path.slice(p.length + 1);
      if (excludes.some((g) => globMatch(g, relative))) continue;
      if (globMatch(glob, relative)) found.push(e.path);
      if (e.kind === "directory") visit(e.path);
    }
  };
  visit(p);
  return { content: found.length > 0 ? found.join("\\n") : "No matches found" };`;

const INFO = `
  const p = resolvePath(args.path);
  const e = entryAt(p);
  if (e === null) return missing("stat", p);
  const isDirectory = e.kind === "directory";
  return { content: ["size: " + e.size, "created: " + dateText(e.created_at), "modified: " + dateText(e.modified_at),
    "accessed: " + dateText(e.accessed_at), "isDirectory: " + isDirectory, "isFile: " + !isDirectory, "permissions: " + e.mode].join("\\n") };`;

const MOVE = `
  const source = resolvePath(args.source);
  const destination = resolvePath(args.destination);
  const detail = quoted(source) + " -> " + quoted(destination);
  if (entryAt(destination) !== null) ctx.fail("conflict", "Destination already exists: " + destination);
  const moving = entryAt(source);
  if (moving === null) missing("rename", source, detail);
  if (source === ROOT || destination.startsWith(source + "/")) sysFail("invalid_argument", "EINVAL", "invalid argument", "rename", detail);
  const parent = entryAt(dirname(destination));
  if (parent === null) missing("rename", destination, detail);
  if (parent.kind !== "directory") sysFail("invalid_argument", "ENOTDIR", "not a directory", "rename", detail);
  let below = 0;
  if (moving.kind === "directory") {
    const deepest = ctx.one("SELECT MAX(length(path) - length(replace(path, '/', ''))) AS slashes FROM fs_entries WHERE path > ? AND path < ?", [source + "/", source + "0"]);
    if (deepest !== null && deepest.slashes !== null) below = deepest.slashes - (source.split("/").length - 1);
  }
  if (depthOf(destination) + below > C.maxDepth) {
    ctx.fail("invalid_argument", "Moving " + source + " to " + destination + " would nest entries more than " + C.maxDepth + " levels below " + ROOT);
  }
  // The entry and everything under it change paths in one statement: the foreign key on parent
  // is checked when the statement ends.
  ctx.run("UPDATE fs_entries SET path = ? || substr(path, length(?) + 1), parent = CASE WHEN path = ? THEN ? ELSE ? || substr(parent, length(?) + 1) END, name = CASE WHEN path = ? THEN ? ELSE name END WHERE path = ? OR (path > ? AND path < ?)",
    [destination, source, source, dirname(destination), destination, source, source, basename(destination), source, source + "/", source + "0"]);
  ctx.run("UPDATE fs_entries SET modified_at = ? WHERE path IN (?, ?)", [ctx.now(), dirname(source), dirname(destination)]);
  return { content: "Successfully moved " + args.source + " to " + args.destination };`;

const ROOTS = `
  return { content: "Allowed directories:\\n" + ROOT };`;

const ROLES: Record<FsRole, RoleCode> = {
  read_text: { effect: "read", helpers: [], body: READ_TEXT },
  read_media: { effect: "read", helpers: [], body: READ_MEDIA },
  read_multiple: { effect: "read", helpers: [], body: READ_MULTIPLE },
  write: { effect: "write", helpers: [], body: WRITE },
  edit: { effect: "write", helpers: [FS_DIFF_JS], body: EDIT },
  mkdir: { effect: "write", helpers: [], body: MKDIR },
  list: { effect: "read", helpers: [FS_LISTING_JS], body: LIST },
  list_sizes: { effect: "read", helpers: [FS_LISTING_JS], body: LIST_SIZES },
  tree: { effect: "read", helpers: [FS_LISTING_JS, FS_GLOB_JS], body: TREE },
  move: { effect: "write", helpers: [], body: MOVE },
  search: { effect: "read", helpers: [FS_LISTING_JS, FS_GLOB_JS], body: SEARCH },
  info: { effect: "read", helpers: [FS_LISTING_JS], body: INFO },
  roots: { effect: "read", helpers: [], body: ROOTS },
};

export function roleEffect(role: FsRole): ToolSpec["effect"] {
  return ROLES[role].effect;
}

/** `function name(args, ctx) { const C = {...}; helpers; body }`. */
export function fsImplementation(role: FsRole, functionName: string): string {
  const code = ROLES[role];
  const helpers = [FS_PATHS_JS, ...code.helpers].map((h) => h.trim()).join("\n  ");
  return `function ${functionName}(args, ctx) {\n  const C = ${JSON.stringify(FS_LIMITS)};\n  ${helpers}\n  ${code.body.trim()}\n}`;
}
