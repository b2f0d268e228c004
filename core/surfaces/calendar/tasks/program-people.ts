// Programmatic templates about the people on a week's meetings: for every meeting I organise that
// a person is invited to, invite someone else too, take that person off, or move it; and total the
// meetings, hours or guests I share with a person (searching my calendar for them). Each loops
// over the week's events with a condition per event (who is invited, who organises) and writes or
// aggregates.

import { pick } from "../../../tasks/graph-walk/graph-random";
import { weekdayMonthDay } from "../../../tasks/phrasing/words-dates";
import { lit } from "../../../tasks/programs/program-code";
import type { Agenda, EventView } from "./explore";
import { findCalendar } from "./program-reads";
import { sweepTemplate } from "./program-sweep";
import { inWeek, weekBounds } from "./program-writes";
import {
  type CalendarTemplate,
  calendarDraft,
  callWith,
  givesAway,
  toolOf,
  unfit,
} from "./template";
import { SHIFTS, WEEKS } from "./words";

interface Person {
  email: string;
  name: string;
}

/** Meetings I organise on my calendar with a start and end time, one event each (no series). */
const myMeetings = (agenda: Agenda, monday: string) =>
  agenda.events.filter(
    (e) =>
      e.calendar.primary &&
      e.organizerEmail === e.calendar.id &&
      !e.allDay &&
      !e.series &&
      !e.twoZones &&
      inWeek(e, monday),
  );

/** Everyone invited to something, except me. */
const people = (agenda: Agenda): Person[] => {
  const found = new Map<string, string>();
  for (const e of agenda.events) for (const g of e.guests) if (!g.self) found.set(g.email, g.name);
  const me = agenda.calendars.find((c) => c.primary)?.id;
  return [...found]
    .filter(([email]) => email !== me)
    .map(([email, name]) => ({ email, name }))
    .sort((a, b) => a.email.localeCompare(b.email));
};

const invited = (e: EventView, email: string) => e.guests.some((g) => g.email === email);

/** Statements that skip a listed event `e` unless it is a timed meeting of the week I organise. */
const ownTimedGuard = (monday: string) => [
  `  if (!e.start.dateTime || e.recurringEventId || Date.parse(e.start.dateTime) < ${weekBounds(monday).fromMs}) continue;`,
  "  if (e.organizer.email !== calendarId) continue;",
  "  if (e.start.timeZone && e.end.timeZone && e.start.timeZone !== e.end.timeZone) continue;",
];

type GuestChange = { how: "add"; other: Person } | { how: "remove" };

const guestCombos = (agenda: Agenda) => {
  const everyone = people(agenda);
  return WEEKS.flatMap((monday) => {
    const mine = myMeetings(agenda, monday);
    return everyone.flatMap((person) => {
      const withThem = mine.filter((e) => invited(e, person.email));
      if (withThem.length === 0) return [];
      const changes: GuestChange[] = [
        { how: "remove" },
        ...everyone
          .filter((o) => o.email !== person.email)
          .map((other) => ({ how: "add" as const, other })),
      ];
      return changes
        .map((change) => ({
          monday,
          person,
          change,
          hits: withThem.filter((e) => change.how === "remove" || !invited(e, change.other.email)),
        }))
        .filter((c) => c.hits.length > 0);
    });
  });
};

