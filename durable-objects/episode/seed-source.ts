// Seed rows for an environment version, from R2 or inline, parsed once per isolate: many episodes
// of the same version share one parsed copy (content-addressed, so it never goes stale).

import { AppError } from "../../core/base/errors";
import { type SeedData, SeedDataSchema } from "../../core/environment/spec";
import type { SeedRef } from "../../core/episode/episode-init";

const MAX_CACHED_SEEDS = 8;
const cache = new Map<string, Promise<SeedData>>();

export function loadSeedData(
  bucket: R2Bucket,
  contentHash: string,
  ref: SeedRef,
): Promise<SeedData> {
  const cached = cache.get(contentHash);
  if (cached) {
    cache.delete(contentHash);
    cache.set(contentHash, cached);
    return cached;
  }
  const loading = fetchSeed(bucket, ref);
  cache.set(contentHash, loading);
  loading.catch(() => cache.delete(contentHash));
  while (cache.size > MAX_CACHED_SEEDS) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
  return loading;
}

async function fetchSeed(bucket: R2Bucket, ref: SeedRef): Promise<SeedData> {
  if ("inline" in ref) return SeedDataSchema.parse(JSON.parse(ref.inline));
  const object = await bucket.get(ref.r2Key);
  if (!object)
    throw new AppError("internal", `Seed data ${ref.r2Key} is missing from the artifact store.`);
  // Trusted: written by the publish path after validation; parsing the schema again costs ~20 ms.
  return (await object.json()) as SeedData;
}
