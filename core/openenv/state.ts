// OpenEnv `state`: its `episode_id` and `step_count`, plus what a trainer checks an episode by:
// the canonical digest of the whole database and of each table.
import type { EpisodePort } from "../episode/episode-port";
import type { OpenEnvState } from "./openenv-schemas";

export async function openEnvState(port: EpisodePort): Promise<OpenEnvState> {
  const [info, state] = await Promise.all([port.info(), port.state()]);
  return {
    episode_id: info.id,
    step_count: info.step,
    max_steps: info.maxSteps,
    digest: state.digest,
    tables: state.tables,
    environment: `${info.environment.name}@${info.environment.version}`,
    status: info.status,
    seed: info.seed,
    clock: info.clock,
  };
}
