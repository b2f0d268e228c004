// Trajectories in R2, one object per attempt (`rollouts/<batch>/<rollout>/attempt-<n>.json`), so
// two attempts never overwrite each other and the one whose finish lost its guard is deleted.
import { type Trajectory, TrajectorySchema } from "../../core/rollouts/trajectory";
import type { AppEnv } from "../env";

type Artifacts = Pick<AppEnv, "ARTIFACTS">;

export function trajectoryKey(batchId: string, rolloutId: string, attempt: number): string {
  return `rollouts/${batchId}/${rolloutId}/attempt-${attempt}.json`;
}

export async function putTrajectory(env: Artifacts, key: string, trajectory: Trajectory) {
  await env.ARTIFACTS.put(key, JSON.stringify(trajectory), {
    httpMetadata: { contentType: "application/json" },
  });
}

/** The stored JSON as one line of text (export streams it without parsing), or null. */
export async function trajectoryText(env: Artifacts, key: string): Promise<string | null> {
  const object = await env.ARTIFACTS.get(key);
  return object ? object.text() : null;
}

export async function getTrajectory(env: Artifacts, key: string): Promise<Trajectory | null> {
  const text = await trajectoryText(env, key);
  return text === null ? null : TrajectorySchema.parse(JSON.parse(text));
}

export async function deleteTrajectory(env: Artifacts, key: string): Promise<void> {
  await env.ARTIFACTS.delete(key);
}

/**
 * The objects of attempts before `attempt`: once attempt n is claimed no earlier attempt can
 * finish the row (its guard needs its own attempt number), so what they stored is no one's — an
 * attempt whose finish failed, or whose worker died, after it stored its trajectory.
 */
export async function deleteEarlierAttempts(
  env: Artifacts,
  batchId: string,
  rolloutId: string,
  attempt: number,
): Promise<void> {
  const keys = Array.from({ length: attempt - 1 }, (_, i) =>
    trajectoryKey(batchId, rolloutId, i + 1),
  );
  if (keys.length > 0) await env.ARTIFACTS.delete(keys);
}
