// Rollouts in the workerd tests: real Chinook tasks made by the synthesis queue, batches inserted
// straight through the repository (so no queued message races a test that drives the consumer by
// hand), one delivery to the real consumer, and the rows, batches and R2 objects to assert on.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import chinook from "../../../catalog/dist/chinook.json";
import { EnvironmentSpecSchema } from "../../../core/environment/spec";
import type { Task } from "../../../core/tasks/task";
import { catalogDb } from "../../../workers/catalog/catalog-db";
import worker from "../../../workers/index";
import type { PolicySnapshot } from "../../../workers/policies/resolved-policy";
import { type BatchRow, insertBatch } from "../../../workers/rollouts/batch-repository";
import type { BatchSettings } from "../../../workers/rollouts/batch-settings";
import { newRolloutBatchId, newRolloutId } from "../../../workers/rollouts/rollout-ids";
import {
  getRollout,
  listRollouts,
  type RolloutRow,
} from "../../../workers/rollouts/rollout-repository";
import { api, publish } from "./platform";
import { synthesize } from "./synthesis";

export const ROLLOUTS_QUEUE = "agent-world-rollouts";
export const ROLLOUTS_DLQ = "agent-world-rollouts-dlq";
/** The bootstrap admin key's id: batches made here belong to the key the tests call with. */
export const ADMIN_KEY_ID = "bootstrap-admin";

export const db = () => catalogDb(env.CATALOG);

/** Publishes Chinook and synthesizes tasks on it through the synthesis queue. */
export async function chinookTasks(count: number, seed: string): Promise<Task[]> {
  const published = await publish(EnvironmentSpecSchema.parse(chinook));
  if (published.status >= 300) throw new Error(`publish: ${JSON.stringify(published.body)}`);
  const { tasks } = await synthesize({ environment: "chinook", count, strategy: "mixed", seed });
  return tasks;
}

export function settings(overrides: Partial<BatchSettings> = {}): BatchSettings {
  return {
    groupSize: 1,
    maxTurns: 20,
    sampling: {},
    timeBudgetSeconds: 120,
    maxConcurrency: 64,
    randomCalls: 8,
    tasks: { ids: [] },
    ...overrides,
  };
}

/** A batch and its queued rows, inserted without sending a message. */
export async function insertTestBatch(
  tasks: readonly Task[],
  options: { policy?: PolicySnapshot; settings?: Partial<BatchSettings> } = {},
): Promise<{ batch: BatchRow; rollouts: RolloutRow[] }> {
  const batchSettings = settings({ tasks: { ids: tasks.map((t) => t.id) }, ...options.settings });
  const items = tasks.flatMap((task) =>
    Array.from({ length: batchSettings.groupSize }, (_, sample) => ({
      id: newRolloutId(),
      taskId: task.id,
      environmentName: task.environment.name,
      taskKind: task.kind,
      sample,
    })),
  );
  const batch = await insertBatch(
    db(),
    {
      id: newRolloutBatchId(),
      ownerKeyId: ADMIN_KEY_ID,
      policy: options.policy ?? { name: "oracle", kind: "oracle" },
      settings: batchSettings,
      createdAt: new Date().toISOString(),
    },
    items,
  );
  const rows = await listRollouts(db(), batch.id, { limit: items.length });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { batch, rollouts: items.flatMap((item) => byId.get(item.id) ?? []) };
}

export async function rolloutRow(id: string): Promise<RolloutRow> {
  const row = await getRollout(db(), id);
  if (!row) throw new Error(`no rollout ${id}`);
  return row;
}

/** One delivery of these message bodies to the real consumer; what it acked and retried. */
export async function deliver(
  bodies: readonly unknown[],
  options: { queue?: string; attempts?: number } = {},
) {
  const batch = createMessageBatch(
    options.queue ?? ROLLOUTS_QUEUE,
    bodies.map((body, i) => ({
      id: `m-${i}-${crypto.randomUUID()}`,
      timestamp: new Date(),
      attempts: options.attempts ?? 1,
      body,
    })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  const result = await getQueueResult(batch, ctx);
  // Messages by their index in `bodies`.
  const indexOf = (messageId: string) => batch.messages.findIndex((m) => m.id === messageId);
  return {
    acked: result.explicitAcks.map(indexOf).sort(),
    retried: result.retryMessages.map((r: { msgId: string }) => indexOf(r.msgId)).sort(),
  };
}

/** The R2 objects stored for a rollout (one per attempt that kept its trajectory). */
export async function storedTrajectories(batchId: string, rolloutId: string): Promise<string[]> {
  const listed = await env.ARTIFACTS.list({ prefix: `rollouts/${batchId}/${rolloutId}/` });
  return listed.objects.map((o) => o.key);
}

export interface BatchView {
  batch: {
    id: string;
    status: string;
    progress: Record<string, number | null>;
    summary: Record<string, unknown>[];
  };
  links: Record<string, string>;
}

/** Polls the batch over the API until it is no longer running (the real queue plays it). */
export async function waitForBatch(id: string, timeoutMs = 60_000): Promise<BatchView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api<BatchView>("GET", `/v1/rollouts/batches/${id}`);
    if (res.status !== 200) throw new Error(`batch ${id}: ${JSON.stringify(res.body)}`);
    if (res.body.batch.status !== "running") return res.body;
    if (Date.now() > deadline)
      throw new Error(`batch ${id} still running: ${JSON.stringify(res.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Polls a rollout row until `done(row)` holds. */
export async function waitForRollout(
  id: string,
  done: (row: RolloutRow) => boolean,
  timeoutMs = 30_000,
): Promise<RolloutRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await rolloutRow(id);
    if (done(row)) return row;
    if (Date.now() > deadline) throw new Error(`rollout ${id} stuck: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
