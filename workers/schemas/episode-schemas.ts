// HTTP shapes of the episode API. Zod here is the source of the OpenAPI document and of validation.
import { z } from "@hono/zod-openapi";

export const EpisodeIdParams = z.object({
  id: z
    .string()
    .regex(/^ep_[a-z0-9]{20,40}$/, "an episode id such as ep_...")
    .openapi({ example: "ep_3mzq8v1k0c5d7f9h2j4n6p" }),
});

export const CreateEpisodeBody = z
  .object({
    environment: z.string().min(1).optional().openapi({
      example: "chinook@1.1.0",
      description: "`name` or `name@version`; omit when `task` is given",
    }),
    task: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .openapi({
        example: "task_3f9a1c2b7d4e5f60718293a4",
        description:
          "Open the episode for this task: its environment version, seed, clock start and tools; " +
          "`POST /v1/episodes/{id}/verify` then scores against its ground truth",
      }),
    seed: z.string().min(1).max(200).optional().openapi({
      description: "Seeds the episode's random numbers and ids; default: the episode id",
    }),
    ttlSeconds: z.number().int().min(10).max(604_800).default(3600),
    maxSteps: z.number().int().min(1).max(100_000).default(500),
    clockStart: z.iso
      .datetime()
      .optional()
      .openapi({ description: "The virtual clock's start (ISO 8601, UTC)" }),
  })
  .refine((b) => b.environment !== undefined || b.task !== undefined, {
    message: "give `environment` or `task`",
    path: ["environment"],
  })
  .openapi("CreateEpisode");

export const EpisodeInfoSchema = z
  .object({
    id: z.string(),
    environment: z.object({ name: z.string(), version: z.string(), contentHash: z.string() }),
    seed: z.string(),
    status: z.enum(["active", "expired"]),
    createdAt: z.string(),
    expiresAt: z.string(),
    step: z.number().int(),
    maxSteps: z.number().int(),
    clock: z.string(),
    tables: z.number().int(),
    rows: z.number().int(),
    task: z.string().optional().openapi({ description: "The task the episode was opened for" }),
    links: z.record(z.string(), z.string()).optional(),
  })
  .openapi("Episode");

export const ToolFormatQuery = z.object({
  format: z.enum(["openai", "responses", "mcp"]).default("openai"),
});

export const ToolNameParams = EpisodeIdParams.extend({ tool: z.string().min(1).max(64) });

export const ToolArgumentsBody = z.record(z.string(), z.unknown()).openapi({
  description: "The tool's arguments as a JSON object",
  example: { query: "love", limit: 5 },
});

export const ToolCallResultSchema = z
  .object({
    episodeId: z.string(),
    step: z.number().int(),
    tool: z.string(),
    ok: z.boolean(),
    result: z.unknown().optional(),
    error: z
      .object({ code: z.string(), message: z.string(), details: z.unknown().optional() })
      .optional(),
    fuel: z.number().int(),
    durationMs: z.number(),
    at: z.string(),
    replayed: z.boolean(),
  })
  .openapi("ToolCallResult");

export const OpenAIToolCall = z.object({
  id: z.string().min(1),
  type: z.literal("function").default("function"),
  function: z.object({ name: z.string().min(1), arguments: z.string() }),
});

export const ToolCallsBody = z
  .object({ tool_calls: z.array(OpenAIToolCall).min(1).max(64) })
  .openapi("ToolCalls", { description: "The `tool_calls` of an OpenAI assistant message" });

export const ToolMessagesSchema = z
  .object({
    messages: z.array(
      z.object({ role: z.literal("tool"), tool_call_id: z.string(), content: z.string() }),
    ),
    results: z.array(ToolCallResultSchema.nullable()),
  })
  .openapi("ToolMessages");

export const EpisodeStateSchema = z
  .object({
    digest: z.string(),
    tables: z.record(z.string(), z.object({ rows: z.number().int(), digest: z.string() })),
  })
  .openapi("EpisodeState");

export const CallLogQuery = z.object({
  after: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .openapi({ description: "Return calls after this sequence number (`seq`)" }),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const SnapshotParams = EpisodeIdParams.extend({
  snapshotId: z.string().regex(/^snap_[0-9]+$/),
});
