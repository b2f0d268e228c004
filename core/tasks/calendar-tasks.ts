// Task source for calendar environments (Google-Calendar-like servers: calendars, events over a
// time range, free/busy, invitations). Tasks speak the user's words: a meeting by its title and
// the day it is on ("Thursday, January 9"), a calendar by whose it is, times in London. Graph
// chains find a meeting in that day's list and move, change, answer, cancel or read it, or read
// two calendars' busy blocks and book the earliest shared slot; programs loop over a week's
// meetings with a condition per meeting (set the location of big ones, answer pending ones),
// total hours per calendar, cancel a person's meetings on public holidays, or find the longest
// free stretch of a day. Templates are drawn in proportion to how many tasks each can make.
import type { CalendarRole } from "../importers/mcp-calendar-roles";
import { type CalendarContext, readAgenda } from "./calendar-explore";
import { meetingDetail } from "./calendar-graph-reads";
import {
  answerInvitation,
  bookSharedSlot,
  cancelMeeting,
  inviteGuest,
  moveMeeting,
} from "./calendar-graph-writes";
import { calendarLens } from "./calendar-lens";
import { hoursPerCalendar, longestFree, weekHours } from "./calendar-program-reads";
import { answerPending, holidayMeetings, locateBigMeetings } from "./calendar-program-writes";
import type { CalendarTemplate } from "./calendar-template";
import type { DraftAttempt, DraftTarget } from "./draft";
import { pickWeighted } from "./graph-random";
import type { SurfaceTaskSource } from "./surface-tasks";
import type { TaskKind } from "./task";

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
];

const WRITE_ROLES: ReadonlySet<CalendarRole> = new Set([
  "create_event",
  "create_events",
  "update_event",
  "delete_event",
  "respond",
]);

/** No template is drawn more often than one that can make this many tasks. */
const WEIGHT_CAP = 60;

/** Environments whose tools are a calendar of core/importers/mcp-calendar-surface.ts. */
export const calendarTaskSource: SurfaceTaskSource = {
  name: "calendar",
  recognise(db, tools) {
    const lens = calendarLens(db, tools);
    if (!lens) return undefined;
    return {
      unfit(minWrites) {
        if (minWrites === 0) return undefined;
        const writes = CALENDAR_TEMPLATES.some(
          (t) =>
            t.roles.some((role) => WRITE_ROLES.has(role)) &&
            t.roles.every((role) => lens[role] !== undefined),
        );
        return writes
          ? undefined
          : `this calendar's tools only read, so no task can make ${minWrites} write(s)`;
      },
      draft: ({ rng, runner }, kind, target) => calendarTask({ lens, rng, runner }, kind, target),
    };
  },
};

/** One calendar task of `kind`: templates drawn by weight until one builds. */
export function calendarTask(
  ctx: CalendarContext,
  kind: TaskKind,
  target: DraftTarget,
): DraftAttempt {
  const agenda = readAgenda(ctx);
  if (!agenda) return { ok: false, reason: "no_agenda", detail: "the calendars cannot be read" };
  let usable = CALENDAR_TEMPLATES.filter(
    (t) =>
      t.kind === kind &&
      t.roles.every((role) => ctx.lens[role] !== undefined) &&
      t.capacity(ctx, agenda) > 0 &&
      (target.minWrites === 0 || t.maxWrites(agenda) >= target.minWrites),
  );
  if (usable.length === 0) {
    return {
      ok: false,
      reason: "no_template",
      detail:
        target.minWrites > 0
          ? `no ${kind} task of these calendars makes ${target.minWrites} write(s)`
          : `no ${kind} template fits these calendars`,
    };
  }
  // Templates only read while exploring, so a failed one leaves the fresh copy as it was.
  let last = { reason: "no_template", detail: "" };
  while (usable.length > 0) {
    const template = pickWeighted(
      ctx.rng,
      usable.map((t) => ({ item: t, weight: Math.min(WEIGHT_CAP, t.capacity(ctx, agenda)) })),
    );
    if (!template) break;
    const built = template.build(ctx, agenda, target);
    if ("program" in built) return { ok: true, draft: built };
    last = built;
    usable = usable.filter((t) => t !== template);
  }
  return { ok: false, ...last };
}
