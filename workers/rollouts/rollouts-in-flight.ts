// The per-key cap on rollouts in flight: rollouts `queued` or `running` across every batch a key
// owns. A new batch is inserted only if it fits, decided inside the D1 batch that inserts it, so
// two batches created at once cannot both squeeze under the cap. Finishing rollouts free room.
import { type SQL, sql } from "drizzle-orm";
import { AppError } from "../../core/base/errors";
import type { CatalogDb } from "../catalog/catalog-db";

/** What a full key is told to wait: rollouts take seconds to minutes each. */
const RETRY_AFTER_SECONDS = 60;

/** SQL for the number of the owner's rollouts still queued or running. */
export function inFlightCountSql(ownerKeyId: string): SQL {
  return sql`(select count(*) from rollouts r join rollout_batches b on b.id = r.batch_id
    where b.owner_key_id = ${ownerKeyId} and r.status in ('queued', 'running'))`;
}

export async function countRolloutsInFlight(db: CatalogDb, ownerKeyId: string): Promise<number> {
  const rows = await db.all<{ n: number }>(sql`select ${inFlightCountSql(ownerKeyId)} as n`);
  return rows[0]?.n ?? 0;
}

export function tooManyRolloutsInFlight(input: {
  limit: number;
  current: number;
  requested: number;
}): AppError {
  return new AppError(
    "too_many_rollouts_in_flight",
    `This API key has ${input.current} rollouts queued or running; ${input.requested} more would pass its cap of ${input.limit}. Wait for some to finish, cancel a batch, or send a smaller one.`,
    { ...input, retryAfterSeconds: RETRY_AFTER_SECONDS },
  );
}
