// Programmatic templates over one week of a calendar: give every meeting I organise that has no
// location a place, change each of a week's instances of a recurring meeting for that day only,
// and find the weekday with the most (or fewest) meetings or hours. Each loops over the week's
// events with a condition per event, and writes per event or aggregates per day.

import { pick } from "../../../tasks/graph-walk/graph-random";
import { addDays, weekdayMonthDay } from "../../../tasks/phrasing/words-dates";
import { lit } from "../../../tasks/programs/program-code";
import type { Agenda, CalendarView, EventView } from "./explore";
import { findCalendar } from "./program-reads";
import { sweepTemplate } from "./program-sweep";
import { inWeek, weekBounds } from "./program-writes";
import { type CalendarTemplate, calendarDraft, callWith, quoted, toolOf, unfit } from "./template";
import { dayStart, ROOMS, WEEKS } from "./words";

interface Condition {
  words: string;
  test(e: EventView): boolean;
  /** A JavaScript condition on a listed event `e`. */
  code: string;
}

const GUEST_CONDITIONS: readonly Condition[] = [
  { words: "", test: () => true, code: "true" },
  {
    words: " and at least one other guest",
    test: (e) => e.guests.some((g) => !g.self),
    code: "(e.attendees || []).some((a) => !a.self)",
  },
  {
    words: " and exactly one other guest (a one-to-one)",
    test: (e) => e.guests.filter((g) => !g.self).length === 1,
    code: "(e.attendees || []).filter((a) => !a.self).length === 1",
  },
];

const unlocated = (agenda: Agenda, monday: string, c: Condition) =>
  agenda.events.filter(
    (e) =>
      e.calendar.primary &&
      e.organizerEmail === e.calendar.id &&
      !e.allDay &&
      !e.series &&
      inWeek(e, monday) &&
      (e.location === null || e.location === "") &&
      c.test(e),
  );

const placeCombos = (agenda: Agenda) =>
  WEEKS.flatMap((monday) =>
    GUEST_CONDITIONS.flatMap((condition) => {
      const hits = unlocated(agenda, monday, condition);
      return hits.length === 0 ? [] : ROOMS.map((room) => ({ monday, condition, room, hits }));
    }),
  );

