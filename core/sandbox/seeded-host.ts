// A `ToolHost` built from the determinism primitives, with one JSON state to persist between calls.
// The EpisodeDO (or a test) restores it before a call and stores `state()` after.
import { z } from "zod";
import type { SqlDatabase } from "../episode/sql-database";
import {
  createIdGenerator,
  createPrng,
  createVirtualClock,
  type IdGenerator,
  IdGeneratorStateSchema,
  type Prng,
  PrngStateSchema,
  restoreIdGenerator,
  restorePrng,
  restoreVirtualClock,
  type VirtualClock,
  VirtualClockStateSchema,
} from "./determinism";
import type { ToolHost } from "./executor";

export const SeededHostStateSchema = z.object({
  random: PrngStateSchema,
  ids: IdGeneratorStateSchema,
  clock: VirtualClockStateSchema,
});
export type SeededHostState = z.infer<typeof SeededHostStateSchema>;

export interface SeededHost extends ToolHost {
  readonly clock: VirtualClock;
  state(): SeededHostState;
}

/** `seed` drives random numbers and ids (separate streams); `start` is the clock's ISO start. */
export function createSeededHost(db: SqlDatabase, seed: string, start: string): SeededHost {
  return seededHost(db, createPrng(seed), createIdGenerator(seed), createVirtualClock(start));
}

export function restoreSeededHost(db: SqlDatabase, state: SeededHostState): SeededHost {
  const parsed = SeededHostStateSchema.parse(state);
  return seededHost(
    db,
    restorePrng(parsed.random),
    restoreIdGenerator(parsed.ids),
    restoreVirtualClock(parsed.clock),
  );
}

function seededHost(
  db: SqlDatabase,
  prng: Prng,
  ids: IdGenerator,
  clock: VirtualClock,
): SeededHost {
  return {
    db,
    clock,
    now: () => clock.now(),
    random: () => prng.next(),
    id: (prefix) => ids.next(prefix),
    state: () => ({ random: prng.state(), ids: ids.state(), clock: clock.state() }),
  };
}
