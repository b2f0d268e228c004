// The calendar surface's tables and their seed: the account, its calendar list and the events of
// the agenda (agenda.ts) as Google stores them: timed events with an RFC 3339
// dateTime in their zone, all-day events with a date (end exclusive), a recurring series as its
// master (with the RRULE) plus one row per instance (`base_YYYYMMDDTHHMMSSZ`, recurringEventId,
// originalStartTime), attendees with their answers as JSON. `starts_at`/`ends_at` hold the UTC
// instants for range queries. A meeting between the primary calendar and Sam Rivera's appears on
// both, under the same event id, as Google shows an invitation on each guest's calendar.
import type { SqlValue } from "../../environment/spec";
import { AGENDA, type AgendaItem } from "./agenda";
import { ACCOUNT_ID, CALENDAR_BACKGROUNDS, CALENDARS, PEOPLE, type SeedCalendar } from "./people";
import { CALENDAR_ZONES, eventIdFor, htmlLinkFor, instanceId, utcText, zonedText } from "./time";

export const CALENDAR_TABLES = {
  accounts: "calendar_accounts",
  calendars: "calendar_calendars",
  events: "calendar_events",
} as const;

export const CALENDAR_SCHEMA_SQL = `CREATE TABLE calendar_accounts (
  account_id TEXT NOT NULL PRIMARY KEY,
  email TEXT NOT NULL,
  display_name TEXT NOT NULL,
  status TEXT NOT NULL
);

CREATE TABLE calendar_calendars (
  calendar_id TEXT NOT NULL PRIMARY KEY,
  position INTEGER NOT NULL UNIQUE,
  account_id TEXT NOT NULL REFERENCES calendar_accounts (account_id),
  summary TEXT NOT NULL,
  description TEXT,
  time_zone TEXT NOT NULL,
  access_role TEXT NOT NULL,
  color_id TEXT NOT NULL,
  background_color TEXT NOT NULL,
  foreground_color TEXT NOT NULL,
  is_primary INTEGER NOT NULL CHECK (is_primary IN (0, 1)),
  default_reminders TEXT NOT NULL
);

CREATE TABLE calendar_events (
  calendar_id TEXT NOT NULL REFERENCES calendar_calendars (calendar_id),
  event_id TEXT NOT NULL,
  number INTEGER NOT NULL UNIQUE,
  summary TEXT NOT NULL,
  description TEXT,
  location TEXT,
  start_date_time TEXT,
  start_date TEXT,
  start_time_zone TEXT,
  end_date_time TEXT,
  end_date TEXT,
  end_time_zone TEXT,
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL,
  attendees TEXT NOT NULL,
  organizer_email TEXT NOT NULL,
  organizer_name TEXT,
  creator_email TEXT NOT NULL,
  recurrence TEXT,
  recurring_event_id TEXT,
  original_start_time TEXT,
  reminders TEXT NOT NULL,
  color_id TEXT,
  status TEXT NOT NULL,
  transparency TEXT NOT NULL,
  visibility TEXT NOT NULL,
  options TEXT NOT NULL,
  html_link TEXT NOT NULL,
  ical_uid TEXT NOT NULL,
  sequence INTEGER NOT NULL,
  created TEXT NOT NULL,
  updated TEXT NOT NULL,
  PRIMARY KEY (calendar_id, event_id),
  CHECK (ends_at > starts_at)
);

CREATE INDEX calendar_events_range ON calendar_events (calendar_id, starts_at);`;

export const CALENDAR_COLUMNS = {
  accounts: ["account_id", "email", "display_name", "status"],
  calendars: [
    "calendar_id",
    "position",
    "account_id",
    "summary",
    "description",
    "time_zone",
    "access_role",
    "color_id",
    "background_color",
    "foreground_color",
    "is_primary",
    "default_reminders",
  ],
  events: [
    "calendar_id",
    "event_id",
    "number",
    "summary",
    "description",
    "location",
    "start_date_time",
    "start_date",
    "start_time_zone",
    "end_date_time",
    "end_date",
    "end_time_zone",
    "starts_at",
    "ends_at",
    "attendees",
    "organizer_email",
    "organizer_name",
    "creator_email",
    "recurrence",
    "recurring_event_id",
    "original_start_time",
    "reminders",
    "color_id",
    "status",
    "transparency",
    "visibility",
    "options",
    "html_link",
    "ical_uid",
    "sequence",
    "created",
    "updated",
  ],
} as const;

