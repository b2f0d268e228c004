// Unit tests of the calendar tools, computed from the seeded agenda independently of the guest
// code: which events a range holds and in what order, the fields of an event as the server shapes
// it, free/busy blocks, the palette, the rows each write adds, changes or removes, and the
// server's refusals (unknown calendars and events, empty ranges, read-only calendars, duplicates,
// answering one's own meeting) as stable error codes that write nothing.
import type { ToolTest } from "../../environment/spec";
import { slotTestMakers } from "../kit/tool-test-kit";
import { CALENDARS, EVENT_BACKGROUNDS, PEOPLE } from "./people";
import type { CalendarRole, CalendarSlot } from "./roles";
import { CALENDAR_TABLES, type SeedEvent, seedEvents } from "./seed";
import { eventIdFor } from "./time";

export interface CalendarTestInput {
  role: CalendarRole;
  args: Partial<Record<CalendarSlot, string>>;
}

const PRIMARY = PEOPLE.jordan.email;
const TEAM = CALENDARS.find((c) => c.key === "team")?.id ?? "";

function seeded(test: (e: SeedEvent) => boolean, what: string): SeedEvent {
  const found = seedEvents().find(test);
  if (!found) throw new Error(`the seeded agenda has no ${what}`);
  return found;
}

/** Summaries of a calendar's listable events overlapping [min, max), by start. */
function summariesIn(calendarId: string, min: string, max: string): string[] {
  return seedEvents()
    .filter(
      (e) =>
        e.calendarId === calendarId && e.recurrence === null && e.endsAt > min && e.startsAt < max,
    )
    .sort((a, b) =>
      a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : a.number - b.number,
    )
    .map((e) => e.summary);
}

