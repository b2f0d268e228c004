// The calendar surface: Google-Calendar-like servers (nspady/google-calendar-mcp and look-alikes)
// that list calendars, list, search, read, create, change and delete events by calendar and
// event id over a time range, answer free/busy blocks and invitations, and give the palette and
// the current time. Recognised by a general criterion (mcp-calendar-roles.ts): each tool's name
// says a calendar operation and its arguments are ones the operation takes, and the server lists
// calendars, lists events in a time range and creates events. The model is three tables
// (calendar_accounts, calendar_calendars, calendar_events) seeded with four weeks of meetings
// around the virtual clock's start (mcp-calendar-seed.ts); each tool answers as the real
// server's handler does (mcp-calendar-tools.ts).
import type { ToolSpec } from "../environment/spec";
import { validateArguments } from "../json-schema/validate-arguments";
import { CALENDARS } from "./mcp-calendar-people";
import {
  type CalendarRole,
  type CalendarRoleMatch,
  looksLikeCalendar,
  matchCalendarRole,
} from "./mcp-calendar-roles";
import {
  CALENDAR_COLUMNS,
  CALENDAR_SCHEMA_SQL,
  CALENDAR_TABLES,
  calendarRows,
} from "./mcp-calendar-seed";
import { calendarToolTests } from "./mcp-calendar-tests";
import { calendarEffect, calendarImplementation } from "./mcp-calendar-tools";
import type { McpImportReport } from "./mcp-import-report";
import { isJsonObject, type JsonObject } from "./mcp-spec-schema";
import type { McpSurface, SurfaceImport, SurfaceInput, SurfaceTool } from "./mcp-surface";

/** The verb the import report shows, and the table each role works on. */
const ROLES: Record<CalendarRole, { verb: string; table: keyof typeof CALENDAR_TABLES }> = {
  list_calendars: { verb: "list", table: "calendars" },
  list_events: { verb: "list", table: "events" },
  search_events: { verb: "search", table: "events" },
  get_event: { verb: "get", table: "events" },
  list_colors: { verb: "list", table: "calendars" },
  create_event: { verb: "create", table: "events" },
  create_events: { verb: "create", table: "events" },
  update_event: { verb: "update", table: "events" },
  delete_event: { verb: "delete", table: "events" },
  freebusy: { verb: "get", table: "events" },
  current_time: { verb: "get", table: "accounts" },
  respond: { verb: "update", table: "events" },
  manage_accounts: { verb: "list", table: "accounts" },
};

export const calendarSurface: McpSurface = {
  name: "calendar",
  recognise(input: SurfaceInput): SurfaceImport | undefined {
    const matched = input.tools.flatMap((tool) => {
      const match = matchCalendarRole(tool);
      return match ? [{ tool, match }] : [];
    });
    const fitting = matched.flatMap((m) => (m.match.ok ? [m.match] : []));
    if (!looksLikeCalendar(fitting)) return undefined;
    return importCalendar(input, matched);
  },
};

function importCalendar(
  input: SurfaceInput,
  matched: readonly { tool: SurfaceTool; match: CalendarRoleMatch }[],
): SurfaceImport {
  const leftOut: McpImportReport["leftOut"] = [];
  const tools: ToolSpec[] = [];
  const implemented: McpImportReport["implemented"] = [];
  const notes: string[] = [];
  for (const { tool, match } of matched) {
    const original = tool.original;
    if (!match.ok) {
      leftOut.push({ tool: original.name, status: "not yet implemented", reason: match.reason });
      continue;
    }
    const tests = calendarToolTests({ role: match.role, args: match.args });
    const invalid = tests.find(
      (t) => t.expect.error === undefined && !validateArguments(tool.schema, t.args).valid,
    );
    if (invalid || !isJsonObject(original.inputSchema)) {
      leftOut.push({
        tool: original.name,
        status: "not yet implemented",
        reason: `could not build test arguments valid for its inputSchema (${invalid?.name ?? "schema"})`,
      });
      continue;
    }
    const name = input.publishName(original.name);
    if (name !== original.name)
      notes.push(
        `${original.name} is published as ${name} (tool names allow letters, digits and _)`,
      );
    tools.push({
      name,
      description: (original.description ?? name).slice(0, 4000) || name,
      inputSchema: original.inputSchema as JsonObject,
      effect: calendarEffect(match.role),
      implementation: calendarImplementation({
        role: match.role,
        functionName: name,
        args: match.args,
      }),
      tests,
    });
    implemented.push({
      tool: name,
      original: original.name,
      table: CALENDAR_TABLES[ROLES[match.role].table],
      verb: ROLES[match.role].verb,
      surface: "calendar",
    });
  }
  const rows = calendarRows();
  notes.push(
    `calendar: one account and ${CALENDARS.length} calendars (${CALENDARS.map((c) => `${c.summary} ${c.accessRole}`).join(", ")}) with ${rows.events.length} event rows from Monday 30 December 2024 to Friday 24 January 2025 around the virtual clock's start (two recurring series stored as master and instances, meetings with Sam Rivera on both calendars); time zones have fixed offsets valid from 3 November 2024 to 8 March 2025 and times outside are refused; new recurring series, conference links, attachments, extended properties, non-default event types, splitting a series (thisAndFollowing), moving a whole series, and adding or removing accounts are refused by argument as not modelled; the UI-only dayContext is left out of answers`,
  );
  const keys: Record<keyof typeof CALENDAR_TABLES, string> = {
    accounts: "account_id",
    calendars: "calendar_id",
    events: "calendar_id, event_id",
  };
  const tableKeys = Object.keys(CALENDAR_TABLES) as (keyof typeof CALENDAR_TABLES)[];
  return {
    surface: "calendar",
    claimed: matched.map((m) => m.tool.original.name),
    schemaSql: CALENDAR_SCHEMA_SQL,
    seed: {
      tables: Object.fromEntries(
        tableKeys.map((k) => [
          CALENDAR_TABLES[k],
          { columns: [...CALENDAR_COLUMNS[k]], rows: rows[k] },
        ]),
      ),
    },
    tools,
    tables: tableKeys.map((k) => ({
      name: CALENDAR_TABLES[k],
      key: keys[k],
      columns: [...CALENDAR_COLUMNS[k]],
      rows: rows[k].length,
    })),
    implemented,
    leftOut,
    notes,
  };
}