export interface SeedAttendee {
  email: string;
  displayName: string;
  responseStatus: string;
  organizer?: true;
  optional?: true;
}

/** One stored event row, as the tests and the tool tests read it. */
export interface SeedEvent {
  calendarId: string;
  id: string;
  number: number;
  summary: string;
  description: string | null;
  location: string | null;
  start: { dateTime?: string; date?: string; timeZone?: string };
  end: { dateTime?: string; date?: string; timeZone?: string };
  startsAt: string;
  endsAt: string;
  attendees: SeedAttendee[];
  organizer: { email: string; displayName: string };
  creatorEmail: string;
  recurrence: string[] | null;
  recurringEventId: string | null;
  originalStartTime: string | null;
  colorId: string | null;
  transparency: "opaque" | "transparent";
  visibility: "default" | "private" | "public";
  htmlLink: string;
  created: string;
}

const calendarOf = (key: SeedCalendar["key"]): SeedCalendar => {
  const found = CALENDARS.find((c) => c.key === key);
  if (!found) throw new Error(`no seeded calendar ${key}`);
  return found;
};

const zoneOffset = (zone: string): number => {
  const found = CALENDAR_ZONES[zone];
  if (found === undefined) throw new Error(`no offset for ${zone}`);
  return found;
};

/** The UTC instant of a local `YYYY-MM-DD` and `HH:MM` in a zone. */
function localMs(day: string, time: string, zone: string): number {
  const [y, m, d] = day.split("-").map(Number);
  const [h, min] = time.split(":").map(Number);
  return Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, h ?? 0, min ?? 0) - zoneOffset(zone) * 60_000;
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Seed rows are made before the clock starts: a few weeks back, one hour apart. */
const createdAt = (n: number) => new Date(Date.UTC(2024, 11, 2, 8) + n * 3_600_000).toISOString();

function attendeesOf(item: AgendaItem): SeedAttendee[] {
  return (item.attendees ?? []).map(([key, answer, optional]) => ({
    email: PEOPLE[key].email,
    displayName: PEOPLE[key].name,
    responseStatus: answer,
    ...(item.organizer === key ? { organizer: true as const } : {}),
    ...(optional ? { optional: true as const } : {}),
  }));
}

function baseEvent(item: AgendaItem, id: string, number: number, day: string): SeedEvent {
  const cal = calendarOf(item.cal);
  const organizer =
    item.organizer === "calendar"
      ? { email: cal.id, displayName: cal.summary }
      : { email: PEOPLE[item.organizer].email, displayName: PEOPLE[item.organizer].name };
  const common = {
    calendarId: cal.id,
    id,
    number,
    summary: item.summary,
    description: item.description ?? null,
    location: item.location ?? null,
    attendees: attendeesOf(item),
    organizer,
    creatorEmail: item.organizer === "calendar" ? PEOPLE.jordan.email : organizer.email,
    recurrence: null,
    recurringEventId: null,
    originalStartTime: null,
    colorId: item.colorId ?? null,
    transparency: item.transparent ? ("transparent" as const) : ("opaque" as const),
    visibility: item.visibility ?? ("default" as const),
    htmlLink: htmlLinkFor(id, cal.id),
    created: createdAt(number),
  };
  if (item.from === undefined || item.to === undefined) {
    const endDay = addDays(day, item.days ?? 1);
    return {
      ...common,
      start: { date: day },
      end: { date: endDay },
      startsAt: utcText(localMs(day, "00:00", cal.timeZone)),
      endsAt: utcText(localMs(endDay, "00:00", cal.timeZone)),
    };
  }
  const [startZone, endZone] = item.zones ?? [cal.timeZone, cal.timeZone];
  const startMs = localMs(day, item.from, startZone);
  const endMs = localMs(item.toDay ?? day, item.to, endZone);
  return {
    ...common,
    start: { dateTime: zonedText(startMs, zoneOffset(startZone)), timeZone: startZone },
    end: { dateTime: zonedText(endMs, zoneOffset(endZone)), timeZone: endZone },
    startsAt: utcText(startMs),
    endsAt: utcText(endMs),
  };
}

