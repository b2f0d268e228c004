// Programmatic templates that change calendars: set the location of every big meeting of a week,
// cancel or decline a person's meetings that fall on a public holiday (read off the holiday
// calendar), and answer every invitation of a week still waiting for an answer.

import { pick } from "../../../tasks/graph-walk/graph-random";
import { addDays, weekdayMonthDay } from "../../../tasks/phrasing/words-dates";
import { lit } from "../../../tasks/programs/program-code";
import type { Agenda, CalendarView, EventView } from "./explore";
import { AGENDA_RANGE } from "./explore";
import { findCalendar } from "./program-reads";
import { sweepTemplate } from "./program-sweep";
import { type CalendarTemplate, calendarDraft, callWith, quoted, toolOf, unfit } from "./template";
import { dayStart, ROOMS, WEEKS } from "./words";

const THRESHOLDS = [2, 3, 4, 5] as const;
/** The week starting `monday` as listing bounds and as an instant. */
export const weekBounds = (monday: string) => ({
  from: dayStart(monday),
  to: dayStart(addDays(monday, 7)),
  fromMs: Date.parse(dayStart(monday)),
});

/** Whether an event starts in the week of `monday`. */
export const inWeek = (e: EventView, monday: string) =>
  e.startMs >= Date.parse(dayStart(monday)) && e.startMs < Date.parse(dayStart(addDays(monday, 7)));

const bigOnes = (agenda: Agenda, cal: CalendarView, monday: string, n: number, room: string) =>
  agenda.events.filter(
    (e) =>
      e.calendar.id === cal.id &&
      e.organizerEmail === cal.id &&
      !e.allDay &&
      inWeek(e, monday) &&
      e.guests.length > n &&
      e.location !== room,
  );

const locateCombos = (agenda: Agenda) =>
  agenda.calendars
    .filter((c) => c.writable)
    .flatMap((cal) =>
      WEEKS.flatMap((monday) =>
        THRESHOLDS.flatMap((n) =>
          ROOMS.map((room) => ({
            cal,
            monday,
            n,
            room,
            hits: bigOnes(agenda, cal, monday, n, room),
          })),
        ),
      ),
    )
    .filter((c) => c.hits.length > 0);

/** "For every meeting on my calendar in the week of ... with more than 3 guests, set the location to "Boardroom"." */
export const locateBigMeetings = sweepTemplate({
  name: "locate-big-meetings",
  says: /^For every meeting .+ more than \d+ guests, set the location/,
  roles: ["update_event"],
  combos: locateCombos,
  none: ["no_meeting", "no week has meetings that big"],
  draft(ctx, _agenda, found) {
    const { cal, monday, n, room, hits } = found;
    const update = toolOf(ctx, "update_event");
    return calendarDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `For every meeting ${cal.primary ? "I organise on my calendar" : `on ${cal.words}`} in the week of ${weekdayMonthDay(monday)} that has more than ${n} guests, set the location to ${quoted(room)}. Leave all-day events alone.`,
      helpers: ["eventsIn"],
      statements: [
        ...findCalendar(ctx, cal),
        `for (const e of eventsIn(calendarId, ${lit(dayStart(monday))}, ${lit(dayStart(addDays(monday, 7)))})) {`,
        `  if (!e.start.dateTime || Date.parse(e.start.dateTime) < ${Date.parse(dayStart(monday))}) continue;`,
        `  if (e.organizer.email !== calendarId || (e.attendees || []).length <= ${n} || e.location === ${lit(room)}) continue;`,
        `  ${callWith(update, { calendarId: "calendarId", eventId: "e.id", location: lit(room) })};`,
        "}",
        "return null;",
      ],
      hidden: hits.map((e) => e.id),
      tools: [ctx.lens.list_calendars.name, ctx.lens.list_events.name, update.name],
      difficulty: { chainLength: 2 + hits.length, branching: 2, writes: hits.length, hiddenIds: 1 },
    });
  },
});

const holidays = (agenda: Agenda) =>
  agenda.events.filter((e) => e.calendar.id.includes("#holiday") && e.allDay).map((e) => e.day);

interface HolidayAction {
  role: "delete_event" | "respond";
  words: (name: string) => string;
  fits: (e: EventView) => boolean;
}

const ACTIONS: readonly HolidayAction[] = [
  {
    role: "delete_event",
    words: (name) =>
      `Cancel every meeting on my calendar that ${name} organises or is invited to and that falls on a US public holiday (use the holiday calendar).`,
    fits: () => true,
  },
  {
    role: "respond",
    words: (name) =>
      `Decline every invitation on my calendar from ${name} that falls on a US public holiday (use the holiday calendar).`,
    fits: (e) => e.guests.some((g) => g.self && !g.organizer && g.answer !== "declined"),
  },
];

