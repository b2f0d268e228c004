// Programmatic templates that read calendars: total the hours of meetings in a week (on one
// calendar, with a condition per meeting, or per calendar), and find the longest free stretch of
// a working day from the busy blocks of one or two calendars.

import { pick } from "../../../tasks/graph-walk/graph-random";
import { addDays, weekdayMonthDay } from "../../../tasks/phrasing/words-dates";
import { lit } from "../../../tasks/programs/program-code";
import type { Agenda, CalendarContext, CalendarView, EventView } from "./explore";
import {
  type CalendarTemplate,
  calendarDraft,
  callWith,
  givesAway,
  toolOf,
  unfit,
} from "./template";
import { clockWords, dayStart, WEEKDAYS, WEEKS } from "./words";

interface Filter {
  words: string;
  test(e: EventView): boolean;
  /** A JavaScript condition on a listed event `e`. */
  code: string;
}

const FILTERS: readonly Filter[] = [
  { words: "", test: () => true, code: "true" },
  {
    words: " with at least three guests",
    test: (e) => e.guests.length >= 3,
    code: "(e.attendees || []).length >= 3",
  },
  {
    words: " that someone outside Brightlane is invited to",
    test: (e) => e.guests.some((g) => !g.email.endsWith("@brightlane.io")),
    code: '(e.attendees || []).some((a) => !a.email.endsWith("@brightlane.io"))',
  },
];

const counted = (e: EventView) => !e.allDay && !e.transparent;
const hoursIn = (agenda: Agenda, cal: CalendarView, monday: string, f: Filter) => {
  const from = Date.parse(dayStart(monday));
  const to = Date.parse(dayStart(addDays(monday, 7)));
  const ms = agenda.events
    .filter(
      (e) =>
        e.calendar.id === cal.id && counted(e) && f.test(e) && e.endMs > from && e.startMs < to,
    )
    .reduce((n, e) => n + e.endMs - e.startMs, 0);
  return ms / 3_600_000;
};

/** Statements that leave `calendarId` for the calendar, found in the calendar list. */
export const findCalendar = (ctx: CalendarContext, cal: CalendarView) => [
  `const calendars = ${callWith(ctx.lens.list_calendars, {})}.calendars;`,
  `const calendarId = calendars.find((c) => ${cal.primary ? "c.primary === true" : `c.summary === ${lit(cal.summary)}`}).id;`,
];

const weekWords = (monday: string) => `the week of ${weekdayMonthDay(monday)}`;
const combos = (agenda: Agenda) =>
  agenda.calendars
    .filter((c) => !c.id.includes("#"))
    .flatMap((cal) => WEEKS.flatMap((monday) => FILTERS.map((f) => ({ cal, monday, f }))));

/** "How many hours of meetings are on the Product Team calendar in the week of ...?" */
export const weekHours: CalendarTemplate = {
  name: "week-hours",
  kind: "programmatic",
  says: /^How many hours of meetings (with|that|are)/,
  roles: [],
  maxWrites: () => 0,
  capacity: (_ctx, agenda) => combos(agenda).length,
  build(ctx, agenda) {
    const found = pick(ctx.rng, combos(agenda));
    if (!found) return unfit("no_calendar", "no calendar to count");
    const { cal, monday, f } = found;
    const answer = hoursIn(agenda, cal, monday, f);
    const instruction = `How many hours of meetings${f.words} are on ${cal.words} in ${weekWords(monday)} (Monday to Sunday)? Count only meetings with a start and end time that block time, not all-day events or time marked as free.`;
    if (answer === 0 || givesAway(instruction, answer))
      return unfit("no_answer", "nothing to count");
    return calendarDraft(ctx.lens, {
      kind: "programmatic",
      instruction,
      helpers: ["eventsIn"],
      statements: [
        ...findCalendar(ctx, cal),
        `const events = eventsIn(calendarId, ${lit(dayStart(monday))}, ${lit(dayStart(addDays(monday, 7)))});`,
        "let ms = 0;",
        "for (const e of events) {",
        '  if (!e.start.dateTime || e.transparency === "transparent") continue;',
        `  if (!(${f.code})) continue;`,
        "  ms += Date.parse(e.end.dateTime) - Date.parse(e.start.dateTime);",
        "}",
        "return ms / 3600000;",
      ],
      answerMatch: { kind: "numeric", tolerance: 1e-9 },
      hidden: [],
      tools: [ctx.lens.list_calendars.name, ctx.lens.list_events.name],
      difficulty: { chainLength: 1, branching: 2, writes: 0, hiddenIds: 0 },
    });
  },
};

