// A chat policy: what the agent loop asks for the next assistant turn. `openai-policy.ts` speaks
// to any OpenAI-compatible endpoint; the built-in `oracle` and `random` policies are not chat
// policies (they play a task without a model) and are run by the rollout consumer directly.

import type { OpenAIChatTool } from "../environment/tool-formats";
import type { AgentMessage, AssistantMessage } from "../llm/chat-schemas";
import type { TokenUsage } from "../llm/llm-client";
import type { Sampling } from "./sampling";

/** What a trajectory records about the policy that played it. */
export interface PolicyRef {
  name: string;
  kind: "openai" | "oracle" | "random";
  model?: string;
}

export interface PolicyTurnRequest {
  messages: readonly AgentMessage[];
  tools: readonly OpenAIChatTool[];
  sampling: Sampling;
  /** The most this turn may take (what is left of the rollout's time budget). */
  timeoutMs: number;
}

export interface PolicyTurn {
  message: AssistantMessage;
  usage: TokenUsage;
  finishReason: string | null;
  /** HTTP attempts it took, retries included. */
  attempts: number;
}

export interface ChatPolicy {
  readonly ref: PolicyRef;
  /**
   * The next assistant turn. Throws an AppError: `unavailable` (down, 5xx or 429 after retries,
   * timed out: worth retrying the rollout later), `bad_request` (the endpoint refused the
   * request), `validation_failed` (the answer is not a Chat Completions response).
   */
  next(request: PolicyTurnRequest): Promise<PolicyTurn>;
}
