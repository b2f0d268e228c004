// What a batch row keeps of its request and its policy (stored JSON, parsed on every read): how
// each rollout of the batch is played. The policy snapshot never holds the API key.
import { z } from "zod";
import { SamplingSchema } from "../../core/rollouts/sampling";
import type { CreateRolloutsRequest } from "../schemas/rollout-schemas";

export const BatchSettingsSchema = z.object({
  groupSize: z.number().int().min(1),
  maxTurns: z.number().int().min(1),
  sampling: SamplingSchema,
  timeBudgetSeconds: z.number().int().min(1),
  maxConcurrency: z.number().int().min(1),
  systemPrompt: z.string().optional(),
  randomCalls: z.number().int().min(1),
  /** The selection as asked: task ids, or the filter (kept for the record, not replayed). */
  tasks: z.union([
    z.object({ ids: z.array(z.string()) }),
    z.object({ filter: z.record(z.string(), z.unknown()) }),
  ]),
});
export type BatchSettings = z.infer<typeof BatchSettingsSchema>;

export const PolicySnapshotSchema = z.object({
  name: z.string(),
  kind: z.enum(["openai", "oracle", "random"]),
  model: z.string().optional(),
  baseUrl: z.string().optional(),
  timeoutMs: z.number().int().optional(),
  maxAttempts: z.number().int().optional(),
  sampling: SamplingSchema.optional(),
});

export function batchSettingsOf(body: CreateRolloutsRequest): BatchSettings {
  return {
    groupSize: body.groupSize,
    maxTurns: body.maxTurns,
    sampling: body.sampling,
    timeBudgetSeconds: body.timeBudgetSeconds,
    maxConcurrency: body.maxConcurrency,
    ...(body.systemPrompt === undefined ? {} : { systemPrompt: body.systemPrompt }),
    randomCalls: body.randomCalls,
    tasks: body.tasks ? { ids: body.tasks } : { filter: { ...body.filter } },
  };
}
