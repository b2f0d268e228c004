// HTTP shapes of rollout batches and rollouts (`/v1/rollouts`). The CLI reads the same shapes
// (cli/api-schemas.ts mirrors the responses).
import { z } from "@hono/zod-openapi";
import { SamplingSchema } from "../../core/rollouts/sampling";
import { TrajectorySchema } from "../../core/rollouts/trajectory";
import { LevelSchema, TaskKindSchema } from "../../core/tasks/task";

/** At most this many rollouts (tasks x group size) in one batch. */
export const MAX_BATCH_ROLLOUTS = 10_000;

export const TaskSelectionSchema = z
  .object({
    environment: z
      .union([z.string().min(1).max(200), z.array(z.string().min(1).max(200)).min(1).max(50)])
      .optional()
      .openapi({
        description:
          "`name` or `name@version`, or a list of them (then `limit` is per environment)",
      }),
    kind: TaskKindSchema.optional(),
    level: LevelSchema.optional(),
    job: z.string().min(1).max(200).optional().openapi({ description: "A synthesis job id" }),
    limit: z.number().int().min(1).max(1000).default(100).openapi({
      description: "At most this many tasks (per environment when several are named), oldest first",
    }),
  })
  .openapi("TaskSelection");

export const CreateRolloutsBody = z
  .object({
    tasks: z.array(z.string().min(1).max(200)).min(1).max(1000).optional().openapi({
      description: "Task ids; or give `filter`",
    }),
    filter: TaskSelectionSchema.optional(),
    policy: z.string().min(1).max(64).openapi({
      description: "`oracle`, `random`, or the name of a policy created with POST /v1/policies",
      example: "oracle",
    }),
    groupSize: z.number().int().min(1).max(64).default(8).openapi({
      description: "Samples per task (a GRPO group)",
    }),
    maxTurns: z.number().int().min(1).max(100).default(20),
    sampling: SamplingSchema.default({}),
    timeBudgetSeconds: z.number().int().min(5).max(840).default(300).openapi({
      description: "Wall-clock budget of one rollout, model time included",
    }),
    maxConcurrency: z.number().int().min(1).max(1000).default(64).openapi({
      description: "Rollouts of this batch running at once, at most",
    }),
    systemPrompt: z.string().min(1).max(20_000).optional().openapi({
      description: "Replaces the default system prompt (core/rollouts/system-prompt.ts)",
    }),
    randomCalls: z.number().int().min(1).max(100).default(8).openapi({
      description: "`random` only: schema-valid random calls per rollout",
    }),
  })
  .refine((body) => (body.tasks === undefined) !== (body.filter === undefined), {
    message: "Give exactly one of `tasks` or `filter`.",
  })
  .openapi("CreateRollouts");
export type CreateRolloutsRequest = z.infer<typeof CreateRolloutsBody>;

export const RolloutStatusSchema = z.enum(["queued", "running", "done", "failed", "cancelled"]);

export const ProgressSchema = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  running: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
  /** Over rollouts scored so far (done); null before the first. */
  meanReward: z.number().nullable(),
  /** Share of scored rollouts whose reward is 1. */
  passRate: z.number().nullable(),
});

/** Mean reward and pass rate per (environment, task kind), over scored rollouts. */
export const SummaryRowSchema = z.object({
  environment: z.string(),
  kind: z.string(),
  rollouts: z.number().int(),
  scored: z.number().int(),
  meanReward: z.number().nullable(),
  passRate: z.number().nullable(),
});

export const RolloutBatchSchema = z
  .object({
    id: z.string(),
    status: z.enum(["running", "done", "cancelled"]),
    policy: z.object({ name: z.string(), kind: z.string(), model: z.string().optional() }),
    groupSize: z.number().int(),
    maxTurns: z.number().int(),
    maxConcurrency: z.number().int(),
    tasks: z.number().int(),
    progress: ProgressSchema,
    summary: z.array(SummaryRowSchema),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .openapi("RolloutBatch");

export const RolloutBatchResponseSchema = z
  .object({
    batch: RolloutBatchSchema,
    links: z.object({
      self: z.string(),
      rollouts: z.string(),
      export: z.string(),
      cancel: z.string(),
    }),
  })
  .openapi("RolloutBatchResponse");

export const RolloutSummarySchema = z
  .object({
    id: z.string(),
    batchId: z.string(),
    taskId: z.string(),
    environment: z.string(),
    kind: z.string(),
    sample: z.number().int(),
    status: RolloutStatusSchema,
    attempts: z.number().int(),
    episodeId: z.string().nullable(),
    reward: z.number().nullable(),
    passed: z.boolean().nullable(),
    finishReason: z.string().nullable(),
    turns: z.number().int().nullable(),
    toolCalls: z.number().int().nullable(),
    usage: z.object({ promptTokens: z.number().int(), completionTokens: z.number().int() }),
    timings: z.object({
      modelMs: z.number().nullable(),
      overheadMs: z.number().nullable(),
      totalMs: z.number().nullable(),
    }),
    error: z.string().nullable(),
    queuedAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .openapi("RolloutSummary");

/** `GET /v1/rollouts/{id}`: the summary row, and the trajectory once there is one. */
export const RolloutResponseSchema = z
  .object({ rollout: RolloutSummarySchema, trajectory: TrajectorySchema.nullable() })
  .openapi("Rollout");

export const RolloutPageSchema = z
  .object({ rollouts: z.array(RolloutSummarySchema), nextCursor: z.string().nullable() })
  .openapi("RolloutPage");

export const BatchIdParams = z.object({ id: z.string().regex(/^rb_[a-z0-9]+$/) });
export const RolloutIdParams = z.object({ id: z.string().regex(/^ro_[a-z0-9]+$/) });
