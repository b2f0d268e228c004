// The JavaScript of each calendar tool, written after the handlers of nspady/google-calendar-mcp
// over the Google Calendar API: answers are the server's structured JSON (events as
// StructuredEvent with startDayOfWeek, calendarId and accountId; create-event's conflicts,
// duplicates and warnings; free/busy blocks per calendar; the palette; the current time from the
// virtual clock). The server's and Google's refusals are tool errors that write nothing. What the
// surface cannot model honestly is refused by argument (C.unsupported, and the scopes and event
// types named in the bodies) rather than faked. The UI-only `dayContext`/`multiDayContext` the
// server adds for MCP Apps are left out of answers.
import type { ToolSpec } from "../../environment/spec";
import { CALENDAR_GUEST } from "./guest";
import { CALENDAR_BACKGROUNDS, EVENT_BACKGROUNDS } from "./people";
import type { CalendarRole, CalendarSlot } from "./roles";
import { CALENDAR_ZONE_WINDOW, CALENDAR_ZONES } from "./time";

const NOT_STORED = "events here carry no such data";
/** Arguments the surface refuses when given, with the reason, per role. */
export const UNSUPPORTED: Partial<Record<CalendarRole, Partial<Record<CalendarSlot, string>>>> = {
  create_event: {
    recurrence:
      "new recurring series are not expanded into instances; create each occurrence instead",
    conferenceData: "no conference (Google Meet) service is modelled",
    extendedProperties: NOT_STORED,
    attachments: "no Drive files are modelled",
    source: NOT_STORED,
    focusTimeProperties: "only default events are modelled",
    outOfOfficeProperties: "only default events are modelled",
    workingLocationProperties: "only default events are modelled",
  },
  update_event: {
    recurrence: "changing a series' rule would regenerate its instances, which is not modelled",
    conferenceData: "no conference (Google Meet) service is modelled",
    extendedProperties: NOT_STORED,
    attachments: "no Drive files are modelled",
    futureStartDate: "splitting a series (thisAndFollowing) is not modelled",
  },
};

const HEAD = `
  // An empty list asks for no mask, as the server's field-mask builder reads it.
  const fieldsArg = given("fields") === undefined || given("fields").length === 0 ? undefined : given("fields");`;

const LIST_CALENDARS = `
  return {
    calendars: calendarList().map((c) => ({
      id: c.calendar_id,
      summary: c.summary,
      description: c.description === null ? undefined : c.description,
      timeZone: c.time_zone,
      colorId: c.color_id,
      backgroundColor: c.background_color,
      foregroundColor: c.foreground_color,
      selected: true,
      accessRole: c.access_role,
      defaultReminders: JSON.parse(c.default_reminders),
      primary: c.is_primary === 1 ? true : undefined,
    })),
    totalCount: calendarList().length,
  };`;

/** list-events and search-events: per calendar, the range read in its zone (or timeZone). */
const RANGED = `
  const zoneArg = given("timeZone");
  if (zoneArg !== undefined) zoneMinutes(zoneArg);
  const cals = calendarArgs(given("calendarId"));
  const timeMin = given("timeMin");
  const timeMax = given("timeMax");
  const filters = (given("privateExtendedProperty") || []).concat(given("sharedExtendedProperty") || []);
  const asked = (Array.isArray(given("calendarId")) ? given("calendarId") : typeof given("calendarId") === "string" && given("calendarId").trim().charAt(0) === "[" ? JSON.parse(given("calendarId")) : [given("calendarId")]);
  // The ids the server queries: 'primary' and ids as given, names resolved.
  const order = cals.map((c, i) => resolvedId(asked[i], c));
  let found = [];
  for (const cal of cals) {
    const zone = zoneArg === undefined ? cal.time_zone : zoneArg;
    const min = bound(timeMin, zone, "timeMin");
    const max = bound(timeMax, zone, "timeMax");
    if (min !== null && max !== null && max <= min) bad("Bad Request: The specified time range is empty.");
    // No stored event has extended properties, so a filter on them matches none.
    if (filters.length > 0) continue;
    found = found.concat(eventsIn(cal.calendar_id, isoOf(min), isoOf(max)));
  }
  const position = cals.map((c) => c.calendar_id);
  const idOf = (r) => order[position.indexOf(r.calendar_id)];
  found.sort((a, b) => (a.starts_at < b.starts_at ? -1 : a.starts_at > b.starts_at ? 1 : position.indexOf(a.calendar_id) - position.indexOf(b.calendar_id) || a.number - b.number));`;

