// Who may change an environment (publish more versions, yank them): the key that published its
// first version, or an admin key. The catalog is public, so a refusal is a 403 that says why; a
// 404 would contradict `GET /v1/environments/{name}` answering 200 to anyone.
import { eq } from "drizzle-orm";
import { AppError } from "../../core/base/errors";
import type { Caller } from "../../durable-objects/episode-rpc";
import { canAccess } from "../auth/owner-access";
import type { CatalogDb } from "./catalog-db";
import { environments } from "./schema";

/** Passes when there is no such environment yet (publishing it makes the caller its owner). */
export async function requireEnvironmentOwner(
  db: CatalogDb,
  name: string,
  caller: Caller,
  action: string,
): Promise<void> {
  const rows = await db
    .select({ ownerKeyId: environments.ownerKeyId })
    .from(environments)
    .where(eq(environments.name, name))
    .limit(1);
  const row = rows[0];
  if (!row || canAccess(caller, row.ownerKeyId)) return;
  throw new AppError(
    "forbidden",
    `Only the key that published \`${name}\` first, or an admin key, may ${action} it.`,
    { name },
  );
}
