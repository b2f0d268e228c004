// Concurrency N: each subject gets N closed-loop workers (on the platform, one episode each), in
// interleaved rounds of equal length after a short warm-up at the same concurrency.
import { interleave } from "./interleave";
import { measureThroughput, type ThroughputRun } from "./throughput";
import type { Call } from "./workload";

export interface ThroughputPlan {
  seconds: number;
  rounds: number;
  warmupSeconds: number;
}

/** No worker sends more than this many calls in one round, however fast the server. */
const MAX_CALLS_PER_WORKER_PER_SECOND = 5_000;

export async function measureLoad(
  subjects: ReadonlyMap<string, readonly Call[]>,
  plan: ThroughputPlan,
): Promise<Map<string, ThroughputRun>> {
  const roundMs = (plan.seconds * 1000) / plan.rounds;
  const options = (ms: number) => ({
    durationMs: ms,
    maxCallsPerWorker: Math.ceil((ms / 1000) * MAX_CALLS_PER_WORKER_PER_SECOND),
  });
  for (const calls of subjects.values()) {
    await measureThroughput(calls, options(plan.warmupSeconds * 1000));
  }
  const runs = await interleave([...subjects.keys()], plan.rounds, (name) =>
    measureThroughput(subjects.get(name) ?? [], options(roundMs)),
  );
  return new Map([...runs].map(([name, list]) => [name, mergeThroughput(list)]));
}

function mergeThroughput(runs: readonly ThroughputRun[]): ThroughputRun {
  return {
    concurrency: runs[0]?.concurrency ?? 0,
    completed: runs.reduce((total, run) => total + run.completed, 0),
    errors: runs.reduce((total, run) => total + run.errors, 0),
    firstError: runs.find((run) => run.firstError !== undefined)?.firstError,
    elapsedMs: runs.reduce((total, run) => total + run.elapsedMs, 0),
    clientCpuMs: runs.reduce((total, run) => total + run.clientCpuMs, 0),
    samples: runs.flatMap((run) => run.samples),
  };
}
