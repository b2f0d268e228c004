// Opening an episode on what `episodeSource` resolved (an environment version, or the one a task
// was made on): a fresh EpisodeDO under a new id, owned by one API key. Used by `POST /v1/episodes`
// and by the rollout consumer, which opens one episode per rollout attempt.

import { unwrap } from "../../core/base/result";
import { DEFAULT_CLOCK_START } from "../../core/episode/episode-init";
import type { EpisodeInfo } from "../../core/episode/episode-port";
import type { AppEnv } from "../env";
import { episodeStub, newEpisodeId } from "./episode-client";
import type { EpisodeSource } from "./episode-source";

export interface OpenEpisodeOptions {
  ownerKeyId: string;
  /** The id to open it under, when the caller needs it first (to take an open-episode slot). */
  episodeId?: string | undefined;
  /** The episode holds a slot of its owner's open-episode cap, freed when it is buried. */
  holdsSlot?: boolean | undefined;
  seed?: string | undefined;
  clockStart?: string | undefined;
  limits: { ttlSeconds: number; maxSteps: number };
}

export async function openEpisode(
  env: AppEnv,
  source: EpisodeSource,
  options: OpenEpisodeOptions,
): Promise<EpisodeInfo> {
  const { environment } = source;
  const episodeId = options.episodeId ?? newEpisodeId();
  return unwrap(
    await episodeStub(env, episodeId).create({
      episodeId,
      ownerKeyId: options.ownerKeyId,
      environment: {
        name: environment.name,
        version: environment.version,
        contentHash: environment.contentHash,
      },
      schemaSql: environment.schemaSql,
      seedRef: environment.seedRef,
      tools: environment.tools,
      seed: options.seed ?? source.seed ?? episodeId,
      clockStart:
        options.clockStart ?? source.clockStart ?? environment.clockStart ?? DEFAULT_CLOCK_START,
      limits: options.limits,
      ...(source.task ? { task: { id: source.task.id } } : {}),
      ...(options.holdsSlot ? { holdsSlot: true } : {}),
    }),
  );
}
