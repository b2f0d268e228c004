// How a rollout leaves `running` (or is given up without one): every update is guarded by the
// status and, for an attempt, by its attempt number, so a late duplicate, a reclaimed lease or a
// cancel that won first makes it change nothing (and the caller learns so from `changed`).
import { and, eq, lt, or, type SQL } from "drizzle-orm";
import type { CatalogDb } from "../catalog/catalog-db";
import { rollouts } from "../catalog/schema";

/** What one attempt measured; stored on the row for listing and progress. */
export interface AttemptRecord {
  finishReason: string;
  turns: number;
  toolCalls: number;
  promptTokens: number;
  completionTokens: number;
  modelMs: number;
  overheadMs: number;
  totalMs: number;
  trajectoryKey: string | null;
}

function ofAttempt(id: string, attempt: number): SQL | undefined {
  return and(eq(rollouts.id, id), eq(rollouts.status, "running"), eq(rollouts.attempts, attempt));
}

/** Queued, or running under a lease that ran out: nobody is working on it. */
function unattended(id: string, at: string): SQL | undefined {
  return and(
    eq(rollouts.id, id),
    or(
      eq(rollouts.status, "queued"),
      and(eq(rollouts.status, "running"), lt(rollouts.leaseUntil, at)),
    ),
  );
}

async function changed(result: Promise<D1Result>): Promise<boolean> {
  return ((await result).meta.changes ?? 0) > 0;
}

/** Scored: `done` (or `cancelled` when the batch was cancelled mid-rollout), with its reward. */
export function finishRollout(
  db: CatalogDb,
  id: string,
  attempt: number,
  outcome: AttemptRecord & { status: "done" | "cancelled"; reward: number },
  now: Date = new Date(),
): Promise<boolean> {
  return changed(
    db
      .update(rollouts)
      .set({
        ...outcome,
        passed: outcome.reward >= 1 - 1e-9 ? 1 : 0,
        error: null,
        leaseUntil: null,
        finishedAt: now.toISOString(),
      })
      .where(ofAttempt(id, attempt))
      .run(),
  );
}

/** Failed for good, with the reason (and what the attempt measured, when it got that far). */
export function failRollout(
  db: CatalogDb,
  id: string,
  attempt: number,
  reason: string,
  record?: AttemptRecord,
  now: Date = new Date(),
): Promise<boolean> {
  return changed(
    db
      .update(rollouts)
      .set({
        ...record,
        status: "failed",
        error: reason,
        leaseUntil: null,
        finishedAt: now.toISOString(),
      })
      .where(ofAttempt(id, attempt))
      .run(),
  );
}

/** Back to `queued` with the error noted, for the retried message to claim again. */
export function requeueRollout(
  db: CatalogDb,
  id: string,
  attempt: number,
  reason: string,
): Promise<boolean> {
  return changed(
    db
      .update(rollouts)
      .set({ status: "queued", error: reason, leaseUntil: null })
      .where(ofAttempt(id, attempt))
      .run(),
  );
}

/** A rollout nobody is working on, in a cancelled batch. */
export function cancelUnattended(
  db: CatalogDb,
  id: string,
  now: Date = new Date(),
): Promise<boolean> {
  const at = now.toISOString();
  return changed(
    db
      .update(rollouts)
      .set({ status: "cancelled", leaseUntil: null, finishedAt: at })
      .where(unattended(id, at))
      .run(),
  );
}

/** A rollout nobody is working on, given up (its messages ran out, or its workers kept dying). */
export function failUnattended(
  db: CatalogDb,
  id: string,
  reason: string,
  now: Date = new Date(),
): Promise<boolean> {
  const at = now.toISOString();
  return changed(
    db
      .update(rollouts)
      .set({ status: "failed", error: reason, leaseUntil: null, finishedAt: at })
      .where(unattended(id, at))
      .run(),
  );
}
