// Choices a graph walk makes, all drawn from the synthesis PRNG so a seed replays the same walk.
import type { Prng } from "../../sandbox/determinism";

/** One item, uniformly; undefined for an empty list. */
export function pick<T>(rng: Prng, items: readonly T[]): T | undefined {
  if (items.length === 0) return undefined;
  return items[Math.floor(rng.next() * items.length)];
}

/** One item with probability proportional to its weight (weights <= 0 are never chosen). */
export function pickWeighted<T>(
  rng: Prng,
  items: readonly { item: T; weight: number }[],
): T | undefined {
  const total = items.reduce((sum, entry) => sum + Math.max(0, entry.weight), 0);
  if (total <= 0) return undefined;
  let ticket = rng.next() * total;
  for (const entry of items) {
    if (entry.weight <= 0) continue;
    ticket -= entry.weight;
    if (ticket < 0) return entry.item;
  }
  return items.filter((entry) => entry.weight > 0).at(-1)?.item;
}

/** A copy in random order (Fisher-Yates). */
export function shuffled<T>(rng: Prng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    const held = out[i] as T;
    out[i] = out[j] as T;
    out[j] = held;
  }
  return out;
}

/** Items in weighted random order: each draw removes the chosen one (bounded retries use it). */
export function weightedOrder<T>(rng: Prng, items: readonly { item: T; weight: number }[]): T[] {
  const left = items.filter((entry) => entry.weight > 0);
  const out: T[] = [];
  while (left.length > 0) {
    const chosen = pickWeighted(rng, left);
    const index = left.findIndex((entry) => entry.item === chosen);
    if (index < 0) break;
    out.push(left[index]?.item as T);
    left.splice(index, 1);
  }
  return out;
}
