// Who may see or change a resource with an owner: its owner key, or an admin key. Every
// other caller is told the resource does not exist, with the same 404 as a truly missing id.
import type { Caller } from "../../durable-objects/episode-rpc";
import type { CatalogDb } from "../catalog/catalog-db";
import { findStoredApiKey } from "./api-keys";
import { BOOTSTRAP_KEY_ID } from "./verify-key";

export function canAccess(caller: Caller, ownerKeyId: string | null | undefined): boolean {
  if (caller.admin) return true;
  return ownerKeyId !== null && ownerKeyId !== undefined && ownerKeyId === caller.keyId;
}

/**
 * The caller a key id stands for when the work runs later, away from its request (a discovery job
 * publishing for the key that queued it): admin only if that key still is one.
 */
export async function callerOfKeyId(db: CatalogDb, keyId: string): Promise<Caller> {
  if (keyId === BOOTSTRAP_KEY_ID) return { keyId, admin: true };
  const stored = await findStoredApiKey(db, keyId);
  const admin =
    stored !== undefined && stored.revokedAt === null && stored.scopes.includes("admin");
  return { keyId, admin };
}
