// The reward seam of the OpenEnv face. Episodes carry no task and no verifier yet, so every step
// earns 0. When tasks land, this is where the task's verifier scores the episode (a sparse reward
// on the step that ends it) and where `terminated` becomes true; callers already pass the episode.
import type { EpisodeInfo } from "../episode/episode-port";

export function rewardFor(_episode: EpisodeInfo | null): number {
  return 0;
}

/** Gymnasium's `terminated`: the task reached a terminal state. Without a task it never does. */
export function terminatedFor(_episode: EpisodeInfo | null): boolean {
  return false;
}
