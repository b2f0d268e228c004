// The per-key caps from [vars] (wrangler.toml): open episodes and rollouts in flight. A missing or
// unreadable value falls back to the default rather than switching a cap off.
import { z } from "zod";

export const DEFAULT_MAX_OPEN_EPISODES_PER_KEY = 256;
/** Two full batches (MAX_BATCH_ROLLOUTS is 10,000), so one batch can be queued behind another. */
export const DEFAULT_MAX_ROLLOUTS_IN_FLIGHT_PER_KEY = 20_000;

export interface KeyLimits {
  maxOpenEpisodes: number;
  maxRolloutsInFlight: number;
}

const Cap = z.coerce.number().int().min(1);

type LimitVars = Partial<
  Record<"MAX_OPEN_EPISODES_PER_KEY" | "MAX_ROLLOUTS_IN_FLIGHT_PER_KEY", string>
>;

export function keyLimitsOf(env: LimitVars): KeyLimits {
  return {
    maxOpenEpisodes: capOf(env.MAX_OPEN_EPISODES_PER_KEY, DEFAULT_MAX_OPEN_EPISODES_PER_KEY),
    maxRolloutsInFlight: capOf(
      env.MAX_ROLLOUTS_IN_FLIGHT_PER_KEY,
      DEFAULT_MAX_ROLLOUTS_IN_FLIGHT_PER_KEY,
    ),
  };
}

function capOf(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const parsed = Cap.safeParse(value);
  if (parsed.success) return parsed.data;
  console.warn(`ignoring the cap ${JSON.stringify(value)}: not a whole number >= 1`);
  return fallback;
}
