// Graph templates that change a calendar. Each names a meeting by its title and day and the
// calendar it is on; the chain finds the event's id in that day's list and feeds it to the write:
// move it, invite someone, answer the invitation, cancel it; or reads both calendars' busy blocks
// and books the earliest slot they share.
import type { Json } from "../../../base/json";
import { pick } from "../../../tasks/graph-walk/graph-random";
import { addDays, weekdayMonthDay } from "../../../tasks/phrasing/words-dates";
import { lit } from "../../../tasks/programs/program-code";
import type { Agenda, CalendarView, EventView } from "./explore";
import { callTool, nameable } from "./explore";
import { type CalendarTemplate, calendarDraft, callWith, quoted, toolOf, unfit } from "./template";
import { ANSWERS, clockWords, dayStart, NEW_TITLES, REPLY_NOTES, SHIFTS, WEEKDAYS } from "./words";

/** A meeting on a calendar the account writes and organised there: only such can be rearranged. */
export const ownMeeting = (e: EventView) =>
  e.calendar.writable && e.organizerEmail === e.calendar.id;
const where = (e: EventView) => (e.calendar.primary ? "" : ` on ${e.calendar.words}`);
/** Statements that leave `event` for the named meeting. */
const findEvent = (e: EventView) => [
  `const event = eventNamed(eventsIn(${lit(e.calendar.ref)}, ${lit(dayStart(e.day))}, ${lit(dayStart(addDays(e.day, 1)))}), ${lit(e.summary)});`,
];
const FOUND = { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 };

const movable = (agenda: Agenda) =>
  nameable(agenda, (e) => ownMeeting(e) && !e.allDay && !e.twoZones);

/** "Find my "Budget review with finance" meeting on Monday, January 13 and move it an hour later." */
export const moveMeeting: CalendarTemplate = {
  name: "move-meeting",
  kind: "graph",
  says: /^Find the ".+" meeting on .+ and move it/,
  roles: ["update_event"],
  maxWrites: () => 1,
  capacity: (_ctx, agenda) => movable(agenda).length * SHIFTS.length,
  build(ctx, agenda) {
    const e = pick(ctx.rng, movable(agenda));
    const shift = pick(ctx.rng, SHIFTS);
    if (!e || !shift) return unfit("no_event", "no meeting can be moved");
    const update = toolOf(ctx, "update_event");
    return calendarDraft(ctx.lens, {
      kind: "graph",
      instruction: `Find the ${quoted(e.summary)} meeting on ${weekdayMonthDay(e.day)}${where(e)} and move it ${shift.words}, keeping its length.`,
      helpers: ["eventsIn", "eventNamed"],
      statements: [
        ...findEvent(e),
        `const shift = (t) => new Date(Date.parse(t) + ${shift.ms}).toISOString().slice(0, 19) + "Z";`,
        `${callWith(update, { calendarId: lit(e.calendar.ref), eventId: "event.id", start: "shift(event.start.dateTime)", end: "shift(event.end.dateTime)" })};`,
        "return null;",
      ],
      hidden: [e.id],
      tools: [ctx.lens.list_events.name, update.name],
      difficulty: FOUND,
    });
  },
};

const invitable = (agenda: Agenda) => {
  const people = new Map<string, string>();
  for (const e of agenda.events) for (const g of e.guests) people.set(g.email, g.name);
  return nameable(
    agenda,
    (e) => ownMeeting(e) && !e.series && !e.allDay && e.guests.length > 0,
  ).flatMap((e) =>
    [...people]
      .filter(([email]) => !e.guests.some((g) => g.email === email) && email !== e.calendar.id)
      .map(([email, name]) => ({ e, email, name })),
  );
};

/** "Invite Priya Natarajan (priya.natarajan@brightlane.io) to "Design review: onboarding flow" on ..." */
export const inviteGuest: CalendarTemplate = {
  name: "invite-guest",
  kind: "graph",
  says: /^Invite .+ to "/,
  roles: ["update_event"],
  maxWrites: () => 1,
  capacity: (_ctx, agenda) => invitable(agenda).length,
  build(ctx, agenda) {
    const found = pick(ctx.rng, invitable(agenda));
    if (!found) return unfit("no_event", "no meeting to invite anyone to");
    const { e, email, name } = found;
    const update = toolOf(ctx, "update_event");
    return calendarDraft(ctx.lens, {
      kind: "graph",
      instruction: `Invite ${name} (${email}) to ${quoted(e.summary)} on ${weekdayMonthDay(e.day)}${where(e)}, keeping everyone already invited.`,
      helpers: ["eventsIn", "eventNamed"],
      statements: [
        ...findEvent(e),
        `const guests = event.attendees.map((a) => ({ email: a.email })).concat([{ email: ${lit(email)} }]);`,
        `${callWith(update, { calendarId: lit(e.calendar.ref), eventId: "event.id", attendees: "guests" })};`,
        "return null;",
      ],
      hidden: [e.id],
      tools: [ctx.lens.list_events.name, update.name],
      difficulty: FOUND,
    });
  },
};

