// Playing one rollout on its episode, whatever the policy: `oracle` replays the task's reference
// solution, `random` makes schema-valid random calls (both rebuilt as an OpenAI conversation), and
// an `openai` policy runs the agent loop, asking the batch between turns whether it was cancelled.

import { unwrap } from "../../core/base/result";
import type { OpenAIChatTool } from "../../core/environment/tool-formats";
import { ZERO_USAGE } from "../../core/llm/llm-client";
import { type AgentLoopResult, runAgentLoop } from "../../core/rollouts/agent-loop";
import { createOpenAiPolicy } from "../../core/rollouts/openai-policy";
import { messagesFromCalls } from "../../core/rollouts/played-trajectory";
import { mergeSampling } from "../../core/rollouts/sampling";
import type { Task } from "../../core/tasks/task";
import type { Caller, EpisodeRpc } from "../../durable-objects/episode-rpc";
import { type PlayedEpisode, playOracle, playRandom } from "../episodes/play-episode";
import type { ResolvedPolicy } from "../policies/resolved-policy";
import type { BatchSettings } from "./batch-settings";

/** What the agent loop reports, whichever policy played. */
export type PlayedRollout = AgentLoopResult;

export interface PlayInput {
  stub: EpisodeRpc;
  caller: Caller;
  task: Task;
  policy: ResolvedPolicy;
  settings: BatchSettings;
  systemPrompt: string;
  tools: OpenAIChatTool[];
  /** Seeds the built-in policies' choices: one per rollout, so a group's samples differ. */
  seed: string;
  budgetMs: number;
  /** True once the batch is cancelled (asked once per turn). */
  shouldStop(): Promise<boolean>;
}

export async function playRollout(input: PlayInput): Promise<PlayedRollout> {
  const { stub, caller, task, policy, settings } = input;
  if (policy.kind === "openai") {
    return runAgentLoop({
      systemPrompt: input.systemPrompt,
      instruction: task.instruction,
      tools: input.tools,
      policy: createOpenAiPolicy(policy),
      episode: { callTools: async (requests) => unwrap(await stub.callTools(caller, requests)) },
      sampling: mergeSampling(policy.sampling, settings.sampling),
      maxTurns: settings.maxTurns,
      budgetMs: input.budgetMs,
      now: () => Date.now(),
      shouldStop: input.shouldStop,
    });
  }
  const started = Date.now();
  const played =
    policy.kind === "oracle"
      ? await playOracle(stub, caller, task, { seed: input.seed })
      : await playRandom(stub, caller, settings.randomCalls, input.seed);
  return builtInResult(input.systemPrompt, task.instruction, played, Date.now() - started);
}

function builtInResult(
  systemPrompt: string,
  instruction: string,
  played: PlayedEpisode,
  toolMs: number,
): PlayedRollout {
  const answer = played.ok ? played.answer : null;
  return {
    messages: messagesFromCalls(systemPrompt, instruction, played.calls, answer),
    answer,
    finishReason: "completed",
    // One assistant turn per call, and the last one that answers.
    turns: played.calls.length + 1,
    toolCalls: played.calls.length,
    toolErrors: played.calls.filter((call) => !call.outcome.ok).length,
    usage: { ...ZERO_USAGE },
    modelMs: 0,
    toolMs,
  };
}
