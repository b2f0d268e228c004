// The rollouts queue's message: the rollout id is the business key of the work, so a redelivered
// or duplicated message finds the row's status and never plays it twice.
import { z } from "zod";

export const RolloutMessageSchema = z.object({
  rolloutId: z.string().regex(/^ro_[a-z0-9]+$/),
  /** How many times this rollout was held back by its batch's concurrency cap so far. */
  deferred: z.number().int().min(0).max(1000).optional(),
});
export type RolloutMessage = z.infer<typeof RolloutMessageSchema>;

/** Queues accept at most 100 messages per sendBatch. */
const SEND_BATCH_MAX = 100;

/** Longest delay a queue message may carry (12 hours). */
export const MAX_DELAY_SECONDS = 12 * 3600;

export async function enqueueRollouts(queue: Queue, rolloutIds: readonly string[]): Promise<void> {
  for (let i = 0; i < rolloutIds.length; i += SEND_BATCH_MAX) {
    await queue.sendBatch(
      rolloutIds
        .slice(i, i + SEND_BATCH_MAX)
        .map((rolloutId) => ({ body: { rolloutId } satisfies RolloutMessage })),
    );
  }
}

/** One message for the rollout, delivered after `delaySeconds` (whole seconds, capped at 12 h). */
export async function enqueueRolloutLater(
  queue: Queue,
  rolloutId: string,
  delaySeconds: number,
  deferred?: number,
): Promise<void> {
  const delay = Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.ceil(delaySeconds)));
  const body: RolloutMessage = deferred === undefined ? { rolloutId } : { rolloutId, deferred };
  await queue.send(body, { delaySeconds: delay });
}
