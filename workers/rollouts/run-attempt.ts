// One claimed attempt of a rollout, start to finish: destroy the previous attempt's episode, open
// a fresh one of the task, play it, verify it, store the trajectory in R2, and finish the row
// under its guard (a finish that loses the guard deletes its object). A policy that fails in a way
// worth retrying, or the platform failing, sends the rollout back to the queue with backoff until
// it has had MAX_ATTEMPTS; a refusal that will not change fails it at once. Episodes are always
// destroyed at the end (and reaped by their TTL when the worker itself dies).

import { AppError } from "../../core/base/errors";
import { unwrap } from "../../core/base/result";
import { toOpenAIChatTool } from "../../core/environment/tool-formats";
import { DEFAULT_SYSTEM_PROMPT } from "../../core/rollouts/system-prompt";
import type { Caller } from "../../durable-objects/episode-rpc";
import { type CatalogDb, catalogDb } from "../catalog/catalog-db";
import type { AppEnv } from "../env";
import { episodeStub } from "../episodes/episode-client";
import { episodeSource } from "../episodes/episode-source";
import { openEpisode } from "../episodes/open-episode";
import { rubricJudgeFrom, verifyEpisode } from "../episodes/play-episode";
import type { BatchContext } from "./batch-context";
import { settleBatch } from "./batch-repository";
import { buildTrajectory } from "./build-trajectory";
import type { Claim } from "./claim-rollout";
import { type AttemptRecord, failRollout, finishRollout, requeueRollout } from "./finish-rollout";
import { type PlayedRollout, playRollout } from "./play-rollout";
import { type RolloutRow, recordEpisode } from "./rollout-repository";
import {
  deleteEarlierAttempts,
  deleteTrajectory,
  putTrajectory,
  trajectoryKey,
} from "./trajectory-store";

/** A rollout gets this many attempts when its policy or the platform fails it transiently. */
export const MAX_ATTEMPTS = 3;

/** An episode outlives its rollout's time budget by this much before its TTL reaps it. */
const EPISODE_TTL_MARGIN_SECONDS = 300;

export type AttemptOutcome = { kind: "settled" } | { kind: "retry"; delaySeconds: number };

export interface AttemptInput {
  rollout: RolloutRow;
  context: BatchContext;
  claim: Claim;
}

export async function runAttempt(env: AppEnv, input: AttemptInput): Promise<AttemptOutcome> {
  const db = catalogDb(env.CATALOG);
  const { rollout, context, claim } = input;
  const caller: Caller = { keyId: context.batch.ownerKeyId, admin: false };
  if (claim.previousEpisodeId) await destroyEpisode(env, claim.previousEpisodeId, caller);
  if (claim.attempt > 1) await removeEarlierTrajectories(env, rollout, claim.attempt);
  let episodeId: string | undefined;
  try {
    const source = await episodeSource(env, { task: rollout.taskId });
    const task = source.task;
    if (!task) throw new AppError("internal", `Task ${rollout.taskId} did not load.`);
    const policy = await context.policy();
    const { settings } = context;
    const info = await openEpisode(env, source, {
      ownerKeyId: caller.keyId,
      limits: {
        ttlSeconds: settings.timeBudgetSeconds + EPISODE_TTL_MARGIN_SECONDS,
        maxSteps: Math.min(100_000, Math.max(1_000, settings.maxTurns * 32, settings.randomCalls)),
      },
    });
    episodeId = info.id;
    await recordEpisode(db, rollout.id, claim.attempt, info.id);
    const stub = episodeStub(env, info.id);
    const tools = unwrap(await stub.listTools(caller)).map(toOpenAIChatTool);
    const elapsedMs = Date.now() - Date.parse(claim.startedAt);
    const played = await playRollout({
      stub,
      caller,
      task,
      policy,
      settings,
      systemPrompt: settings.systemPrompt ?? DEFAULT_SYSTEM_PROMPT,
      tools,
      seed: rollout.id,
      budgetMs: Math.max(0, settings.timeBudgetSeconds * 1000 - elapsedMs),
      shouldStop: async () => !(await context.stillRunning()),
    });
    if (played.error?.retryable && claim.attempt < MAX_ATTEMPTS) {
      return await retryLater(db, input, `${played.error.code}: ${played.error.message}`);
    }
    const verification = await verifyEpisode(
      stub,
      caller,
      task,
      played.answer ?? undefined,
      rubricJudgeFrom(env as unknown as Record<string, unknown>),
    );
    const trajectory = buildTrajectory({
      rollout,
      attempt: claim.attempt,
      task,
      policy: policyRefOf(context),
      episodeId: info.id,
      tools,
      played,
      verification,
      startedAt: claim.startedAt,
      finishedAt: new Date(),
    });
    const key = trajectoryKey(rollout.batchId, rollout.id, claim.attempt);
    await putTrajectory(env, key, trajectory);
    const record = attemptRecord(played, trajectory.timings, key);
    const changed = played.error
      ? await failRollout(db, rollout.id, claim.attempt, policyFailure(played, claim), record)
      : await finishRollout(db, rollout.id, claim.attempt, {
          ...record,
          status: played.finishReason === "cancelled" ? "cancelled" : "done",
          reward: trajectory.reward,
        });
    // Another attempt or a give-up won the row: this attempt's trajectory is not the rollout's.
    if (!changed) await deleteTrajectory(env, key);
    await settleBatch(db, rollout.batchId);
    return { kind: "settled" };
  } catch (err) {
    return await afterThrow(db, input, err);
  } finally {
    if (episodeId) await destroyEpisode(env, episodeId, caller);
  }
}

