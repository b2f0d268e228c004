// The calendar surface (core/surfaces/calendar/surface.ts) on the shared google-calendar spec
// (nspady/google-calendar-mcp): all thirteen tools admitted in the QuickJS sandbox with tests no
// stand-in passes, byte-identical imports, a sane seeded agenda, the tools behaving like the real
// server call after call (ranges in a zone, conflicts and duplicates, moving and answering
// meetings, a series' instances, free/busy), refusals that write nothing, look-alike servers
// recognised, servers missing essentials left alone, and no tool of the other shared specs claimed.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Json } from "../../core/base/json";
import { importMcpSpec } from "../../core/mcp/import/spec-import";
import { CALENDARS, PEOPLE } from "../../core/surfaces/calendar/people";
import { seedEvents } from "../../core/surfaces/calendar/seed";
import { calendarSurface } from "../../core/surfaces/calendar/surface";
import { eventIdFor } from "../../core/surfaces/calendar/time";
import { admitImport, failingTests } from "../support/mcp-admission";
import { type McpEpisode, openEpisode, vacuousImportTools } from "../support/mcp-episode";
import {
  otherSpecClaims,
  seededRowCounts,
  sharedSpecText,
  specTool,
  wholeSurfaceProblems,
} from "../support/mcp-surface-checks";

const specText = sharedSpecText("google-calendar");
const imported = importMcpSpec(specText);

type Result = Record<string, unknown>;
const asResult = (value: Json) => value as unknown as Result;
const summaries = (value: Json) =>
  (asResult(value).events as Result[]).map((e) => e.summary as string);
const PRIMARY = PEOPLE.jordan.email;
const TEAM = CALENDARS[1]?.id ?? "";
const event = (summary: string, day?: string) => {
  const found = seedEvents().find(
    (e) =>
      e.summary === summary &&
      e.calendarId !== PEOPLE.sam.email &&
      (day === undefined || e.startsAt.startsWith(day)),
  );
  if (!found) throw new Error(`no seeded ${summary}`);
  return found;
};

