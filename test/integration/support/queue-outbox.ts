// What the code under test sends to a queue, held for the test to deliver (queue-delivery.ts):
// the test is the queue, so a follow-up is delivered when, and as often as, the case needs.
import type { Faults } from "./fault-bindings";

export interface OutboxMessage {
  queue: string;
  body: unknown;
  delaySeconds: number;
}

export class Outbox {
  readonly messages: OutboxMessage[] = [];

  /** A producer for `queue`; a worker that died (`faults`) sends nothing more. */
  producer(queue: string, faults: Faults): Queue {
    const push = (body: unknown, options?: QueueSendOptions) => {
      this.messages.push({ queue, body, delaySeconds: options?.delaySeconds ?? 0 });
    };
    const sent = () => faults.check({ binding: "QUEUE", kind: "send", what: queue });
    const producer = {
      send: async (body: unknown, options?: QueueSendOptions) => {
        await sent();
        push(body, options);
      },
      sendBatch: async (batch: Iterable<MessageSendRequest>, options?: QueueSendBatchOptions) => {
        await sent();
        for (const message of batch) {
          push(message.body, { delaySeconds: message.delaySeconds ?? options?.delaySeconds ?? 0 });
        }
      },
    };
    return producer as unknown as Queue;
  }

  /** Takes the held messages (of one queue binding's name) out of the outbox. */
  take(queue: string): OutboxMessage[] {
    const taken = this.messages.filter((m) => m.queue === queue);
    this.messages.splice(
      0,
      this.messages.length,
      ...this.messages.filter((m) => m.queue !== queue),
    );
    return taken;
  }
}
