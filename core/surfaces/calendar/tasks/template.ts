// What a calendar template is (graph-*.ts, program-*.ts), the helpers a
// solution program may call (the events of a range of a calendar, one event by title) and the
// draft every template returns. Helpers are emitted only when a program uses them.

import type { DraftTarget, TaskDraft } from "../../../tasks/draft";
import { callCode } from "../../../tasks/programs/program-code";
import {
  givesAway,
  inOrder,
  quoted,
  type SurfaceDraftParts,
  surfaceDraft,
  unfit,
} from "../../../tasks/surface-draft";
import type { TaskKind } from "../../../tasks/task";
import type { CalendarRole } from "../roles";
import type { Agenda, CalendarContext } from "./explore";
import type { CalendarLens, CalendarTool } from "./lens";

export { givesAway, quoted, unfit };

export type Built = TaskDraft | { reason: string; detail: string };

export interface CalendarTemplate {
  name: string;
  kind: TaskKind;
  /** What every instruction it writes matches, and no other template's does (its family). */
  says: RegExp;
  /** The roles it calls besides the calendar and event lists. */
  roles: readonly CalendarRole[];
  /** The most state-changing calls one of its tasks makes on this agenda (0: it only reads). */
  maxWrites(agenda: Agenda): number;
  /** How many distinct tasks it can make here; templates are drawn in proportion (capped). */
  capacity(ctx: CalendarContext, agenda: Agenda): number;
  build(ctx: CalendarContext, agenda: Agenda, target: DraftTarget): Built;
}

export function toolOf(ctx: CalendarContext, role: CalendarRole): CalendarTool {
  const tool = ctx.lens[role];
  if (!tool) throw new Error(`the calendar lens has no ${role} tool`);
  return tool;
}

/** `ctx.call(tool, {...})` with each slot's value code under the tool's own argument name. */
export function callWith(tool: CalendarTool, values: Record<string, string>): string {
  const entries = Object.entries(values).flatMap(([slot, code]) => {
    const name = tool.args[slot as keyof CalendarTool["args"]];
    return name === undefined ? [] : [[name, code] as const];
  });
  return callCode(tool.name, entries);
}

export type Helper = "eventsIn" | "eventNamed";

function helperCode(lens: CalendarLens, helper: Helper): string {
  switch (helper) {
    case "eventsIn":
      return [
        "const eventsIn = (calendar, from, to) =>",
        `  ${callWith(lens.list_events, { calendarId: "calendar", timeMin: "from", timeMax: "to" })}.events;`,
      ].join("\n");
    case "eventNamed":
      return [
        "const eventNamed = (events, summary) => {",
        "  const found = events.find((e) => e.summary === summary);",
        '  if (!found) throw new Error("no event " + JSON.stringify(summary));',
        "  return found;",
        "};",
      ].join("\n");
  }
}

export type CalendarDraftParts = SurfaceDraftParts<Helper>;

export function calendarDraft(lens: CalendarLens, parts: CalendarDraftParts): TaskDraft {
  const helpers = inOrder<Helper>(["eventsIn", "eventNamed"], parts.helpers);
  return surfaceDraft(
    parts,
    helpers.map((h) => helperCode(lens, h)),
  );
}
