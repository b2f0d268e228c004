// The `openai` policy: each turn is one Chat Completions request to any OpenAI-compatible endpoint
// (vLLM or SGLang serving the policy under training, or a hosted model), through the shared client
// with its timeouts, retries with backoff on 429/5xx, and Zod-checked answers.
import { createOpenAiClient } from "../llm/openai-client";
import type { ChatPolicy, PolicyTurn, PolicyTurnRequest } from "./policy";

export interface OpenAiPolicySettings {
  name: string;
  baseUrl: string;
  model: string;
  /** "" when the endpoint needs none. */
  apiKey: string;
  /** Per completion attempt (a turn also never waits past the rollout's remaining budget). */
  timeoutMs: number;
  /** HTTP attempts per turn, the first included. */
  maxAttempts: number;
}

export interface OpenAiPolicyOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export function createOpenAiPolicy(
  settings: OpenAiPolicySettings,
  options: OpenAiPolicyOptions = {},
): ChatPolicy {
  const client = createOpenAiClient(
    { baseUrl: settings.baseUrl, apiKey: settings.apiKey, model: settings.model },
    {
      timeoutMs: settings.timeoutMs,
      retry: { maxAttempts: settings.maxAttempts },
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
    },
  );
  return {
    ref: { name: settings.name, kind: "openai", model: settings.model },
    async next(request: PolicyTurnRequest): Promise<PolicyTurn> {
      const { sampling } = request;
      const result = await client.complete({
        messages: request.messages,
        tools: request.tools,
        ...(sampling.temperature === undefined ? {} : { temperature: sampling.temperature }),
        ...(sampling.top_p === undefined ? {} : { topP: sampling.top_p }),
        ...(sampling.max_tokens === undefined ? {} : { maxTokens: sampling.max_tokens }),
        ...(sampling.stop === undefined ? {} : { stop: sampling.stop }),
        ...(sampling.seed === undefined ? {} : { seed: sampling.seed }),
        // AbortSignal.timeout takes whole milliseconds, at least one.
        timeoutMs: Math.max(1, Math.ceil(Math.min(settings.timeoutMs, request.timeoutMs))),
      });
      return {
        message: result.message,
        usage: result.usage,
        finishReason: result.finishReason,
        attempts: result.attempts,
      };
    },
  };
}
