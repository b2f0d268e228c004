// Dead rollout messages: a rollout whose message ran out of retries is failed with the last error
// its attempts noted, unless it already finished or a live worker still holds its lease; then its
// batch may be done. (The dead letter itself is recorded by dead-letters.ts afterwards.)
import { catalogDb } from "../catalog/catalog-db";
import type { AppEnv } from "../env";
import { settleBatch } from "../rollouts/batch-repository";
import { failUnattended } from "../rollouts/finish-rollout";
import { RolloutMessageSchema } from "../rollouts/rollout-messages";
import { getRollout } from "../rollouts/rollout-repository";

export async function failDeadRollouts(batch: MessageBatch<unknown>, env: AppEnv): Promise<void> {
  const db = catalogDb(env.CATALOG);
  for (const message of batch.messages) {
    const parsed = RolloutMessageSchema.safeParse(message.body);
    if (!parsed.success) continue;
    const rollout = await getRollout(db, parsed.data.rolloutId);
    if (!rollout) continue;
    const last = rollout.error ?? "no error was recorded";
    const reason = `gave up after ${message.attempts} attempts: ${last}`;
    // Guarded: a finished rollout, or one under a live lease, is left as it is.
    await failUnattended(db, rollout.id, reason);
    // Settled whether or not this delivery failed the row: an earlier one may have failed it and
    // then thrown before settling. settleBatch is guarded (a rollout still running keeps it open).
    await settleBatch(db, rollout.batchId);
  }
}
