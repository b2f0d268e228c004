// The rollouts queue's consumer: every message of a delivery runs at once (each waits mostly on
// the policy and the episode), and each is settled on its own: acknowledged once its rollout is
// played, given up or handed to another message; retried with backoff when its attempt asked for
// it or when the catalog itself failed before a claim. A malformed body is acknowledged and logged.
import { type CatalogDb, catalogDb } from "../catalog/catalog-db";
import type { AppEnv } from "../env";
import { type BatchContexts, batchContexts } from "../rollouts/batch-context";
import { processRollout } from "../rollouts/process-rollout";
import { RolloutMessageSchema } from "../rollouts/rollout-messages";
import { messageDeadlineMs, withDeadline } from "./message-deadline";

export async function consumeRolloutBatch(
  batch: MessageBatch<unknown>,
  env: AppEnv,
): Promise<void> {
  const db = catalogDb(env.CATALOG);
  const contexts = batchContexts(env, db);
  const deadline = messageDeadlineMs(env, "rollouts");
  await Promise.all(
    batch.messages.map((message) => consumeMessage(env, db, contexts, message, deadline)),
  );
}

async function consumeMessage(
  env: AppEnv,
  db: CatalogDb,
  contexts: BatchContexts,
  message: Message<unknown>,
  deadline: number,
): Promise<void> {
  const parsed = RolloutMessageSchema.safeParse(message.body);
  if (!parsed.success) {
    console.error("rollouts: malformed message dropped", message.id);
    message.ack();
    return;
  }
  const { rolloutId, deferred } = parsed.data;
  try {
    // Past the deadline the message is retried; its rollout's lease then runs out and the
    // redelivery claims it again (counted against MAX_CLAIMS).
    const outcome = await withDeadline(
      processRollout(env, db, contexts, rolloutId, deferred),
      deadline,
      `rollout ${rolloutId}`,
    );
    if (outcome.kind === "retry") message.retry({ delaySeconds: outcome.delaySeconds });
    else message.ack();
  } catch (err) {
    console.error(`rollouts: ${rolloutId} will be retried`, err);
    message.retry({ delaySeconds: Math.min(60, 5 * 2 ** message.attempts) });
  }
}
