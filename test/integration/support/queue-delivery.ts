// One queue delivery by hand, to the real Worker's `queue` handler with the env the test chooses
// (a faulty one from fault-bindings.ts): what it acknowledged and retried, and whether the whole
// invocation threw (the queue then retries every message it had not settled).
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import type { AppEnv } from "../../../workers/env";
import worker from "../../../workers/index";
import type { Outbox } from "./queue-outbox";

export interface QueuedMessage {
  id: string;
  body: unknown;
  /** 1 on the first delivery; the queue counts up on each redelivery. */
  attempts: number;
}

export interface DeliveryResult {
  acked: string[];
  retried: string[];
  /** The delay each retried message asked for, by id. */
  retryDelays: Record<string, number>;
  threw: boolean;
}

export async function deliverTo(
  env: AppEnv,
  queue: string,
  messages: readonly QueuedMessage[],
): Promise<DeliveryResult> {
  const batch = createMessageBatch(
    queue,
    messages.map((m) => ({ id: m.id, timestamp: new Date(), attempts: m.attempts, body: m.body })),
  );
  const ctx = createExecutionContext();
  let threw = false;
  try {
    await worker.queue(batch, env, ctx);
  } catch {
    threw = true;
  }
  const result = await getQueueResult(batch, ctx);
  const retries: { msgId: string; delaySeconds?: number }[] = result.retryMessages;
  return {
    acked: [...result.explicitAcks].sort(),
    retried: retries.map((r) => r.msgId).sort(),
    retryDelays: Object.fromEntries(retries.map((r) => [r.msgId, r.delaySeconds ?? 0])),
    threw,
  };
}

/** wrangler.toml: a message is delivered at most 1 + max_retries times, then dead-lettered. */
const MAX_DELIVERIES = 6;
/** wrangler.toml's retry_delay: when a message comes back after its worker died. */
const REDELIVERY_SECONDS = 10;

export interface PlayOptions {
  queue: string;
  /** The env of the first delivery (it may meet a fault); later deliveries run on `healthy`. */
  first: AppEnv;
  healthy: AppEnv;
  /** Where both envs' producers put what they send (fault-bindings.ts `Outbox`). */
  outbox: Outbox;
  /** The outbox name of the queue's own producer (follow-ups come back to the same queue). */
  producer: string;
  /** Asked after the first delivery: did its worker die? Then its message comes back anyway. */
  firstDied?: () => boolean;
  /** Time passing on the virtual clock before a delivery (leases running out, say). */
  advance?: (seconds: number) => Promise<void>;
}

/**
 * Plays the queue for one first message until nothing is left to deliver: a retried or unsettled
 * message comes back with attempts + 1 after its delay, what the consumer sends is delivered when
 * due, and a message out of deliveries goes to the dead-letter queue. Answers what happened, in
 * order, for the assertion messages.
 */
export async function playQueue(body: unknown, options: PlayOptions): Promise<string[]> {
  const log: string[] = [];
  let clock = 0;
  let serial = 0;
  const pending: { body: unknown; attempts: number; due: number; queue: string }[] = [
    { body, attempts: 1, due: 0, queue: options.queue },
  ];
  for (let round = 0; pending.length > 0; round++) {
    if (round > 30) throw new Error(`the queue never drained: ${log.join("; ")}`);
    pending.sort((a, b) => a.due - b.due);
    const next = pending.shift();
    if (!next) break;
    if (next.due > clock) {
      await options.advance?.(next.due - clock);
      clock = next.due;
    }
    const id = `msg-${++serial}`;
    const env = round === 0 ? options.first : options.healthy;
    const result = await deliverTo(env, next.queue, [
      { id, body: next.body, attempts: next.attempts },
    ]);
    const died = round === 0 && options.firstDied?.() === true;
    const settled = !died && !result.threw && result.acked.includes(id);
    log.push(
      `t+${clock}s ${next.queue} attempt ${next.attempts}: ${died ? "worker died" : result.threw ? "threw" : settled ? "acked" : "retried"}`,
    );
    if (!settled && next.queue === options.queue) {
      const delay = died || result.threw ? REDELIVERY_SECONDS : (result.retryDelays[id] ?? 0);
      const dead = next.attempts >= MAX_DELIVERIES;
      pending.push({
        body: next.body,
        attempts: dead ? next.attempts : next.attempts + 1,
        due: clock + delay,
        queue: dead ? `${options.queue}-dlq` : options.queue,
      });
    }
    for (const sent of options.outbox.take(options.producer)) {
      pending.push({
        body: sent.body,
        attempts: 1,
        due: clock + sent.delaySeconds,
        queue: options.queue,
      });
    }
  }
  return log;
}
