// What one tool call on an episode returns and what the episode's call log keeps.
import { z } from "zod";
import { JsonSchema } from "../base/json";

export const ToolErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: JsonSchema.optional(),
});

export const ToolCallResultSchema = z.object({
  episodeId: z.string(),
  step: z.number().int(),
  tool: z.string(),
  ok: z.boolean(),
  result: JsonSchema.optional(),
  error: ToolErrorSchema.optional(),
  fuel: z.number().int(),
  durationMs: z.number(),
  /** The episode's virtual time when the call ran. */
  at: z.string(),
  /** True when this answer was stored earlier under the same idempotency key. */
  replayed: z.boolean(),
});

export type ToolError = z.infer<typeof ToolErrorSchema>;
export type ToolCallResult = z.infer<typeof ToolCallResultSchema>;
