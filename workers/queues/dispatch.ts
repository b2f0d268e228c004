// Routes a queue batch to its consumer by queue name (`agent-world-<kind>[-<env>]`, dead-letter
// queues end in `-dlq`). Work queues whose consumers arrive with later issues retry their
// messages, which then end in the dead-letter queue, recorded, rather than vanish. A dead-letter
// queue may also have a handler that settles the work (a dead synthesis shard fails its shard).
import type { AppEnv } from "../env";
import { recordDeadLetters } from "./dead-letters";
import { consumeDiscoveryBatch } from "./discovery-consumer";
import { failDeadImports } from "./discovery-dead-letters";
import { consumeRolloutBatch } from "./rollout-consumer";
import { failDeadRollouts } from "./rollout-dead-letters";
import { consumeSynthesisBatch } from "./synthesis-consumer";
import { failDeadShards } from "./synthesis-dead-letters";

export type QueueConsumer = (batch: MessageBatch<unknown>, env: AppEnv) => Promise<void>;

const consumers: Record<string, QueueConsumer> = {
  discovery: consumeDiscoveryBatch,
  synthesis: consumeSynthesisBatch,
  rollouts: consumeRolloutBatch,
};

/** Work a dead letter finishes before it is recorded: a dead shard still ends its job. */
const deadLetterHandlers: Record<string, QueueConsumer> = {
  discovery: failDeadImports,
  synthesis: failDeadShards,
  rollouts: failDeadRollouts,
};

export function queueKind(queueName: string): string {
  const match = /^agent-world-([a-z]+)/.exec(queueName);
  return match?.[1] ?? queueName;
}

export async function dispatchQueueBatch(batch: MessageBatch<unknown>, env: AppEnv): Promise<void> {
  if (batch.queue.endsWith("-dlq")) {
    await deadLetterHandlers[queueKind(batch.queue)]?.(batch, env);
    return recordDeadLetters(batch, env);
  }
  const consumer = consumers[queueKind(batch.queue)];
  if (consumer) return consumer(batch, env);
  console.warn(
    `no consumer for queue ${batch.queue} yet; ${batch.messages.length} message(s) retried`,
  );
  batch.retryAll({ delaySeconds: 60 });
}