export function calendarToolTests(input: CalendarTestInput): ToolTest[] {
  const { ok, fails } = slotTestMakers(input.args, CALENDAR_TABLES, "subset");
  const qbr = seeded((e) => e.summary === "Northwind quarterly business review", "QBR");
  const panel = seeded((e) => e.summary.startsWith("Hiring panel"), "hiring panel");
  const dentist = seeded((e) => e.summary === "Dentist appointment", "dentist");
  const oneOnOne = seeded((e) => e.summary === "1:1 Jordan / Tom", "1:1 with Tom");
  const standup = seeded((e) => e.summary === "Daily standup" && e.recurrence !== null, "standup");
  const thursday = { timeMin: "2025-01-09T00:00:00", timeMax: "2025-01-10T00:00:00" };
  switch (input.role) {
    case "list_calendars":
      return [
        ok(
          "lists every calendar, the primary first, with zone and access role",
          {},
          {
            totalCount: CALENDARS.length,
            calendars: CALENDARS.map((c) => ({
              id: c.id,
              summary: c.summary,
              timeZone: c.timeZone,
              accessRole: c.accessRole,
              ...(c.primary ? { primary: true } : {}),
            })),
          },
        ),
      ];
    case "list_events":
      return [
        ok(
          "lists a day of the primary calendar in its own zone, by start",
          { calendarId: "primary", ...thursday },
          {
            totalCount: summariesIn(PRIMARY, "2025-01-09T00:00:00Z", "2025-01-10T00:00:00Z").length,
            events: summariesIn(PRIMARY, "2025-01-09T00:00:00Z", "2025-01-10T00:00:00Z").map(
              (summary) => ({ summary, startDayOfWeek: "Thursday", calendarId: "primary" }),
            ),
          },
        ),
        ok(
          "reads a naive range in the zone asked for and lists instances of a series",
          {
            calendarId: "Product Team",
            timeMin: "2025-01-13T00:00:00",
            timeMax: "2025-01-14T00:00:00",
            timeZone: "America/New_York",
          },
          {
            events: summariesIn(TEAM, "2025-01-13T05:00:00Z", "2025-01-14T05:00:00Z").map(
              (summary) => ({ summary }),
            ),
          },
        ),
        fails(
          "refuses a range that ends before it starts",
          { calendarId: "primary", timeMin: thursday.timeMax, timeMax: thursday.timeMin },
          "invalid_argument",
        ),
        fails("refuses an unknown calendar", { calendarId: "Gardening", ...thursday }, "not_found"),
      ];
    case "search_events":
      return [
        ok(
          "finds events by a word of their title within the range",
          {
            calendarId: "primary",
            query: "northwind",
            timeMin: "2025-01-06T00:00:00",
            timeMax: "2025-01-11T00:00:00",
          },
          {
            query: "northwind",
            totalCount: 2,
            events: [
              { summary: "Customer interview: Northwind dispatch team" },
              { summary: "Northwind quarterly business review" },
            ],
          },
        ),
        fails(
          "refuses an unknown calendar",
          { calendarId: "nobody@example.com", query: "x", ...thursday },
          "not_found",
        ),
      ];
    case "get_event":
      return [
        ok(
          "reads an event with its guests' answers, marking the calendar's own entry",
          { calendarId: "primary", eventId: qbr.id },
          {
            event: {
              id: qbr.id,
              summary: qbr.summary,
              start: qbr.start,
              end: qbr.end,
              startDayOfWeek: "Thursday",
              organizer: { email: PEOPLE.dana.email },
              attendees: qbr.attendees.map((a) => ({
                email: a.email,
                responseStatus: a.responseStatus,
                ...(a.email === PRIMARY ? { self: true } : {}),
              })),
            },
          },
        ),
        fails(
          "refuses an unknown event",
          { calendarId: "primary", eventId: "nosuchevent1" },
          "not_found",
        ),
      ];
    case "list_colors":
      return [
        ok(
          "gives Google's event palette",
          {},
          {
            event: Object.fromEntries(
              Object.entries(EVENT_BACKGROUNDS).map(([k, v]) => [k, { background: v }]),
            ),
          },
        ),
      ];
    case "create_event": {
      const number = seedEvents().length + 1;
      return [
        ok(
          "books a meeting on the primary calendar and reports the one it overlaps",
          {
            calendarId: "primary",
            summary: "Pricing sync with Priya",
            start: "2025-01-09T16:30:00",
            end: "2025-01-09T17:00:00",
            ...(input.args.attendees ? { attendees: [{ email: PEOPLE.priya.email }] } : {}),
          },
          {
            event: {
              id: eventIdFor(number),
              summary: "Pricing sync with Priya",
              start: { dateTime: "2025-01-09T16:30:00Z", timeZone: "Europe/London" },
              ...(input.args.attendees
                ? { attendees: [{ email: PEOPLE.priya.email, responseStatus: "needsAction" }] }
                : {}),
            },
            conflicts: [
              {
                event: { id: qbr.id, title: qbr.summary },
                overlap: { duration: "30 minutes", percentage: "100%" },
              },
            ],
            warnings: ["Found 1 scheduling conflict(s)"],
          },
          { events: [1, 0, 0] },
        ),
        fails(
          "refuses an exact duplicate",
          {
            calendarId: "primary",
            summary: qbr.summary,
            start: qbr.start.dateTime ?? "",
            end: qbr.end.dateTime ?? "",
          },
          "conflict",
        ),
        fails(
          "refuses an end before the start",
          {
            calendarId: "primary",
            summary: "Backwards",
            start: "2025-01-09T11:00:00",
            end: "2025-01-09T10:00:00",
          },
          "invalid_argument",
        ),
        fails(
          "refuses a calendar it may only read",
          {
            calendarId: PEOPLE.sam.email,
            summary: "x",
            start: "2025-01-09T11:00:00",
            end: "2025-01-09T12:00:00",
          },
          "permission_denied",
        ),
      ];
    }
    case "create_events":
      return [
        ok(
          "creates each event, reporting the one that fails",
          {
            events: [
              { summary: "Write the launch notes", start: "2025-01-21", end: "2025-01-22" },
              { summary: "Backwards", start: "2025-01-21T11:00:00", end: "2025-01-21T10:00:00" },
            ],
          },
          {
            totalRequested: 2,
            totalCreated: 1,
            totalFailed: 1,
            created: [{ summary: "Write the launch notes", start: { date: "2025-01-21" } }],
            failed: [{ index: 1, summary: "Backwards" }],
          },
          { events: [1, 0, 0] },
        ),
      ];
    case "update_event":
      return [
        ok(
          "moves a meeting an hour later and reports the new times",
          {
            calendarId: "primary",
            eventId: dentist.id,
            start: "2025-01-13T17:00:00",
            end: "2025-01-13T18:00:00",
          },
          {
            event: {
              id: dentist.id,
              start: { dateTime: "2025-01-13T17:00:00Z" },
              end: { dateTime: "2025-01-13T18:00:00Z" },
              sequence: 1,
            },
          },
          { events: [0, 1, 0] },
        ),
        fails(
          "refuses a single-instance scope on an event that does not recur",
          {
            calendarId: "primary",
            eventId: dentist.id,
            modificationScope: "thisEventOnly",
            originalStartTime: "2025-01-13T16:00:00",
          },
          "invalid_argument",
        ),
        ok(
          "renames one instance of a series",
          {
            calendarId: TEAM,
            eventId: standup.id,
            summary: "Standup (short)",
            modificationScope: "thisEventOnly",
            originalStartTime: "2025-01-08T09:30:00",
          },
          { event: { id: `${standup.id}_20250108T093000Z`, summary: "Standup (short)" } },
          { events: [0, 1, 0] },
        ),
      ];
    case "delete_event":
      return [
        ok(
          "deletes an event",
          { calendarId: "primary", eventId: dentist.id },
          { success: true, eventId: dentist.id, message: "Event deleted successfully" },
          { events: [0, 0, 1] },
        ),
        ok(
          "deletes a series with its instances",
          { calendarId: TEAM, eventId: standup.id },
          { success: true },
          { events: [0, 0, 10] },
        ),
        fails(
          "refuses an unknown event",
          { calendarId: "primary", eventId: "nosuchevent1" },
          "not_found",
        ),
      ];
    case "freebusy":
      return [
        ok(
          "gives merged busy blocks, leaving out free time and declined meetings",
          {
            calendars: [{ id: PEOPLE.sam.email }, { id: "nobody@example.com" }],
            ...thursday,
            timeMin: "2025-01-09T00:00:00Z",
            timeMax: "2025-01-10T00:00:00Z",
          },
          {
            calendars: {
              [PEOPLE.sam.email]: {
                busy: [
                  { start: "2025-01-09T14:00:00Z", end: "2025-01-09T15:00:00Z" },
                  { start: "2025-01-09T16:00:00Z", end: "2025-01-09T17:30:00Z" },
                  { start: "2025-01-09T18:00:00Z", end: "2025-01-09T18:30:00Z" },
                ],
              },
              "nobody@example.com": {
                busy: [],
                errors: [{ domain: "global", reason: "notFound" }],
              },
            },
          },
        ),
        fails(
          "refuses more than three months",
          {
            calendars: [{ id: "primary" }],
            timeMin: "2025-01-01T00:00:00Z",
            timeMax: "2025-04-15T00:00:00Z",
          },
          "invalid_argument",
        ),
      ];
    case "current_time":
      return [
        ok(
          "reads the clock in the zone asked for",
          { timeZone: "America/New_York" },
          { timezone: "America/New_York", offset: "-05:00", isDST: false, dayOfWeek: "Monday" },
        ),
        fails("refuses a zone that is not one", { timeZone: "Mars" }, "invalid_argument"),
      ];
    case "respond":
      return [
        ok(
          "accepts an invitation with a note",
          {
            calendarId: "primary",
            eventId: panel.id,
            response: "accepted",
            comment: "See you there",
          },
          {
            responseStatus: "accepted",
            message: 'Your response has been set to "accepted" with note: "See you there"',
          },
          { events: [0, 2, 0] },
        ),
        fails(
          "refuses to answer a meeting one organizes",
          { calendarId: "primary", eventId: oneOnOne.id, response: "declined" },
          "permission_denied",
        ),
      ];
    case "manage_accounts":
      return [
        ok(
          "lists the connected account",
          { action: "list" },
          {
            total_accounts: 1,
            accounts: [{ account_id: "work", email: PRIMARY, status: "active" }],
          },
        ),
        fails(
          "refuses to add an account",
          { action: "add", account_id: "personal" },
          "not_supported",
        ),
      ];
  }
}
