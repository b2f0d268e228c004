// Which calendar operation a tool is, from its name and arguments. A Google-Calendar-like server
// (nspady/google-calendar-mcp and its look-alikes) lists calendars, lists and searches events in a
// time range, reads, creates, changes and deletes events by calendar and event id, answers
// free/busy blocks, answers an invitation, gives the color palette and the current time. The name
// must say the operation (`list-events`, `get_freebusy`, `respondToEvent`...) and every argument
// must be one this surface knows for that operation, under the server's spelling (compared without
// case, `_` or `-`): `calendarId`/`calendar_id`, `timeMin`, `eventId`... A name that says an
// operation over an argument the surface does not know is reported with the reason.
import {
  anyWord as any,
  roleMisfit,
  ruleNaming,
  squashName as squash,
  toolArguments,
} from "../kit/role-matching";
import type { SurfaceTool } from "../surface";

export type CalendarRole =
  | "list_calendars"
  | "list_events"
  | "search_events"
  | "get_event"
  | "list_colors"
  | "create_event"
  | "create_events"
  | "update_event"
  | "delete_event"
  | "freebusy"
  | "current_time"
  | "respond"
  | "manage_accounts";

/** Every argument the surface knows, by its squashed name (lower case, no `_` or `-`). */
const KNOWN = {
  account: "account",
  calendarid: "calendarId",
  eventid: "eventId",
  timemin: "timeMin",
  timemax: "timeMax",
  timezone: "timeZone",
  fields: "fields",
  query: "query",
  summary: "summary",
  description: "description",
  start: "start",
  end: "end",
  location: "location",
  attendees: "attendees",
  colorid: "colorId",
  reminders: "reminders",
  recurrence: "recurrence",
  transparency: "transparency",
  visibility: "visibility",
  guestscaninviteothers: "guestsCanInviteOthers",
  guestscanmodify: "guestsCanModify",
  guestscanseeotherguests: "guestsCanSeeOtherGuests",
  anyonecanaddself: "anyoneCanAddSelf",
  sendupdates: "sendUpdates",
  conferencedata: "conferenceData",
  extendedproperties: "extendedProperties",
  privateextendedproperty: "privateExtendedProperty",
  sharedextendedproperty: "sharedExtendedProperty",
  attachments: "attachments",
  source: "source",
  calendarstocheck: "calendarsToCheck",
  duplicatesimilaritythreshold: "duplicateSimilarityThreshold",
  allowduplicates: "allowDuplicates",
  eventtype: "eventType",
  focustimeproperties: "focusTimeProperties",
  outofofficeproperties: "outOfOfficeProperties",
  workinglocationproperties: "workingLocationProperties",
  events: "events",
  modificationscope: "modificationScope",
  originalstarttime: "originalStartTime",
  futurestartdate: "futureStartDate",
  checkconflicts: "checkConflicts",
  calendars: "calendars",
  groupexpansionmax: "groupExpansionMax",
  calendarexpansionmax: "calendarExpansionMax",
  response: "response",
  comment: "comment",
  action: "action",
  accountid: "account_id",
} as const;

export type CalendarSlot = (typeof KNOWN)[keyof typeof KNOWN];

const EVENT_FIELDS: readonly CalendarSlot[] = [
  "summary",
  "description",
  "start",
  "end",
  "timeZone",
  "location",
  "attendees",
  "colorId",
  "reminders",
  "recurrence",
  "transparency",
  "visibility",
  "guestsCanInviteOthers",
  "guestsCanModify",
  "guestsCanSeeOtherGuests",
  "anyoneCanAddSelf",
  "sendUpdates",
  "conferenceData",
  "extendedProperties",
  "attachments",
  "calendarsToCheck",
];
const RANGE: readonly CalendarSlot[] = [
  "calendarId",
  "timeMin",
  "timeMax",
  "timeZone",
  "fields",
  "privateExtendedProperty",
  "sharedExtendedProperty",
];

interface RoleRule {
  role: CalendarRole;
  named(words: ReadonlySet<string>): boolean;
  /** The slots the operation must have. */
  needs: readonly CalendarSlot[];
  /** The slots it may have besides (always `account`). */
  may: readonly CalendarSlot[];
}

const eventWord = (w: ReadonlySet<string>) => any(w, "event");
const eventsWord = (w: ReadonlySet<string>) => any(w, "events");