const LIST_EVENTS = `${HEAD}${RANGED}
  const events = found.map((r) => shape(r, fieldsArg, idOf(r)));
  return { events, totalCount: events.length, calendars: cals.length > 1 ? order : undefined };`;

const SEARCH_EVENTS = `${HEAD}${RANGED}
  // The range as the server normalises it: naive times read in the first calendar's zone.
  const firstZone = zoneArg === undefined ? cals[0].time_zone : zoneArg;
  const rfc = (t) => (t === undefined ? "" : /(Z|[+-]d{2}:d{2})$/.test(t) ? t : zoned(bound(t, firstZone, "time"), zoneMinutes(firstZone)));
  const terms = String(given("query")).toLowerCase().split(/\\s+/).filter((t) => t !== "");
  const text = (r) => [r.summary, r.description || "", r.location || "", r.organizer_email, r.organizer_name || ""]
    .concat(JSON.parse(r.attendees).map((a) => a.email + " " + (a.displayName || ""))).join(" ").toLowerCase();
  const events = found.filter((r) => terms.every((t) => text(r).indexOf(t) >= 0)).map((r) => shape(r, fieldsArg, idOf(r)));
  return {
    events,
    totalCount: events.length,
    query: given("query"),
    calendarId: cals.length === 1 ? order[0] : undefined,
    calendars: cals.length > 1 ? order : undefined,
    timeRange: timeMin !== undefined || timeMax !== undefined ? { start: rfc(timeMin), end: rfc(timeMax) } : undefined,
  };`;

const GET_EVENT = `${HEAD}
  const cal = calendarOf(given("calendarId"));
  const id = resolvedId(given("calendarId"), cal);
  const row = eventRow(cal.calendar_id, given("eventId"));
  if (row === null) fail("not_found", "Event with ID '" + given("eventId") + "' not found in calendar '" + id + "'.");
  return { event: shape(row, fieldsArg, id) };`;

const LIST_COLORS = `
  const palette = (map, fg) => {
    const out = {};
    for (const k of Object.keys(map)) out[k] = { background: map[k], foreground: fg };
    return out;
  };
  return { event: palette(C.eventColors, "#1d1d1d"), calendar: palette(C.calendarColors, "#1d1d1d") };`;

/** Builds a new event row from one create request (shared by create-event and create-events). */
const NEW_EVENT = `
  const newEvent = (req) => {
    const cal = writableCalendar(req.calendarId === undefined ? "primary" : req.calendarId);
    if (req.timeZone !== undefined) zoneMinutes(req.timeZone);
    const start = timeInput(req.start, req.timeZone, cal.time_zone, "start");
    const end = timeInput(req.end, req.timeZone, cal.time_zone, "end");
    checkSpan(start, end);
    checkColor(req.colorId);
    const reminders = checkReminders(req.reminders);
    const number = nextNumber();
    let id = eventIdFor(number);
    if (req.eventId !== undefined) {
      if (!/^[a-v0-9]{5,1024}$/.test(req.eventId)) bad("Invalid event ID: it must be 5-1024 characters of base32hex (lowercase letters a-v and digits 0-9)");
      if (ctx.one("SELECT 1 AS x FROM calendar_events WHERE event_id = ?", [req.eventId]) !== null) fail("conflict", "Event ID '" + req.eventId + "' already exists. Please use a different ID.");
      id = req.eventId;
    }
    const owner = accounts()[0];
    const self = cal.is_primary === 1;
    const options = {};
    for (const k of OPTIONS) if (req[k] !== undefined) options[k] = req[k];
    const now = nowIso();
    return {
      cal,
      startMs: start.ms,
      endMs: end.ms,
      allDay: start.allDay,
      row: {
        calendar_id: cal.calendar_id, event_id: id, number, summary: req.summary,
        description: req.description === undefined ? null : req.description,
        location: req.location === undefined ? null : req.location,
        start_date_time: start.dateTime, start_date: start.date, start_time_zone: start.timeZone,
        end_date_time: end.dateTime, end_date: end.date, end_time_zone: end.timeZone,
        starts_at: utc(start.ms), ends_at: utc(end.ms),
        attendees: JSON.stringify((req.attendees || []).map(attendeeIn)),
        organizer_email: self ? owner.email : cal.calendar_id,
        organizer_name: self ? owner.display_name : cal.summary,
        creator_email: owner.email,
        recurrence: null, recurring_event_id: null, original_start_time: null,
        reminders: JSON.stringify(reminders === undefined ? { useDefault: true } : reminders),
        color_id: req.colorId === undefined ? null : req.colorId,
        status: "confirmed",
        transparency: req.transparency === undefined ? "opaque" : req.transparency,
        visibility: req.visibility === undefined ? "default" : req.visibility,
        options: JSON.stringify(options),
        html_link: htmlLink(id, cal.calendar_id), ical_uid: id + "@google.com", sequence: 0,
        created: now, updated: now,
      },
    };
  };`;

