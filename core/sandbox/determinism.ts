// The episode's sources of chance and time, as pure values the EpisodeDO persists between calls: a
// seeded PRNG, an id generator and a virtual clock. Same seed and same calls, same outputs, byte for byte.
import { z } from "zod";

const uint32 = z.number().int().min(0).max(0xffffffff);

// ---------------------------------------------------------------- PRNG (sfc32)

/** sfc32's four 32-bit words; JSON-safe, so it can be stored as is. */
export const PrngStateSchema = z.tuple([uint32, uint32, uint32, uint32]);
export type PrngState = z.infer<typeof PrngStateSchema>;

export interface Prng {
  /** A number in [0, 1) with 53 random bits, like `Math.random()`. */
  next(): number;
  /** A copy of the state; `restorePrng(state)` continues exactly where this one is. */
  state(): PrngState;
}

// sfc32 passes PractRand, is four words of state and needs only 32-bit integer ops. Seeding hashes
// the string with cyrb128 and discards the first outputs so similar seeds diverge at once.
const WARM_UP = 15;

export function createPrng(seed: string): Prng {
  const prng = restorePrng(cyrb128(seed));
  for (let i = 0; i < WARM_UP; i++) prng.next();
  return prng;
}

export function restorePrng(state: PrngState): Prng {
  let [a, b, c, d] = PrngStateSchema.parse(state);
  const next32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  return {
    next() {
      const high = next32() >>> 5; // 27 bits
      const low = next32() >>> 6; // 26 bits
      return (high * 67108864 + low) / 9007199254740992;
    },
    state: () => [a >>> 0, b >>> 0, c >>> 0, d >>> 0],
  };
}

/** cyrb128: a fast 128-bit string hash, used only to turn a seed string into PRNG state. */
export function cyrb128(text: string): PrngState {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

// ---------------------------------------------------------------- ids

export const IdGeneratorStateSchema = z.object({
  key: z.tuple([uint32, uint32]),
  counter: z.number().int().min(0).max(0xffffffff),
});
export type IdGeneratorState = z.infer<typeof IdGeneratorStateSchema>;

export interface IdGenerator {
  /** `ord_3f9a1c2b` for prefix `ord`, `3f9a1c2b` without one. Never repeats within 2^32 ids. */
  next(prefix?: string): string;
  state(): IdGeneratorState;
}

/** Letters, digits and `_`, starting with a letter, at most 32 characters. */
export const ID_PREFIX_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;

// An id is a keyed bijection of a counter: unique by construction (no birthday collisions, unlike
// random ids of the same length) yet unpredictable-looking, and independent of the PRNG's stream.
export function createIdGenerator(seed: string): IdGenerator {
  const [k1, k2] = cyrb128(`${seed}\u0000ids`);
  return restoreIdGenerator({ key: [k1, k2], counter: 0 });
}

export function restoreIdGenerator(state: IdGeneratorState): IdGenerator {
  const { key, counter: start } = IdGeneratorStateSchema.parse(state);
  let counter = start;
  return {
    next(prefix) {
      if (prefix !== undefined && prefix !== "" && !ID_PREFIX_PATTERN.test(prefix)) {
        throw new RangeError(
          `id prefix must match ${ID_PREFIX_PATTERN}, got ${JSON.stringify(prefix)}`,
        );
      }
      if (counter > 0xffffffff) throw new RangeError("id generator exhausted (2^32 ids)");
      const hex = (fmix32((counter ^ key[0]) >>> 0) ^ key[1]) >>> 0;
      counter += 1;
      const body = hex.toString(16).padStart(8, "0");
      return prefix ? `${prefix}_${body}` : body;
    },
    state: () => ({ key: [key[0], key[1]], counter }),
  };
}

/** MurmurHash3's finaliser: a bijection on 32-bit integers with good avalanche. */
function fmix32(input: number): number {
  let h = input;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

// ---------------------------------------------------------------- virtual clock

export const VirtualClockStateSchema = z.object({ nowMs: z.number().int() });
export type VirtualClockState = z.infer<typeof VirtualClockStateSchema>;

export interface VirtualClock {
  /** ISO 8601 with milliseconds, UTC: `2024-01-01T00:00:00.000Z`. */
  now(): string;
  nowMs(): number;
  /** Moves the clock forward; it never goes back. */
  advance(ms: number): void;
  state(): VirtualClockState;
}

export function createVirtualClock(start: string | number): VirtualClock {
  const nowMs = typeof start === "number" ? start : Date.parse(start);
  if (!Number.isInteger(nowMs)) throw new RangeError(`invalid clock start: ${String(start)}`);
  return restoreVirtualClock({ nowMs });
}

export function restoreVirtualClock(state: VirtualClockState): VirtualClock {
  let { nowMs } = VirtualClockStateSchema.parse(state);
  return {
    now: () => new Date(nowMs).toISOString(),
    nowMs: () => nowMs,
    advance(ms) {
      if (!Number.isInteger(ms) || ms < 0) {
        throw new RangeError(`clock advance must be a non-negative integer, got ${ms}`);
      }
      nowMs += ms;
    },
    state: () => ({ nowMs }),
  };
}
