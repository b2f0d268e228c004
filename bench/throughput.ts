// Throughput at concurrency N: N closed-loop workers, each with its own call (its own episode on
// the platform), sending the next request as soon as the last one answered, for a fixed time.
import type { Call } from "./workload";

export interface ThroughputOptions {
  durationMs: number;
  /** A hard cap on calls per worker, so a surprisingly fast server still ends the loop. */
  maxCallsPerWorker: number;
}

export interface ThroughputRun {
  concurrency: number;
  completed: number;
  errors: number;
  firstError: string | undefined;
  elapsedMs: number;
  /** CPU this process (the load generator) used meanwhile, to show it was not the bottleneck. */
  clientCpuMs: number;
  /** Latency of each successful call under this load, ms. */
  samples: number[];
}

export async function measureThroughput(
  calls: readonly Call[],
  options: ThroughputOptions,
): Promise<ThroughputRun> {
  const samples: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const deadline = started + options.durationMs;
  const worker = async (call: Call) => {
    for (let i = 0; i < options.maxCallsPerWorker && performance.now() < deadline; i++) {
      const sent = performance.now();
      try {
        const answer = await call.send();
        if (call.accepts(answer)) samples.push(performance.now() - sent);
        else {
          errors++;
          firstError ??= `HTTP ${answer.status}: ${answer.body.slice(0, 300)}`;
        }
      } catch (err) {
        errors++;
        firstError ??= err instanceof Error ? err.message : String(err);
      }
    }
  };
  await Promise.all(calls.map(worker));
  const used = process.cpuUsage(cpu);
  return {
    concurrency: calls.length,
    completed: samples.length,
    errors,
    firstError,
    elapsedMs: performance.now() - started,
    clientCpuMs: (used.user + used.system) / 1000,
    samples,
  };
}

export function callsPerSecond(run: Pick<ThroughputRun, "completed" | "elapsedMs">): number {
  return run.elapsedMs > 0 ? (run.completed * 1000) / run.elapsedMs : 0;
}
