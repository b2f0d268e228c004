// Graph templates that read a calendar: the chain finds a meeting by title and day in that day's
// list, opens it by id, and answers from its details (where it is, who organises it, how many
// guests accepted, when it ends).

import { pick } from "../../../tasks/graph-walk/graph-random";
import { addDays, weekdayMonthDay } from "../../../tasks/phrasing/words-dates";
import { lit } from "../../../tasks/programs/program-code";
import type { Agenda, CalendarContext, EventView } from "./explore";
import { nameable } from "./explore";
import {
  type CalendarTemplate,
  calendarDraft,
  callWith,
  givesAway,
  quoted,
  toolOf,
  unfit,
} from "./template";
import { dayStart } from "./words";

interface Question {
  fits(e: EventView): boolean;
  ask(e: EventView): string;
  answer(e: EventView): string | number;
  /** Statements after `const event = ...get...event;` that return the answer. */
  code: string[];
}

const on = (e: EventView) =>
  `${quoted(e.summary)} on ${weekdayMonthDay(e.day)}${e.calendar.primary ? "" : ` (${e.calendar.words})`}`;

const QUESTIONS: readonly Question[] = [
  {
    fits: (e) => e.location !== null,
    ask: (e) => `Where does ${on(e)} take place? Answer with the location exactly as written.`,
    answer: (e) => e.location ?? "",
    code: ["return event.location;"],
  },
  {
    fits: (e) => e.guests.length > 1,
    ask: (e) => `How many guests of ${on(e)} have accepted the invitation?`,
    answer: (e) => e.guests.filter((g) => g.answer === "accepted").length,
    code: ['return event.attendees.filter((a) => a.responseStatus === "accepted").length;'],
  },
  {
    fits: (e) =>
      e.organizerEmail !== e.calendar.id &&
      !e.organizerEmail.includes("calendar.google") &&
      !e.guests.some((g) => g.self && g.organizer),
    ask: (e) => `Who organises ${on(e)}? Answer with their full name.`,
    answer: (e) => e.organizerName,
    code: ["return event.organizer.displayName;"],
  },
  {
    fits: (e) => !e.allDay && !e.twoZones,
    ask: (e) => `At what time does ${on(e)} end, London time? Answer as HH:MM on a 24-hour clock.`,
    answer: (e) => new Date(e.endMs).toISOString().slice(11, 16),
    code: ["return new Date(Date.parse(event.end.dateTime)).toISOString().slice(11, 16);"],
  },
];

const readable = (agenda: Agenda) =>
  nameable(agenda, (e) => !e.calendar.id.includes("#")).flatMap((e) =>
    QUESTIONS.filter((q) => q.fits(e)).map((q) => ({ e, q })),
  );

/** "Where does "Lunch with Elena Rossi" on Wednesday, January 8 take place?" and others. */
export const meetingDetail: CalendarTemplate = {
  name: "meeting-detail",
  kind: "graph",
  says: /^(Where does|Who organises|How many guests of|At what time does) "/,
  roles: ["get_event"],
  maxWrites: () => 0,
  capacity: (_ctx, agenda) => readable(agenda).length,
  build(ctx: CalendarContext, agenda) {
    const found = pick(ctx.rng, readable(agenda));
    if (!found) return unfit("no_event", "no meeting to ask about");
    const { e, q } = found;
    const answer = q.answer(e);
    const instruction = q.ask(e);
    if (givesAway(instruction, answer)) return unfit("no_answer", "the answer is in the question");
    const get = toolOf(ctx, "get_event");
    return calendarDraft(ctx.lens, {
      kind: "graph",
      instruction,
      helpers: ["eventsIn", "eventNamed"],
      statements: [
        `const found = eventNamed(eventsIn(${lit(e.calendar.ref)}, ${lit(dayStart(e.day))}, ${lit(dayStart(addDays(e.day, 1)))}), ${lit(e.summary)});`,
        `const event = ${callWith(get, { calendarId: lit(e.calendar.ref), eventId: "found.id" })}.event;`,
        ...q.code,
      ],
      answerMatch:
        typeof answer === "number" ? { kind: "numeric", tolerance: 1e-9 } : { kind: "exact" },
      hidden: [e.id],
      tools: [ctx.lens.list_events.name, get.name],
      difficulty: { chainLength: 2, branching: 0, writes: 0, hiddenIds: 1 },
    });
  },
};