/** "For each of my calendars, how many hours of meetings are there in the week of ...?" */
export const hoursPerCalendar: CalendarTemplate = {
  name: "hours-per-calendar",
  kind: "programmatic",
  says: /^For each calendar I can see/,
  roles: [],
  maxWrites: () => 0,
  capacity: () => WEEKS.length,
  build(ctx, agenda) {
    const monday = pick(ctx.rng, WEEKS);
    if (!monday) return unfit("no_week", "no week");
    const cals = agenda.calendars.filter((c) => !c.id.includes("#"));
    const _answer = Object.fromEntries(
      cals.map((c) => [c.summary, hoursIn(agenda, c, monday, FILTERS[0] as Filter)]),
    );
    return calendarDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `For each calendar I can see except the holiday calendar, count the hours of meetings in ${weekWords(monday)} (Monday to Sunday), leaving out all-day events and time marked as free. Answer with an object from each calendar's name, exactly as listed, to its hours.`,
      helpers: ["eventsIn"],
      statements: [
        `const calendars = ${callWith(ctx.lens.list_calendars, {})}.calendars;`,
        "const out = {};",
        "for (const c of calendars) {",
        '  if (c.id.includes("#")) continue;',
        "  let ms = 0;",
        `  for (const e of eventsIn(c.id, ${lit(dayStart(monday))}, ${lit(dayStart(addDays(monday, 7)))})) {`,
        '    if (e.start.dateTime && e.transparency !== "transparent") ms += Date.parse(e.end.dateTime) - Date.parse(e.start.dateTime);',
        "  }",
        "  out[c.summary] = ms / 3600000;",
        "}",
        "return out;",
      ],
      answerMatch: { kind: "json-subset" },
      hidden: [],
      tools: [ctx.lens.list_calendars.name, ctx.lens.list_events.name],
      difficulty: { chainLength: 1 + cals.length, branching: 2, writes: 0, hiddenIds: 0 },
    });
  },
};

const SPANS = [
  { from: 9, to: 18 },
  { from: 8, to: 17 },
] as const;

/** The longest gap between busy blocks in [from, to): its start and length in ms. */
function longestGap(busy: [number, number][], from: number, to: number) {
  let t = from;
  let best = { start: from, length: 0 };
  for (const [s, e] of [...busy].sort((a, b) => a[0] - b[0])) {
    if (s - t > best.length) best = { start: t, length: s - t };
    if (e > t) t = e;
  }
  if (to - t > best.length) best = { start: t, length: to - t };
  return best;
}

const busyFor = (agenda: Agenda, cal: CalendarView, from: number, to: number): [number, number][] =>
  agenda.events
    .filter(
      (e) =>
        e.calendar.id === cal.id &&
        !e.transparent &&
        !e.guests.some((g) => g.self && g.answer === "declined") &&
        e.endMs > from &&
        e.startMs < to,
    )
    .map((e) => [Math.max(from, e.startMs), Math.min(to, e.endMs)]);

const gapCombos = (agenda: Agenda) => {
  const mine = agenda.calendars.find((c) => c.primary);
  const others = agenda.calendars.filter(
    (c) => !c.primary && c.id.includes("@") && !c.id.includes("#"),
  );
  if (!mine) return [];
  const groups: CalendarView[][] = [
    [mine],
    ...others.map((o) => [o]),
    ...others.map((o) => [mine, o]),
  ];
  return groups.flatMap((group) =>
    WEEKDAYS.flatMap((day) =>
      SPANS.flatMap((span) =>
        (["length", "start"] as const).map((ask) => ({ group, day, span, ask })),
      ),
    ),
  );
};

