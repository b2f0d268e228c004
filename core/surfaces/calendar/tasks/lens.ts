// How task synthesis sees a calendar environment (the Google-Calendar-like servers imported by
// core/surfaces/calendar/surface.ts): which published tool plays which calendar role,
// recognised by the importer's own criterion (core/surfaces/calendar/roles.ts), and the argument name each
// slot takes there. Tasks need the calendar list and the ranged event list (the only way to see
// events and their ids), and the surface's tables, so that a tool of that name built by another
// path is not taken for one of ours.
import type { ToolSpec } from "../../../environment/spec";
import { listUserTables } from "../../../episode/schema-introspection";
import type { SqlDatabase } from "../../../episode/sql-database";
import type { JsonObject } from "../../../mcp/spec-schema";
import { type CalendarRole, type CalendarSlot, matchCalendarRole } from "../roles";
import { CALENDAR_TABLES } from "../seed";

export interface CalendarTool {
  name: string;
  /** The argument name for each slot the tool takes. */
  args: Partial<Record<CalendarSlot, string>>;
}

export type CalendarLens = Partial<Record<CalendarRole, CalendarTool>> & {
  list_calendars: CalendarTool;
  list_events: CalendarTool;
};

/** The lens, or undefined unless the environment is a calendar this source can read. */
export function calendarLens(
  db: SqlDatabase,
  tools: readonly ToolSpec[],
): CalendarLens | undefined {
  const tables = new Set(listUserTables(db).map((t) => t.name));
  if (!Object.values(CALENDAR_TABLES).every((t) => tables.has(t))) return undefined;
  const found: Partial<Record<CalendarRole, CalendarTool>> = {};
  for (const tool of tools) {
    const schema = tool.inputSchema as JsonObject;
    const match = matchCalendarRole({
      original: { name: tool.name, description: tool.description, inputSchema: schema },
      schema,
    });
    if (match?.ok && found[match.role] === undefined) {
      found[match.role] = { name: tool.name, args: match.args };
    }
  }
  const { list_calendars, list_events } = found;
  if (!list_calendars || !list_events?.args.timeMin || !list_events.args.timeMax) return undefined;
  return { ...found, list_calendars, list_events };
}
