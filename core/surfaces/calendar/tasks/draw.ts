// How one synthesis run draws calendar templates. Graph templates are drawn in proportion to how
// many tasks each can make (capped), as they always were. Programmatic templates are drawn
// uniformly among those that still have tasks left this run, so a template that can make hundreds
// of tasks (the longest free stretch of every day) does not crowd out the rest: each family keeps
// a bounded share. A run remembers each template's instructions, skips a repeat and retries, and
// sets a template aside once it can only repeat itself.

import type { DraftAttempt, DraftTarget } from "../../../tasks/draft";
import { shuffled } from "../../../tasks/graph-walk/graph-random";
import { byCappedWeight, firstBuilt, type Refusal } from "../../../tasks/template-draw";
import type { Agenda, CalendarContext } from "./explore";
import type { CalendarTemplate } from "./template";

/** No graph template is drawn more often than one that can make this many tasks. */
const WEIGHT_CAP = 60;

/** Builds of one template an attempt tries before taking a repeat as "nothing new left". */
const TRIES = 12;

/** One run's memory: each template's instructions drafted so far, and those with none left. */
export interface CalendarRun {
  drafted: Map<CalendarTemplate, Set<string>>;
  spent: Set<CalendarTemplate>;
}

export const openCalendarRun = (): CalendarRun => ({ drafted: new Map(), spent: new Set() });

/** Graph: templates by capped weight until one builds. */
export function drawWeighted(
  ctx: CalendarContext,
  agenda: Agenda,
  target: DraftTarget,
  fitting: readonly CalendarTemplate[],
): DraftAttempt {
  return firstBuilt(
    byCappedWeight(ctx.rng, fitting, WEIGHT_CAP, (t) => t.capacity(ctx, agenda)),
    (t) => t.build(ctx, agenda, target),
  );
}

/** Programmatic: a template drawn uniformly among those with tasks left, a task it has not drafted. */
export function drawUniform(
  ctx: CalendarContext,
  agenda: Agenda,
  target: DraftTarget,
  fitting: readonly CalendarTemplate[],
  run: CalendarRun,
): DraftAttempt {
  let last: Refusal = {
    reason: "exhausted",
    detail: "every calendar task of this kind was drafted",
  };
  for (const template of shuffled(
    ctx.rng,
    fitting.filter((t) => !run.spent.has(t)),
  )) {
    const seen = run.drafted.get(template) ?? new Set<string>();
    let repeats = 0;
    for (let i = 0; i < TRIES; i++) {
      const built = template.build(ctx, agenda, target);
      if (!("program" in built)) {
        last = built;
        continue;
      }
      if (seen.has(built.instruction)) {
        repeats += 1;
        continue;
      }
      seen.add(built.instruction);
      run.drafted.set(template, seen);
      if (seen.size >= template.capacity(ctx, agenda)) run.spent.add(template);
      return { ok: true, draft: built };
    }
    // Only repeats (for any number of writes): this template has nothing new for the run.
    if (repeats > 0 && target.minWrites === 0) run.spent.add(template);
  }
  return { ok: false, ...last };
}
