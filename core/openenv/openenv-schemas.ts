// The OpenEnv face's answers as Zod: the single source of the route docs and of the JSON Schemas
// `GET .../openenv/schema` returns. Names follow Gymnasium (`observation, reward, terminated,
// truncated, info`) and OpenEnv's client (`done`, `reward` at the top level).
import { z } from "zod";

const ErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});

const OpenAIToolSchema = z.object({
  type: z.literal("function"),
  function: z.object({
    name: z.string(),
    description: z.string(),
    parameters: z.record(z.string(), z.unknown()),
  }),
});

/** OpenEnv's own tool shape, answered to its `{type:"list_tools"}` action. */
export const OpenEnvToolSchema = z.object({
  name: z.string(),
  description: z.string(),
  input_schema: z.record(z.string(), z.unknown()),
});

export const ResetObservationSchema = z.object({
  instruction: z
    .string()
    .nullable()
    .describe("The task's instruction; null while the episode has no task"),
  tools: z.array(OpenAIToolSchema).describe("The episode's tools, OpenAI Chat Completions format"),
  done: z.boolean(),
});

export const CallObservationSchema = z.object({
  tool: z.string(),
  ok: z.boolean(),
  result: z.unknown().optional().describe("The tool's JSON result when ok"),
  error: ErrorSchema.optional().describe("Why the call failed when not ok: the agent's to read"),
  done: z.boolean(),
});

export const ListToolsObservationSchema = z.object({
  tools: z.array(OpenEnvToolSchema),
  done: z.boolean(),
});

export const StepObservationSchema = z.union([CallObservationSchema, ListToolsObservationSchema]);

export const EpisodeFactsSchema = z.object({
  episode_id: z.string(),
  step: z.number().int().nullable().describe("Steps taken; null once the episode expired"),
  max_steps: z.number().int().nullable(),
});

export const StepInfoSchema = EpisodeFactsSchema.extend({
  fuel: z.number().int().describe("Sandbox fuel the call used"),
  duration_ms: z.number(),
  at: z.string().nullable().describe("The episode's virtual time of the call"),
  replayed: z
    .boolean()
    .describe("True when answered from an earlier call with the same request_id"),
});

export const ResetInfoSchema = EpisodeFactsSchema.extend({
  environment: z.string(),
  seed: z.string(),
  clock: z.string(),
  expires_at: z.string(),
});

export const ResetResponseSchema = z.object({
  observation: ResetObservationSchema,
  info: ResetInfoSchema,
  reward: z.null(),
  done: z.boolean(),
});

export const StepResponseSchema = z.object({
  observation: StepObservationSchema,
  reward: z.number(),
  terminated: z.boolean().describe("The task reached a terminal state (never, until tasks exist)"),
  truncated: z.boolean().describe("Cut short: the step limit is reached or the episode expired"),
  done: z.boolean().describe("OpenEnv's flag: terminated || truncated"),
  info: StepInfoSchema,
});

export const OpenEnvStateSchema = z.object({
  episode_id: z.string(),
  step_count: z.number().int(),
  max_steps: z.number().int(),
  digest: z.string().describe("SHA-256 of the episode's whole database, canonical"),
  tables: z.record(z.string(), z.object({ rows: z.number().int(), digest: z.string() })),
  environment: z.string(),
  status: z.enum(["active", "expired"]),
  seed: z.string(),
  clock: z.string(),
});

export const ResetRequestSchema = z
  .looseObject({
    seed: z.union([z.number().int(), z.string()]).optional(),
    episode_id: z.string().optional(),
  })
  .describe("OpenEnv's ResetRequest; an episode's seed is fixed when it is opened");

export type ResetResponse = z.infer<typeof ResetResponseSchema>;
export type StepResponse = z.infer<typeof StepResponseSchema>;
export type StepInfo = z.infer<typeof StepInfoSchema>;
export type OpenEnvState = z.infer<typeof OpenEnvStateSchema>;
export type ResetRequest = z.infer<typeof ResetRequestSchema>;
