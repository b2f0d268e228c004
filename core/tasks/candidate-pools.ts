// Drawing surface tasks without replacement. A surface's templates each list every task they can
// write over the explored state (their candidates, keyed by the calls the solution would make);
// each attempt shuffles the templates that fit, takes an undrafted candidate of the first one that
// has any, marks its key drafted for the rest of the run and renders it. So a run never drafts two
// tasks with the same calls, and it says it is exhausted only when every fitting candidate is used.
import type { Prng } from "../sandbox/determinism";
import type { Built, DraftAttempt } from "./draft";
import { shuffled } from "./graph-walk/graph-random";
import { firstBuilt } from "./template-draw";

export interface PooledCandidate {
  /** Equal for candidates whose solutions would make the same calls. */
  key: string;
  render(rng: Prng): Built;
}

/** One synthesis run's candidates per template, and the keys already drafted. */
export interface CandidatePools<T, C extends PooledCandidate> {
  pools: Map<T, C[]>;
  drafted: Set<string>;
}

export function openPools<T extends { candidates(ctx: X): C[] }, C extends PooledCandidate, X>(
  templates: readonly T[],
  ctx: X,
): CandidatePools<T, C> {
  return { pools: new Map(templates.map((t) => [t, t.candidates(ctx)])), drafted: new Set() };
}

/**
 * One draft from `usable` templates: a random undrafted candidate that `fits`, rendered; when
 * every candidate that fits is drafted (or refuses to render) the attempt fails with the last
 * refusal, or with `exhausted`.
 */
export function drawFromPools<T, C extends PooledCandidate>(
  session: CandidatePools<T, C>,
  usable: readonly T[],
  rng: Prng,
  exhausted: { reason: string; detail: string },
  fits: (candidate: C) => boolean = () => true,
): DraftAttempt {
  return firstBuilt(
    shuffled(rng, usable),
    (template) => {
      const left = (session.pools.get(template) ?? []).filter(
        (c) => !session.drafted.has(c.key) && fits(c),
      );
      const candidate = left[Math.floor(rng.next() * left.length)];
      if (!candidate) return undefined;
      session.drafted.add(candidate.key);
      return candidate.render(rng);
    },
    exhausted,
  );
}
