// HTTP shapes of task synthesis and stored tasks (`/v1/tasks`).
import { z } from "@hono/zod-openapi";
import { DifficultyRequestSchema } from "../../core/tasks/synthesis-request";
import { LevelSchema, StrategySchema, TaskKindSchema, TaskSchema } from "../../core/tasks/task";

export const SynthesizeBodySchema = z
  .object({
    environment: z.string().min(1).max(200).openapi({
      description: "`name` or `name@version` (latest when no version)",
      example: "chinook",
    }),
    count: z.number().int().min(1).max(5000).openapi({ description: "Tasks to make (1-5000)" }),
    strategy: StrategySchema.default("mixed").openapi({
      description: "`graph` (tool-call chains), `programmatic` (solution programs), or `mixed`",
    }),
    difficulty: DifficultyRequestSchema.optional(),
    seed: z.string().min(1).max(150).optional().openapi({
      description: "Same seed, same environment version: same tasks (default: job id)",
    }),
    rewrite: z
      .boolean()
      .default(false)
      .openapi({
        description:
          "Reword each kept instruction with the configured LLM (LLM_BASE_URL, LLM_MODEL); a rewording " +
          "that leaks anything or drops a stated value is refused and the templated one kept",
      }),
  })
  .openapi("SynthesizeRequest");

export const SynthesisJobSchema = z
  .object({
    id: z.string(),
    status: z.enum(["queued", "running", "done", "failed"]).openapi({
      description: "`failed`: no shard succeeded; `done` may still have kept fewer than requested",
    }),
    environment: z.object({ name: z.string(), version: z.string(), contentHash: z.string() }),
    request: z.unknown(),
    shards: z.object({ total: z.number().int(), done: z.number().int(), failed: z.number().int() }),
    kept: z.number().int(),
    report: z.unknown().nullable().openapi({
      description:
        "When finished: requested, kept, rejected by reason, examples, failedShards, stoppedBecause",
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("SynthesisJob");

export const SynthesisJobResponseSchema = z
  .object({
    job: SynthesisJobSchema,
    links: z.object({ self: z.string(), tasks: z.string(), export: z.string() }),
  })
  .openapi("SynthesisJobResponse");

export const SynthesisJobParams = z.object({ id: z.string().regex(/^syn_[a-z0-9]+$/) });
export const TaskIdParams = z.object({ id: z.string().min(1).max(200) });

export const TaskFilterQuery = z.object({
  environment: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .openapi({ description: "`name` or `name@version`" }),
  kind: TaskKindSchema.optional(),
  level: LevelSchema.optional(),
  job: z.string().min(1).max(100).optional().openapi({ description: "A synthesis job id" }),
});

export const TaskListQuery = TaskFilterQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(500).optional().openapi({ description: "`nextCursor` of the last page" }),
});

export const TaskSummarySchema = z
  .object({
    id: z.string(),
    environment: z.object({ name: z.string(), version: z.string() }),
    kind: TaskKindSchema,
    level: LevelSchema,
    instruction: z.string(),
    chainLength: z.number().int(),
    writes: z.number().int(),
    jobId: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("TaskSummary");

export const TaskListSchema = z
  .object({ tasks: z.array(TaskSummarySchema), nextCursor: z.string().nullable() })
  .openapi("TaskList");

export const TaskResponseSchema = TaskSchema.openapi("Task");
