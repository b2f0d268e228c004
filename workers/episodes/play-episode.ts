// Playing and scoring an episode opened for a task, shared by the autoplay route and the rollout
// consumer: `oracle` replays the task's reference solution (optionally with dropped calls),
// `random` makes schema-valid random calls, and `verifyEpisode` scores what the episode holds.
// Both policies go through the episode's normal call path, so the call log shows them.
import type { Json } from "../../core/base/json";
import { unwrap } from "../../core/base/result";
import type { ExecutedCall } from "../../core/episode/tool-runner";
import type { LlmClient } from "../../core/llm/llm-client";
import { llmConfigFrom } from "../../core/llm/llm-config";
import { createOpenAiClient } from "../../core/llm/openai-client";
import { createPrng } from "../../core/sandbox/determinism";
import { randomCalls } from "../../core/tasks/policies/random-policy";
import { judgeRubric } from "../../core/tasks/rubric-judge";
import { scoreEpisode, wantsRubricJudge } from "../../core/tasks/score-episode";
import type { Task } from "../../core/tasks/task";
import type { Verification } from "../../core/tasks/verify";
import type { Caller, EpisodeRpc } from "../../durable-objects/episode-rpc";

export interface PlayedEpisode {
  ok: boolean;
  answer: Json;
  error?: { code: string; message: string };
  calls: ExecutedCall[];
}

/**
 * The episode's score on its task. A task that weights a rubric is judged by `judge` (the
 * configured LLM); without one its rubric component scores 0, "rubric judge not configured".
 */
export async function verifyEpisode(
  stub: EpisodeRpc,
  caller: Caller,
  task: Task,
  answer?: Json,
  judge?: LlmClient | null,
): Promise<Verification & { task: string }> {
  const changes = unwrap(await stub.diff(caller));
  const rubric =
    judge && wantsRubricJudge(task)
      ? await judgeRubric(judge, {
          instruction: task.instruction,
          rubric: task.verifier.rubric ?? "",
          answer,
          changes,
        })
      : undefined;
  return { task: task.id, ...scoreEpisode(task, changes, answer, rubric) };
}

/** The LLM that judges rubrics: the platform's configured model, or null. */
export function rubricJudgeFrom(env: Readonly<Record<string, unknown>>): LlmClient | null {
  const config = llmConfigFrom(env);
  return config ? createOpenAiClient(config) : null;
}

export async function playOracle(
  stub: EpisodeRpc,
  caller: Caller,
  task: Task,
  options: { errorRate?: number; seed: string },
): Promise<PlayedEpisode> {
  return unwrap(
    await stub.runSolution(caller, {
      program: task.solution.program,
      ...(options.errorRate === undefined ? {} : { errorRate: options.errorRate }),
      seed: options.seed,
    }),
  );
}

export async function playRandom(
  stub: EpisodeRpc,
  caller: Caller,
  count: number,
  seed: string,
): Promise<PlayedEpisode> {
  const tools = unwrap(await stub.listTools(caller));
  const requests = randomCalls(tools, createPrng(seed), count);
  const results = unwrap(await stub.callTools(caller, requests));
  const calls = requests.map((request, i): ExecutedCall => {
    const result = results[i];
    const args = request.args as Record<string, Json>;
    if (!result?.ok) {
      const error = result?.error ?? { code: "internal", message: "no result" };
      return { tool: request.tool, args, outcome: { ok: false, error: plainError(error) } };
    }
    const value = result.value;
    if (value.ok)
      return { tool: request.tool, args, outcome: { ok: true, result: value.result ?? null } };
    const error = value.error ?? { code: "internal", message: "the tool failed" };
    return { tool: request.tool, args, outcome: { ok: false, error: plainError(error) } };
  });
  return { ok: true, answer: null, calls };
}

function plainError(error: { code: string; message: string }): { code: string; message: string } {
  return { code: error.code, message: error.message };
}