/** "On Thursday, January 9, what is the longest free stretch on my calendar between 9 AM and 6 PM?" */
export const longestFree: CalendarTemplate = {
  name: "longest-free",
  kind: "programmatic",
  says: /longest stretch of time/,
  roles: ["freebusy"],
  maxWrites: () => 0,
  capacity: (_ctx, agenda) => gapCombos(agenda).length,
  build(ctx: CalendarContext, agenda) {
    const found = pick(ctx.rng, gapCombos(agenda));
    if (!found) return unfit("no_calendar", "no calendar");
    const { group, day, span, ask } = found;
    const from = Date.parse(`${day}T${String(span.from).padStart(2, "0")}:00:00Z`);
    const to = Date.parse(`${day}T${span.to}:00:00Z`);
    const blocks = group.flatMap((c) => busyFor(agenda, c, from, to));
    const gap = longestGap(blocks, from, to);
    const ties = (() => {
      let t = from;
      let n = 0;
      for (const [s, e] of [...blocks].sort((a, b) => a[0] - b[0])) {
        if (s - t === gap.length) n += 1;
        if (e > t) t = e;
      }
      return n + (to - t === gap.length ? 1 : 0);
    })();
    if (gap.length === 0 || (ask === "start" && ties > 1))
      return unfit("no_answer", "no single gap");
    const answer =
      ask === "length" ? gap.length / 60_000 : new Date(gap.start).toISOString().slice(11, 16);
    const whose =
      group.length === 1
        ? (group[0]?.words ?? "")
        : `both my calendar and ${group[1]?.words ?? ""} together`;
    const instruction = `On ${weekdayMonthDay(day)}, what is the longest stretch of time between ${clockWords(from)} and ${clockWords(to)} (London time) that is free on ${whose}, going by free/busy information? ${ask === "length" ? "Answer with its length in minutes." : "Answer with the time it starts, as HH:MM on a 24-hour clock."}`;
    if (givesAway(instruction, answer)) return unfit("no_answer", "the answer is in the question");
    const freebusy = toolOf(ctx, "freebusy");
    const iso = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;
    return calendarDraft(ctx.lens, {
      kind: "programmatic",
      instruction,
      helpers: [],
      statements: [
        `const calendars = ${callWith(ctx.lens.list_calendars, {})}.calendars;`,
        `const ids = ${lit(group.map((c) => c.summary))}.map((name) => calendars.find((c) => c.summary === name).id);`,
        `const answer = ${callWith(freebusy, { calendars: "ids.map((id) => ({ id }))", timeMin: lit(iso(from)), timeMax: lit(iso(to)) })};`,
        "const blocks = [];",
        "for (const c of Object.values(answer.calendars)) for (const b of c.busy) blocks.push([Date.parse(b.start), Date.parse(b.end)]);",
        "blocks.sort((a, b) => a[0] - b[0]);",
        `let t = ${from};`,
        `let best = { start: ${from}, length: 0 };`,
        "for (const [s, e] of blocks) {",
        "  if (s - t > best.length) best = { start: t, length: s - t };",
        "  if (e > t) t = e;",
        "}",
        `if (${to} - t > best.length) best = { start: t, length: ${to} - t };`,
        ask === "length"
          ? "return best.length / 60000;"
          : "return new Date(best.start).toISOString().slice(11, 16);",
      ],
      answerMatch: ask === "length" ? { kind: "numeric", tolerance: 1e-9 } : { kind: "exact" },
      hidden: [],
      tools: [ctx.lens.list_calendars.name, freebusy.name],
      difficulty: { chainLength: 1, branching: 2, writes: 0, hiddenIds: 0 },
    });
  },
};
