// OpenEnv `reset`: the episode back to its initial data, and the first observation (instruction,
// tools in OpenAI format). A seed or episode id that is not this episode's is refused, not ignored:
// a client that asks for another seed would otherwise train on data it did not ask for.

import { AppError } from "../base/errors";
import { toOpenAIChatTool } from "../environment/tool-formats";
import type { EpisodeInfo, EpisodePort } from "../episode/episode-port";
import type { ResetRequest, ResetResponse } from "./openenv-schemas";

export async function openEnvReset(
  port: EpisodePort,
  request: ResetRequest = {},
): Promise<ResetResponse> {
  if (request.seed !== undefined || request.episode_id !== undefined) {
    checkRequest(await port.info(), request);
  }
  const [info, tools] = await Promise.all([port.reset(), port.listTools()]);
  return {
    observation: {
      instruction: instructionFor(info),
      tools: tools.map(toOpenAIChatTool),
      done: false,
    },
    info: {
      episode_id: info.id,
      step: info.step,
      max_steps: info.maxSteps,
      environment: `${info.environment.name}@${info.environment.version}`,
      seed: info.seed,
      clock: info.clock,
      expires_at: info.expiresAt,
    },
    reward: null,
    done: false,
  };
}

/** Episodes have no task yet; when they do, its instruction is the first thing the agent reads. */
function instructionFor(_info: EpisodeInfo): string | null {
  return null;
}

function checkRequest(info: EpisodeInfo, request: ResetRequest): void {
  if (request.seed !== undefined && String(request.seed) !== info.seed) {
    throw new AppError(
      "validation_failed",
      `This episode's seed is fixed when it is opened ("${info.seed}"); open a new episode with the seed you want.`,
      { issues: [{ path: "seed", message: `expected "${info.seed}" or no seed` }] },
    );
  }
  if (request.episode_id !== undefined && request.episode_id !== info.id) {
    throw new AppError("validation_failed", `This endpoint serves episode ${info.id}.`, {
      issues: [{ path: "episode_id", message: `expected "${info.id}" or no episode_id` }],
    });
  }
}
