// The rollout benchmark's table: one row per figure, one column per batch (oracle, scripted agent),
// in markdown so it can be pasted into the README.
import type { BatchFigures } from "./rollouts-figures";
import type { SoloFigures } from "./rollouts-solo";
import type { LatencySummary } from "./stats";

export interface ScriptedExtras {
  latencyMs: number;
  /** Completion requests the scripted server answered: the batch's and the one-rollout batches'. */
  completions: number;
  /** Rollouts x completions x latency. */
  modelFloorSeconds: number;
}

const f = (n: number | null, digits = 1) =>
  n !== null && Number.isFinite(n) ? n.toFixed(digits) : "n/a";
const pair = (s: LatencySummary, digits = 0) => `${f(s.p50, digits)} / ${f(s.p99, digits)}`;

/** One policy's figures: its big batch, and its one-rollout batches (null when skipped). */
export interface PolicyRun {
  batch: BatchFigures;
  solo: SoloFigures | null;
}

export function rolloutRows(
  oracle: PolicyRun,
  scripted: PolicyRun,
  extra: ScriptedExtras,
): string[][] {
  const o = oracle.batch;
  const s = scripted.batch;
  const both = (label: string, value: (b: BatchFigures) => string): string[] => [
    label,
    value(o),
    value(s),
  ];
  return [
    ["metric", "oracle", `scripted agent (${extra.latencyMs} ms/completion)`],
    both("rollouts done / total (failed)", (b) => `${b.done} / ${b.total} (${b.failed})`),
    both("mean reward / pass rate", (b) => `${f(b.meanReward, 3)} / ${f(b.passRate, 3)}`),
    both("maxConcurrency", (b) => String(b.maxConcurrency)),
    both("202 to batch done (s, server clock: createdAt to finishedAt)", (b) =>
      f(b.seconds.server, 2),
    ),
    both("rollouts/s, 202 to batch done", (b) => f(b.rolloutsPerSecond.server, 1)),
    both("POST sent to done seen by a poll (s, client clock)", (b) => f(b.seconds.endToEnd, 2)),
    both("POST to 202 (s: rollouts created and enqueued)", (b) => f(b.seconds.accept, 2)),
    both("batch created to first rollout start (s)", (b) => f(b.seconds.toFirstStart, 2)),
    both("first start to last finish (s)", (b) => f(b.seconds.firstStartToLastFinish, 2)),
    both("rollouts/s, first start to last finish", (b) =>
      f(b.rolloutsPerSecond.firstStartToLastFinish, 1),
    ),
    both("mean rollouts in flight (sum of totalMs / span)", (b) =>
      f(b.concurrency.meanInFlight, 1),
    ),
    both("peak rollouts in flight", (b) => String(b.concurrency.peakInFlight)),
    both("one at a time would take (s, sum of totalMs)", (b) =>
      f(b.concurrency.oneAtATimeSeconds, 1),
    ),
    [
      "model time alone, one at a time (s)",
      "0",
      `${f(extra.modelFloorSeconds, 1)} (${extra.completions} completions served in all)`,
    ],
    both("rollout total p50 / p99 (ms)", (b) => pair(b.timingsMs.total)),
    both("model time p50 / p99 (ms)", (b) => pair(b.timingsMs.model)),
    both("overhead (total - model) p50 / p99 (ms)", (b) => pair(b.timingsMs.overhead)),
    both("queue wait (queued to started) p50 / p99 (ms)", (b) => pair(b.timingsMs.queueWait)),
    both("rollouts retried (attempts > 1)", (b) => String(b.retried)),
    ...soloRows(oracle.solo, scripted.solo),
  ];
}

function soloRows(o: SoloFigures | null, s: SoloFigures | null): string[][] {
  if (o === null || s === null) return [];
  const both = (label: string, value: (b: SoloFigures) => string): string[] => [
    `alone (${o.batches} one-rollout batches): ${label}`,
    value(o),
    value(s),
  ];
  return [
    both("rollouts done", (b) => `${b.done} / ${b.batches}`),
    both("overhead p50 / p99 (ms)", (b) => pair(b.timingsMs.overhead)),
    both("rollout total p50 / p99 (ms)", (b) => pair(b.timingsMs.total)),
    both("202 to batch done p50 (s)", (b) => f(b.batchSeconds.p50, 2)),
  ];
}
