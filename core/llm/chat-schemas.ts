// The slice of the OpenAI Chat Completions protocol we speak, as Zod schemas: what we send and
// what we accept back. Unknown fields are allowed (servers add their own); missing ones are not.
import { z } from "zod";

export const ChatRoleSchema = z.enum(["system", "user", "assistant"]);

export const ChatMessageSchema = z.object({
  role: ChatRoleSchema,
  content: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

// ---------------------------------------------------------------- tool calling (rollouts)

/** One function call an assistant turn asks for; `arguments` is JSON text, as the model wrote it. */
export const AssistantToolCallSchema = z.object({
  id: z.string().min(1),
  type: z.literal("function"),
  function: z.object({ name: z.string(), arguments: z.string() }),
});
export type AssistantToolCall = z.infer<typeof AssistantToolCallSchema>;

export const AssistantMessageSchema = z.object({
  role: z.literal("assistant"),
  content: z.string().nullable(),
  tool_calls: z.array(AssistantToolCallSchema).optional(),
});
export type AssistantMessage = z.infer<typeof AssistantMessageSchema>;

export const ToolMessageSchema = z.object({
  role: z.literal("tool"),
  tool_call_id: z.string(),
  content: z.string(),
});
export type ToolMessage = z.infer<typeof ToolMessageSchema>;

/** Every message of an agent conversation, as OpenAI Chat Completions writes it (trajectories). */
export const AgentMessageSchema = z.union([
  z.object({ role: z.literal("system"), content: z.string() }),
  z.object({ role: z.literal("user"), content: z.string() }),
  AssistantMessageSchema,
  ToolMessageSchema,
]);
export type AgentMessage = z.infer<typeof AgentMessageSchema>;

/** A tool offered to the model: `{type: "function", function: {name, description, parameters}}`. */
export const ChatToolSchema = z.object({
  type: z.literal("function"),
  function: z.object({
    name: z.string(),
    description: z.string(),
    parameters: z.record(z.string(), z.unknown()),
  }),
});

export const ChatCompletionRequestSchema = z.object({
  model: z.string().min(1),
  messages: z.array(AgentMessageSchema).min(1),
  tools: z.array(ChatToolSchema).optional(),
  tool_choice: z.enum(["auto", "none", "required"]).optional(),
  parallel_tool_calls: z.boolean().optional(),
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().gt(0).max(1).optional(),
  max_tokens: z.number().int().positive().optional(),
  stop: z.array(z.string()).max(4).optional(),
  seed: z.number().int().optional(),
});
export type ChatCompletionRequest = z.infer<typeof ChatCompletionRequestSchema>;

export const ChatUsageSchema = z.object({
  prompt_tokens: z.number().int().min(0),
  completion_tokens: z.number().int().min(0),
  total_tokens: z.number().int().min(0),
});

export const ChatCompletionResponseSchema = z.object({
  id: z.string().optional(),
  model: z.string().optional(),
  choices: z
    .array(
      z.object({
        index: z.number().int().optional(),
        message: z.object({
          role: z.literal("assistant"),
          // Some servers omit `content` when the turn is only tool calls.
          content: z.string().nullable().optional(),
          // Servers differ: `arguments` as JSON text (OpenAI, vLLM) or as an object (some
          // others); the client turns objects into text, and fills a missing `id`/`type`.
          tool_calls: z
            .array(
              z.object({
                id: z.string().optional(),
                type: z.literal("function").optional(),
                function: z.object({
                  name: z.string(),
                  arguments: z.union([z.string(), z.record(z.string(), z.unknown())]),
                }),
              }),
            )
            .nullable()
            .optional(),
        }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
  usage: ChatUsageSchema.optional(),
});
export type ChatCompletionResponse = z.infer<typeof ChatCompletionResponseSchema>;

/** An error body as OpenAI-compatible servers send it: `{error: {message}}` (sometimes a string). */
export const ChatErrorBodySchema = z.object({
  error: z.union([z.string(), z.object({ message: z.string() })]),
});
