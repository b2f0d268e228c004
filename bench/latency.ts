// Latency at concurrency 1: one call at a time, each timed with performance.now() around the
// request alone. Bounded by a count and by a time budget, whichever comes first.
import type { HttpAnswer } from "./http-target";
import type { Call } from "./workload";

export interface LatencyOptions {
  count: number;
  maxMs: number;
  /** Runs after the call was timed, e.g. to read a server-side duration from the answer. */
  onAnswer?: (answer: HttpAnswer) => void;
}

export interface LatencyRun {
  /** Milliseconds of the calls that succeeded. */
  samples: number[];
  errors: number;
  firstError: string | undefined;
}

export async function measureLatency(call: Call, options: LatencyOptions): Promise<LatencyRun> {
  const samples: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const deadline = performance.now() + options.maxMs;
  for (let i = 0; i < options.count && performance.now() < deadline; i++) {
    const started = performance.now();
    let answer: HttpAnswer;
    try {
      answer = await call.send();
    } catch (err) {
      errors++;
      firstError ??= err instanceof Error ? err.message : String(err);
      continue;
    }
    const elapsed = performance.now() - started;
    if (call.accepts(answer)) samples.push(elapsed);
    else {
      errors++;
      firstError ??= `HTTP ${answer.status}: ${answer.body.slice(0, 300)}`;
    }
    options.onAnswer?.(answer);
  }
  return { samples, errors, firstError };
}

/** Calls made only to warm caches and JIT; failures here are reported by the timed runs. */
export async function warmUp(call: Call, count: number, maxMs: number): Promise<void> {
  await measureLatency(call, { count, maxMs });
}

/** Concatenates runs of the same subject (interleaved rounds). */
export function mergeRuns(runs: readonly LatencyRun[]): LatencyRun {
  return {
    samples: runs.flatMap((run) => run.samples),
    errors: runs.reduce((total, run) => total + run.errors, 0),
    firstError: runs.find((run) => run.firstError !== undefined)?.firstError,
  };
}
