// Reading published versions: one by name and version (or the latest), by content hash, or all
// of an environment's versions in semver order. Writing them is publish-version.ts.
import { and, desc, eq, getTableColumns, ne } from "drizzle-orm";
import type { CatalogDb } from "./catalog-db";
import { environmentVersions } from "./schema";
import { latestFirst } from "./version-order";

// The inline seed can be 256 KB: it is read only by loadSeed, never with the metadata.
const {
  seedInline: _seed,
  versionKey: _key,
  ...versionColumns
} = getTableColumns(environmentVersions);

export type VersionRecord = Omit<
  typeof environmentVersions.$inferSelect,
  "seedInline" | "versionKey"
>;

export type VersionSummary = Pick<
  VersionRecord,
  "version" | "contentHash" | "publishedAt" | "tableCount" | "rowCount" | "toolCount" | "yankedAt"
>;

/**
 * `version` absent or `"latest"`: the highest live release, or the highest live pre-release if
 * none, or (every version yanked) the highest yanked one. A named version is found yanked or not:
 * callers that start new work on it refuse a yanked one (live-version.ts).
 */
export async function findVersion(
  db: CatalogDb,
  name: string,
  version?: string,
): Promise<VersionRecord | undefined> {
  const query = db.select(versionColumns).from(environmentVersions);
  if (version !== undefined && version !== "latest") {
    const rows = await query
      .where(and(eq(environmentVersions.name, name), eq(environmentVersions.version, version)))
      .limit(1);
    return rows[0];
  }
  const rows = await query
    .where(eq(environmentVersions.name, name))
    .orderBy(...latestFirst)
    .limit(1);
  return rows[0];
}

export async function getVersionByHash(
  db: CatalogDb,
  contentHash: string,
): Promise<VersionRecord | undefined> {
  const rows = await db
    .select(versionColumns)
    .from(environmentVersions)
    .where(eq(environmentVersions.contentHash, contentHash))
    .limit(1);
  return rows[0];
}

/** Newest first by semver precedence; empty when the environment does not exist. */
export function listVersions(db: CatalogDb, name: string): Promise<VersionSummary[]> {
  return db
    .select({
      version: environmentVersions.version,
      contentHash: environmentVersions.contentHash,
      publishedAt: environmentVersions.publishedAt,
      tableCount: environmentVersions.tableCount,
      rowCount: environmentVersions.rowCount,
      toolCount: environmentVersions.toolCount,
      yankedAt: environmentVersions.yankedAt,
    })
    .from(environmentVersions)
    .where(eq(environmentVersions.name, name))
    .orderBy(desc(environmentVersions.versionKey));
}

/** A published version with the same schema and tools, under another name than `name`. */
export async function findSameStructure(
  db: CatalogDb,
  hash: string,
  name: string,
): Promise<VersionRecord | undefined> {
  const rows = await db
    .select(versionColumns)
    .from(environmentVersions)
    .where(and(eq(environmentVersions.structureHash, hash), ne(environmentVersions.name, name)))
    .limit(1);
  return rows[0];
}
