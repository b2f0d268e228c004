// The stored record of one attempt (core/rollouts/trajectory.ts), assembled from what was played
// and how it was scored, and parsed before it is written: nothing unchecked goes to R2.

import type { OpenAIChatTool } from "../../core/environment/tool-formats";
import type { PolicyRef } from "../../core/rollouts/policy";
import { type Trajectory, TrajectorySchema } from "../../core/rollouts/trajectory";
import type { Task } from "../../core/tasks/task";
import type { Verification } from "../../core/tasks/verify";
import type { PlayedRollout } from "./play-rollout";
import type { RolloutRow } from "./rollout-repository";

export interface TrajectoryInput {
  rollout: Pick<RolloutRow, "id" | "batchId" | "taskId" | "sample" | "queuedAt">;
  attempt: number;
  task: Task;
  policy: PolicyRef;
  episodeId: string;
  tools: readonly OpenAIChatTool[];
  played: PlayedRollout;
  verification: Verification;
  startedAt: string;
  finishedAt: Date;
}

export function buildTrajectory(input: TrajectoryInput): Trajectory {
  const { rollout, task, played, verification } = input;
  const totalMs = Math.max(0, input.finishedAt.getTime() - Date.parse(input.startedAt));
  return TrajectorySchema.parse({
    rolloutId: rollout.id,
    batchId: rollout.batchId,
    taskId: rollout.taskId,
    groupId: `${rollout.batchId}:${rollout.taskId}`,
    sample: rollout.sample,
    attempt: input.attempt,
    environment: { name: task.environment.name, version: task.environment.version },
    task: { kind: task.kind, level: task.difficulty.level, instruction: task.instruction },
    policy: input.policy,
    episodeId: input.episodeId,
    messages: played.messages,
    tools: input.tools,
    answer: played.answer,
    reward: verification.reward,
    components: verification.components,
    diff: verification.diff,
    finishReason: played.finishReason,
    turns: played.turns,
    toolCalls: played.toolCalls,
    toolErrors: played.toolErrors,
    usage: played.usage,
    timings: {
      queuedAt: rollout.queuedAt,
      startedAt: input.startedAt,
      finishedAt: input.finishedAt.toISOString(),
      modelMs: played.modelMs,
      toolMs: played.toolMs,
      totalMs,
      overheadMs: totalMs - played.modelMs,
    },
    ...(played.error ? { error: { code: played.error.code, message: played.error.message } } : {}),
  });
}