const invitations = (agenda: Agenda) =>
  nameable(
    agenda,
    (e) => e.calendar.writable && e.guests.some((g) => g.self && !g.organizer),
  ).flatMap((e) => {
    const mine = e.guests.find((g) => g.self)?.answer;
    return ANSWERS.filter((a) => a.answer !== mine).map((a) => ({ e, ...a }));
  });

/** "Decline "Security training" on Tuesday, January 14 with the note "I have a conflict"." */
export const answerInvitation: CalendarTemplate = {
  name: "answer-invitation",
  kind: "graph",
  says: /^(Decline|Accept|Answer maybe to) the invitation/,
  roles: ["respond"],
  maxWrites: () => 1,
  capacity: (ctx, agenda) =>
    invitations(agenda).length * (ctx.lens.respond?.args.comment ? REPLY_NOTES.length + 1 : 1),
  build(ctx, agenda) {
    const found = pick(ctx.rng, invitations(agenda));
    if (!found) return unfit("no_invitation", "no invitation to answer");
    const { e, answer, verb } = found;
    const respond = toolOf(ctx, "respond");
    const note = respond.args.comment ? pick(ctx.rng, [undefined, ...REPLY_NOTES]) : undefined;
    const values: Record<string, string> = {
      calendarId: lit(e.calendar.ref),
      eventId: "event.id",
      response: lit(answer),
    };
    if (note !== undefined) values.comment = lit(note);
    return calendarDraft(ctx.lens, {
      kind: "graph",
      instruction: `${verb} the invitation to ${quoted(e.summary)} on ${weekdayMonthDay(e.day)}${note === undefined ? "" : ` with the note ${quoted(note)}`}.`,
      helpers: ["eventsIn", "eventNamed"],
      statements: [...findEvent(e), `${callWith(respond, values)};`, "return null;"],
      hidden: [e.id],
      tools: [ctx.lens.list_events.name, respond.name],
      difficulty: FOUND,
    });
  },
};

const cancellable = (agenda: Agenda) => nameable(agenda, (e) => e.calendar.writable);

/** "Cancel "Lunch with Elena Rossi" on Wednesday, January 8." */
export const cancelMeeting: CalendarTemplate = {
  name: "cancel-meeting",
  kind: "graph",
  says: /^Remove "/,
  roles: ["delete_event"],
  maxWrites: () => 1,
  capacity: (_ctx, agenda) => cancellable(agenda).length,
  build(ctx, agenda) {
    const e = pick(ctx.rng, cancellable(agenda));
    if (!e) return unfit("no_event", "no meeting can be cancelled");
    const del = toolOf(ctx, "delete_event");
    return calendarDraft(ctx.lens, {
      kind: "graph",
      instruction: `Remove ${quoted(e.summary)} on ${weekdayMonthDay(e.day)} from ${e.calendar.words}.`,
      helpers: ["eventsIn", "eventNamed"],
      statements: [
        ...findEvent(e),
        `${callWith(del, { calendarId: lit(e.calendar.ref), eventId: "event.id" })};`,
        "return null;",
      ],
      hidden: [e.id],
      tools: [ctx.lens.list_events.name, del.name],
      difficulty: FOUND,
    });
  },
};

const DURATIONS = [30, 60] as const;
/** A person's calendar (its id is their email), not a group or holiday calendar. */
const personal = (c: CalendarView) => c.id.includes("@") && !c.id.includes("calendar.google.com");
const WINDOW = { from: 9, to: 17 };

/** The earliest start in [from, to) when none of the busy blocks overlaps `minutes`. */
export function earliestFree(
  busy: readonly [number, number][],
  from: number,
  to: number,
  minutes: number,
): number | undefined {
  let t = from;
  for (const [s, e] of [...busy].sort((a, b) => a[0] - b[0])) {
    if (s - t >= minutes * 60_000) break;
    if (e > t) t = e;
  }
  return to - t >= minutes * 60_000 ? t : undefined;
}