const CREATE_EVENT = `${NEW_EVENT}
  const eventType = given("eventType");
  if (eventType !== undefined && eventType !== "default") fail("not_supported", "The argument " + A.eventType + " is not modelled: only default events are modelled");
  const req = { calendarId: given("calendarId") };
  for (const k of ["eventId", "summary", "description", "start", "end", "timeZone", "location", "attendees", "colorId", "reminders", "transparency", "visibility"].concat(OPTIONS)) req[k] = given(k);
  const made = newEvent(req);
  const threshold = given("duplicateSimilarityThreshold");
  const check = checkAgainst(
    { id: made.row.event_id, summary: made.row.summary, startMs: made.startMs, endMs: made.endMs, allDay: made.allDay },
    given("calendarsToCheck") || [resolvedId(given("calendarId"), made.cal)],
    true,
    threshold === undefined || threshold === 0 ? 0.7 : threshold,
  );
  const blocking = check.duplicates.find((d) => d.event.similarity >= 0.95);
  if (blocking !== undefined && given("allowDuplicates") !== true) {
    fail("conflict", "Duplicate event detected (" + Math.round(blocking.event.similarity * 100) + "% similar). Event " + JSON.stringify(blocking.event.title) + " already exists. To create anyway, set allowDuplicates to true.");
  }
  insertRow(made.row);
  syncCopies(made.row);
  return {
    event: shape(eventRow(made.row.calendar_id, made.row.event_id), undefined, resolvedId(req.calendarId, made.cal)),
    conflicts: check.conflicts.length > 0 ? check.conflicts : undefined,
    duplicates: check.duplicates.length > 0 ? check.duplicates : undefined,
    warnings: warningsOf(check),
  };`;

const CREATE_EVENTS = `${NEW_EVENT}
  const list = given("events");
  if (!Array.isArray(list) || list.length < 1 || list.length > 50) bad("events must hold 1 to 50 events");
  // Refusals of the whole call come before any event is written.
  list.forEach((e, i) => {
    for (const k of ["recurrence", "conferenceData"]) {
      if (e[k] !== undefined) fail("not_supported", "The argument events[" + i + "]." + k + " is not modelled: " + C.unsupportedBulk[k]);
    }
    if (e.account !== undefined) checkAccount(e.account);
  });
  const created = [];
  const failed = [];
  for (let i = 0; i < list.length; i++) {
    const e = list[i];
    const req = Object.assign({}, e, {
      calendarId: e.calendarId !== undefined ? e.calendarId : given("calendarId"),
      timeZone: e.timeZone !== undefined ? e.timeZone : given("timeZone"),
    });
    // Each event stands alone: a refused one is reported, the others are still created.
    try {
      const made = newEvent(req);
      insertRow(made.row);
      syncCopies(made.row);
      created.push(shape(eventRow(made.row.calendar_id, made.row.event_id), undefined, resolvedId(req.calendarId === undefined ? "primary" : req.calendarId, made.cal)));
    } catch (error) {
      if (error.code === "not_supported") throw error;
      failed.push({ index: i, summary: String(e.summary), error: String(error.message) });
    }
  }
  return { totalRequested: list.length, totalCreated: created.length, totalFailed: failed.length, created, failed: failed.length > 0 ? failed : undefined };`;

