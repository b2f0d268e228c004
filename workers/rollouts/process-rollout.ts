// What one queue message for a rollout leads to. Claimed: run the attempt. Not claimed, by what
// the row says now: finished -> its batch settled again (the worker that finished it may have died
// before it settled the batch); its batch gone -> nothing; its batch cancelled -> cancelled;
// running under a live lease (a duplicate while another worker plays it) -> one follow-up when
// the lease runs out, so a worker that dies is picked up; its workers kept dying -> failed; else
// the batch is at its concurrency cap -> sent again in a few seconds. Re-sending instead of
// retrying keeps waiting for the cap from eating the message's retry budget.
import type { CatalogDb } from "../catalog/catalog-db";
import type { AppEnv } from "../env";
import type { BatchContexts } from "./batch-context";
import { batchStatus, settleBatch } from "./batch-repository";
import { claimRollout, MAX_CLAIMS } from "./claim-rollout";
import { cancelUnattended, failUnattended } from "./finish-rollout";
import { enqueueRolloutLater } from "./rollout-messages";
import { getRollout, isTerminal } from "./rollout-repository";
import { type AttemptOutcome, runAttempt } from "./run-attempt";

const SETTLED: AttemptOutcome = { kind: "settled" };

/**
 * Seconds before a capped rollout's message comes back: 2 to 5 the first time, then growing by
 * half each time it is held back again, up to 30 to 33, jittered so they do not bunch. A batch far
 * over its cap then costs a few messages a minute per waiting rollout, not one every few seconds.
 */
export function capDelaySeconds(deferred: number, random: () => number = Math.random): number {
  return Math.min(30, 2 * 1.5 ** deferred) + Math.floor(random() * 4);
}

export async function processRollout(
  env: AppEnv,
  db: CatalogDb,
  contexts: BatchContexts,
  rolloutId: string,
  deferred = 0,
): Promise<AttemptOutcome> {
  const rollout = await getRollout(db, rolloutId);
  if (!rollout) return SETTLED;
  if (isTerminal(rollout.status)) {
    // The attempt that finished it may have died before settling its batch: a redelivered
    // message settles it (guarded, so this changes nothing when it was settled).
    await settleBatch(db, rollout.batchId);
    return SETTLED;
  }
  const context = await contexts(rollout.batchId);
  if (!context) return SETTLED;
  const claim = await claimRollout(db, {
    rolloutId,
    batchId: rollout.batchId,
    maxConcurrency: context.batch.maxConcurrency,
    budgetMs: context.settings.timeBudgetSeconds * 1000,
  });
  if (claim) return runAttempt(env, { rollout, context, claim });
  return notClaimed(env, db, rolloutId, deferred);
}

async function notClaimed(
  env: AppEnv,
  db: CatalogDb,
  rolloutId: string,
  deferred: number,
): Promise<AttemptOutcome> {
  const now = new Date();
  const rollout = await getRollout(db, rolloutId);
  if (!rollout || isTerminal(rollout.status)) return SETTLED;
  if ((await batchStatus(db, rollout.batchId)) !== "running") {
    await cancelUnattended(db, rolloutId, now);
    return SETTLED;
  }
  const leaseMs = rollout.leaseUntil ? Date.parse(rollout.leaseUntil) - now.getTime() : 0;
  if (rollout.status === "running" && leaseMs >= 0) {
    await enqueueRolloutLater(env.ROLLOUTS_QUEUE, rolloutId, leaseMs / 1000 + 1);
    return SETTLED;
  }
  if (rollout.attempts >= MAX_CLAIMS) {
    const last = rollout.error ?? "its worker stopped before finishing";
    await failUnattended(db, rolloutId, `gave up after ${rollout.attempts} attempts: ${last}`, now);
    await settleBatch(db, rollout.batchId);
    return SETTLED;
  }
  await enqueueRolloutLater(env.ROLLOUTS_QUEUE, rolloutId, capDelaySeconds(deferred), deferred + 1);
  return SETTLED;
}
