// An LlmClient for any OpenAI-compatible Chat Completions endpoint (OpenAI, vLLM, SGLang, ...):
// `POST {baseUrl}/chat/completions`, each attempt under a timeout, retried with backoff on
// 429/5xx/network errors, the answer parsed with Zod and its tool calls normalised (servers differ
// in how they write them). Only `fetch`, so it runs in Workers and Node.
import { AppError } from "../base/errors";
import {
  type AssistantMessage,
  type AssistantToolCall,
  type ChatCompletionRequest,
  type ChatCompletionResponse,
  ChatCompletionResponseSchema,
  ChatErrorBodySchema,
} from "./chat-schemas";
import type { ChatRequest, ChatResult, LlmClient } from "./llm-client";
import type { LlmConfig } from "./llm-config";
import {
  backoffMs,
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  type RetryPolicy,
  retryAfterMs,
} from "./retry-policy";

export interface OpenAiClientOptions {
  /** Per attempt, from sending the request to reading the whole body. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source for the backoff. */
  random?: () => number;
}

export const DEFAULT_TIMEOUT_MS = 120_000;

/** Why one attempt failed in a way worth retrying. */
interface RetryableFailure {
  reason: string;
  status?: number;
  retryAfter: number | null;
}

export function createOpenAiClient(
  config: LlmConfig,
  options: OpenAiClientOptions = {},
): LlmClient {
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const clientTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const sleep = options.sleep ?? ((ms) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = options.random ?? Math.random;
  const url = `${config.baseUrl.replace(/\/+$/, "")}/chat/completions`;

  async function attempt(
    body: string,
    timeoutMs: number,
  ): Promise<Omit<ChatResult, "attempts"> | RetryableFailure> {
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          ...(config.apiKey === "" ? {} : { authorization: `Bearer ${config.apiKey}` }),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (err) {
      const timedOut = err instanceof Error && err.name === "TimeoutError";
      const reason = timedOut
        ? `no answer within ${timeoutMs} ms`
        : `network error: ${err instanceof Error ? err.message : String(err)}`;
      return { reason, retryAfter: null };
    }
    if (!response.ok) {
      const message = `HTTP ${response.status}: ${upstreamMessage(text)}`;
      if (isRetryableStatus(response.status)) {
        const retryAfter = retryAfterMs(response.headers.get("retry-after"), Date.now());
        return { reason: message, status: response.status, retryAfter };
      }
      throw new AppError("bad_request", `The LLM endpoint refused the request (${message}).`, {
        status: response.status,
        model: config.model,
      });
    }
    return parseAnswer(text);
  }

  return {
    model: config.model,
    async complete(request: ChatRequest): Promise<ChatResult> {
      const body = JSON.stringify(requestPayload(config.model, request));
      const timeoutMs = request.timeoutMs ?? clientTimeoutMs;
      const failures: string[] = [];
      let attempts = 0;
      for (let n = 1; n <= policy.maxAttempts; n++) {
        attempts = n;
        const outcome = await attempt(body, timeoutMs);
        if ("content" in outcome) return { ...outcome, attempts: n };
        failures.push(outcome.reason);
        if (n === policy.maxAttempts) break;
        if (outcome.retryAfter !== null && outcome.retryAfter > policy.maxRetryAfterMs) {
          failures.push(`the server asked to wait ${outcome.retryAfter} ms; not waiting that long`);
          break;
        }
        await sleep(Math.max(outcome.retryAfter ?? 0, backoffMs(policy, n, random)));
      }
      throw new AppError(
        "unavailable",
        `The LLM endpoint did not answer after ${attempts} attempt(s): ${failures.at(-1) ?? "no attempt was made"}.`,
        { url, model: config.model, attempts, failures },
      );
    },
  };
}

/** The request body: `tools`/`tool_choice` only when tools are offered, other fields only when set. */
function requestPayload(model: string, request: ChatRequest): ChatCompletionRequest {
  const offersTools = request.tools !== undefined && request.tools.length > 0;
  return {
    model,
    messages: [...request.messages],
    ...(offersTools ? { tools: [...(request.tools ?? [])] } : {}),
    ...(offersTools && request.toolChoice !== undefined ? { tool_choice: request.toolChoice } : {}),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.topP === undefined ? {} : { top_p: request.topP }),
    ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
    ...(request.stop === undefined ? {} : { stop: [...request.stop] }),
    ...(request.seed === undefined ? {} : { seed: request.seed }),
  };
}

function parseAnswer(text: string): Omit<ChatResult, "attempts"> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError("validation_failed", "The LLM endpoint answered with malformed JSON.", {
      body: text.slice(0, 500),
    });
  }
  const parsed = ChatCompletionResponseSchema.safeParse(json);
  if (!parsed.success) {
    throw new AppError(
      "validation_failed",
      "The LLM endpoint's answer is not a Chat Completions response.",
      { issues: parsed.error.issues.map((i) => `${i.path.join(".") || "/"}: ${i.message}`) },
    );
  }
  const [choice] = parsed.data.choices;
  const usage = parsed.data.usage;
  const content = choice?.message.content ?? null;
  const toolCalls = normaliseToolCalls(choice?.message.tool_calls ?? []);
  const message: AssistantMessage = {
    role: "assistant",
    content,
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
  };
  return {
    content: content ?? "",
    toolCalls,
    message,
    finishReason: choice?.finish_reason ?? null,
    usage: {
      promptTokens: usage?.prompt_tokens ?? 0,
      completionTokens: usage?.completion_tokens ?? 0,
      totalTokens: usage?.total_tokens ?? 0,
    },
  };
}

type ServerToolCall = NonNullable<
  ChatCompletionResponse["choices"][number]["message"]["tool_calls"]
>[number];

/**
 * Tool calls as the conversation stores them: `arguments` as JSON text (some servers send an
 * object), `type` "function", and an id on every call, `call_<n>` where the server sent none,
 * never one already used in the turn (tool results are matched to calls by id).
 */
function normaliseToolCalls(calls: readonly ServerToolCall[]): AssistantToolCall[] {
  const taken = new Set(calls.flatMap((call) => (call.id ? [call.id] : [])));
  let next = 0;
  const freshId = (): string => {
    while (taken.has(`call_${next}`)) next++;
    const id = `call_${next}`;
    taken.add(id);
    return id;
  };
  return calls.map((call) => ({
    id: call.id ? call.id : freshId(),
    type: "function",
    function: {
      name: call.function.name,
      arguments:
        typeof call.function.arguments === "string"
          ? call.function.arguments
          : JSON.stringify(call.function.arguments),
    },
  }));
}

function upstreamMessage(text: string): string {
  try {
    const parsed = ChatErrorBodySchema.safeParse(JSON.parse(text));
    if (parsed.success) {
      const { error } = parsed.data;
      return (typeof error === "string" ? error : error.message).slice(0, 300);
    }
  } catch {
    // Not JSON: fall through to the raw text.
  }
  return text.slice(0, 300) || "(empty body)";
}