/** In order: the first rule whose name test passes decides the role. */
const RULES: readonly RoleRule[] = [
  {
    role: "freebusy",
    named: (w) => any(w, "freebusy") || (any(w, "free") && any(w, "busy")),
    needs: ["calendars", "timeMin", "timeMax"],
    may: ["timeZone", "groupExpansionMax", "calendarExpansionMax"],
  },
  {
    role: "respond",
    named: (w) => any(w, "respond", "rsvp") && (eventWord(w) || eventsWord(w) || w.size === 1),
    needs: ["calendarId", "eventId", "response"],
    may: ["comment", "modificationScope", "originalStartTime", "sendUpdates"],
  },
  {
    role: "current_time",
    named: (w) => any(w, "time", "now") && any(w, "current", "now") && !eventWord(w),
    needs: [],
    may: ["timeZone"],
  },
  {
    role: "list_colors",
    named: (w) => any(w, "colors", "colour", "colours") || (any(w, "color") && any(w, "list")),
    needs: [],
    may: [],
  },
  {
    role: "manage_accounts",
    named: (w) => any(w, "accounts", "account") && any(w, "manage", "list"),
    needs: ["action"],
    may: ["account_id"],
  },
  {
    role: "list_calendars",
    named: (w) => any(w, "calendars") && any(w, "list", "get", "show"),
    needs: [],
    may: [],
  },
  {
    role: "create_events",
    named: (w) => eventsWord(w) && any(w, "create", "add", "bulk", "batch"),
    needs: ["events"],
    may: ["calendarId", "timeZone", "sendUpdates"],
  },
  {
    role: "create_event",
    named: (w) => eventWord(w) && any(w, "create", "add", "new", "insert"),
    needs: ["calendarId", "summary", "start", "end"],
    may: [
      ...EVENT_FIELDS,
      "eventId",
      "source",
      "duplicateSimilarityThreshold",
      "allowDuplicates",
      "eventType",
      "focusTimeProperties",
      "outOfOfficeProperties",
      "workingLocationProperties",
    ],
  },
  {
    role: "update_event",
    named: (w) => eventWord(w) && any(w, "update", "edit", "modify", "patch", "change"),
    needs: ["calendarId", "eventId"],
    may: [
      ...EVENT_FIELDS,
      "modificationScope",
      "originalStartTime",
      "futureStartDate",
      "checkConflicts",
    ],
  },
  {
    role: "delete_event",
    named: (w) => eventWord(w) && any(w, "delete", "remove", "cancel"),
    needs: ["calendarId", "eventId"],
    may: ["sendUpdates"],
  },
  {
    role: "search_events",
    named: (w) => eventsWord(w) && any(w, "search", "find"),
    needs: ["calendarId", "query"],
    may: RANGE,
  },
  {
    role: "list_events",
    named: (w) => eventsWord(w) && any(w, "list", "get"),
    needs: ["calendarId"],
    may: RANGE,
  },
  {
    role: "get_event",
    named: (w) => eventWord(w) && any(w, "get", "read", "show"),
    needs: ["calendarId", "eventId"],
    may: ["fields"],
  },
];

export type CalendarRoleMatch =
  | {
      ok: true;
      role: CalendarRole;
      /** The server's argument name for each slot it offers. */
      args: Partial<Record<CalendarSlot, string>>;
    }
  | { ok: false; role: CalendarRole; reason: string };

/** The tool's role, or undefined when its name names no calendar operation. */
export function matchCalendarRole(tool: SurfaceTool): CalendarRoleMatch | undefined {
  const rule = ruleNaming(RULES, tool);
  if (!rule) return undefined;
  const { props } = toolArguments(tool);
  const allowed = new Set<CalendarSlot>(["account", ...rule.needs, ...rule.may]);
  const args: Partial<Record<CalendarSlot, string>> = {};
  for (const name of Object.keys(props)) {
    const slot = (KNOWN as Record<string, CalendarSlot>)[squash(name)];
    if (slot === undefined || !allowed.has(slot) || args[slot] !== undefined) {
      return roleMisfit(rule.role, "calendar", `it takes an argument "${name}"`);
    }
    args[slot] = name;
  }
  const missing = rule.needs.find((s) => args[s] === undefined);
  if (missing !== undefined) {
    return {
      ok: false,
      role: rule.role,
      reason: `its name says ${rule.role.replaceAll("_", " ")} but it has no ${missing} argument`,
    };
  }
  return { ok: true, role: rule.role, args };
}

/**
 * A server is a calendar when its fitting tools list calendars, list events in a time range and
 * create events with a start and an end: the surface's calendars, events and clock need all three.
 */
export function looksLikeCalendar(
  fitting: readonly { role: CalendarRole; args: Partial<Record<CalendarSlot, string>> }[],
): boolean {
  const has = (role: CalendarRole) => fitting.some((f) => f.role === role);
  const ranged = fitting.some(
    (f) => f.role === "list_events" && f.args.timeMin !== undefined && f.args.timeMax !== undefined,
  );
  return has("list_calendars") && ranged && has("create_event");
}
