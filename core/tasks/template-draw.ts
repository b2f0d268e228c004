// How a surface task source turns its templates into one draft: keep the templates of the wanted
// kind that fit the tools and can make enough writes, then try them in a drawn order (by capped
// weight, or shuffled) until one builds, answering the last refusal when none does. Templates only
// read while exploring, so one that gives up leaves the fresh copy as it was. Sources that draw
// differently (per-run candidate pools, calendar's uniform programs) still end in firstBuilt.
import type { Prng } from "../sandbox/determinism";
import type { Built, DraftAttempt, DraftTarget } from "./draft";
import { pickWeighted } from "./graph-walk/graph-random";
import type { TaskKind } from "./task";

/** Why a template, or a whole draw, made nothing. */
export type Refusal = { reason: string; detail: string };

/** What a draw answers when it had no template to try. */
const NOTHING_TRIED: Refusal = { reason: "no_template", detail: "" };

/**
 * The first draft that builds, trying `order` lazily (so drawing and building interleave on the
 * same random stream); a `build` answering undefined is skipped without a refusal.
 */
export function firstBuilt<T>(
  order: Iterable<T>,
  build: (item: T) => Built | undefined,
  nothing: Refusal = NOTHING_TRIED,
): DraftAttempt {
  let last = nothing;
  for (const item of order) {
    const built = build(item);
    if (!built) continue;
    if ("program" in built) return { ok: true, draft: built };
    last = built;
  }
  return { ok: false, ...last };
}

/** `items` without replacement, each draw in proportion to its weight capped at `cap`. */
export function* byCappedWeight<T>(
  rng: Prng,
  items: readonly T[],
  cap: number,
  weight: (item: T) => number,
): Generator<T> {
  let left = [...items];
  while (left.length > 0) {
    const chosen = pickWeighted(
      rng,
      left.map((item) => ({ item, weight: Math.min(cap, weight(item)) })),
    );
    if (!chosen) return;
    yield chosen;
    left = left.filter((item) => item !== chosen);
  }
}

/** How a source measures its templates on what it explored. */
export interface TemplateMeasure<T> {
  /** The environment has a tool for every role the template calls. */
  runs(template: T): boolean;
  /** How many distinct tasks it can make (0: none). */
  capacity(template: T): number;
  /** The most state-changing calls one of its tasks makes. */
  maxWrites(template: T): number;
}

/** The templates of `kind` that run here, can make a task and make enough writes. */
export function fittingTemplates<T extends { kind: TaskKind }>(
  templates: readonly T[],
  kind: TaskKind,
  target: DraftTarget,
  measure: TemplateMeasure<T>,
): T[] {
  return templates.filter(
    (t) =>
      t.kind === kind &&
      measure.runs(t) &&
      measure.capacity(t) > 0 &&
      (target.minWrites === 0 || measure.maxWrites(t) >= target.minWrites),
  );
}

/** The refusal for a draw with no fitting template, naming the place ("of this mailbox"). */
export function noTemplate(
  kind: TaskKind,
  target: DraftTarget,
  place: { of: string; fits: string },
): DraftAttempt {
  return {
    ok: false,
    reason: "no_template",
    detail:
      target.minWrites > 0
        ? `no ${kind} task ${place.of} makes ${target.minWrites} write(s)`
        : `no ${kind} template fits ${place.fits}`,
  };
}

export interface WeightedDraw<T> extends TemplateMeasure<T> {
  /** No template is drawn more often than one that can make this many tasks. */
  cap: number;
  /** Where the tasks are, for the refusal when no template fits. */
  place: { of: string; fits: string };
  build(template: T): Built;
}

/** One task of `kind`: the fitting templates drawn by capped capacity until one builds. */
export function weightedTemplateTask<T extends { kind: TaskKind }>(
  templates: readonly T[],
  kind: TaskKind,
  target: DraftTarget,
  rng: Prng,
  draw: WeightedDraw<T>,
): DraftAttempt {
  const usable = fittingTemplates(templates, kind, target, draw);
  if (usable.length === 0) return noTemplate(kind, target, draw.place);
  return firstBuilt(byCappedWeight(rng, usable, draw.cap, draw.capacity), draw.build);
}
