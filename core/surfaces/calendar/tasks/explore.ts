// The exploration side of calendar synthesis: reading the calendars and every event of the
// seeded weeks through the environment's own tools on the attempt's fresh copy (the calendar
// list, then each calendar's events over the whole range), as a user would see them. Nothing
// here writes.
import type { Json } from "../../../base/json";
import type { ToolRunner } from "../../../episode/tool-runner";
import type { Prng } from "../../../sandbox/determinism";
import type { CalendarLens, CalendarTool } from "./lens";

export interface CalendarContext {
  lens: CalendarLens;
  rng: Prng;
  runner: ToolRunner;
}

export interface CalendarView {
  id: string;
  summary: string;
  /** How a program names it: 'primary', the calendar's name, or its id when the name is an email. */
  ref: string;
  /** How a user names it in an instruction. */
  words: string;
  primary: boolean;
  writable: boolean;
  timeZone: string;
}

export interface GuestView {
  email: string;
  name: string;
  answer: string;
  organizer: boolean;
  self: boolean;
}

export interface EventView {
  calendar: CalendarView;
  id: string;
  summary: string;
  location: string | null;
  startMs: number;
  endMs: number;
  /** The London date the event starts on (the account's zone has offset 0 in winter). */
  day: string;
  allDay: boolean;
  /** Start and end zones differ (a flight): its times are not moved by these tasks. */
  twoZones: boolean;
  guests: GuestView[];
  organizerEmail: string;
  organizerName: string;
  transparent: boolean;
  series: boolean;
}

export interface Agenda {
  calendars: CalendarView[];
  events: EventView[];
}

/** The seeded weeks: Monday 30 December 2024 to Friday 24 January 2025. */
export const AGENDA_RANGE = { from: "2024-12-30T00:00:00Z", to: "2025-01-25T00:00:00Z" } as const;

type JsonRecord = { [key: string]: Json };
const isRecord = (v: Json | undefined): v is JsonRecord =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: Json | undefined) => (typeof v === "string" ? v : "");

/** `{ name: value }` for each slot the tool takes. */
export function argsFor(tool: CalendarTool, values: Record<string, Json>): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [slot, value] of Object.entries(values)) {
    const name = tool.args[slot as keyof CalendarTool["args"]];
    if (name !== undefined) out[name] = value;
  }
  return out;
}

export function callTool(
  ctx: CalendarContext,
  tool: CalendarTool,
  values: Record<string, Json>,
): JsonRecord | null {
  const outcome = ctx.runner.call(tool.name, argsFor(tool, values));
  return outcome.ok && isRecord(outcome.result) ? outcome.result : null;
}

function calendarView(c: JsonRecord): CalendarView {
  const id = text(c.id);
  const summary = text(c.summary);
  const primary = c.primary === true;
  const personal = summary.includes("@");
  return {
    id,
    summary,
    ref: primary ? "primary" : personal ? id : summary,
    words: primary
      ? "my calendar"
      : personal
        ? `${personName(summary)}'s calendar`
        : `the ${summary} calendar`,
    primary,
    writable: c.accessRole === "owner" || c.accessRole === "writer",
    timeZone: text(c.timeZone),
  };
}

/** "sam.rivera@brightlane.io" -> "Sam Rivera". */
export function personName(email: string): string {
  return (email.split("@")[0] ?? "")
    .split(/[._-]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

function eventView(calendar: CalendarView, e: JsonRecord): EventView | undefined {
  const start = isRecord(e.start) ? e.start : {};
  const end = isRecord(e.end) ? e.end : {};
  const allDay = typeof start.date === "string";
  const startMs = Date.parse(allDay ? `${text(start.date)}T00:00:00Z` : text(start.dateTime));
  const endMs = Date.parse(allDay ? `${text(end.date)}T00:00:00Z` : text(end.dateTime));
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs)) return undefined;
  const organizer = isRecord(e.organizer) ? e.organizer : {};
  const guests = (Array.isArray(e.attendees) ? e.attendees : []).filter(isRecord).map((a) => ({
    email: text(a.email),
    name: text(a.displayName) || personName(text(a.email)),
    answer: text(a.responseStatus),
    organizer: a.organizer === true,
    self: a.self === true,
  }));
  return {
    calendar,
    id: text(e.id),
    summary: text(e.summary),
    location: typeof e.location === "string" ? e.location : null,
    startMs,
    endMs,
    day: new Date(startMs).toISOString().slice(0, 10),
    allDay,
    twoZones: text(start.timeZone) !== text(end.timeZone),
    guests,
    organizerEmail: text(organizer.email),
    organizerName: text(organizer.displayName),
    transparent: e.transparency === "transparent",
    series: typeof e.recurringEventId === "string",
  };
}

/** Every calendar and its events over the seeded weeks, or undefined when they cannot be read. */
export function readAgenda(ctx: CalendarContext): Agenda | undefined {
  const listed = callTool(ctx, ctx.lens.list_calendars, {})?.calendars;
  if (!Array.isArray(listed)) return undefined;
  const calendars = listed.filter(isRecord).map(calendarView);
  const events: EventView[] = [];
  for (const calendar of calendars) {
    const found = callTool(ctx, ctx.lens.list_events, {
      calendarId: calendar.ref,
      timeMin: AGENDA_RANGE.from,
      timeMax: AGENDA_RANGE.to,
    })?.events;
    if (!Array.isArray(found)) continue;
    for (const e of found) {
      const view = isRecord(e) ? eventView(calendar, e) : undefined;
      if (view) events.push(view);
    }
  }
  return { calendars, events };
}

/** Events a user can name by title and day: the only one of that title on its calendar that day. */
export function nameable(agenda: Agenda, test: (e: EventView) => boolean): EventView[] {
  return agenda.events.filter(
    (e) =>
      test(e) &&
      e.summary.length >= 3 &&
      !/["`\n]/.test(e.summary) &&
      agenda.events.filter(
        (o) => o.calendar.id === e.calendar.id && o.day === e.day && o.summary === e.summary,
      ).length === 1,
  );
}
