// Following a running batch: poll it until it ends, each poll under a timeout and asked again
// (after a growing pause) when it goes unanswered, drawing progress as it goes; stops early when
// the user interrupts.
import { setTimeout as sleep } from "node:timers/promises";
import type { z } from "zod";
import { RolloutBatchResponse } from "../api-schemas";
import { CliError } from "../command";
import { type ApiClient, apiPath } from "../http-client";
import { failureReason, isPassingFailure } from "../patient-poll";
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
/** The longest pause before asking again after a failed poll. */
const MAX_BACKOFF_MS = 15_000;

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
      // A busy server can drop a poll or answer 503 for a moment: ask again after a growing
      // pause, up to a point, then say plainly that the platform stopped answering.
      if (!isPassingFailure(err)) throw err;
      if (++failedPolls >= MAX_FAILED_POLLS)
        throw unresponsive(client, first.batch.id, options, err);
      const pause = Math.min(MAX_BACKOFF_MS, options.pollMs * 2 ** Math.min(failedPolls, 4));
      const paused = await Promise.race([sleep(pause).then(() => true), interrupted]);
      if (paused === undefined) return { ended: false, last };
    }
  }
  return { ended: true, last };
}

function unresponsive(
  client: ApiClient,
  batchId: string,
  options: FollowOptions,
  last: unknown,
): CliError {
  const reason = failureReason(last);
  return new CliError(
    `the platform at ${client.baseUrl} did not answer while following batch ${batchId}: ${MAX_FAILED_POLLS} polls in a row ` +
      `failed or took over ${options.pollTimeoutMs / 1000} s (last: ${reason}). The batch keeps running ` +
      `there; look again later with \`agent-world rollouts status ${batchId}\`.`,
  );
}
