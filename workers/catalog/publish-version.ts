// Publishing writes a version, its tools, its test results, the environment row and the search
// index in one D1 batch (one transaction), so a reader never sees half a version.
import { getTableColumns, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { AppError } from "../../core/base/errors";
import type { EnvironmentSpec } from "../../core/environment/spec";
import type { CatalogDb } from "./catalog-db";
import { type Batchable, runBatch } from "./d1-batch";
import { environments, environmentVersions, tools, toolTestResults } from "./schema";
import type { ToolTestResult } from "./tool-test-result";
import { latestFirst, versionKey } from "./version-order";
import { findVersion, getVersionByHash, type VersionRecord } from "./version-repository";

/** Where the seed lives; `putSeed` (seed-store.ts) returns one of these. */
export type SeedLocation =
  | { seedKey: string; seedInline?: never }
  | { seedInline: string; seedKey?: never };

export type PublishInput = {
  spec: EnvironmentSpec;
  contentHash: string;
  testResults: readonly ToolTestResult[];
  /** The schema-and-tools hash (core/environment/structure-hash.ts), for dedupe. */
  structureHash?: string;
  /** ISO 8601; defaults to now. */
  publishedAt?: string;
  /** The publishing key; the first version's publisher owns the environment. */
  publishedBy?: string;
} & SeedLocation;

export interface PublishedVersion {
  /** False when the same content was already published under this name and version. */
  created: boolean;
  version: VersionRecord;
}

/** D1 refuses statements with more than 100 bound parameters. */
const MAX_BOUND_PARAMETERS = 100;

export async function insertPublishedVersion(
  db: CatalogDb,
  input: PublishInput,
): Promise<PublishedVersion> {
  const earlier = await alreadyPublished(db, input);
  if (earlier) return earlier;
  const version = versionRow(input);
  try {
    await runBatch(db.$client, publishStatements(db, input, version));
  } catch (err) {
    // A concurrent publish of the same version won the race: answer as if it had come first.
    const raced = await alreadyPublished(db, input);
    if (raced) return raced;
    throw err;
  }
  const { seedInline: _seed, versionKey: _key, ...record } = version;
  return { created: true, version: record };
}

async function alreadyPublished(
  db: CatalogDb,
  { spec, contentHash }: PublishInput,
): Promise<PublishedVersion | undefined> {
  const existing = await findVersion(db, spec.name, spec.version);
  if (existing) {
    if (existing.contentHash === contentHash) return { created: false, version: existing };
    throw new AppError(
      "conflict",
      `${spec.name}@${spec.version} is already published with different content; versions are immutable, publish a new version.`,
      { name: spec.name, version: spec.version, contentHash: existing.contentHash },
    );
  }
  const sameContent = await getVersionByHash(db, contentHash);
  if (sameContent) {
    throw new AppError(
      "conflict",
      `This content is already published as ${sameContent.name}@${sameContent.version}.`,
      { name: sameContent.name, version: sameContent.version, contentHash },
    );
  }
  return undefined;
}

function versionRow(input: PublishInput): typeof environmentVersions.$inferSelect {
  const { spec } = input;
  return {
    id: `${spec.name}@${spec.version}`,
    name: spec.name,
    version: spec.version,
    versionKey: versionKey(spec.version),
    contentHash: input.contentHash,
    title: spec.title,
    description: spec.description,
    domain: spec.category.domain,
    subdomain: spec.category.subdomain,
    provenance: spec.provenance,
    schemaSql: spec.schemaSql,
    seedKey: input.seedKey ?? null,
    seedInline: input.seedInline ?? null,
    clockStart: spec.clockStart ?? null,
    structureHash: input.structureHash ?? null,
    tableCount: countTables(spec),
    rowCount: Object.values(spec.seed.tables).reduce((sum, table) => sum + table.rows.length, 0),
    toolCount: spec.tools.length,
    publishedAt: input.publishedAt ?? new Date().toISOString(),
    publishedBy: input.publishedBy ?? null,
    yankedAt: null,
  };
}

function publishStatements(
  db: CatalogDb,
  input: PublishInput,
  version: typeof environmentVersions.$inferSelect,
): Batchable[] {
  const { spec } = input;
  const now = version.publishedAt;
  const toolRows = spec.tools.map((tool, position) => ({
    versionId: version.id,
    name: tool.name,
    position,
    description: tool.description,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema ?? null,
    effect: tool.effect,
    implementation: tool.implementation,
    tests: tool.tests,
  }));
  const resultRows = input.testResults.map((result) => ({
    versionId: version.id,
    tool: result.tool,
    testName: result.test,
    passed: result.passed,
    fuel: result.fuel,
    detail: result.detail ?? null,
  }));
  return [
    db
      .insert(environments)
      .values({
        name: spec.name,
        title: spec.title,
        description: spec.description,
        domain: spec.category.domain,
        subdomain: spec.category.subdomain,
        latestVersion: spec.version,
        // Kept from the first version: a later publish does not change the owner.
        ownerKeyId: input.publishedBy ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing(),
    db.insert(environmentVersions).values(version),
    ...chunksFor(tools, toolRows).map((rows) => db.insert(tools).values(rows)),
    ...chunksFor(toolTestResults, resultRows).map((rows) =>
      db.insert(toolTestResults).values(rows),
    ),
    ...latestVersionStatements(db, spec.name, now),
  ];
}

/**
 * The environment row and its search entry follow its latest version (live before yanked, see
 * version-order.ts), which is not always the one just published; run after a publish or a yank.
 */
export function latestVersionStatements(db: CatalogDb, name: string, now: string): Batchable[] {
  return [
    db.run(sql`
      update ${environments}
      set (title, description, domain, subdomain, latest_version) = (
        select title, description, domain, subdomain, version from ${environmentVersions}
        where ${environmentVersions.name} = ${name}
        order by ${sql.join([...latestFirst], sql`, `)} limit 1
      ), updated_at = ${now}
      where ${environments.name} = ${name}`),
    db.run(sql`delete from environments_fts where name = ${name}`),
    db.run(sql`
      insert into environments_fts (name, title, description, category, tools)
      select e.name, e.title, e.description, e.domain || ' ' || e.subdomain,
        coalesce((
          select group_concat(name, ' ') from (
            select t.name from tools t join environment_versions v on v.id = t.version_id
            where v.name = e.name and v.version = e.latest_version order by t.position
          )
        ), '')
      from environments e where e.name = ${name}`),
  ];
}

/** Multi-row inserts split so no statement binds more than 100 parameters. */
function chunksFor<T>(table: SQLiteTable, rows: readonly T[]): T[][] {
  const perRow = Object.keys(getTableColumns(table)).length;
  const size = Math.max(1, Math.floor(MAX_BOUND_PARAMETERS / perRow));
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}

function countTables(spec: EnvironmentSpec): number {
  const created = spec.schemaSql.match(/\bcreate\s+(?:temp(?:orary)?\s+)?table\b/gi)?.length ?? 0;
  return Math.max(created, Object.keys(spec.seed.tables).length);
}
