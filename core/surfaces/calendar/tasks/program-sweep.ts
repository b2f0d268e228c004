// The frame of the calendar sweeps: programmatic templates that pick one combination (a week, a
// person, a room...) whose `hits` are the events its task changes, with at least the writes the
// draft target asks for. Each sweep only says how combinations are found and how a task is worded.

import type { Built } from "../../../tasks/draft";
import { pick } from "../../../tasks/graph-walk/graph-random";
import type { Agenda, CalendarContext } from "./explore";
import { type CalendarTemplate, unfit } from "./template";

export interface SweepSpec<C extends { hits: readonly unknown[] }> {
  name: string;
  says: RegExp;
  roles: CalendarTemplate["roles"];
  /** Every combination the agenda offers, each with the events its task changes. */
  combos(agenda: Agenda): C[];
  /** How many tasks it can make; by default one per combination. */
  capacity?: CalendarTemplate["capacity"];
  /** Why nothing was drawn: `[reason, detail]` for `unfit`. */
  none: readonly [string, string];
  draft(ctx: CalendarContext, agenda: Agenda, found: C): Built;
}

export function sweepTemplate<C extends { hits: readonly unknown[] }>(
  spec: SweepSpec<C>,
): CalendarTemplate {
  return {
    name: spec.name,
    kind: "programmatic",
    says: spec.says,
    roles: spec.roles,
    maxWrites: (agenda) => Math.max(0, ...spec.combos(agenda).map((c) => c.hits.length)),
    capacity: spec.capacity ?? ((_ctx, agenda) => spec.combos(agenda).length),
    build(ctx, agenda, target) {
      const found = pick(
        ctx.rng,
        spec.combos(agenda).filter((c) => c.hits.length >= target.minWrites),
      );
      if (!found) return unfit(...spec.none);
      return spec.draft(ctx, agenda, found);
    },
  };
}