const busyOf = (answer: Record<string, Json> | null): [number, number][] | undefined => {
  const calendars = answer?.calendars;
  if (typeof calendars !== "object" || calendars === null || Array.isArray(calendars))
    return undefined;
  const blocks: [number, number][] = [];
  for (const c of Object.values(calendars)) {
    const busy = typeof c === "object" && c !== null && !Array.isArray(c) ? c.busy : undefined;
    if (!Array.isArray(busy)) return undefined;
    for (const b of busy) {
      if (typeof b !== "object" || b === null || Array.isArray(b)) return undefined;
      blocks.push([Date.parse(String(b.start)), Date.parse(String(b.end))]);
    }
  }
  return blocks;
};

/**
 * "Find the earliest time on Thursday, January 9 between 9 AM and 5 PM when both my calendar and
 * Sam Rivera's calendar are free for 30 minutes, and book "Renewal strategy" there, inviting Sam."
 */
export const bookSharedSlot: CalendarTemplate = {
  name: "book-shared-slot",
  kind: "graph",
  says: /^Find the earliest time on /,
  roles: ["freebusy", "create_event"],
  maxWrites: () => 1,
  capacity: (_ctx, agenda) =>
    agenda.calendars.filter((c) => !c.primary && personal(c)).length *
    WEEKDAYS.length *
    DURATIONS.length *
    NEW_TITLES.length,
  build(ctx, agenda) {
    const other = pick(
      ctx.rng,
      agenda.calendars.filter((c) => !c.primary && personal(c)),
    );
    const mine = agenda.calendars.find((c) => c.primary);
    const day = pick(ctx.rng, WEEKDAYS);
    const minutes = pick(ctx.rng, DURATIONS) ?? 30;
    const title = pick(ctx.rng, NEW_TITLES);
    if (!other || !mine || !day || !title) return unfit("no_calendar", "no colleague's calendar");
    if (agenda.events.some((e) => e.summary === title))
      return unfit("taken", "the title is in use");
    const from = Date.parse(`${day}T${String(WINDOW.from).padStart(2, "0")}:00:00Z`);
    const to = Date.parse(`${day}T${WINDOW.to}:00:00Z`);
    const freebusy = toolOf(ctx, "freebusy");
    const create = toolOf(ctx, "create_event");
    const iso = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;
    const answer = callTool(ctx, freebusy, {
      calendars: [{ id: "primary" }, { id: other.id }],
      timeMin: iso(from),
      timeMax: iso(to),
    });
    const busy = busyOf(answer);
    const start = busy ? earliestFree(busy, from, to, minutes) : undefined;
    if (start === undefined)
      return unfit("no_slot", "the two calendars share no free slot that day");
    const guest = other.summary;
    const values: Record<string, string> = {
      calendarId: lit("primary"),
      summary: lit(title),
      start: "iso(t)",
      end: `iso(t + ${minutes * 60_000})`,
    };
    if (create.args.attendees) values.attendees = lit([{ email: guest }]);
    return calendarDraft(ctx.lens, {
      kind: "graph",
      instruction: `Find the earliest time on ${weekdayMonthDay(day)} between ${clockWords(from)} and ${clockWords(to)} (London time) when both my calendar and ${other.words} are free for ${minutes} minutes, and book a ${minutes}-minute meeting called ${quoted(title)} on my calendar at that time${create.args.attendees ? `, inviting ${other.words.replace(/'s calendar$/, "")} (${guest})` : ""}.`,
      helpers: [],
      statements: [
        `const answer = ${callWith(freebusy, { calendars: lit([{ id: "primary" }, { id: other.id }]), timeMin: lit(iso(from)), timeMax: lit(iso(to)) })};`,
        "const blocks = [];",
        "for (const c of Object.values(answer.calendars)) for (const b of c.busy) blocks.push([Date.parse(b.start), Date.parse(b.end)]);",
        "blocks.sort((a, b) => a[0] - b[0]);",
        `let t = ${from};`,
        `for (const [s, e] of blocks) {`,
        `  if (s - t >= ${minutes * 60_000}) break;`,
        "  if (e > t) t = e;",
        "}",
        `if (${to} - t < ${minutes * 60_000}) throw new Error("no shared free slot");`,
        'const iso = (ms) => new Date(ms).toISOString().slice(0, 19) + "Z";',
        `${callWith(create, values)};`,
        "return null;",
      ],
      hidden: [],
      tools: [freebusy.name, create.name],
      difficulty: { chainLength: 2, branching: 1, writes: 1, hiddenIds: 1 },
    });
  },
};
