// The built catalog: `catalog/dist/index.json` lists `{name, version, file}` per environment, and
// is rebuilt when missing or older than any source under `catalog/` (outside `dist/`).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { z } from "zod";
import type { CatalogEntry } from "./publish-catalog";

const IndexEntrySchema = z.object({
  name: z.string().min(1),
  version: z.string().min(1),
  file: z.string().min(1),
});
const IndexSchema = z.union([
  z.array(IndexEntrySchema),
  z.looseObject({ environments: z.array(IndexEntrySchema) }),
]);

export function catalogPaths(root: string) {
  const dir = join(root, "catalog");
  return {
    dir,
    dist: join(dir, "dist"),
    index: join(dir, "dist", "index.json"),
    build: join(dir, "build.ts"),
  };
}

/** Entries with absolute `file` paths (the index names them relative to itself). */
export function loadCatalogIndex(indexPath: string): CatalogEntry[] {
  const parsed = IndexSchema.parse(JSON.parse(readFileSync(indexPath, "utf8")));
  const entries = Array.isArray(parsed) ? parsed : parsed.environments;
  return entries.map((e) => ({
    name: e.name,
    version: e.version,
    file: resolve(dirname(indexPath), e.file),
  }));
}

/** Why the catalog must be built, or undefined when `index.json` is newer than every source. */
export function catalogStaleReason(catalogDir: string, indexPath: string): string | undefined {
  let built: number;
  try {
    built = statSync(indexPath).mtimeMs;
  } catch {
    return "catalog/dist/index.json is missing";
  }
  const newer = newestSource(catalogDir, join(catalogDir, "dist"));
  if (newer && newer.mtimeMs > built) return `${newer.path} changed since the last build`;
  return undefined;
}

function newestSource(dir: string, skip: string): { path: string; mtimeMs: number } | undefined {
  let newest: { path: string; mtimeMs: number } | undefined;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (path === skip || entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const candidate = entry.isDirectory()
      ? newestSource(path, skip)
      : entry.isFile()
        ? { path, mtimeMs: statSync(path).mtimeMs }
        : undefined;
    if (candidate && (!newest || candidate.mtimeMs > newest.mtimeMs)) newest = candidate;
  }
  return newest;
}