/** "For every meeting I organise in the week of ... that has no location yet, set it to "Room 2.10"." */
export const locateUnplaced = sweepTemplate({
  name: "locate-unplaced",
  says: /^Find every meeting I organise on my calendar in the week of .+ with no location/,
  roles: ["update_event"],
  combos: placeCombos,
  none: ["no_meeting", "every meeting of mine has a place"],
  draft(ctx, agenda, found) {
    const mine = agenda.calendars.find((c) => c.primary);
    if (!mine) return unfit("no_meeting", "every meeting of mine has a place");
    const { monday, condition, room, hits } = found;
    const update = toolOf(ctx, "update_event");
    const week = weekBounds(monday);
    return calendarDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `Find every meeting I organise on my calendar in the week of ${weekdayMonthDay(monday)} with no location${condition.words}, and set its location to ${quoted(room)}. Leave all-day events and recurring meetings alone.`,
      helpers: ["eventsIn"],
      statements: [
        ...findCalendar(ctx, mine),
        `for (const e of eventsIn(calendarId, ${lit(week.from)}, ${lit(week.to)})) {`,
        `  if (!e.start.dateTime || e.recurringEventId || Date.parse(e.start.dateTime) < ${week.fromMs}) continue;`,
        `  if (e.organizer.email !== calendarId || e.location || !(${condition.code})) continue;`,
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

interface InstanceChange {
  words(title: string): string;
  fits(e: EventView): boolean;
  /** The slots to set, as value code. */
  values: Record<string, string>;
}

const instanceChanges = (): InstanceChange[] => [
  ...ROOMS.map((room) => ({
    words: () => `set the location to ${quoted(room)}`,
    fits: (e: EventView) => e.location !== room,
    values: { location: lit(room) },
  })),
  ...[" (async)", " (short)", " (demo day)"].map((suffix) => ({
    words: (title: string) => `rename it to ${quoted(`${title}${suffix}`)}`,
    fits: () => true,
    values: { summary: `e.summary + ${lit(suffix)}` },
  })),
];

/** Recurring meetings of a calendar the account writes, by title and week. */
const instanceCombos = (agenda: Agenda) => {
  const found = new Map<string, { cal: CalendarView; title: string; monday: string }>();
  for (const e of agenda.events) {
    const monday = WEEKS.find((w) => inWeek(e, w));
    if (!e.series || !e.calendar.writable || e.allDay || !monday) continue;
    found.set(`${e.calendar.id}|${e.summary}|${monday}`, {
      cal: e.calendar,
      title: e.summary,
      monday,
    });
  }
  return [...found.values()].flatMap(({ cal, title, monday }) =>
    instanceChanges().flatMap((change) => {
      const hits = agenda.events.filter(
        (e) =>
          e.calendar.id === cal.id &&
          e.series &&
          e.summary === title &&
          inWeek(e, monday) &&
          change.fits(e),
      );
      return hits.length === 0 ? [] : [{ cal, title, monday, change, hits }];
    }),
  );
};

/** "For every "Daily standup" on the Product Team calendar in the week of ..., set the location ... for that day only." */
export const seriesInstances = sweepTemplate({
  name: "series-instances",
  says: /^For each occurrence of the recurring meeting ".+" on .+ in the week of/,
  roles: ["update_event"],
  combos: instanceCombos,
  capacity: (ctx, agenda) =>
    ctx.lens.update_event?.args.modificationScope && ctx.lens.update_event.args.originalStartTime
      ? instanceCombos(agenda).length
      : 0,
  none: ["no_series", "no recurring meeting to change"],
  draft(ctx, _agenda, found) {
    const { cal, title, monday, change, hits } = found;
    const update = toolOf(ctx, "update_event");
    const week = weekBounds(monday);
    const guard = "location" in change.values ? ` || e.location === ${change.values.location}` : "";
    return calendarDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `For each occurrence of the recurring meeting ${quoted(title)} on ${cal.words} in the week of ${weekdayMonthDay(monday)}, ${change.words(title)} for that occurrence only, leaving the rest of the series as it is.`,
      helpers: ["eventsIn"],
      statements: [
        `for (const e of eventsIn(${lit(cal.ref)}, ${lit(week.from)}, ${lit(week.to)})) {`,
        `  if (!e.recurringEventId || e.summary !== ${lit(title)} || Date.parse(e.start.dateTime || e.start.date + "T00:00:00Z") < ${week.fromMs}${guard}) continue;`,
        `  ${callWith(update, {
          calendarId: lit(cal.ref),
          eventId: "e.recurringEventId",
          modificationScope: lit("thisEventOnly"),
          originalStartTime: "(e.originalStartTime || e.start).dateTime",
          ...change.values,
        })};`,
        "}",
        "return null;",
      ],
      hidden: hits.flatMap((e) => [e.id, e.id.replace(/_[^_]*$/, "")]),
      tools: [ctx.lens.list_events.name, update.name],
      difficulty: { chainLength: 1 + hits.length, branching: 2, writes: hits.length, hiddenIds: 1 },
    });
  },
});

interface DayMeasure {
  words: string;
  of(e: EventView): number;
  /** JavaScript giving the measure of a listed event `e`. */
  code: string;
}

const DAY_MEASURES: readonly DayMeasure[] = [
  {
    words: "hours of meetings",
    of: (e) => (e.endMs - e.startMs) / 3_600_000,
    code: "(Date.parse(e.end.dateTime) - Date.parse(e.start.dateTime)) / 3600000",
  },
  { words: "meetings", of: () => 1, code: "1" },
];

const EXTREMES = [
  { words: "the most", sign: 1 },
  { words: "the fewest", sign: -1 },
] as const;

/** Which meetings of a day count, by when they start (London hours), and the window listed. */
const WINDOWS = [
  { words: "", from: 0, to: 24 },
  { words: " starting before noon", from: 0, to: 12 },
  { words: " starting at noon or later", from: 12, to: 24 },
] as const;
type Window = (typeof WINDOWS)[number];

const hourOf = (day: string, hour: number) =>
  hour === 24 ? dayStart(addDays(day, 1)) : `${day}T${String(hour).padStart(2, "0")}:00:00Z`;

const blocking = (e: EventView) => !e.allDay && !e.transparent;

const dayCombos = (agenda: Agenda) =>
  agenda.calendars
    .filter((c) => !c.id.includes("#"))
    .flatMap((cal) =>
      WEEKS.flatMap((monday) =>
        WINDOWS.flatMap((window) =>
          DAY_MEASURES.flatMap((measure) =>
            EXTREMES.flatMap((extreme) =>
              GUEST_CONDITIONS.slice(0, 2).map((condition) => ({
                cal,
                monday,
                window,
                measure,
                extreme,
                condition,
              })),
            ),
          ),
        ),
      ),
    );

const startsIn = (e: EventView, window: Window) =>
  e.startMs >= Date.parse(hourOf(e.day, window.from)) &&
  e.startMs < Date.parse(hourOf(e.day, window.to));

/** The single weekday with the extreme total (undefined on a tie or an empty week). */
function extremeDay(agenda: Agenda, c: ReturnType<typeof dayCombos>[number]) {
  const days = [0, 1, 2, 3, 4].map((n) => addDays(c.monday, n));
  const totals = days.map((day) =>
    agenda.events
      .filter(
        (e) =>
          e.calendar.id === c.cal.id &&
          blocking(e) &&
          e.day === day &&
          startsIn(e, c.window) &&
          c.condition.test(e),
      )
      .reduce((n, e) => n + c.measure.of(e), 0),
  );
  if (totals.every((t) => t === 0)) return undefined;
  const best = Math.max(...totals.map((t) => t * c.extreme.sign));
  const at = totals.flatMap((t, i) => (t * c.extreme.sign === best ? [days[i]] : []));
  return at.length === 1 ? at[0] : undefined;
}

/** "Which weekday of the week of ... has the most hours of meetings starting before noon on my calendar?" */
export const busiestDay: CalendarTemplate = {
  name: "busiest-day",
  kind: "programmatic",
  says: /^Which weekday \(Monday to Friday\) of the week of .+ has the (most|fewest) /,
  roles: [],
  maxWrites: () => 0,
  capacity: (_ctx, agenda) => dayCombos(agenda).filter((c) => extremeDay(agenda, c)).length,
  build(ctx, agenda) {
    const found = pick(
      ctx.rng,
      dayCombos(agenda).filter((c) => extremeDay(agenda, c)),
    );
    if (!found) return unfit("no_answer", "no week has a single busiest day");
    const { cal, monday, window, measure, extreme, condition } = found;
    const who =
      condition.words === "" ? "" : " with at least one guest besides the calendar's owner";
    const days = [0, 1, 2, 3, 4].map((n) => addDays(monday, n));
    return calendarDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `Which weekday (Monday to Friday) of the week of ${weekdayMonthDay(monday)} has ${extreme.words} ${measure.words}${window.words}${who} on ${cal.words} (London time)? Count only meetings with a start and end time that block time, and answer with the date as YYYY-MM-DD.`,
      helpers: ["eventsIn"],
      statements: [
        ...findCalendar(ctx, cal),
        "const totals = {};",
        `for (const day of ${lit(days)}) {`,
        `  const from = Date.parse(day + ${lit(`T${String(window.from).padStart(2, "0")}:00:00Z`)});`,
        `  const to = from + ${(window.to - window.from) * 3_600_000};`,
        '  const iso = (ms) => new Date(ms).toISOString().slice(0, 19) + "Z";',
        "  totals[day] = 0;",
        "  for (const e of eventsIn(calendarId, iso(from), iso(to))) {",
        '    if (!e.start.dateTime || e.transparency === "transparent") continue;',
        "    const start = Date.parse(e.start.dateTime);",
        `    if (start < from || start >= to || !(${condition.code})) continue;`,
        `    totals[day] += ${measure.code};`,
        "  }",
        "}",
        "let best;",
        "for (const [day, total] of Object.entries(totals)) {",
        `  if (best === undefined || total * ${extreme.sign} > totals[best] * ${extreme.sign}) best = day;`,
        "}",
        "return best;",
      ],
      answerMatch: { kind: "exact" },
      hidden: [],
      tools: [ctx.lens.list_calendars.name, ctx.lens.list_events.name],
      difficulty: { chainLength: 6, branching: 2, writes: 0, hiddenIds: 0 },
    });
  },
};
