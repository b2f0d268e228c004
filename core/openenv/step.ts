// OpenEnv `step`: one action on the episode, answered Gymnasium-style. An agent's bad action (an
// unknown tool, arguments that fail the schema, the step limit, an expired episode) is an
// observation carrying the error, never an HTTP error: a bad rollout is data.

import type { z } from "zod";
import { AppError } from "../base/errors";
import type { EpisodeInfo, EpisodePort } from "../episode/episode-port";
import { classifyCallError } from "../mcp/call-errors";
import type {
  CallObservationSchema,
  ListToolsObservationSchema,
  StepInfo,
  StepResponse,
} from "./openenv-schemas";
import { rewardFor, terminatedFor } from "./reward";
import type { StepAction } from "./step-action";

export interface StepOptions {
  idempotencyKey?: string;
}

type Observation =
  | Omit<z.infer<typeof CallObservationSchema>, "done">
  | Omit<z.infer<typeof ListToolsObservationSchema>, "done">;

interface Frame {
  observation: Observation;
  usage: Pick<StepInfo, "fuel" | "duration_ms" | "at" | "replayed">;
  /** The call's own step number, exact even when other calls interleave. */
  step?: number;
  /** The action itself ran into the episode's end (step limit, expiry). */
  cut: boolean;
}

const NO_USAGE = { fuel: 0, duration_ms: 0, at: null, replayed: false };

export async function openEnvStep(
  port: EpisodePort,
  episodeId: string,
  action: StepAction,
  options: StepOptions = {},
): Promise<StepResponse> {
  const frame = await act(port, action, options);
  // Read after the action, so `step` counts a failed call too (every call is a step).
  const info = await infoUnlessExpired(port);
  const truncated =
    frame.cut || info === null || info.status === "expired" || info.step >= info.maxSteps;
  const terminated = terminatedFor(info);
  const done = terminated || truncated;
  return {
    observation: { ...frame.observation, done },
    reward: rewardFor(info),
    terminated,
    truncated,
    done,
    info: {
      episode_id: episodeId,
      step: frame.step ?? info?.step ?? null,
      max_steps: info?.maxSteps ?? null,
      ...frame.usage,
    },
  };
}

async function act(port: EpisodePort, action: StepAction, options: StepOptions): Promise<Frame> {
  if (action.kind === "list_tools") {
    const tools = await port.listTools();
    const listed = tools.map((t) => ({
      name: t.name,
      description: t.description,
      input_schema: t.inputSchema,
    }));
    return { observation: { tools: listed }, usage: NO_USAGE, cut: false };
  }
  if (action.kind === "unparsable") {
    return {
      observation: { tool: action.tool, ok: false, error: action.error },
      usage: NO_USAGE,
      cut: false,
    };
  }
  try {
    const call = await port.callTool(action.tool, action.args, options);
    const observation = call.ok
      ? { tool: call.tool, ok: true, result: call.result ?? null }
      : {
          tool: call.tool,
          ok: false,
          error: call.error ?? { code: "tool_error", message: "The tool failed." },
        };
    const usage = {
      fuel: call.fuel,
      duration_ms: call.durationMs,
      at: call.at,
      replayed: call.replayed,
    };
    return { observation, usage, step: call.step, cut: false };
  } catch (err) {
    const failure = classifyCallError(err, action.tool);
    if (!failure) throw err;
    const { code } = failure.error;
    const cut = code === "step_limit_reached" || code === "episode_expired";
    return {
      observation: { tool: action.tool, ok: false, error: failure.error },
      usage: NO_USAGE,
      cut,
    };
  }
}

/** `null` when the episode expired: the step still gets an answer (truncated), not a 410. */
async function infoUnlessExpired(port: EpisodePort): Promise<EpisodeInfo | null> {
  try {
    return await port.info();
  } catch (err) {
    if (err instanceof AppError && err.code === "episode_expired") return null;
    throw err;
  }
}