/** Every event row in order: each agenda item (a series: master, then instances), then copies. */
export function seedEvents(): SeedEvent[] {
  const out: SeedEvent[] = [];
  let number = 0;
  for (const item of AGENDA) {
    number += 1;
    const id = eventIdFor(number);
    const master = baseEvent(item, id, number, item.day);
    if (!item.weekly) {
      out.push(master);
      continue;
    }
    out.push({ ...master, recurrence: [item.weekly.rule] });
    for (const day of item.weekly.days) {
      number += 1;
      const instance = baseEvent(item, id, number, day);
      const startMs = Date.parse(instance.startsAt);
      const instance_id = instanceId(id, startMs);
      const calendarId = instance.calendarId;
      out.push({
        ...instance,
        id: instance_id,
        recurringEventId: id,
        originalStartTime: instance.start.dateTime ?? instance.start.date ?? null,
        htmlLink: htmlLinkFor(instance_id, calendarId),
        created: master.created,
      });
    }
  }
  // Meetings between the primary calendar and a colleague's calendar show on both.
  const personal = new Set(
    CALENDARS.filter((c) => c.key === "primary" || c.key === "sam").map((c) => c.id),
  );
  const copies: SeedEvent[] = [];
  for (const event of out) {
    if (!personal.has(event.calendarId)) continue;
    for (const a of event.attendees) {
      if (a.email === event.calendarId || !personal.has(a.email)) continue;
      number += 1;
      copies.push({
        ...event,
        calendarId: a.email,
        number,
        htmlLink: htmlLinkFor(event.id, a.email),
      });
    }
  }
  return [...out, ...copies];
}

const json = (value: unknown) => JSON.stringify(value);

function eventRow(e: SeedEvent): SqlValue[] {
  return [
    e.calendarId,
    e.id,
    e.number,
    e.summary,
    e.description,
    e.location,
    e.start.dateTime ?? null,
    e.start.date ?? null,
    e.start.timeZone ?? null,
    e.end.dateTime ?? null,
    e.end.date ?? null,
    e.end.timeZone ?? null,
    e.startsAt,
    e.endsAt,
    json(e.attendees),
    e.organizer.email,
    e.organizer.displayName,
    e.creatorEmail,
    e.recurrence ? json(e.recurrence) : null,
    e.recurringEventId,
    e.originalStartTime,
    json({ useDefault: true }),
    e.colorId,
    "confirmed",
    e.transparency,
    e.visibility,
    "{}",
    e.htmlLink,
    `${e.recurringEventId ?? e.id}@google.com`,
    0,
    e.created,
    e.created,
  ];
}

export function calendarRows(): Record<keyof typeof CALENDAR_TABLES, SqlValue[][]> {
  return {
    accounts: [[ACCOUNT_ID, PEOPLE.jordan.email, PEOPLE.jordan.name, "active"]],
    calendars: CALENDARS.map((c, i) => [
      c.id,
      i + 1,
      ACCOUNT_ID,
      c.summary,
      c.description,
      c.timeZone,
      c.accessRole,
      c.colorId,
      CALENDAR_BACKGROUNDS[c.colorId] ?? "#9fe1e7",
      "#000000",
      c.primary ? 1 : 0,
      json(c.defaultReminders),
    ]),
    events: seedEvents().map(eventRow),
  };
}
