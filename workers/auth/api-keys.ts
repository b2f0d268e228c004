// API keys in the D1 catalog: create (the key is shown once), list, revoke, and the row that
// verification needs. Never returns a secret or a hash to callers outside auth.
import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { CatalogDb } from "../catalog/catalog-db";
import { apiKeys } from "../catalog/schema";
import type { Scope } from "../env";
import { generateKeyMaterial, hashKey } from "./key-material";

export type ApiKeyRecord = Omit<typeof apiKeys.$inferSelect, "keyHash">;
export type StoredApiKey = typeof apiKeys.$inferSelect;

const recordColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

export async function createApiKey(
  db: CatalogDb,
  input: { name: string; scopes: readonly Scope[] },
  now: Date = new Date(),
): Promise<{ key: string; record: ApiKeyRecord }> {
  const { id, key } = generateKeyMaterial();
  const record: ApiKeyRecord = {
    id,
    name: input.name,
    scopes: [...new Set(input.scopes)],
    createdAt: now.toISOString(),
    lastUsedAt: null,
    revokedAt: null,
  };
  await db.insert(apiKeys).values({ ...record, keyHash: await hashKey(key) });
  return { key, record };
}

export function listApiKeys(db: CatalogDb): Promise<ApiKeyRecord[]> {
  return db.select(recordColumns).from(apiKeys).orderBy(desc(apiKeys.createdAt), apiKeys.id);
}

/** Idempotent: revoking a revoked key keeps its first revocation time. Undefined if unknown. */
export async function revokeApiKey(
  db: CatalogDb,
  id: string,
  now: Date = new Date(),
): Promise<ApiKeyRecord | undefined> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now.toISOString()})` })
    .where(eq(apiKeys.id, id))
    .returning(recordColumns);
  return rows[0];
}

export async function findStoredApiKey(
  db: CatalogDb,
  id: string,
): Promise<StoredApiKey | undefined> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
  return rows[0];
}

/** Records use unless a use at or after `notBefore` is already recorded (another isolate's). */
export async function touchApiKey(
  db: CatalogDb,
  id: string,
  at: Date,
  notBefore: Date,
): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at.toISOString() })
    .where(
      and(
        eq(apiKeys.id, id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, notBefore.toISOString())),
      ),
    );
}
