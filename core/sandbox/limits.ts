// Per-call limits of the QuickJS sandbox: defaults, how they are merged and checked, and what a host
// call costs in fuel. The figures behind the defaults are in the comments, measured on Node 20/workerd.
import { MAX_STACK_SIZE } from "quickjs-wasi";
import { utf8Length } from "../episode/sql-values";
import type { ExecutionLimits } from "./executor";

/**
 * fuel: interrupt-handler ticks. QuickJS-NG calls the handler once per 10,000 "poll points" (loop
 * back-edges and function entries), so a tick is 0.07 ms of `while (true) {}` and 0.3-0.6 ms of
 * regex or sort-with-comparator work. 2,000 ticks stop `while (true) {}` in ~150 ms, while a
 * Chinook tool (one indexed query, a few hundred rows mapped) uses 1-3 ticks, most of them the
 * host-call charge below. Natives that loop internally (`Array#join` on a big array, `JSON.stringify`)
 * do not poll, so a loop of them runs longer per tick; the memory limit bounds each such call and the
 * Worker's CPU limit is the backstop.
 *
 * memoryBytes: the whole QuickJS heap, including ~0.3 MiB of engine, prelude and compiled tools.
 * stackBytes: QuickJS's own stack guard (at most 512 KiB, half the WASM binary's 1 MiB stack);
 * 256 KiB allows ~2,000 frames of plain recursion.
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
