// Rollout rows in D1: one read by id (for its batch's owner), keyset pages of a batch in id order
// (listing and export share them), and the episode an attempt plays on.
import { and, asc, eq, gt, isNotNull, type SQL } from "drizzle-orm";
import { AppError } from "../../core/base/errors";
import type { Caller } from "../../durable-objects/episode-rpc";
import type { CatalogDb } from "../catalog/catalog-db";
import { rolloutBatches, rollouts } from "../catalog/schema";

export type RolloutRow = typeof rollouts.$inferSelect;
export type RolloutStatus = RolloutRow["status"];

export const TERMINAL_STATUSES: readonly RolloutStatus[] = ["done", "failed", "cancelled"];

export function isTerminal(status: RolloutStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

export async function getRollout(db: CatalogDb, id: string): Promise<RolloutRow | undefined> {
  const rows = await db.select().from(rollouts).where(eq(rollouts.id, id)).limit(1);
  return rows[0];
}

/** The rollout when `caller` made its batch (or is an admin); another key is told there is none. */
export async function getOwnedRollout(
  db: CatalogDb,
  id: string,
  caller: Caller,
): Promise<RolloutRow> {
  const rows = await db
    .select({ rollout: rollouts, ownerKeyId: rolloutBatches.ownerKeyId })
    .from(rollouts)
    .innerJoin(rolloutBatches, eq(rolloutBatches.id, rollouts.batchId))
    .where(eq(rollouts.id, id))
    .limit(1);
  const found = rows[0];
  if (!found || (!caller.admin && found.ownerKeyId !== caller.keyId)) {
    throw new AppError("not_found", "No such rollout.", { rollout: id });
  }
  return found.rollout;
}

export interface RolloutPageQuery {
  status?: RolloutStatus | undefined;
  /** Only rollouts with a stored trajectory (export). */
  withTrajectory?: boolean;
  /** The id of the last row of the previous page. */
  after?: string | undefined;
  limit: number;
}

/** One page of a batch in id order; ask for `limit + 1` to learn whether more follow. */
export async function listRollouts(
  db: CatalogDb,
  batchId: string,
  query: RolloutPageQuery,
): Promise<RolloutRow[]> {
  const where: (SQL | undefined)[] = [
    eq(rollouts.batchId, batchId),
    query.status ? eq(rollouts.status, query.status) : undefined,
    query.withTrajectory ? isNotNull(rollouts.trajectoryKey) : undefined,
    query.after ? gt(rollouts.id, query.after) : undefined,
  ];
  return db
    .select()
    .from(rollouts)
    .where(and(...where))
    .orderBy(asc(rollouts.id))
    .limit(query.limit);
}

/** Remembers the episode attempt `attempt` opened, so the next attempt can destroy it. */
export async function recordEpisode(
  db: CatalogDb,
  id: string,
  attempt: number,
  episodeId: string,
): Promise<void> {
  await db
    .update(rollouts)
    .set({ episodeId })
    .where(
      and(eq(rollouts.id, id), eq(rollouts.status, "running"), eq(rollouts.attempts, attempt)),
    );
}