/** The primary calendar's meetings on a holiday that involve a person, per action. */
const holidayCombos = (agenda: Agenda) => {
  const days = new Set(holidays(agenda));
  const mine = agenda.events.filter((e) => e.calendar.primary && days.has(e.day));
  const people = new Map<string, string>();
  for (const e of mine) for (const g of e.guests) if (!g.self) people.set(g.email, g.name);
  return [...people]
    .flatMap(([email, name]) =>
      ACTIONS.map((action) => ({
        email,
        name,
        action,
        hits: mine.filter((e) =>
          action.role === "respond"
            ? e.organizerEmail === email && action.fits(e)
            : e.guests.some((g) => g.email === email) || e.organizerEmail === email,
        ),
      })),
    )
    .filter((c) => c.hits.length > 0);
};

/** "Cancel every meeting on my calendar with Dana Whitfield that falls on a US public holiday." */
export const holidayMeetings = sweepTemplate({
  name: "holiday-meetings",
  says: /US public holiday/,
  roles: ["delete_event", "respond"],
  combos: holidayCombos,
  none: ["no_meeting", "no meeting falls on a holiday"],
  draft(ctx, agenda, found) {
    const holiday = agenda.calendars.find((c) => c.id.includes("#holiday"));
    if (!holiday) return unfit("no_meeting", "no meeting falls on a holiday");
    const { email, name, action, hits } = found;
    const tool = toolOf(ctx, action.role);
    const write =
      action.role === "respond"
        ? callWith(tool, { calendarId: lit("primary"), eventId: "e.id", response: lit("declined") })
        : callWith(tool, { calendarId: lit("primary"), eventId: "e.id" });
    const test =
      action.role === "respond"
        ? `e.organizer.email === ${lit(email)} && (e.attendees || []).some((a) => a.self && !a.organizer && a.responseStatus !== "declined")`
        : `e.organizer.email === ${lit(email)} || (e.attendees || []).some((a) => a.email === ${lit(email)})`;
    return calendarDraft(ctx.lens, {
      kind: "programmatic",
      instruction: action.words(name),
      helpers: ["eventsIn"],
      statements: [
        `const days = new Set(eventsIn(${lit(holiday.summary)}, ${lit(AGENDA_RANGE.from)}, ${lit(AGENDA_RANGE.to)}).filter((h) => h.start.date).map((h) => h.start.date));`,
        `for (const e of eventsIn("primary", ${lit(AGENDA_RANGE.from)}, ${lit(AGENDA_RANGE.to)})) {`,
        "  const day = e.start.date || new Date(Date.parse(e.start.dateTime)).toISOString().slice(0, 10);",
        "  if (!days.has(day)) continue;",
        `  if (${test}) ${write};`,
        "}",
        "return null;",
      ],
      hidden: hits.map((e) => e.id),
      tools: [ctx.lens.list_events.name, tool.name],
      difficulty: { chainLength: 2 + hits.length, branching: 2, writes: hits.length, hiddenIds: 1 },
    });
  },
});

const ANSWER_ALL = [
  { answer: "accepted", verb: "Accept" },
  { answer: "tentative", verb: "Answer maybe to" },
  { answer: "declined", verb: "Decline" },
] as const;

const pending = (agenda: Agenda, monday: string) =>
  agenda.events.filter(
    (e) =>
      e.calendar.primary &&
      inWeek(e, monday) &&
      e.guests.some((g) => g.self && !g.organizer && g.answer === "needsAction"),
  );

/** "Accept every invitation on my calendar in the week of ... that I have not answered yet." */
export const answerPending: CalendarTemplate = {
  name: "answer-pending",
  kind: "programmatic",
  says: /^(Accept|Answer maybe to|Decline) every invitation on my calendar in the week of/,
  roles: ["respond"],
  maxWrites: (agenda) => Math.max(0, ...WEEKS.map((w) => pending(agenda, w).length)),
  capacity: (_ctx, agenda) =>
    WEEKS.filter((w) => pending(agenda, w).length > 0).length * ANSWER_ALL.length,
  build(ctx, agenda, target) {
    const monday = pick(
      ctx.rng,
      WEEKS.filter((w) => pending(agenda, w).length >= Math.max(1, target.minWrites)),
    );
    const how = pick(ctx.rng, ANSWER_ALL);
    if (!monday || !how) return unfit("no_invitation", "no invitation waits for an answer");
    const hits = pending(agenda, monday);
    const respond = toolOf(ctx, "respond");
    return calendarDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `${how.verb} every invitation on my calendar in the week of ${weekdayMonthDay(monday)} that I have not answered yet.`,
      helpers: ["eventsIn"],
      statements: [
        `for (const e of eventsIn("primary", ${lit(dayStart(monday))}, ${lit(dayStart(addDays(monday, 7)))})) {`,
        `  if (Date.parse(e.start.dateTime || e.start.date + "T00:00:00Z") < ${Date.parse(dayStart(monday))}) continue;`,
        "  const me = (e.attendees || []).find((a) => a.self);",
        '  if (!me || me.organizer || me.responseStatus !== "needsAction") continue;',
        `  ${callWith(respond, { calendarId: lit("primary"), eventId: "e.id", response: lit(how.answer) })};`,
        "}",
        "return null;",
      ],
      hidden: hits.map((e) => e.id),
      tools: [ctx.lens.list_events.name, respond.name],
      difficulty: { chainLength: 1 + hits.length, branching: 2, writes: hits.length, hiddenIds: 1 },
    });
  },
};
