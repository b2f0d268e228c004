// Rollouts alone: batches of one rollout, one after another, so nothing else competes for the
// machine. Their overhead is what a rollout costs the platform itself; the big batches' overhead
// adds the wait for a CPU shared by every rollout in flight.
import {
  type BenchTargets,
  batchRollouts,
  type CreateBatchRequest,
  runBatch,
} from "./rollouts-api";
import { type LatencySummary, summarize } from "./stats";

export interface SoloFigures {
  batches: number;
  done: number;
  rewards: number[];
  timingsMs: { total: LatencySummary; model: LatencySummary; overhead: LatencySummary };
  /** The batch's createdAt to finishedAt: queue delivery (max_batch_timeout) included. */
  batchSeconds: LatencySummary;
}

export async function soloRollouts(
  targets: BenchTargets,
  request: Omit<CreateBatchRequest, "tasks" | "groupSize" | "maxConcurrency">,
  taskIds: readonly string[],
  count: number,
  limits: { timeoutMs: number; stallMs: number },
): Promise<SoloFigures> {
  const total: number[] = [];
  const model: number[] = [];
  const overhead: number[] = [];
  const batchSeconds: number[] = [];
  const rewards: number[] = [];
  for (let i = 0; i < count; i++) {
    const task = taskIds[i % taskIds.length];
    if (task === undefined) break;
    const { batch } = await runBatch(
      targets,
      { ...request, tasks: [task], groupSize: 1, maxConcurrency: 1 },
      limits,
    );
    if (batch.finishedAt !== null) {
      batchSeconds.push((Date.parse(batch.finishedAt) - Date.parse(batch.createdAt)) / 1000);
    }
    for (const rollout of await batchRollouts(targets.api, batch.id)) {
      if (rollout.status !== "done") continue;
      const t = rollout.timings;
      if (t.totalMs !== null) total.push(t.totalMs);
      if (t.modelMs !== null) model.push(t.modelMs);
      if (t.overheadMs !== null) overhead.push(t.overheadMs);
      if (rollout.reward !== null) rewards.push(rollout.reward);
    }
  }
  return {
    batches: count,
    done: total.length,
    rewards,
    timingsMs: { total: summarize(total), model: summarize(model), overhead: summarize(overhead) },
    batchSeconds: summarize(batchSeconds),
  };
}
