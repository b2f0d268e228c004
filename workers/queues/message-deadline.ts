// Bounds one queue message's work. A delivery whose work never settles (a Durable Object RPC or a
// fetch that never answers) would hold its whole batch, and under `wrangler dev`, where Miniflare
// runs one delivery of a queue at a time, the queue itself. After the deadline the message counts
// as failed (retried, then dead-lettered), the rest of the batch goes on and the invocation ends;
// the abandoned work is cancelled with the invocation.
import type { AppEnv } from "../env";

/** Per-message deadlines, under the 15 minutes a consumer invocation may run on Cloudflare. */
export const MESSAGE_DEADLINE_MS = {
  /** Fetch (SOURCE_FETCH_TIMEOUT_MS), import, tool tests and publish of one source. */
  discovery: 10 * 60_000,
  /** One shard: at most 25 tasks, each replayed and verified. */
  synthesis: 10 * 60_000,
  /** One rollout attempt: its time budget (at most 840 s) bounds it first; this is the backstop. */
  rollouts: 14.5 * 60_000,
} as const;

export type DeadlineKind = keyof typeof MESSAGE_DEADLINE_MS;

/** Thrown when a message's work did not settle in time. */
export class MessageDeadlineExceeded extends Error {
  constructor(
    readonly what: string,
    readonly ms: number,
  ) {
    const within = ms < 10_000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
    super(`${what} did not finish within ${within} and was abandoned`);
    this.name = "MessageDeadlineExceeded";
  }
}

/** A consumer invocation may run 15 minutes; its messages share this much of it. */
export const BATCH_BUDGET_MS = 14 * 60_000;

/** The deadline of a consumer's messages; QUEUE_MESSAGE_TIMEOUT_MS overrides them all. */
export function messageDeadlineMs(env: AppEnv, kind: DeadlineKind): number {
  const override = Number(env.QUEUE_MESSAGE_TIMEOUT_MS);
  return Number.isFinite(override) && override > 0 ? override : MESSAGE_DEADLINE_MS[kind];
}

/**
 * For consumers that run a batch's messages one after another: each message's deadline, cut to
 * what is left of the batch's budget, so several slow messages cannot run the invocation past its
 * limit. At 0 the message is not started (the caller retries it at once).
 */
export function sequentialDeadlines(env: AppEnv, kind: DeadlineKind): () => number {
  const perMessage = messageDeadlineMs(env, kind);
  const ends = Date.now() + Math.max(BATCH_BUDGET_MS, perMessage);
  return () => Math.max(0, Math.min(perMessage, ends - Date.now()));
}

/** `work`, or MessageDeadlineExceeded after `ms`; the timer never outlives the race. */
export async function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new MessageDeadlineExceeded(what, ms)), ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