const UPDATE_EVENT = `
  const cal = writableCalendar(given("calendarId"));
  const scope = given("modificationScope");
  const base = eventOf(cal, given("eventId"));
  if (scope !== undefined && scope !== "all" && base.recurrence === null) bad('Scope other than "all" only applies to recurring events');
  if (scope === "thisAndFollowing") fail("not_supported", "The argument " + A.modificationScope + " is not modelled for thisAndFollowing: splitting a series is not modelled");
  let target = base;
  if (scope === "thisEventOnly") {
    const original = given("originalStartTime");
    if (original === undefined) bad("originalStartTime is required for single instance updates");
    const ms = instantOf(parseTime(original, "originalStartTime"), base.start_time_zone || cal.time_zone);
    const stamp = new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, "") + "Z";
    target = eventRow(cal.calendar_id, base.event_id + "_" + stamp);
    if (target === null) fail("not_found", "Resource not found: Not Found");
  }
  const series = target.recurrence !== null;
  const zoneArg = given("timeZone");
  if (zoneArg !== undefined) zoneMinutes(zoneArg);
  const next = Object.assign({}, target);
  const startArg = given("start");
  const endArg = given("end");
  if ((startArg !== undefined || endArg !== undefined) && series) {
    fail("not_supported", "Moving every instance of a recurring series is not modelled; use modificationScope thisEventOnly with originalStartTime");
  }
  const oldStart = { allDay: target.start_date_time === null, ms: Date.parse(target.starts_at) };
  const oldEnd = { allDay: target.end_date_time === null, ms: Date.parse(target.ends_at) };
  const start = startArg === undefined ? oldStart : timeInput(startArg, zoneArg, cal.time_zone, "start");
  const end = endArg === undefined ? oldEnd : timeInput(endArg, zoneArg, cal.time_zone, "end");
  checkSpan(start, end);
  if (startArg !== undefined) Object.assign(next, { start_date_time: start.dateTime, start_date: start.date, start_time_zone: start.timeZone, starts_at: utc(start.ms) });
  if (endArg !== undefined) Object.assign(next, { end_date_time: end.dateTime, end_date: end.date, end_time_zone: end.timeZone, ends_at: utc(end.ms) });
  for (const [slot, column] of [["summary", "summary"], ["description", "description"], ["location", "location"], ["colorId", "color_id"], ["transparency", "transparency"], ["visibility", "visibility"]]) {
    if (given(slot) !== undefined) next[column] = given(slot);
  }
  checkColor(given("colorId"));
  const reminders = checkReminders(given("reminders"));
  if (reminders !== undefined) next.reminders = JSON.stringify(reminders);
  const options = JSON.parse(target.options);
  for (const k of OPTIONS) if (given(k) !== undefined) options[k] = given(k);
  next.options = JSON.stringify(options);
  const attendeesArg = given("attendees");
  if (attendeesArg !== undefined) {
    // Like the server: keep what is known of a guest already invited, add new ones by email.
    const existing = JSON.parse(target.attendees);
    next.attendees = JSON.stringify(attendeesArg.map((a) => {
      const kept = existing.find((e) => e.email.toLowerCase() === a.email.toLowerCase());
      return kept !== undefined ? kept : { email: a.email, responseStatus: "needsAction" };
    }));
  }
  if (startArg !== undefined || endArg !== undefined) next.sequence = target.sequence + 1;
  next.updated = nowIso();
  let check = null;
  if (given("checkConflicts") !== false && (startArg !== undefined || endArg !== undefined)) {
    check = checkAgainst({ id: target.event_id, summary: next.summary, startMs: start.ms, endMs: end.ms, allDay: start.allDay }, given("calendarsToCheck") || [resolvedId(given("calendarId"), cal)], false, 1);
  }
  saveEverywhere(next);
  if (series) {
    // The series' shared fields reach every instance.
    for (const inst of ctx.query(EVENT + " WHERE recurring_event_id = ?", [target.event_id])) {
      const copy = Object.assign({}, inst);
      for (const c of ["summary", "description", "location", "color_id", "transparency", "visibility", "reminders", "options", "attendees"]) copy[c] = next[c];
      copy.updated = next.updated;
      saveEverywhere(copy);
    }
  }
  return {
    event: shape(eventRow(cal.calendar_id, target.event_id), undefined, resolvedId(given("calendarId"), cal)),
    conflicts: check !== null && check.conflicts.length > 0 ? check.conflicts : undefined,
    warnings: check === null ? undefined : warningsOf(check),
  };`;

