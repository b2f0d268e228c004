// Following a running batch: poll it until it ends, each poll under a timeout and asked again
// when it goes unanswered, drawing progress as it goes; stops early when the user interrupts.
import { setTimeout as sleep } from "node:timers/promises";
import type { z } from "zod";
import { RolloutBatchResponse } from "../api-schemas";
import { type ApiClient, ApiError, apiPath, ConnectionError } from "../http-client";
import type { ProgressReporter } from "./rollouts-progress";

type BatchResponse = z.infer<typeof RolloutBatchResponse>;

export interface FollowOptions {
  reporter: ProgressReporter;
  pollMs: number;
  /** One poll gives up after this long and is asked again. */
  pollTimeoutMs: number;
  /** Aborted when the user asks to stop (Ctrl-C). */
  interrupt: AbortSignal;
}

/** Polls in a row that may go unanswered before following gives up. */
const MAX_FAILED_POLLS = 10;

/** `ended`: the batch is no longer running; otherwise the user interrupted. */
export interface FollowResult {
  ended: boolean;
  last: BatchResponse;
}

export async function followBatch(
  client: ApiClient,
  first: BatchResponse,
  options: FollowOptions,
): Promise<FollowResult> {
  const { reporter, interrupt } = options;
  const interrupted = new Promise<undefined>((resolve) => {
    if (interrupt.aborted) resolve(undefined);
    else interrupt.addEventListener("abort", () => resolve(undefined), { once: true });
  });
  const path = apiPath`/v1/rollouts/batches/${first.batch.id}`;
  let last = first;
  let failedPolls = 0;
  while (last.batch.status === "running") {
    reporter.show(last.batch.progress);
    const slept = await Promise.race([sleep(options.pollMs).then(() => true), interrupted]);
    if (slept === undefined) return { ended: false, last };
    const poll = client.request(RolloutBatchResponse, "GET", path, {
      timeoutMs: options.pollTimeoutMs,
    });
    try {
      const answer = await Promise.race([poll, interrupted]);
      if (answer === undefined) return { ended: false, last };
      last = answer;
      failedPolls = 0;
    } catch (err) {
      // A busy server can drop a poll or answer 503 for a moment: ask again, up to a point.
      if (!isPassing(err) || ++failedPolls >= MAX_FAILED_POLLS) throw err;
    }
  }
  return { ended: true, last };
}

function isPassing(err: unknown): boolean {
  if (err instanceof ConnectionError) return true;
  return err instanceof ApiError && (err.status === 429 || err.status >= 500);
}
