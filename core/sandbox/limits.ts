// Per-call limits of the QuickJS sandbox: defaults, how they are merged and checked, and what a host
// call costs in fuel. The figures behind the defaults were measured on Node 20 and local workerd.
import { MAX_STACK_SIZE } from "quickjs-wasi";
import { utf8Length } from "../episode/sql-values";
import type { ExecutionLimits } from "./executor";

/**
 * fuel: interrupt-handler ticks, plus host-call charges (below). QuickJS-NG calls the handler once
 * per 10,000 "poll points" (loop back-edges, function entries), so a tick is ~0.08 ms of
 * `while (true) {}` (2,000 ticks: 150-180 ms in Node, ~70 ms in local workerd), ~0.16 ms of regex
 * backtracking and ~0.85 ms of a 300k-element sort with a comparator. The Chinook tools use 1-5
 * ticks a call of JS and host calls (under 0.25% of 2,000); reading a whole 3,500-row table costs
 * ~300. SQL is charged by its estimated row visits as well (sql-guard.ts, 1 tick per 1,000, which
 * measured 0.07-0.2 ms in Node), so search_tracks, scanning Track twice, uses ~38. Natives that loop inside one call (`Array#join` of a huge array,
 * `JSON.stringify`) do not poll, so a loop of them gets more time per tick: the memory limit bounds
 * each such call, and the Worker's CPU limit is the backstop.
 *
 * memoryBytes: the whole QuickJS heap, including ~0.35 MiB of engine, prelude and compiled tools.
 *
 * stackBytes: QuickJS's stack guard. 256 KiB is ~1,000 frames of plain recursion (~860 with a
 * spread call per frame). The engine allows up to 512 KiB, but there a deep recursion can
 * overflow V8's own stack first (in Node and workerd alike); that is still reported as `stack`,
 * at the price of a VM rebuild.
 */
export const DEFAULT_LIMITS: Readonly<ExecutionLimits> = Object.freeze({
  fuel: 2_000,
  memoryBytes: 32 * 1024 * 1024,
  stackBytes: 256 * 1024,
  resultBytes: 1024 * 1024,
});

/** Every host SQL call costs this many ticks, so a loop of queries is bounded like a loop of code. */
export const HOST_CALL_FUEL = 1;
/** ...plus one tick per this many characters of JSON handed back to the guest. */
export const REPLY_CHARS_PER_FUEL = 2 * 1024;

export const MAX_STACK_BYTES = MAX_STACK_SIZE;

/** `base` with `overrides` applied; every limit must be a positive integer. */
export function resolveLimits(
  base: Readonly<ExecutionLimits>,
  overrides?: Partial<ExecutionLimits>,
): ExecutionLimits {
  const limits: ExecutionLimits = { ...base };
  for (const key of ["fuel", "memoryBytes", "stackBytes", "resultBytes"] as const) {
    const value = overrides?.[key];
    if (value !== undefined) limits[key] = value;
    if (!Number.isSafeInteger(limits[key]) || limits[key] <= 0) {
      throw new RangeError(`limit ${key} must be a positive integer, got ${limits[key]}`);
    }
  }
  if (limits.stackBytes > MAX_STACK_BYTES) {
    throw new RangeError(`limit stackBytes must be at most ${MAX_STACK_BYTES}`);
  }
  return limits;
}

/** Whether `text` fits in `limit` UTF-8 bytes, counting only when the cheap bounds cannot tell. */
export function fitsInBytes(text: string, limit: number): boolean {
  if (text.length > limit) return false; // UTF-8 never takes fewer bytes than UTF-16 code units
  if (text.length * 3 <= limit) return true;
  return utf8Length(text) <= limit;
}