const DELETE_EVENT = `
  const cal = writableCalendar(given("calendarId"));
  const row = eventOf(cal, given("eventId"));
  if (row.recurrence !== null) {
    ctx.run("DELETE FROM calendar_events WHERE calendar_id = ? AND recurring_event_id = ?", [cal.calendar_id, row.event_id]);
  }
  // The organizer's delete cancels the meeting for every guest; a guest's only removes their copy.
  if (row.organizer_email === cal.calendar_id) ctx.run("DELETE FROM calendar_events WHERE event_id = ?", [row.event_id]);
  else ctx.run("DELETE FROM calendar_events WHERE calendar_id = ? AND event_id = ?", [cal.calendar_id, row.event_id]);
  return { success: true, eventId: given("eventId"), calendarId: given("calendarId"), message: "Event deleted successfully" };`;

const FREEBUSY = `
  const zoneArg = given("timeZone");
  const zone = zoneArg === undefined ? "UTC" : zoneArg;
  const minutes = zoneMinutes(zone);
  const min = bound(given("timeMin"), zone, "timeMin");
  const max = bound(given("timeMax"), zone, "timeMax");
  if (max - min > 3 * 30 * 24 * 60 * 60 * 1000) bad("The time gap between timeMin and timeMax must be less than 3 months");
  if (max <= min) bad("Bad Request: The specified time range is empty.");
  const calendars = {};
  for (const item of given("calendars")) {
    const cal = item.id === "primary" || String(item.id).indexOf("@") >= 0 ? findCalendar(item.id) : undefined;
    if (cal === undefined) {
      calendars[item.id] = { busy: [], errors: [{ domain: "global", reason: "notFound" }] };
      continue;
    }
    const blocks = [];
    for (const r of eventsIn(cal.calendar_id, utc(min), utc(max))) {
      if (r.transparency === "transparent") continue;
      const self = JSON.parse(r.attendees).find((a) => a.email === cal.calendar_id);
      if (self !== undefined && self.responseStatus === "declined") continue;
      const s = Math.max(min, Date.parse(r.starts_at));
      const e = Math.min(max, Date.parse(r.ends_at));
      const last = blocks[blocks.length - 1];
      if (last !== undefined && s <= last.e) last.e = Math.max(last.e, e);
      else blocks.push({ s, e });
    }
    calendars[item.id] = { busy: blocks.map((b) => ({ start: zoned(b.s, minutes), end: zoned(b.e, minutes) })) };
  }
  return { timeMin: given("timeMin"), timeMax: given("timeMax"), calendars };`;

const CURRENT_TIME = `
  const zoneArg = given("timeZone");
  const zone = zoneArg === undefined ? primary().time_zone : zoneArg;
  const minutes = zoneMinutes(zone);
  const now = Date.parse(ctx.now());
  const local = new Date(now + minutes * 60000).toISOString();
  return {
    currentTime: local.slice(0, 23) + offsetText(minutes),
    timezone: zone,
    offset: offsetText(minutes),
    isDST: C.dst.indexOf(zone) >= 0,
    dayOfWeek: DAYS[new Date(now + minutes * 60000).getUTCDay()],
  };`;

const RESPOND = `
  const cal = writableCalendar(given("calendarId"));
  const scope = given("modificationScope");
  const response = given("response");
  let eventId = given("eventId");
  if (scope === "thisEventOnly") {
    const original = given("originalStartTime");
    if (original === undefined) bad('originalStartTime is required when modificationScope is "thisEventOnly"');
    const base = eventOf(cal, eventId);
    if (base.recurrence === null) bad('modificationScope "thisEventOnly" can only be used with recurring events');
    const ms = instantOf(parseTime(original, "originalStartTime"), base.start_time_zone || cal.time_zone);
    eventId = eventId + "_" + new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, "") + "Z";
  } else if (scope === "all") {
    eventId = eventId.split("_")[0];
  }
  const row = eventOf(cal, eventId);
  const attendees = JSON.parse(row.attendees);
  const mine = attendees.findIndex((a) => a.email === cal.calendar_id);
  if (mine < 0) fail("permission_denied", "You are not an attendee of this event. Only attendees can respond to event invitations.");
  if (attendees[mine].organizer === true) fail("permission_denied", "You are the organizer of this event. Organizers do not respond to their own event invitations.");
  const comment = given("comment");
  const answer = (list) => list.map((a) => (a.email === cal.calendar_id ? Object.assign({}, a, { responseStatus: response }, comment !== undefined ? { comment } : {}) : a));
  const now = nowIso();
  saveEverywhere(Object.assign({}, row, { attendees: JSON.stringify(answer(attendees)), updated: now }));
  if (row.recurrence !== null && scope !== "thisEventOnly") {
    for (const inst of ctx.query(EVENT + " WHERE calendar_id = ? AND recurring_event_id = ?", [cal.calendar_id, row.event_id])) {
      saveEverywhere(Object.assign({}, inst, { attendees: JSON.stringify(answer(JSON.parse(inst.attendees))), updated: now }));
    }
  }
  let message = 'Your response has been set to "' + response + '"';
  if (scope === "thisEventOnly") message += " for this instance only";
  else if (scope === "all") message += " for all instances";
  if (comment) message += ' with note: "' + comment + '"';
  return { event: shape(eventRow(cal.calendar_id, eventId), undefined, resolvedId(given("calendarId"), cal)), responseStatus: response, message };`;

