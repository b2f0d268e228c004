// Rows as the API shows them (workers/schemas/rollout-schemas.ts): a batch with its progress,
// summary and links, and a rollout's summary row.
import type { z } from "zod";
import type { CatalogDb } from "../catalog/catalog-db";
import type { RolloutBatchResponseSchema, RolloutSummarySchema } from "../schemas/rollout-schemas";
import { batchProgress, batchSummary } from "./batch-progress";
import type { BatchRow } from "./batch-repository";
import { BatchSettingsSchema, PolicySnapshotSchema } from "./batch-settings";
import type { RolloutRow } from "./rollout-repository";

type BatchResponse = z.infer<typeof RolloutBatchResponseSchema>;
type RolloutSummary = z.infer<typeof RolloutSummarySchema>;

export async function batchView(
  db: CatalogDb,
  origin: string,
  batch: BatchRow,
): Promise<BatchResponse> {
  const [progress, summary] = await Promise.all([
    batchProgress(db, batch.id),
    batchSummary(db, batch.id),
  ]);
  const policy = PolicySnapshotSchema.parse(batch.policy);
  const base = `${origin}/v1/rollouts/batches/${batch.id}`;
  return {
    batch: {
      id: batch.id,
      status: batch.status,
      policy: {
        name: policy.name,
        kind: policy.kind,
        ...(policy.model === undefined ? {} : { model: policy.model }),
      },
      groupSize: batch.groupSize,
      maxTurns: BatchSettingsSchema.parse(batch.request).maxTurns,
      maxConcurrency: batch.maxConcurrency,
      tasks: Math.round(batch.total / batch.groupSize),
      progress,
      summary,
      createdAt: batch.createdAt,
      finishedAt: batch.finishedAt,
    },
    links: {
      self: base,
      rollouts: `${base}/rollouts`,
      export: `${base}/export`,
      cancel: `${base}/cancel`,
    },
  };
}

export function rolloutView(row: RolloutRow): RolloutSummary {
  return {
    id: row.id,
    batchId: row.batchId,
    taskId: row.taskId,
    environment: row.environmentName,
    kind: row.taskKind,
    sample: row.sample,
    status: row.status,
    attempts: row.attempts,
    episodeId: row.episodeId,
    reward: row.reward,
    passed: row.passed === null ? null : row.passed === 1,
    finishReason: row.finishReason,
    turns: row.turns,
    toolCalls: row.toolCalls,
    usage: { promptTokens: row.promptTokens ?? 0, completionTokens: row.completionTokens ?? 0 },
    timings: { modelMs: row.modelMs, overheadMs: row.overheadMs, totalMs: row.totalMs },
    error: row.error,
    queuedAt: row.queuedAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
  };
}
