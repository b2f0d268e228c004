// Task source for calendar environments (Google-Calendar-like servers: calendars, events over a
// time range, free/busy, invitations). Tasks speak the user's words: a meeting by its title and
// the day it is on ("Thursday, January 9"), a calendar by whose it is, times in London. Graph
// chains find a meeting in that day's list and move, change, answer, cancel or read it, or read
// two calendars' busy blocks and book the earliest shared slot; programs loop over a week's
// meetings with a condition per meeting (set the location of big or unplaced ones, answer pending
// ones, invite, remove or move the meetings of a person, change each occurrence of a recurring
// meeting), total hours per calendar or per person, find a week's busiest day, cancel a person's
// meetings on public holidays, or find the longest free stretch of a day. Graph templates are
// drawn in proportion to how many tasks each can make; programmatic ones uniformly among those
// with tasks left, so no family dominates (draw.ts).
import type { DraftAttempt, DraftTarget } from "../../../tasks/draft";
import { lensTaskSource, unfitIfReadOnly } from "../../../tasks/lens-task-source";
import type { TaskKind } from "../../../tasks/task";
import { fittingTemplates, noTemplate } from "../../../tasks/template-draw";
import type { CalendarRole } from "../roles";
import { type CalendarRun, drawUniform, drawWeighted, openCalendarRun } from "./draw";
import { type CalendarContext, readAgenda } from "./explore";
import { meetingDetail } from "./graph-reads";
import {
  answerInvitation,
  bookSharedSlot,
  cancelMeeting,
  inviteGuest,
  moveMeeting,
} from "./graph-writes";
import { calendarLens } from "./lens";
import { guestsInWeek, personTotals, shiftPersonMeetings } from "./program-people";
import { hoursPerCalendar, longestFree, weekHours } from "./program-reads";
import { busiestDay, locateUnplaced, seriesInstances } from "./program-weeks";
import { answerPending, holidayMeetings, locateBigMeetings } from "./program-writes";
import type { CalendarTemplate } from "./template";

export const CALENDAR_TEMPLATES: readonly CalendarTemplate[] = [
  moveMeeting,
  inviteGuest,
  answerInvitation,
  cancelMeeting,
  bookSharedSlot,
  meetingDetail,
  weekHours,
  hoursPerCalendar,
  longestFree,
  locateBigMeetings,
  holidayMeetings,
  answerPending,
  guestsInWeek,
  shiftPersonMeetings,
  personTotals,
  locateUnplaced,
  seriesInstances,
  busiestDay,
];

const WRITE_ROLES: ReadonlySet<CalendarRole> = new Set([
  "create_event",
  "create_events",
  "update_event",
  "delete_event",
  "respond",
]);

/** Environments whose tools are a calendar of core/surfaces/calendar/surface.ts. */
export const calendarTaskSource = lensTaskSource({
  name: "calendar",
  lens: calendarLens,
  unfit: (lens) =>
    unfitIfReadOnly("this calendar's tools only read", () =>
      CALENDAR_TEMPLATES.some(
        (t) =>
          t.roles.some((role) => WRITE_ROLES.has(role)) &&
          t.roles.every((role) => lens[role] !== undefined),
      ),
    ),
  drafter(lens) {
    const run = openCalendarRun();
    return ({ rng, runner }, kind, target) =>
      calendarTask({ lens, rng, runner }, kind, target, run);
  },
});

/** One calendar task of `kind` (see draw.ts for how templates are drawn). */
export function calendarTask(
  ctx: CalendarContext,
  kind: TaskKind,
  target: DraftTarget,
  run: CalendarRun = openCalendarRun(),
): DraftAttempt {
  const agenda = readAgenda(ctx);
  if (!agenda) return { ok: false, reason: "no_agenda", detail: "the calendars cannot be read" };
  const usable = fittingTemplates(CALENDAR_TEMPLATES, kind, target, {
    runs: (t) => t.roles.every((role) => ctx.lens[role] !== undefined),
    capacity: (t) => t.capacity(ctx, agenda),
    maxWrites: (t) => t.maxWrites(agenda),
  });
  if (usable.length === 0) {
    return noTemplate(kind, target, { of: "of these calendars", fits: "these calendars" });
  }
  return kind === "graph"
    ? drawWeighted(ctx, agenda, target, usable)
    : drawUniform(ctx, agenda, target, usable, run);
}

/** The names of the templates whose instructions look like this one (one, for a drafted task). */
export function calendarFamiliesOf(instruction: string): string[] {
  return CALENDAR_TEMPLATES.filter((t) => t.says.test(instruction)).map((t) => t.name);
}