const MANAGE_ACCOUNTS = `
  const action = given("action");
  if (action !== "list") fail("not_supported", "Only the list action is modelled: adding or removing an account runs Google's OAuth sign-in in a browser, outside the environment");
  const wanted = given("account_id");
  const all = accounts();
  if (wanted !== undefined && !all.some((a) => a.account_id === String(wanted).toLowerCase())) fail("not_found", 'Account "' + wanted + '" not found. Available accounts: ' + all.map((a) => a.account_id).join(", "));
  const main = primary();
  const list = all.filter((a) => wanted === undefined || a.account_id === String(wanted).toLowerCase()).map((a) => ({
    account_id: a.account_id,
    status: a.status,
    email: a.email,
    calendar_count: calendarList().length,
    primary_calendar: { id: main.calendar_id, name: main.summary, timezone: main.time_zone },
  }));
  return { accounts: list, total_accounts: list.length };`;

const BODIES: Record<CalendarRole, string> = {
  list_calendars: LIST_CALENDARS,
  list_events: LIST_EVENTS,
  search_events: SEARCH_EVENTS,
  get_event: GET_EVENT,
  list_colors: LIST_COLORS,
  create_event: CREATE_EVENT,
  create_events: CREATE_EVENTS,
  update_event: UPDATE_EVENT,
  delete_event: DELETE_EVENT,
  freebusy: FREEBUSY,
  current_time: CURRENT_TIME,
  respond: RESPOND,
  manage_accounts: MANAGE_ACCOUNTS,
};

const WRITES: ReadonlySet<CalendarRole> = new Set([
  "create_event",
  "create_events",
  "update_event",
  "delete_event",
  "respond",
]);

export function calendarEffect(role: CalendarRole): ToolSpec["effect"] {
  return WRITES.has(role) ? "write" : "read";
}

const CONSTANTS = {
  zones: CALENDAR_ZONES,
  window: CALENDAR_ZONE_WINDOW,
  /** Zones on summer time during the window (the southern hemisphere's). */
  dst: ["Australia/Sydney"],
  eventColors: EVENT_BACKGROUNDS,
  calendarColors: CALENDAR_BACKGROUNDS,
  defaultFields: [
    "id",
    "summary",
    "start",
    "end",
    "status",
    "htmlLink",
    "location",
    "attendees",
    "reminders",
    "recurrence",
  ],
  unsupportedBulk: {
    recurrence: UNSUPPORTED.create_event?.recurrence,
    conferenceData: UNSUPPORTED.create_event?.conferenceData,
  },
};

/** `function name(args, ctx) { const C = {...}; const A = {...}; helpers; body }`. */
export function calendarImplementation(code: {
  role: CalendarRole;
  functionName: string;
  args: Partial<Record<CalendarSlot, string>>;
}): string {
  const unsupported = Object.fromEntries(
    Object.entries(UNSUPPORTED[code.role] ?? {}).filter(
      ([slot]) => code.args[slot as CalendarSlot] !== undefined,
    ),
  );
  return [
    `function ${code.functionName}(args, ctx) {`,
    `  const C = ${JSON.stringify({ ...CONSTANTS, unsupported })};`,
    `  const A = ${JSON.stringify(code.args)};`,
    `  ${CALENDAR_GUEST.trim()}`,
    `  ${BODIES[code.role].trim()}`,
    "}",
  ].join("\n");
}
