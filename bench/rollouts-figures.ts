// What one rollout batch measured, from the client's clock (POST to the poll that saw it end) and
// from the rollouts' own timestamps and timings: throughput, rollouts in flight, time per rollout
// split into model time and the platform's overhead.
import type { FollowedBatch, RolloutSummary } from "./rollouts-api";
import { type LatencySummary, summarize } from "./stats";

export interface BatchFigures {
  batchId: string;
  policy: string;
  maxConcurrency: number;
  total: number;
  done: number;
  failed: number;
  cancelled: number;
  /** Rollouts that took more than one attempt (a redelivery or a retry). */
  retried: number;
  meanReward: number | null;
  passRate: number | null;
  finishReasons: Record<string, number>;
  firstError?: string;
  seconds: {
    /** Client clock: the POST sent to the poll that saw the batch end (later by up to a poll). */
    endToEnd: number;
    /** Client clock: the POST to its 202 (the rollouts are created and enqueued by then). */
    accept: number;
    /** Server clock: the batch's createdAt to finishedAt; null when it has no finishedAt. */
    server: number | null;
    /** The first rollout's start to the last one's finish. */
    firstStartToLastFinish: number;
    /** The batch's createdAt to the first rollout's start: the queue's first delivery. */
    toFirstStart: number;
  };
  rolloutsPerSecond: { server: number; endToEnd: number; firstStartToLastFinish: number };
  concurrency: {
    /** Sum of the rollouts' totalMs over first start to last finish. */
    meanInFlight: number;
    /** Most rollouts between startedAt and finishedAt at one instant. */
    peakInFlight: number;
    /** Sum of totalMs: the time the same rollouts would take one at a time. */
    oneAtATimeSeconds: number;
  };
  timingsMs: {
    total: LatencySummary;
    model: LatencySummary;
    /** totalMs - modelMs: what the platform itself cost per rollout. */
    overhead: LatencySummary;
    /** startedAt - queuedAt: waiting in the queue and behind the concurrency cap. */
    queueWait: LatencySummary;
  };
}

export function batchFigures(followed: FollowedBatch, rollouts: RolloutSummary[]): BatchFigures {
  const { batch } = followed;
  const finished = rollouts.filter(
    (r) => r.startedAt !== null && r.finishedAt !== null && r.status !== "cancelled",
  );
  const starts = finished.map((r) => Date.parse(r.startedAt ?? ""));
  const ends = finished.map((r) => Date.parse(r.finishedAt ?? ""));
  const firstStart = finished.length > 0 ? Math.min(...starts) : Number.NaN;
  const lastFinish = finished.length > 0 ? Math.max(...ends) : Number.NaN;
  const spanMs = lastFinish - firstStart;
  const done = rollouts.filter((r) => r.status === "done");
  const totals = numbers(finished.map((r) => r.timings.totalMs));
  const sumTotalMs = totals.reduce((a, b) => a + b, 0);
  const endToEnd = (followed.endSeenAt - followed.sentAt) / 1000;
  const server =
    batch.finishedAt === null
      ? null
      : (Date.parse(batch.finishedAt) - Date.parse(batch.createdAt)) / 1000;
  const finishReasons: Record<string, number> = {};
  for (const r of rollouts) {
    const reason = r.finishReason ?? r.status;
    finishReasons[reason] = (finishReasons[reason] ?? 0) + 1;
  }
  const firstError = rollouts.find((r) => r.error !== null)?.error ?? undefined;
  return {
    batchId: batch.id,
    policy: batch.policy.model ? `${batch.policy.name} (${batch.policy.model})` : batch.policy.name,
    maxConcurrency: batch.maxConcurrency,
    total: batch.progress.total,
    done: batch.progress.done,
    failed: batch.progress.failed,
    cancelled: batch.progress.cancelled,
    retried: rollouts.filter((r) => r.attempts > 1).length,
    meanReward: batch.progress.meanReward,
    passRate: batch.progress.passRate,
    finishReasons,
    ...(firstError === undefined ? {} : { firstError }),
    seconds: {
      endToEnd,
      accept: (followed.acceptedAt - followed.sentAt) / 1000,
      server,
      firstStartToLastFinish: spanMs / 1000,
      toFirstStart: (firstStart - Date.parse(batch.createdAt)) / 1000,
    },
    rolloutsPerSecond: {
      server: server !== null && server > 0 ? done.length / server : Number.NaN,
      endToEnd: done.length / endToEnd,
      firstStartToLastFinish: spanMs > 0 ? done.length / (spanMs / 1000) : Number.NaN,
    },
    concurrency: {
      meanInFlight: spanMs > 0 ? sumTotalMs / spanMs : Number.NaN,
      peakInFlight: peakOverlap(starts, ends),
      oneAtATimeSeconds: sumTotalMs / 1000,
    },
    timingsMs: {
      total: summarize(totals),
      model: summarize(numbers(finished.map((r) => r.timings.modelMs))),
      overhead: summarize(numbers(finished.map((r) => r.timings.overheadMs))),
      queueWait: summarize(
        finished.map((r) => Date.parse(r.startedAt ?? "") - Date.parse(r.queuedAt)),
      ),
    },
  };
}

/** The most intervals [start, end) open at once; an end at the same instant as a start goes first. */
export function peakOverlap(starts: readonly number[], ends: readonly number[]): number {
  const events = [
    ...starts.map((t) => ({ t, delta: 1 })),
    ...ends.map((t) => ({ t, delta: -1 })),
  ].sort((a, b) => a.t - b.t || a.delta - b.delta);
  let open = 0;
  let peak = 0;
  for (const { delta } of events) {
    open += delta;
    peak = Math.max(peak, open);
  }
  return peak;
}

const numbers = (values: readonly (number | null)[]): number[] =>
  values.filter((v): v is number => v !== null);
