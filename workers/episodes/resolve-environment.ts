// `name[@version]` -> what an EpisodeDO needs to open an episode. The version lookup goes to D1
// every time (a new version may be published or one yanked); the version's content is immutable, so its tools
// and seed reference are cached per isolate by content hash.
import { eq } from "drizzle-orm";
import { AppError } from "../../core/base/errors";
import { parseEnvironmentRef } from "../../core/environment/spec";
import type { RuntimeToolDef, SeedRef } from "../../core/episode/episode-init";
import { type CatalogDb, catalogDb } from "../catalog/catalog-db";
import { requireLiveVersion } from "../catalog/live-version";
import { environmentVersions } from "../catalog/schema";
import { listTools } from "../catalog/tool-repository";
import type { VersionRecord } from "../catalog/version-repository";
import type { AppEnv } from "../env";

export interface EpisodeEnvironment {
  name: string;
  version: string;
  contentHash: string;
  schemaSql: string;
  seedRef: SeedRef;
  clockStart: string | null;
  tools: RuntimeToolDef[];
}

type VersionContent = Pick<EpisodeEnvironment, "schemaSql" | "seedRef" | "tools">;

const MAX_CACHED_VERSIONS = 64;
const contentCache = new Map<string, VersionContent>();

export async function resolveEnvironment(env: AppEnv, ref: string): Promise<EpisodeEnvironment> {
  const { name, version } = parseEnvironmentRef(ref);
  const db = catalogDb(env.CATALOG);
  // A yanked version opens no new episode (410); episodes already open on it run on.
  const found = await requireLiveVersion(db, name, version);
  const content = contentCache.get(found.contentHash) ?? (await loadContent(db, found));
  remember(found.contentHash, content);
  return {
    name: found.name,
    version: found.version,
    contentHash: found.contentHash,
    clockStart: found.clockStart,
    ...content,
  };
}

async function loadContent(db: CatalogDb, version: VersionRecord): Promise<VersionContent> {
  const tools = (await listTools(db, version.id)).map(
    ({ name, description, inputSchema, outputSchema, effect, implementation }) => ({
      name,
      description,
      inputSchema,
      ...(outputSchema ? { outputSchema } : {}),
      effect,
      implementation,
    }),
  );
  return { schemaSql: version.schemaSql, seedRef: await seedRefOf(db, version), tools };
}

export async function seedRefOf(db: CatalogDb, version: VersionRecord): Promise<SeedRef> {
  if (version.seedKey) return { r2Key: version.seedKey };
  const rows = await db
    .select({ seedInline: environmentVersions.seedInline })
    .from(environmentVersions)
    .where(eq(environmentVersions.id, version.id))
    .limit(1);
  const inline = rows[0]?.seedInline;
  if (!inline)
    throw new AppError("internal", `The seed of ${version.id} is missing from the catalog.`);
  return { inline };
}

function remember(hash: string, content: VersionContent): void {
  contentCache.delete(hash);
  contentCache.set(hash, content);
  while (contentCache.size > MAX_CACHED_VERSIONS) {
    const oldest = contentCache.keys().next().value;
    if (oldest === undefined) break;
    contentCache.delete(oldest);
  }
}
