// One poll of a long wait (an import, a synthesis job, a rollout batch) that survives a slow or
// failing platform. Node's fetch ends a request whose headers take 300 s with
// UND_ERR_HEADERS_TIMEOUT, and a `wrangler dev` proxy can hold a GET that long (it parks a GET
// whose hop to the Worker failed until the next request arrives), so each poll has its own much
// shorter timeout and is asked again, with backoff, when it goes unanswered or answers 429 or 5xx.
// After `attempts` such polls in a row the wait ends with a message saying what to do.
import { setTimeout as sleep } from "node:timers/promises";
import type { z } from "zod";
import { CliError } from "./cli-errors";
import { type ApiClient, ApiError, ConnectionError } from "./http-client";

export interface PollPolicy {
  /** One poll gives up after this long (and is asked again). */
  timeoutMs: number;
  /** Polls in a row that may go unanswered (or answer 429/5xx) before the wait gives up. */
  attempts: number;
  /** The pause before the first re-ask; it doubles each time, up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_POLL_POLICY: PollPolicy = {
  timeoutMs: 30_000,
  attempts: 6,
  backoffMs: 1_000,
  maxBackoffMs: 15_000,
};

/** `AGENT_WORLD_POLL_TIMEOUT_MS` sets one poll's timeout (a slow machine, or tests). */
export function pollPolicyFrom(env: Record<string, string | undefined>): PollPolicy {
  const text = env.AGENT_WORLD_POLL_TIMEOUT_MS?.trim();
  if (!text) return DEFAULT_POLL_POLICY;
  const timeoutMs = Number(text);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 290_000) {
    throw new CliError(
      `AGENT_WORLD_POLL_TIMEOUT_MS must be a whole number of milliseconds from 1 to 290000, got \`${text}\``,
    );
  }
  // Short timeouts (tests) get short pauses; the default policy's pauses otherwise.
  const backoffMs = Math.min(DEFAULT_POLL_POLICY.backoffMs, timeoutMs);
  return { ...DEFAULT_POLL_POLICY, timeoutMs, backoffMs, maxBackoffMs: 5 * backoffMs };
}

/** A poll that may be asked again: no answer in time, no connection, 429 or a 5xx. */
export function isPassingFailure(err: unknown): boolean {
  if (err instanceof ConnectionError) return true;
  return err instanceof ApiError && (err.status === 429 || err.status >= 500);
}

export interface PollTarget<T> {
  schema: z.ZodType<T>;
  path: string;
  /** What is waited for, for the message: "import job imp_1". */
  what: string;
  /** How to look again later: "agent-world tasks list --job syn_1". */
  later: string;
}

/** GETs `path` until it answers, or throws a CliError after `policy.attempts` failed polls. */
export async function pollPatiently<T>(
  client: ApiClient,
  target: PollTarget<T>,
  policy: PollPolicy,
): Promise<T> {
  let pause = policy.backoffMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await client.request(target.schema, "GET", target.path, {
        timeoutMs: policy.timeoutMs,
      });
    } catch (err) {
      if (!isPassingFailure(err)) throw err;
      if (attempt >= policy.attempts) throw unresponsive(client, target, policy, attempt, err);
      await sleep(pause);
      pause = Math.min(policy.maxBackoffMs, pause * 2);
    }
  }
}

/** The last failed poll, for a give-up message: "503 unavailable", the connection's reason, or the error. */
export function failureReason(last: unknown): string {
  if (last instanceof ApiError) return `${last.status} ${last.code}`;
  if (last instanceof ConnectionError) return last.reason;
  return String(last);
}

function unresponsive<T>(
  client: ApiClient,
  target: PollTarget<T>,
  policy: PollPolicy,
  attempts: number,
  last: unknown,
): CliError {
  return new CliError(
    `the platform at ${client.baseUrl} did not answer while waiting for ${target.what}: ` +
      `${attempts} polls in a row failed or took over ${policy.timeoutMs / 1000} s (last: ${failureReason(last)}). ` +
      `It may be overloaded or stuck; the work keeps its state there, so look again later with \`${target.later}\`.`,
  );
}
