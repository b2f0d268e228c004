// One assistant turn's tool calls run on the episode: the calls with readable arguments go in one
// `callTools` batch, in order; every call, sent or not, gets exactly one tool message, in the order
// the model asked for them. Failures (unknown tool, schema errors, a tool that threw) are answers.
import { AppError } from "../base/errors";
import type { ToolOutcome } from "../episode/tool-runner";
import type { AssistantToolCall, ToolMessage } from "../llm/chat-schemas";
import { toToolOutcome } from "../tasks/episode-runner";
import type { RolloutEpisode } from "./rollout-episode";
import { parseToolArguments } from "./tool-arguments";
import { toolMessage } from "./tool-message";

export interface ToolTurn {
  messages: ToolMessage[];
  /** Calls answered with an error, whether the episode ran them or not. */
  errors: number;
  /** Time inside `episode.callTools` (0 when no call was sent). */
  ms: number;
}

export async function runToolTurn(
  calls: readonly AssistantToolCall[],
  episode: RolloutEpisode,
  now: () => number,
): Promise<ToolTurn> {
  const parsed = calls.map(parseToolArguments);
  const requests = calls.flatMap((call, i) => {
    const reading = parsed[i];
    return reading?.ok ? [{ tool: call.function.name, args: reading.args }] : [];
  });
  let ms = 0;
  let results: ToolOutcome[] = [];
  if (requests.length > 0) {
    const started = now();
    const answers = await episode.callTools(requests);
    ms = now() - started;
    if (answers.length !== requests.length) {
      throw new AppError(
        "internal",
        `The episode answered ${answers.length} of ${requests.length} tool calls.`,
      );
    }
    results = answers.map(toToolOutcome);
  }
  let next = 0;
  const outcomes = parsed.map((reading) => (reading.ok ? results[next++] : reading.outcome));
  const messages = calls.map((call, i) => {
    const outcome = outcomes[i];
    if (!outcome) throw new AppError("internal", `No answer for tool call ${call.id}.`);
    return toolMessage(call.id, outcome);
  });
  return { messages, errors: outcomes.filter((o) => o !== undefined && !o.ok).length, ms };
}