/** "For every meeting I organise in the week of ... that Tom Becker is invited to, also invite ..." */
export const guestsInWeek = sweepTemplate({
  name: "guests-in-week",
  says: /^(For every meeting I organise in the week of .+ that .+ is invited to, also invite|Take .+ off every meeting I organise in the week of)/,
  roles: ["update_event"],
  combos: guestCombos,
  none: ["no_meeting", "no meeting of mine has guests"],
  draft(ctx, agenda, found) {
    const mine = agenda.calendars.find((c) => c.primary);
    if (!mine) return unfit("no_meeting", "no meeting of mine has guests");
    const { monday, person, change, hits } = found;
    const update = toolOf(ctx, "update_event");
    const week = weekBounds(monday);
    const instruction =
      change.how === "add"
        ? `For every meeting I organise in the week of ${weekdayMonthDay(monday)} that ${person.name} is invited to, also invite ${change.other.name} (${change.other.email}) unless they are already on it, keeping everyone already invited. Leave recurring meetings alone.`
        : `Take ${person.name} off every meeting I organise in the week of ${weekdayMonthDay(monday)}, keeping every other guest. Leave recurring meetings alone.`;
    const newGuests =
      change.how === "add"
        ? `guests.map((a) => ({ email: a.email })).concat([{ email: ${lit(change.other.email)} }])`
        : `guests.filter((a) => a.email !== ${lit(person.email)}).map((a) => ({ email: a.email }))`;
    return calendarDraft(ctx.lens, {
      kind: "programmatic",
      instruction,
      helpers: ["eventsIn"],
      statements: [
        ...findCalendar(ctx, mine),
        `for (const e of eventsIn(calendarId, ${lit(week.from)}, ${lit(week.to)})) {`,
        ...ownTimedGuard(monday),
        "  const guests = e.attendees || [];",
        `  if (!guests.some((a) => a.email === ${lit(person.email)})) continue;`,
        ...(change.how === "add"
          ? [`  if (guests.some((a) => a.email === ${lit(change.other.email)})) continue;`]
          : []),
        `  ${callWith(update, { calendarId: "calendarId", eventId: "e.id", attendees: newGuests })};`,
        "}",
        "return null;",
      ],
      hidden: hits.map((e) => e.id),
      tools: [ctx.lens.list_calendars.name, ctx.lens.list_events.name, update.name],
      difficulty: { chainLength: 2 + hits.length, branching: 2, writes: hits.length, hiddenIds: 1 },
    });
  },
});

const shiftCombos = (agenda: Agenda) =>
  WEEKS.flatMap((monday) => {
    const mine = myMeetings(agenda, monday);
    return people(agenda).flatMap((person) => {
      const hits = mine.filter((e) => invited(e, person.email));
      return hits.length === 0 ? [] : SHIFTS.map((shift) => ({ monday, person, shift, hits }));
    });
  });

/** "Move every meeting I organise in the week of ... that has Priya Natarajan among its guests an hour later." */
export const shiftPersonMeetings = sweepTemplate({
  name: "shift-person-meetings",
  says: /^Move every meeting I organise in the week of .+ that has .+ among its guests /,
  roles: ["update_event"],
  combos: shiftCombos,
  none: ["no_meeting", "no meeting of mine has guests"],
  draft(ctx, agenda, found) {
    const mine = agenda.calendars.find((c) => c.primary);
    if (!mine) return unfit("no_meeting", "no meeting of mine has guests");
    const { monday, person, shift, hits } = found;
    const update = toolOf(ctx, "update_event");
    const week = weekBounds(monday);
    return calendarDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `Move every meeting I organise in the week of ${weekdayMonthDay(monday)} that has ${person.name} among its guests ${shift.words}, keeping each one's length. Leave recurring meetings and flights alone.`,
      helpers: ["eventsIn"],
      statements: [
        ...findCalendar(ctx, mine),
        `const shift = (t) => new Date(Date.parse(t) + ${shift.ms}).toISOString().slice(0, 19) + "Z";`,
        `for (const e of eventsIn(calendarId, ${lit(week.from)}, ${lit(week.to)})) {`,
        ...ownTimedGuard(monday),
        `  if (!(e.attendees || []).some((a) => a.email === ${lit(person.email)})) continue;`,
        `  ${callWith(update, { calendarId: "calendarId", eventId: "e.id", start: "shift(e.start.dateTime)", end: "shift(e.end.dateTime)" })};`,
        "}",
        "return null;",
      ],
      hidden: hits.map((e) => e.id),
      tools: [ctx.lens.list_calendars.name, ctx.lens.list_events.name, update.name],
      difficulty: { chainLength: 2 + hits.length, branching: 2, writes: hits.length, hiddenIds: 1 },
    });
  },
});

interface Measure {
  /** The question, naming the person and the span of days. */
  words(name: string, span: string): string;
  of(e: EventView): number;
  /** JavaScript adding the measure of a listed event `e` to `total`. */
  code: string;
}

