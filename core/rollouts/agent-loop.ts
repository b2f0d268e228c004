// The agent loop: system prompt + instruction + tools; ask the policy for a turn; run its tool
// calls on the rollout's episode (bad JSON arguments, unknown tools and schema errors come back to
// the model as tool errors, as a real environment answers); repeat until the model answers
// without tool calls, `maxTurns`, the time budget, or cancellation.

import { isAppError } from "../base/errors";
import type { Json } from "../base/json";
import type { OpenAIChatTool } from "../environment/tool-formats";
import type { AgentMessage } from "../llm/chat-schemas";
import { addUsage, type TokenUsage, ZERO_USAGE } from "../llm/llm-client";
import { extractAnswer } from "./extract-answer";
import type { ChatPolicy, PolicyTurn } from "./policy";
import type { RolloutEpisode } from "./rollout-episode";
import type { Sampling } from "./sampling";
import { runToolTurn } from "./tool-turn";
import type { FinishReason } from "./trajectory";

export interface AgentLoopInput {
  systemPrompt: string;
  instruction: string;
  tools: readonly OpenAIChatTool[];
  policy: ChatPolicy;
  episode: RolloutEpisode;
  sampling: Sampling;
  maxTurns: number;
  budgetMs: number;
  /** Wall clock in ms (injected so tests control time). */
  now(): number;
  /** Asked between turns; true stops the loop with `cancelled`. */
  shouldStop?(): Promise<boolean>;
}

export interface AgentLoopResult {
  messages: AgentMessage[];
  /** The final answer read from the model's last text (`extractAnswer`), null without one. */
  answer: Json | null;
  finishReason: FinishReason;
  /** Assistant turns taken. */
  turns: number;
  toolCalls: number;
  toolErrors: number;
  usage: TokenUsage;
  modelMs: number;
  toolMs: number;
  /** With `policy_error`: what the policy threw (an AppError's code and message). */
  error?: { code: string; message: string; retryable: boolean };
}

type Tally = Omit<AgentLoopResult, "messages" | "answer" | "finishReason" | "error">;

/**
 * Plays one rollout to its end. A failing policy ends it as data (`policy_error`); only a failing
 * episode (its RPC breaks) throws, so the caller can retry the rollout on a fresh one.
 */
export async function runAgentLoop(input: AgentLoopInput): Promise<AgentLoopResult> {
  const deadline = input.now() + input.budgetMs;
  const messages: AgentMessage[] = [
    { role: "system", content: input.systemPrompt },
    { role: "user", content: input.instruction },
  ];
  const tally: Tally = {
    turns: 0,
    toolCalls: 0,
    toolErrors: 0,
    usage: { ...ZERO_USAGE },
    modelMs: 0,
    toolMs: 0,
  };
  const finish = (
    finishReason: FinishReason,
    answer: Json | null = null,
    error?: AgentLoopResult["error"],
  ): AgentLoopResult => ({
    messages,
    answer,
    finishReason,
    ...tally,
    ...(error === undefined ? {} : { error }),
  });

  for (;;) {
    if (await input.shouldStop?.()) return finish("cancelled");
    const remainingMs = deadline - input.now();
    if (remainingMs <= 0) return finish("time_budget");
    if (tally.turns >= input.maxTurns) return finish("max_turns");

    const asked = input.now();
    let turn: PolicyTurn;
    try {
      turn = await input.policy.next({
        messages,
        tools: input.tools,
        sampling: input.sampling,
        timeoutMs: remainingMs,
      });
    } catch (err) {
      tally.modelMs += input.now() - asked;
      return finish("policy_error", null, policyError(err));
    }
    tally.modelMs += input.now() - asked;
    tally.turns++;
    tally.usage = addUsage(tally.usage, turn.usage);
    messages.push(turn.message);

    const calls = turn.message.tool_calls ?? [];
    if (calls.length === 0) return finish("answer", extractAnswer(turn.message.content ?? ""));
    const answered = await runToolTurn(calls, input.episode, input.now);
    messages.push(...answered.messages);
    tally.toolCalls += calls.length;
    tally.toolErrors += answered.errors;
    tally.toolMs += answered.ms;
  }
}

/** A refused request or an answer that is not a completion will fail again; the rest may not. */
function policyError(err: unknown): NonNullable<AgentLoopResult["error"]> {
  if (isAppError(err)) {
    return {
      code: err.code,
      message: err.message,
      retryable: err.status >= 500 || err.code === "rate_limited",
    };
  }
  const message = err instanceof Error ? err.message : String(err);
  return { code: "internal", message, retryable: true };
}
