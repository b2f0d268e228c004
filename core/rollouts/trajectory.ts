// A finished rollout as stored in R2 and exported as JSONL: the conversation as OpenAI chat
// messages (`system`, `user`, `assistant` with `tool_calls`, `tool`), the tools offered, the
// reward with its named components, and where the time and tokens went.
import { z } from "zod";
import { JsonSchema } from "../base/json";
import { AgentMessageSchema, ChatToolSchema } from "../llm/chat-schemas";
import { ComponentsSchema, DiffRefSchema } from "../tasks/verification-schema";

export const FinishReasonSchema = z.enum([
  /** The model answered without calling a tool (its text is the final answer). */
  "answer",
  /** The reference solution or the random policy finished its calls. */
  "completed",
  "max_turns",
  "time_budget",
  "cancelled",
  /** The policy failed (down, refused, malformed answer); `error` says how. */
  "policy_error",
]);
export type FinishReason = z.infer<typeof FinishReasonSchema>;

export const UsageSchema = z.object({
  promptTokens: z.number().int().min(0),
  completionTokens: z.number().int().min(0),
  totalTokens: z.number().int().min(0),
});

export const TimingsSchema = z.object({
  /** When the batch queued the rollout, when this attempt started and ended (ISO). */
  queuedAt: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  /** Waiting for the policy, summed over turns. */
  modelMs: z.number().min(0),
  /** Tool calls on the episode, summed (round trips included). */
  toolMs: z.number().min(0),
  /** Start to end of the attempt: opening the episode, the loop, verifying, storing. */
  totalMs: z.number().min(0),
  /** totalMs - modelMs: what the platform itself cost. */
  overheadMs: z.number(),
});

export const TrajectorySchema = z.object({
  rolloutId: z.string(),
  batchId: z.string(),
  taskId: z.string(),
  /** `batchId:taskId`: the GRPO group this sample belongs to. */
  groupId: z.string(),
  sample: z.number().int().min(0),
  attempt: z.number().int().min(1),
  environment: z.object({ name: z.string(), version: z.string() }),
  task: z.object({ kind: z.string(), level: z.string(), instruction: z.string() }),
  policy: z.object({
    name: z.string(),
    kind: z.enum(["openai", "oracle", "random"]),
    model: z.string().optional(),
  }),
  episodeId: z.string(),
  messages: z.array(AgentMessageSchema),
  tools: z.array(ChatToolSchema),
  answer: JsonSchema.nullable(),
  reward: z.number(),
  components: ComponentsSchema,
  diff: DiffRefSchema,
  finishReason: FinishReasonSchema,
  turns: z.number().int().min(0),
  toolCalls: z.number().int().min(0),
  toolErrors: z.number().int().min(0),
  usage: UsageSchema,
  timings: TimingsSchema,
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type Trajectory = z.infer<typeof TrajectorySchema>;