const MEASURES: readonly Measure[] = [
  {
    words: (name, span) => `How many meetings do I have with ${name} on my calendar ${span}?`,
    of: () => 1,
    code: "total += 1;",
  },
  {
    words: (name, span) =>
      `How many hours of meetings do I have with ${name} on my calendar ${span}?`,
    of: (e) => (e.endMs - e.startMs) / 3_600_000,
    code: "total += (Date.parse(e.end.dateTime) - Date.parse(e.start.dateTime)) / 3600000;",
  },
  {
    words: (name, span) =>
      `Adding up the guests of every meeting I have with ${name} on my calendar ${span}, how many are there, not counting me, ${name} or the organiser?`,
    of: (e) => e.guests.filter((g) => !g.self && !g.organizer).length - 1,
    code: "total += (e.attendees || []).filter((a) => !a.self && !a.organizer).length - 1;",
  },
];

/** A range of the seeded weeks a question can cover: one week, or all of them. */
const SPANS = [
  ...WEEKS.map((monday) => ({ words: `in the week of ${weekdayMonthDay(monday)}`, monday })),
  { words: "between Monday, December 30 and Friday, January 24", monday: undefined },
];

const shared = (agenda: Agenda, person: Person, monday: string | undefined) =>
  agenda.events.filter(
    (e) =>
      e.calendar.primary &&
      !e.allDay &&
      !e.transparent &&
      (monday === undefined || inWeek(e, monday)) &&
      e.guests.some((g) => g.email === person.email && !g.organizer) &&
      e.guests.some((g) => g.self && g.answer !== "declined"),
  );

const totalCombos = (agenda: Agenda) =>
  people(agenda).flatMap((person) =>
    SPANS.flatMap((span) => {
      const hits = shared(agenda, person, span.monday);
      return hits.length === 0 ? [] : MEASURES.map((measure) => ({ person, span, measure, hits }));
    }),
  );

/** "How many hours of meetings do I have with Mei Tanaka in the week of ...?" */
export const personTotals: CalendarTemplate = {
  name: "person-totals",
  kind: "programmatic",
  says: /^(How many (hours of )?meetings do I have with|Adding up the guests of every meeting I have with) /,
  roles: ["search_events"],
  maxWrites: () => 0,
  capacity: (ctx, agenda) =>
    ctx.lens.search_events?.args.timeMin && ctx.lens.search_events.args.timeMax
      ? totalCombos(agenda).length
      : 0,
  build(ctx, agenda) {
    const found = pick(ctx.rng, totalCombos(agenda));
    const mine = agenda.calendars.find((c) => c.primary);
    if (!found || !mine) return unfit("no_meeting", "I share no meeting with anyone");
    const { person, span, measure, hits } = found;
    const answer = hits.reduce((n, e) => n + measure.of(e), 0);
    const instruction = `${measure.words(person.name, span.words)} Count the timed meetings they are a guest of (not ones they organise) that block my time and that I have not declined.`;
    if (givesAway(instruction, answer)) return unfit("no_answer", "the answer is in the question");
    const search = toolOf(ctx, "search_events");
    const from = span.monday ? weekBounds(span.monday).from : "2024-12-30T00:00:00Z";
    const to = span.monday ? weekBounds(span.monday).to : "2025-01-25T00:00:00Z";
    return calendarDraft(ctx.lens, {
      kind: "programmatic",
      instruction,
      helpers: [],
      statements: [
        ...findCalendar(ctx, mine),
        "let total = 0;",
        `const found = ${callWith(search, { calendarId: "calendarId", query: lit(person.email), timeMin: lit(from), timeMax: lit(to) })}.events;`,
        "for (const e of found) {",
        `  if (!e.start.dateTime || e.transparency === "transparent" || Date.parse(e.start.dateTime) < ${Date.parse(from)}) continue;`,
        "  const guests = e.attendees || [];",
        `  if (!guests.some((a) => a.email === ${lit(person.email)} && !a.organizer)) continue;`,
        '  if (!guests.some((a) => a.self && a.responseStatus !== "declined")) continue;',
        `  ${measure.code}`,
        "}",
        "return total;",
      ],
      answerMatch: { kind: "numeric", tolerance: 1e-9 },
      hidden: [],
      tools: [ctx.lens.list_calendars.name, search.name],
      difficulty: { chainLength: 2, branching: 2, writes: 0, hiddenIds: 0 },
    });
  },
};