describe("the google-calendar spec", () => {
  it("implements all 13 tools with the server's names and schemas, and admits them", async () => {
    expect(wholeSurfaceProblems(specText, imported, "calendar")).toEqual([]);
    expect(imported.tools.filter((t) => t.effect === "write").map((t) => t.name)).toEqual([
      "create_event",
      "create_events",
      "update_event",
      "delete_event",
      "respond_to_event",
    ]);
    const admission = await admitImport(imported);
    expect(failingTests(admission)).toEqual([]);
    expect(admission.problems).toEqual([]);
    expect(admission.totals.admittedTools).toBe(13);
    expect(admission.totals.tests).toBeGreaterThanOrEqual(29);
  }, 60_000);

  it("has tests that no stand-in implementation passes", async () => {
    expect(await vacuousImportTools(imported)).toEqual([]);
  }, 60_000);

  it("imports byte-identically twice", () => {
    expect(JSON.stringify(importMcpSpec(specText))).toBe(JSON.stringify(imported));
  });

  it("seeds a sane agenda around the virtual clock's start", () => {
    const tables = seededRowCounts(imported);
    const events = seedEvents();
    expect(tables).toEqual({
      calendar_accounts: 1,
      calendar_calendars: 4,
      calendar_events: events.length,
    });
    expect(events.length).toBeGreaterThan(60);
    for (const e of events) {
      expect(e.endsAt > e.startsAt).toBe(true);
      expect(e.startsAt >= "2024-12-30" && e.startsAt < "2025-01-25").toBe(true);
      expect(Boolean(e.start.date)).toBe(Boolean(e.end.date));
      expect(e.created < "2025-01-06T09:00:00.000Z").toBe(true);
    }
    // Keys are unique per calendar; a series is a master and its instances.
    const keys = events.map((e) => `${e.calendarId}/${e.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    const masters = events.filter((e) => e.recurrence !== null);
    expect(
      masters.map((m) => [m.summary, events.filter((e) => e.recurringEventId === m.id).length]),
    ).toEqual([
      ["Daily standup", 9],
      ["Weekly product sync", 3],
    ]);
    // Invitations answered every way, all-day events, free time, two companies besides ours.
    const answers = new Set(events.flatMap((e) => e.attendees.map((a) => a.responseStatus)));
    expect([...answers].sort()).toEqual(["accepted", "declined", "needsAction", "tentative"]);
    expect(events.some((e) => e.start.date !== undefined)).toBe(true);
    expect(events.some((e) => e.transparency === "transparent")).toBe(true);
    const domains = new Set(events.flatMap((e) => e.attendees.map((a) => a.email.split("@")[1])));
    expect([...domains].sort()).toEqual([
      "brightlane.io",
      "northwindfreight.com",
      "pixelfold.design",
    ]);
  });
});

describe("the calendar tools, call after call", () => {
  let episode: McpEpisode;
  beforeEach(async () => {
    episode = await openEpisode(imported);
  });
  afterEach(() => episode.close());

  it("reads the clock, the calendars and a day in the calendar's zone", () => {
    expect(episode.ok("get_current_time")).toEqual({
      currentTime: "2025-01-06T09:00:00.000Z",
      timezone: "Europe/London",
      offset: "Z",
      isDST: false,
      dayOfWeek: "Monday",
    });
    const calendars = asResult(episode.ok("list_calendars")).calendars as Result[];
    expect(calendars.map((c) => [c.summary, c.accessRole])).toEqual([
      [PRIMARY, "owner"],
      ["Product Team", "owner"],
      [PEOPLE.sam.email, "reader"],
      ["Holidays in United States", "reader"],
    ]);
    const thursday = episode.ok("list_events", {
      calendarId: ["primary", "Product Team"],
      timeMin: "2025-01-09T00:00:00",
      timeMax: "2025-01-10T00:00:00",
    });
    expect(summaries(thursday)).toEqual([
      "1:1 Jordan / Priya",
      "Northwind quarterly business review",
    ]);
    // Calendars are named back as they were asked for: 'primary' as such, a name by its id.
    expect(asResult(thursday).calendars).toEqual(["primary", TEAM]);
    // The same Thursday in New York reaches into Friday morning in London.
    const newYork = episode.ok("list_events", {
      calendarId: "primary",
      timeMin: "2025-01-09T00:00:00",
      timeMax: "2025-01-10T00:00:00",
      timeZone: "America/New_York",
      fields: ["description"],
    });
    expect(summaries(newYork)).toEqual([
      "1:1 Jordan / Priya",
      "Northwind quarterly business review",
    ]);
    const qbr = (asResult(newYork).events as Result[])[1] ?? {};
    expect(Object.keys(qbr).sort()).toEqual(
      [
        "accountId",
        "attendees",
        "calendarId",
        "description",
        "end",
        "endDayOfWeek",
        "htmlLink",
        "id",
        "location",
        "reminders",
        "start",
        "startDayOfWeek",
        "status",
        "summary",
      ].sort(),
    );
    expect(qbr.start).toEqual({ dateTime: "2025-01-09T16:00:00Z", timeZone: "Europe/London" });
  });

  it("books a meeting, flags its conflict, blocks a duplicate and copies it to a guest's calendar", () => {
    const created = asResult(
      episode.ok("create_event", {
        calendarId: "primary",
        summary: "Renewal plan with Sam",
        start: '{"dateTime": "2025-01-09T11:00:00", "timeZone": "America/New_York"}',
        end: '{"dateTime": "2025-01-09T11:30:00", "timeZone": "America/New_York"}',
        attendees: [{ email: PEOPLE.sam.email, displayName: "Sam Rivera" }],
        calendarsToCheck: ["primary", PEOPLE.sam.email],
      }),
    );
    const made = created.event as Result;
    expect(made.id).toBe(eventIdFor(seedEvents().length + 1));
    expect(made.start).toEqual({
      dateTime: "2025-01-09T11:00:00-05:00",
      timeZone: "America/New_York",
    });
    expect(made.startDayOfWeek).toBe("Thursday");
    expect(created.warnings).toEqual(["Found 2 scheduling conflict(s)"]);
    expect((created.conflicts as Result[]).map((c) => c.calendar)).toEqual([
      "primary",
      PEOPLE.sam.email,
    ]);
    const copies = episode.rows("calendar_events").filter((r) => r.event_id === made.id);
    expect(copies.map((r) => r.calendar_id)).toEqual([PRIMARY, PEOPLE.sam.email]);
    const before = episode.rows("calendar_events");
    const duplicate = episode.call("create_event", {
      calendarId: "primary",
      summary: "renewal plan with sam",
      start: "2025-01-09T16:10:00",
      end: "2025-01-09T16:20:00",
    });
    expect(duplicate).toMatchObject({
      ok: false,
      error: {
        code: "conflict",
        message:
          'Duplicate event detected (95% similar). Event "Renewal plan with Sam" already exists. To create anyway, set allowDuplicates to true.',
      },
    });
    expect(episode.rows("calendar_events")).toEqual(before);
    const allowed = asResult(
      episode.ok("create_event", {
        calendarId: "primary",
        summary: "renewal plan with sam",
        start: "2025-01-09T16:10:00",
        end: "2025-01-09T16:20:00",
        allowDuplicates: true,
      }),
    );
    expect((allowed.duplicates as Result[])[0]).toMatchObject({
      calendarId: "primary",
      event: { title: "Renewal plan with Sam", similarity: 0.95 },
    });
  });

  it("moves a meeting an hour later, invites a guest keeping the others' answers, and answers an invitation", () => {
    const review = event("Design review: onboarding flow");
    const moved = asResult(
      episode.ok("update_event", {
        calendarId: "Product Team",
        eventId: review.id,
        start: "2025-01-14T16:00:00",
        end: "2025-01-14T17:00:00",
        attendees: [
          ...review.attendees.map((a) => ({ email: a.email })),
          { email: PEOPLE.priya.email },
        ],
      }),
    ).event as Result;
    expect(moved.start).toEqual({ dateTime: "2025-01-14T16:00:00Z", timeZone: "Europe/London" });
    expect((moved.attendees as Result[]).map((a) => [a.email, a.responseStatus])).toEqual([
      ...review.attendees.map((a) => [a.email, a.responseStatus]),
      [PEOPLE.priya.email, "needsAction"],
    ]);
    expect(moved.sequence).toBe(1);
    const panel = event("Hiring panel: senior backend engineer");
    const answered = asResult(
      episode.ok("respond_to_event", {
        calendarId: "primary",
        eventId: panel.id,
        response: "declined",
        comment: "I have a conflict",
      }),
    );
    expect(answered.message).toBe(
      'Your response has been set to "declined" with note: "I have a conflict"',
    );
    // Sam's copy of the panel shows the same answer.
    const onSams = asResult(
      episode.ok("get_event", { calendarId: PEOPLE.sam.email, eventId: panel.id }),
    );
    const mine = ((onSams.event as Result).attendees as Result[]).find((a) => a.email === PRIMARY);
    expect(mine).toMatchObject({ responseStatus: "declined", comment: "I have a conflict" });
    expect(mine?.self).toBeUndefined();
  });

  it("changes one instance of a series, answers a whole series, and deletes a series", () => {
    const sync = event("Weekly product sync");
    expect(
      episode.fails("update_event", {
        calendarId: TEAM,
        eventId: sync.id,
        start: "2025-01-07T11:00:00",
        end: "2025-01-07T12:00:00",
      }),
    ).toBe("not_supported");
    const one = asResult(
      episode.ok("update_event", {
        calendarId: TEAM,
        eventId: sync.id,
        modificationScope: "thisEventOnly",
        originalStartTime: "2025-01-14T10:00:00",
        location: "Room 2.10",
      }),
    ).event as Result;
    expect(one).toMatchObject({
      id: `${sync.id}_20250114T100000Z`,
      location: "Room 2.10",
      recurringEventId: sync.id,
    });
    const week = episode.ok("list_events", {
      calendarId: TEAM,
      timeMin: "2025-01-06T00:00:00Z",
      timeMax: "2025-01-25T00:00:00Z",
    });
    const syncs = (asResult(week).events as Result[]).filter(
      (e) => e.summary === "Weekly product sync",
    );
    expect(syncs.map((e) => e.location)).toEqual(["Room 4.02", "Room 2.10", "Room 4.02"]);
    expect(
      episode.fails("update_event", {
        calendarId: TEAM,
        eventId: sync.id,
        modificationScope: "thisAndFollowing",
        futureStartDate: "2025-01-14T10:00:00",
      }),
    ).toBe("not_supported");
    episode.ok("delete_event", { calendarId: TEAM, eventId: sync.id });
    expect(
      episode.rows("calendar_events").filter((r) => String(r.event_id).startsWith(sync.id)),
    ).toEqual([]);
  });

  it("searches by words, gives the palette and the account, and creates in bulk", () => {
    const found = asResult(
      episode.ok("search_events", {
        calendarId: "Product Team",
        query: "onboarding REVIEW",
        timeMin: "2025-01-13T00:00:00",
        timeMax: "2025-01-18T00:00:00",
      }),
    );
    expect(found).toMatchObject({
      totalCount: 1,
      query: "onboarding REVIEW",
      calendarId: TEAM,
      timeRange: { start: "2025-01-13T00:00:00Z", end: "2025-01-18T00:00:00Z" },
    });
    expect((found.events as Result[]).map((e) => e.summary)).toEqual([
      "Design review: onboarding flow",
    ]);
    // Guests' names are searched too.
    const byGuest = episode.ok("search_events", {
      calendarId: "primary",
      query: "grace kim",
      timeMin: "2024-12-30T00:00:00Z",
      timeMax: "2025-01-25T00:00:00Z",
    });
    expect(summaries(byGuest)).toEqual([
      "Customer interview: Northwind dispatch team",
      "Northwind quarterly business review",
    ]);
    const colors = asResult(episode.ok("list_colors"));
    expect(Object.keys(colors.event as Result)).toHaveLength(11);
    expect((colors.calendar as Result)["14"]).toEqual({
      background: "#9fe1e7",
      foreground: "#1d1d1d",
    });
    expect(episode.ok("manage_accounts", { action: "list" })).toEqual({
      accounts: [
        {
          account_id: "work",
          status: "active",
          email: PRIMARY,
          calendar_count: 4,
          primary_calendar: { id: PRIMARY, name: PRIMARY, timezone: "Europe/London" },
        },
      ],
      total_accounts: 1,
    });
    const bulk = asResult(
      episode.ok("create_events", {
        calendarId: "Product Team",
        events: [
          { summary: "Release notes", start: "2025-01-22T15:00:00", end: "2025-01-22T15:30:00" },
          {
            summary: "Nowhere",
            start: "2025-01-22T15:00:00",
            end: "2025-01-22T15:30:00",
            calendarId: "Gardening",
          },
        ],
      }),
    );
    expect(bulk).toMatchObject({ totalRequested: 2, totalCreated: 1, totalFailed: 1 });
    expect((bulk.failed as Result[])[0]?.error).toMatch(
      /No account has write access to calendar "Gardening"/,
    );
    expect(((bulk.created as Result[])[0] as Result).calendarId).toBe(TEAM);
  });

  it("answers free/busy blocks per calendar in the zone asked for", () => {
    const busy = asResult(
      episode.ok("get_freebusy", {
        calendars: [{ id: "primary" }, { id: PEOPLE.sam.email }],
        timeMin: "2025-01-09T08:00:00",
        timeMax: "2025-01-09T18:00:00",
        timeZone: "Europe/London",
      }),
    );
    expect(busy.calendars).toEqual({
      primary: {
        busy: [
          { start: "2025-01-09T14:00:00Z", end: "2025-01-09T14:30:00Z" },
          { start: "2025-01-09T16:00:00Z", end: "2025-01-09T17:30:00Z" },
        ],
      },
      [PEOPLE.sam.email]: {
        busy: [
          { start: "2025-01-09T14:00:00Z", end: "2025-01-09T15:00:00Z" },
          { start: "2025-01-09T16:00:00Z", end: "2025-01-09T17:30:00Z" },
        ],
      },
    });
  });

  it("refuses what the server refuses, writing nothing", () => {
    const before = episode.rows("calendar_events");
    const range = { timeMin: "2025-01-09T00:00:00", timeMax: "2025-01-10T00:00:00" };
    expect(
      episode.fails("list_events", {
        calendarId: "primary",
        timeMin: range.timeMax,
        timeMax: range.timeMin,
      }),
    ).toBe("invalid_argument");
    expect(episode.fails("list_events", { calendarId: "Gardening", ...range })).toBe("not_found");
    expect(
      episode.fails("list_events", { calendarId: "primary", ...range, account: "personal" }),
    ).toBe("not_found");
    expect(episode.fails("get_event", { calendarId: "primary", eventId: "nosuchevent1" })).toBe(
      "not_found",
    );
    const create = {
      calendarId: "primary",
      summary: "x",
      start: "2025-01-09T11:00:00",
      end: "2025-01-09T12:00:00",
    };
    expect(episode.fails("create_event", { ...create, end: "2025-01-09T10:00:00" })).toBe(
      "invalid_argument",
    );
    expect(episode.fails("create_event", { ...create, end: "2025-01-10" })).toBe(
      "invalid_argument",
    );
    expect(
      episode.fails("create_event", { ...create, calendarId: "Holidays in United States" }),
    ).toBe("permission_denied");
    expect(episode.fails("create_event", { ...create, recurrence: ["RRULE:FREQ=DAILY"] })).toBe(
      "not_supported",
    );
    expect(episode.fails("create_event", { ...create, timeZone: "Mars/Olympus" })).toBe(
      "not_supported",
    );
    expect(
      episode.fails("create_event", {
        ...create,
        start: "2025-07-01T10:00:00",
        end: "2025-07-01T11:00:00",
      }),
    ).toBe("not_supported");
    expect(episode.fails("create_event", { ...create, colorId: "42" })).toBe("invalid_argument");
    expect(episode.fails("create_event", { ...create, eventId: "UPPER" })).toBe("invalid_argument");
    expect(
      episode.fails("delete_event", {
        calendarId: PEOPLE.sam.email,
        eventId: event("Hiring sync").id,
      }),
    ).toBe("permission_denied");
    expect(
      episode.fails("respond_to_event", {
        calendarId: "primary",
        eventId: event("Dentist appointment").id,
        response: "accepted",
      }),
    ).toBe("permission_denied");
    expect(
      episode.fails("get_freebusy", {
        calendars: [{ id: "primary" }],
        timeMin: "2025-01-01T00:00:00Z",
        timeMax: "2025-06-01T00:00:00Z",
      }),
    ).toBe("invalid_argument");
    expect(episode.fails("manage_accounts", { action: "remove", account_id: "work" })).toBe(
      "not_supported",
    );
    expect(episode.rows("calendar_events")).toEqual(before);
  });
});

describe("recognising a calendar server", () => {
  const text = { type: "string" };

  it("recognises snake_case look-alikes and reports a tool whose arguments do not fit", async () => {
    const lookAlike = {
      serverInfo: { name: "cal-bridge", version: "1.0.0" },
      tools: [
        specTool("list_calendars", {}, []),
        specTool("list_events", { calendar_id: text, time_min: text, time_max: text }, [
          "calendar_id",
        ]),
        specTool("create_event", { calendar_id: text, summary: text, start: text, end: text }, [
          "calendar_id",
          "summary",
          "start",
          "end",
        ]),
        specTool("delete_event", { calendar_id: text, event_id: text, reason: text }, [
          "calendar_id",
          "event_id",
        ]),
        specTool("send_note", { body: text }, ["body"]),
      ],
    };
    const { report } = importMcpSpec(lookAlike);
    expect(report.implemented.filter((t) => t.surface === "calendar").map((t) => t.tool)).toEqual([
      "list_calendars",
      "list_events",
      "create_event",
    ]);
    expect(report.leftOut.find((t) => t.tool === "delete_event")?.reason).toMatch(
      /argument "reason"/,
    );
    const again = importMcpSpec(lookAlike);
    expect(failingTests(await admitImport(again))).toEqual([]);
    const episode = await openEpisode(again);
    try {
      const made = asResult(
        episode.ok("create_event", {
          calendar_id: "primary",
          summary: "Quiet hour",
          start: "2025-01-07T07:00:00",
          end: "2025-01-07T08:00:00",
        }),
      );
      expect((made.event as Result).summary).toBe("Quiet hour");
      const listed = episode.ok("list_events", {
        calendar_id: "primary",
        time_min: "2025-01-07T00:00:00",
        time_max: "2025-01-07T09:00:00",
      });
      expect(summaries(listed)).toEqual(["Quiet hour"]);
    } finally {
      episode.close();
    }
  }, 60_000);

  it("leaves servers without a time-ranged event list alone", () => {
    const { report } = importMcpSpec({
      tools: [
        specTool("list_calendars", {}, []),
        specTool("list_events", { calendar_id: text }, ["calendar_id"]),
        specTool("create_event", { calendar_id: text, summary: text, start: text, end: text }, [
          "calendar_id",
          "summary",
          "start",
          "end",
        ]),
      ],
    });
    expect(report.implemented.some((t) => t.surface === "calendar")).toBe(false);
  });

  it("claims no tool of the other shared specs", () => {
    expect(otherSpecClaims(calendarSurface, ["google-calendar"])).toEqual([]);
  });
});
