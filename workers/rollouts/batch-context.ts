// What every rollout of a batch needs to be played, read once per queue invocation however many
// of its messages the invocation holds: the batch row, its parsed settings, and its policy. An
// `openai` policy is played as the batch snapshot recorded it (model, timeouts, sampling) with the
// key stored now, so a rotated key takes effect and a group stays one policy; a key is never sent
// to an endpoint other than the one it is stored for.
import { AppError } from "../../core/base/errors";
import type { CatalogDb } from "../catalog/catalog-db";
import type { AppEnv } from "../env";
import { resolvePolicy } from "../policies/policy-repository";
import type { PolicySnapshot, ResolvedPolicy } from "../policies/resolved-policy";
import { type BatchRow, batchStatus, getBatch } from "./batch-repository";
import { type BatchSettings, BatchSettingsSchema, PolicySnapshotSchema } from "./batch-settings";

export interface BatchContext {
  batch: BatchRow;
  settings: BatchSettings;
  snapshot: PolicySnapshot;
  /** Resolved on first use, once per invocation. */
  policy(): Promise<ResolvedPolicy>;
  /**
   * Whether the batch is still running, as the agent loops ask between turns: one D1 read at most
   * every STATUS_TTL_MS for all the invocation's rollouts of the batch, not one per turn each
   * (an invocation may make at most 1,000 D1 queries).
   */
  stillRunning(): Promise<boolean>;
}

/** How stale a cancelled batch may look to its running loops. */
export const STATUS_TTL_MS = 1_000;

export type BatchContexts = (batchId: string) => Promise<BatchContext | null>;

export function batchContexts(env: AppEnv, db: CatalogDb): BatchContexts {
  const cache = new Map<string, Promise<BatchContext | null>>();
  return (batchId) => {
    let context = cache.get(batchId);
    if (!context) {
      context = load(env, db, batchId);
      cache.set(batchId, context);
    }
    return context;
  };
}

async function load(env: AppEnv, db: CatalogDb, batchId: string): Promise<BatchContext | null> {
  const batch = await getBatch(db, batchId);
  if (!batch) return null;
  const snapshot = PolicySnapshotSchema.parse(batch.policy);
  let resolved: Promise<ResolvedPolicy> | undefined;
  let status: { at: number; running: Promise<boolean> } | undefined;
  return {
    batch,
    settings: BatchSettingsSchema.parse(batch.request),
    snapshot,
    policy() {
      resolved ??= policyOfSnapshot(env, batch.ownerKeyId, snapshot);
      return resolved;
    },
    stillRunning() {
      const now = Date.now();
      if (!status || now - status.at >= STATUS_TTL_MS) {
        status = { at: now, running: batchStatus(db, batchId).then((s) => s === "running") };
      }
      return status.running;
    },
  };
}

/** The batch owner's policy of that name: a batch never plays another key's policy or key. */
async function policyOfSnapshot(
  env: AppEnv,
  ownerKeyId: string,
  snapshot: PolicySnapshot,
): Promise<ResolvedPolicy> {
  if (snapshot.kind !== "openai") return { kind: snapshot.kind, name: snapshot.kind };
  const current = await resolvePolicy(env, { ownerKeyId, name: snapshot.name });
  if (current.kind !== "openai") return current;
  if (snapshot.baseUrl !== undefined && snapshot.baseUrl !== current.baseUrl) {
    throw new AppError(
      "conflict",
      `Policy \`${snapshot.name}\` now points at another endpoint than when this batch started; start a new batch.`,
      { policy: snapshot.name },
    );
  }
  return {
    ...current,
    model: snapshot.model ?? current.model,
    timeoutMs: snapshot.timeoutMs ?? current.timeoutMs,
    maxAttempts: snapshot.maxAttempts ?? current.maxAttempts,
    sampling: snapshot.sampling ?? current.sampling,
  };
}
