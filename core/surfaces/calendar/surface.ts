// The calendar surface: Google-Calendar-like servers (nspady/google-calendar-mcp and look-alikes)
// that list calendars, list, search, read, create, change and delete events by calendar and
// event id over a time range, answer free/busy blocks and invitations, and give the palette and
// the current time. Recognised by a general criterion (roles.ts): each tool's name
// says a calendar operation and its arguments are ones the operation takes, and the server lists
// calendars, lists events in a time range and creates events. The model is three tables
// (calendar_accounts, calendar_calendars, calendar_events) seeded with four weeks of meetings
// around the virtual clock's start (seed.ts); each tool answers as the real
// server's handler does (tools.ts).
import { fittingMatches, matchTools } from "../kit/role-matching";
import { importRoleSurface, roleTables } from "../kit/role-surface";
import type { McpSurface, SurfaceImport, SurfaceInput, SurfaceTool } from "../surface";
import { CALENDARS } from "./people";
import {
  type CalendarRole,
  type CalendarRoleMatch,
  looksLikeCalendar,
  matchCalendarRole,
} from "./roles";
import { CALENDAR_COLUMNS, CALENDAR_SCHEMA_SQL, CALENDAR_TABLES, calendarRows } from "./seed";
import { calendarToolTests } from "./tests";
import { calendarEffect, calendarImplementation } from "./tools";

/** The verb the import report shows, and the table each role works on. */
const ROLES: Record<CalendarRole, { verb: string; table: string }> = {
  list_calendars: { verb: "list", table: CALENDAR_TABLES.calendars },
  list_events: { verb: "list", table: CALENDAR_TABLES.events },
  search_events: { verb: "search", table: CALENDAR_TABLES.events },
  get_event: { verb: "get", table: CALENDAR_TABLES.events },
  list_colors: { verb: "list", table: CALENDAR_TABLES.calendars },
  create_event: { verb: "create", table: CALENDAR_TABLES.events },
  create_events: { verb: "create", table: CALENDAR_TABLES.events },
  update_event: { verb: "update", table: CALENDAR_TABLES.events },
  delete_event: { verb: "delete", table: CALENDAR_TABLES.events },
  freebusy: { verb: "get", table: CALENDAR_TABLES.events },
  current_time: { verb: "get", table: CALENDAR_TABLES.accounts },
  respond: { verb: "update", table: CALENDAR_TABLES.events },
  manage_accounts: { verb: "list", table: CALENDAR_TABLES.accounts },
};

export const calendarSurface: McpSurface = {
  name: "calendar",
  recognise(input: SurfaceInput): SurfaceImport | undefined {
    const matched = matchTools(input.tools, matchCalendarRole);
    const fitting = fittingMatches(matched);
    if (!looksLikeCalendar(fitting)) return undefined;
    return importCalendar(input, matched);
  },
};

function importCalendar(
  input: SurfaceInput,
  matched: readonly { tool: SurfaceTool; match: CalendarRoleMatch }[],
): SurfaceImport {
  const rows = calendarRows();
  const table = roleTables(CALENDAR_TABLES, CALENDAR_COLUMNS, rows);
  return importRoleSurface(input, matched, {
    surface: "calendar",
    schemaSql: CALENDAR_SCHEMA_SQL,
    tables: [
      table("accounts", "account_id"),
      table("calendars", "calendar_id"),
      table("events", "calendar_id, event_id"),
    ],
    roles: ROLES,
    tests: ({ role, args }) => calendarToolTests({ role, args }),
    tool: ({ role, args }, name) => ({
      effect: calendarEffect(role),
      implementation: calendarImplementation({ role, functionName: name, args }),
    }),
    notes: [
      `calendar: one account and ${CALENDARS.length} calendars (${CALENDARS.map((c) => `${c.summary} ${c.accessRole}`).join(", ")}) with ${rows.events.length} event rows from Monday 30 December 2024 to Friday 24 January 2025 around the virtual clock's start (two recurring series stored as master and instances, meetings with Sam Rivera on both calendars); time zones have fixed offsets valid from 3 November 2024 to 8 March 2025 and times outside are refused; new recurring series, conference links, attachments, extended properties, non-default event types, splitting a series (thisAndFollowing), moving a whole series, and adding or removing accounts are refused by argument as not modelled; the UI-only dayContext is left out of answers`,
    ],
  });
}