/** Transient (the platform, or an AppError of status 5xx) retries; a 4xx will not change. */
async function afterThrow(
  db: CatalogDb,
  input: AttemptInput,
  err: unknown,
): Promise<AttemptOutcome> {
  const { rollout, claim } = input;
  const reason = err instanceof AppError ? `${err.code}: ${err.message}` : String(err);
  const lasting = err instanceof AppError && err.status < 500;
  if (!lasting) console.error(`rollouts: attempt ${claim.attempt} of ${rollout.id} failed`, err);
  if (!lasting && claim.attempt < MAX_ATTEMPTS) return retryLater(db, input, reason);
  const why = lasting ? reason : `gave up after ${claim.attempt} attempts: ${reason}`;
  await failRollout(db, rollout.id, claim.attempt, why);
  await settleBatch(db, rollout.batchId);
  return { kind: "settled" };
}

/** Back to `queued`, and the message retried after 5, 10, 20... seconds. */
async function retryLater(
  db: CatalogDb,
  input: AttemptInput,
  reason: string,
): Promise<AttemptOutcome> {
  await requeueRollout(db, input.rollout.id, input.claim.attempt, reason);
  return { kind: "retry", delaySeconds: 5 * 2 ** (input.claim.attempt - 1) };
}

function policyFailure(played: PlayedRollout, claim: Claim): string {
  const error = played.error;
  if (!error) return "the policy failed";
  const prefix = error.retryable ? `gave up after ${claim.attempt} attempts: ` : "";
  return `${prefix}policy ${error.code}: ${error.message}`;
}

function policyRefOf(context: BatchContext) {
  const { name, kind, model } = context.snapshot;
  return { name, kind, ...(model === undefined ? {} : { model }) };
}

function attemptRecord(
  played: PlayedRollout,
  timings: { modelMs: number; overheadMs: number; totalMs: number },
  trajectoryKey: string,
): AttemptRecord {
  return {
    finishReason: played.finishReason,
    turns: played.turns,
    toolCalls: played.toolCalls,
    promptTokens: played.usage.promptTokens,
    completionTokens: played.usage.completionTokens,
    modelMs: timings.modelMs,
    overheadMs: timings.overheadMs,
    totalMs: timings.totalMs,
    trajectoryKey,
  };
}

/** Best effort: an object left now is never exported (export reads the row's own key). */
async function removeEarlierTrajectories(env: AppEnv, rollout: RolloutRow, attempt: number) {
  try {
    await deleteEarlierAttempts(env, rollout.batchId, rollout.id, attempt);
  } catch (err) {
    console.warn(`rollouts: earlier trajectories of ${rollout.id} not removed`, err);
  }
}

/** Best effort: an episode that cannot be destroyed now is reaped by its TTL. */
async function destroyEpisode(env: AppEnv, episodeId: string, caller: Caller): Promise<void> {
  try {
    const result = await episodeStub(env, episodeId).destroy(caller);
    if (!result.ok && result.error.code !== "not_found" && result.error.code !== "episode_expired")
      console.warn(`rollouts: episode ${episodeId} not destroyed: ${result.error.message}`);
  } catch (err) {
    console.warn(`rollouts: episode ${episodeId} not destroyed`, err);
  }
}
