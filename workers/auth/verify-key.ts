// Who is calling: the bootstrap admin key from the environment, or a stored key looked up by its
// id and checked by hash in constant time. Verified keys are cached per isolate for a short time
// so a tool call does not pay a D1 read; `last_used_at` is written at most once a minute per key.
import { AppError } from "../../core/base/errors";
import { catalogDb } from "../catalog/catalog-db";
import type { AppEnv, AuthContext, Scope } from "../env";
import { findStoredApiKey, touchApiKey } from "./api-keys";
import { digestsEqual, hashKey, keyIdOf } from "./key-material";
import { ALL_SCOPES } from "./scopes";

export interface VerifyOptions {
  /** How long a verified key is trusted without reading D1 again (revocation delay elsewhere). */
  cacheTtlMs?: number;
  /** The least time between two `last_used_at` writes for one key. */
  touchIntervalMs?: number;
  now?: () => number;
}

export const BOOTSTRAP_KEY_ID = "bootstrap-admin";

interface CachedKey {
  keyHash: string;
  scopes: readonly Scope[];
  revoked: boolean;
  lastUsedAt: number;
  fetchedAt: number;
}

const MAX_CACHED_KEYS = 1000;
const cache = new Map<string, CachedKey>();

/** Drops a key from this isolate's cache (after revocation, so it stops working here at once). */
export function forgetApiKey(id: string): void {
  cache.delete(id);
}

export async function verifyApiKey(
  env: Pick<AppEnv, "CATALOG" | "AGENT_WORLD_ADMIN_KEY">,
  presented: string,
  options: VerifyOptions = {},
): Promise<AuthContext> {
  const { cacheTtlMs = 30_000, touchIntervalMs = 60_000, now = Date.now } = options;
  const presentedHash = await hashKey(presented);
  if (
    env.AGENT_WORLD_ADMIN_KEY &&
    digestsEqual(presentedHash, await hashKey(env.AGENT_WORLD_ADMIN_KEY))
  ) {
    return { keyId: BOOTSTRAP_KEY_ID, scopes: ALL_SCOPES };
  }
  const keyId = keyIdOf(presented);
  if (keyId === undefined) throw invalidKey();
  const at = now();
  const known = await cachedOrStored(env, keyId, at, cacheTtlMs);
  if (!known || !digestsEqual(presentedHash, known.keyHash)) throw invalidKey();
  if (known.revoked) throw new AppError("unauthorized", "This API key has been revoked.");
  if (at - known.lastUsedAt >= touchIntervalMs) {
    known.lastUsedAt = at;
    await recordUse(env, keyId, at, touchIntervalMs);
  }
  return { keyId, scopes: known.scopes };
}

async function cachedOrStored(
  env: Pick<AppEnv, "CATALOG">,
  keyId: string,
  at: number,
  ttlMs: number,
): Promise<CachedKey | undefined> {
  const cached = cache.get(keyId);
  if (cached && at - cached.fetchedAt < ttlMs) return cached;
  const stored = await findStoredApiKey(catalogDb(env.CATALOG), keyId);
  if (!stored) return undefined;
  const entry: CachedKey = {
    keyHash: stored.keyHash,
    scopes: stored.scopes,
    revoked: stored.revokedAt !== null,
    lastUsedAt:
      stored.lastUsedAt === null ? Number.NEGATIVE_INFINITY : Date.parse(stored.lastUsedAt),
    fetchedAt: at,
  };
  cache.delete(keyId);
  if (cache.size >= MAX_CACHED_KEYS) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  if (ttlMs > 0) cache.set(keyId, entry);
  return entry;
}

/** Bookkeeping must never fail the request it describes. */
async function recordUse(
  env: Pick<AppEnv, "CATALOG">,
  keyId: string,
  at: number,
  intervalMs: number,
): Promise<void> {
  try {
    await touchApiKey(catalogDb(env.CATALOG), keyId, new Date(at), new Date(at - intervalMs));
  } catch (err) {
    console.warn("could not record API key use", keyId, err);
  }
}

function invalidKey(): AppError {
  return new AppError("unauthorized", "The API key is not valid.");
}
