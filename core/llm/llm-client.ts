// The one interface every LLM step uses (discovery, task writing, judging); one backend per file
// (openai-client.ts today), so a step never knows which endpoint it talks to.

import type { OpenAIChatTool } from "../environment/tool-formats";
import type {
  AgentMessage,
  AssistantMessage,
  AssistantToolCall,
  ChatMessage,
} from "./chat-schemas";

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface ChatRequest {
  /** Plain chat (discovery) or a whole agent conversation with tool calls (rollouts). */
  messages: readonly (ChatMessage | AgentMessage)[];
  /** Tools the model may call; with none, the request carries no `tools` field. */
  tools?: readonly OpenAIChatTool[];
  toolChoice?: "auto" | "none" | "required";
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  stop?: string[];
  seed?: number;
  /** Per attempt, overriding the client's timeout (a rollout passes what is left of its budget). */
  timeoutMs?: number;
}

export interface ChatResult {
  /** The assistant's text (empty when the server sent `null`). */
  content: string;
  /** The tool calls the assistant asked for, normalised (ids filled, arguments as JSON text). */
  toolCalls: AssistantToolCall[];
  /** The assistant turn as it goes into the conversation (content null when it sent none). */
  message: AssistantMessage;
  /** As the server reported it; zeros when it reported none. */
  usage: TokenUsage;
  finishReason: string | null;
  /** HTTP attempts it took, retries included. */
  attempts: number;
}

export interface LlmClient {
  readonly model: string;
  /** One chat completion. Throws an AppError: `unavailable`, `bad_request` or `validation_failed`. */
  complete(request: ChatRequest): Promise<ChatResult>;
}

export const ZERO_USAGE: Readonly<TokenUsage> = Object.freeze({
  promptTokens: 0,
  completionTokens: 0,
  totalTokens: 0,
});

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}
