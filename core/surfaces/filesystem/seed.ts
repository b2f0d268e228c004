// The seeded tree of the filesystem surface: one row per file or directory under the allowed root,
// with text or bytes, size and timestamps that behave like a real checkout (a directory's mtime
// is its newest entry's creation, files are modified after they are created, all before the
// episodes' clock starts).
import type { SqlValue } from "../../environment/spec";
import { bytesToBase64, utf8Length } from "../../episode/sql-values";
import { pick, type Random } from "../kit/seed-values";
import { projectFiles } from "./files";
import { icoOf, logoPng, type Rgb } from "./png";
import { drawProject, type Project } from "./project";

/** The one directory the server may touch, as `list_allowed_directories` reports it. */
export const FS_ROOT = "/projects";
export const FS_TABLE = "fs_entries";
/** What `stat` reports as a directory's size on ext4. */
export const DIRECTORY_SIZE = 4096;

export interface FsEntry {
  path: string;
  parent: string | null;
  name: string;
  kind: "file" | "directory";
  /** A text file's UTF-8 text; null for directories and binary files. */
  content: string | null;
  /** A binary file's bytes; null otherwise. */
  data: Uint8Array | null;
  size: number;
  mode: string;
  created: string;
  modified: string;
  accessed: string;
}

export const FS_COLUMNS = [
  "path",
  "parent",
  "name",
  "kind",
  "content",
  "data",
  "size",
  "mode",
  "created_at",
  "modified_at",
  "accessed_at",
] as const;

export const FS_SCHEMA_SQL = `CREATE TABLE ${FS_TABLE} (
  path TEXT NOT NULL PRIMARY KEY,
  parent TEXT REFERENCES ${FS_TABLE} (path),
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('file', 'directory')),
  content TEXT,
  data BLOB,
  size INTEGER NOT NULL,
  mode TEXT NOT NULL,
  created_at TEXT NOT NULL,
  modified_at TEXT NOT NULL,
  accessed_at TEXT NOT NULL,
  CHECK (parent IS NULL OR path = parent || '/' || name),
  CHECK (kind = 'file' OR (content IS NULL AND data IS NULL))
);
CREATE INDEX ${FS_TABLE}_parent ON ${FS_TABLE} (parent);`;

const HOUR = 3_600_000;
/** Nothing in the seed is newer than this: episodes' clocks start in January 2025. */
const LATEST = Date.parse("2024-12-20T18:00:00Z");

const palettes: readonly (readonly [Rgb, Rgb, Rgb])[] = [
  [
    [255, 255, 255],
    [31, 111, 92],
    [242, 201, 76],
  ],
  [
    [250, 248, 240],
    [44, 62, 122],
    [231, 111, 81],
  ],
  [
    [255, 255, 255],
    [122, 40, 86],
    [120, 200, 180],
  ],
];

export interface SeededTree {
  project: Project;
  /** Every entry, the root first, sorted by path. */
  entries: FsEntry[];
}

export function seedTree(rnd: Random): SeededTree {
  const project = drawProject(rnd);
  const start = Date.parse(`${project.started}T09:00:00Z`);
  const iso = (ms: number) => new Date(Math.min(ms, LATEST)).toISOString();
  const files: FsEntry[] = [];
  const addFile = (
    rel: string,
    body: { content: string } | { data: Uint8Array },
    mode: string,
    createdMs: number,
    modifiedMs: number,
  ) => {
    const path = `${FS_ROOT}/${rel}`;
    const content = "content" in body ? body.content : null;
    const data = "data" in body ? body.data : null;
    const modified = Math.max(createdMs, modifiedMs);
    files.push({
      path,
      parent: parentOf(path),
      name: path.slice(path.lastIndexOf("/") + 1),
      kind: "file",
      content,
      data,
      size: content !== null ? utf8Length(content) : (data?.length ?? 0),
      mode,
      created: iso(createdMs),
      modified: iso(modified),
      accessed: iso(modified + Math.floor(rnd() * 72) * HOUR),
    });
  };
  const newest = Date.parse(`${project.releases[0]?.date ?? project.started}T16:30:00Z`);
  for (const file of projectFiles(project)) {
    const created = start + Math.floor(rnd() * 120) * 24 * HOUR + Math.floor(rnd() * 9) * HOUR;
    const meeting = /^docs\/meeting-notes\/(\d{4}-\d{2}-\d{2})\.md$/.exec(file.path)?.[1];
    if (meeting !== undefined) {
      const at = Date.parse(`${meeting}T15:00:00Z`);
      addFile(file.path, file, file.mode ?? "644", at, at + 2 * HOUR);
    } else if (file.path === "CHANGELOG.md" || file.path === "package.json") {
      addFile(file.path, file, "644", start, newest);
    } else {
      const later = rnd() < 0.35 ? 0 : Math.floor(rnd() * 150) * 24 * HOUR;
      addFile(file.path, file, file.mode ?? "644", created, created + later);
    }
  }
  const [background, badge, accent] = pick(rnd, palettes);
  const logo = logoPng(32, background, badge, accent);
  const iconAt = start + 30 * 24 * HOUR;
  addFile("public/images/logo.png", { data: logo }, "644", iconAt, iconAt);
  addFile(
    "public/favicon.ico",
    { data: icoOf(logoPng(16, background, badge, accent), 16) },
    "644",
    iconAt,
    iconAt,
  );
  return { project, entries: withDirectories(files, start) };
}

function parentOf(path: string): string | null {
  if (path === FS_ROOT) return null;
  return path.slice(0, path.lastIndexOf("/"));
}

/** The files plus every directory above them, timestamped from what they hold. */
function withDirectories(files: FsEntry[], start: number): FsEntry[] {
  const dirs = new Map<string, FsEntry>();
  const directory = (path: string): FsEntry => {
    const found = dirs.get(path);
    if (found) return found;
    const dir: FsEntry = {
      path,
      parent: parentOf(path),
      name: path === FS_ROOT ? FS_ROOT.slice(1) : path.slice(path.lastIndexOf("/") + 1),
      kind: "directory",
      content: null,
      data: null,
      size: DIRECTORY_SIZE,
      mode: "755",
      created: "",
      modified: "",
      accessed: "",
    };
    dirs.set(path, dir);
    if (dir.parent !== null) directory(dir.parent);
    return dir;
  };
  for (const f of files) if (f.parent !== null) directory(f.parent);
  const all = [...files, ...dirs.values()];
  const childrenOf = (path: string) => all.filter((e) => e.parent === path);
  const under = (path: string) => files.filter((f) => f.path.startsWith(`${path}/`));
  for (const dir of dirs.values()) {
    const created = Math.min(...under(dir.path).map((f) => Date.parse(f.created)));
    dir.created = new Date(Math.max(start, created - HOUR)).toISOString();
  }
  for (const dir of dirs.values()) {
    const newestChild = Math.max(...childrenOf(dir.path).map((e) => Date.parse(e.created)));
    dir.modified = new Date(newestChild).toISOString();
    dir.accessed = dir.modified;
  }
  return all.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The seed rows of `fs_entries`, in FS_COLUMNS order. */
export function seedRowsOf(entries: readonly FsEntry[]): SqlValue[][] {
  return entries.map((e) => [
    e.path,
    e.parent,
    e.name,
    e.kind,
    e.content,
    e.data ? { $base64: bytesToBase64(e.data) } : null,
    e.size,
    e.mode,
    e.created,
    e.modified,
    e.accessed,
  ]);
}
