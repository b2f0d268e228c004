// Seed data of a version: small seeds stay inline in D1 (one read opens an episode), big ones go
// to R2 under their content hash, so publishing the same content twice writes the same object.
import { eq } from "drizzle-orm";
import { AppError } from "../../core/base/errors";
import { type SeedData, SeedDataSchema } from "../../core/environment/spec";
import { catalogDb } from "./catalog-db";
import type { SeedLocation } from "./publish-version";
import { environmentVersions } from "./schema";
import type { VersionRecord } from "./version-repository";

/** Below this size (UTF-8 bytes of the JSON) a seed is kept in the D1 row. */
export const INLINE_SEED_LIMIT_BYTES = 256 * 1024;

export function seedKeyFor(contentHash: string): string {
  return `seeds/${contentHash}.json`;
}

export async function putSeed(
  env: Pick<Env, "ARTIFACTS">,
  contentHash: string,
  seed: SeedData,
): Promise<SeedLocation> {
  const json = JSON.stringify(seed);
  const bytes = new TextEncoder().encode(json);
  if (bytes.byteLength < INLINE_SEED_LIMIT_BYTES) return { seedInline: json };
  const key = seedKeyFor(contentHash);
  await env.ARTIFACTS.put(key, bytes, { httpMetadata: { contentType: "application/json" } });
  return { seedKey: key };
}

export async function loadSeed(
  env: Pick<Env, "ARTIFACTS" | "CATALOG">,
  version: Pick<VersionRecord, "id" | "name" | "version" | "seedKey">,
): Promise<SeedData> {
  return SeedDataSchema.parse(JSON.parse(await seedJson(env, version)));
}

async function seedJson(
  env: Pick<Env, "ARTIFACTS" | "CATALOG">,
  version: Pick<VersionRecord, "id" | "name" | "version" | "seedKey">,
): Promise<string> {
  const label = `${version.name}@${version.version}`;
  if (version.seedKey !== null) {
    const object = await env.ARTIFACTS.get(version.seedKey);
    if (!object) {
      throw new AppError("internal", `The seed of ${label} is missing from storage.`, {
        seedKey: version.seedKey,
      });
    }
    return object.text();
  }
  const rows = await catalogDb(env.CATALOG)
    .select({ seedInline: environmentVersions.seedInline })
    .from(environmentVersions)
    .where(eq(environmentVersions.id, version.id))
    .limit(1);
  const inline = rows[0]?.seedInline;
  if (inline === null || inline === undefined) {
    throw new AppError("internal", `The seed of ${label} is missing from the catalog.`);
  }
  return inline;
}
