// The guest helpers every calendar tool shares (JavaScript run in the sandbox): reading arguments
// by the server's names, the account and calendar checks (ids, 'primary', or calendar names as
// the real server resolves them), ISO 8601 parsing in the modelled zones (time.ts
// gives the same rules in TypeScript), event rows shaped as the server's StructuredEvent, the
// duplicate and conflict checks of its ConflictDetectionService, and copying a meeting onto the
// calendars of guests the account can see. Arguments only ever travel as SQL parameters.
export const CALENDAR_GUEST = String.raw`
  const given = (slot) => (A[slot] === undefined ? undefined : args[A[slot]]);
  const fail = (code, message) => ctx.fail(code, message);
  const bad = (message) => fail("invalid_argument", message);
  for (const slot of Object.keys(C.unsupported)) {
    if (given(slot) !== undefined) fail("not_supported", "The argument " + A[slot] + " is not modelled: " + C.unsupported[slot]);
  }
  const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
  const pad2 = (n) => (n < 10 ? "0" : "") + n;
  const offsetText = (m) => {
    if (m === 0) return "Z";
    const abs = Math.abs(m);
    return (m < 0 ? "-" : "+") + pad2(Math.floor(abs / 60)) + ":" + pad2(abs % 60);
  };
  const zoned = (ms, m) => new Date(ms + m * 60000).toISOString().slice(0, 19) + offsetText(m);
  const utc = (ms) => zoned(ms, 0);
  const zoneMinutes = (zone) => {
    if (typeof zone === "string" && has(C.zones, zone)) return C.zones[zone];
    if (typeof zone === "string" && /^[A-Za-z]+(\/[A-Za-z0-9_+-]+)+$/.test(zone)) {
      fail("not_supported", "The time zone " + zone + " is not modelled; the modelled zones are " + Object.keys(C.zones).join(", "));
    }
    bad("Invalid timezone: " + zone + ". Use IANA format (e.g. 'America/Los_Angeles').");
  };
  const inWindow = (ms) => {
    if (ms < C.window.from || ms > C.window.to) {
      fail("not_supported", "Times before " + utc(C.window.from) + " or after " + utc(C.window.to) + " are not modelled: the zone offsets are fixed for that winter");
    }
  };
  const TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
  const parseTime = (text, what) => {
    const m = typeof text === "string" ? TIME.exec(text) : null;
    if (m === null) bad("Bad Request: Invalid " + what + ": " + JSON.stringify(text) + " is not an ISO 8601 date or date-time");
    const p = { y: +m[1], mo: +m[2], d: +m[3], h: m[4] === undefined ? 0 : +m[4], mi: m[5] === undefined ? 0 : +m[5], s: m[6] === undefined ? 0 : +m[6], dateOnly: m[4] === undefined, offset: null };
    if (m[7] !== undefined) p.offset = m[7] === "Z" ? 0 : (m[7][0] === "-" ? -1 : 1) * (+m[7].slice(1, 3) * 60 + +m[7].slice(4, 6));
    const local = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s);
    const back = new Date(local);
    if (p.mo < 1 || p.mo > 12 || back.getUTCDate() !== p.d || p.h > 23 || p.mi > 59 || p.s > 59) bad("Bad Request: Invalid " + what + ": " + JSON.stringify(text));
    p.local = local;
    p.date = text.slice(0, 10);
    return p;
  };
  /** The UTC instant of a parsed time: its own offset, else the zone's (checked against the window). */
  const instantOf = (p, zone) => {
    if (p.offset !== null) return p.local - p.offset * 60000;
    const ms = p.local - zoneMinutes(zone) * 60000;
    inWindow(ms);
    return ms;
  };
  /** A range bound: ISO text, naive ones read in the zone. */
  const bound = (text, zone, what) => (text === undefined ? null : instantOf(parseTime(text, what), zone));
  const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
  const dayName = (text) => DAYS[new Date(Date.UTC(+text.slice(0, 4), +text.slice(5, 7) - 1, +text.slice(8, 10))).getUTCDay()];
  const BASE32HEX = "0123456789abcdefghijklmnopqrstuv";
  const eventIdFor = (number) => {
    let h = (0x811c9dc5 ^ number) >>> 0;
    let out = "";
    for (let i = 0; i < 26; i++) {
      h = Math.imul(h ^ (i + number * 31), 0x01000193) >>> 0;
      h ^= h >>> 13;
      out += BASE32HEX[h & 31];
    }
    return out;
  };
  const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const htmlLink = (id, calendarId) => {
    const text = id + " " + calendarId;
    let out = "";
    for (let i = 0; i < text.length; i += 3) {
      const n = (text.charCodeAt(i) << 16) | ((i + 1 < text.length ? text.charCodeAt(i + 1) : 0) << 8) | (i + 2 < text.length ? text.charCodeAt(i + 2) : 0);
      out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63];
      if (i + 1 < text.length) out += B64[(n >> 6) & 63];
      if (i + 2 < text.length) out += B64[n & 63];
    }
    return "https://www.google.com/calendar/event?eid=" + out;
  };
  const accounts = () => ctx.query("SELECT account_id, email, display_name, status FROM calendar_accounts ORDER BY account_id");
  const checkAccount = (value) => {
    const known = accounts().map((a) => a.account_id);
    const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
    for (const raw of list) {
      const id = String(raw).toLowerCase();
      if (!/^[a-z0-9_-]{1,64}$/.test(id)) bad("Invalid account ID: " + JSON.stringify(raw));
      if (known.indexOf(id) < 0) fail("not_found", 'Account "' + id + '" not found. Available accounts: ' + known.join(", "));
    }
    return known[0];
  };
  const ACCOUNT = checkAccount(given("account"));
  const CALENDARS = "SELECT calendar_id, summary, description, time_zone, access_role, color_id, background_color, foreground_color, is_primary, default_reminders FROM calendar_calendars ORDER BY position";
  const calendarList = () => ctx.query(CALENDARS);
  const primary = () => calendarList().find((c) => c.is_primary === 1);
  const findCalendar = (nameOrId) => {
    const all = calendarList();
    if (nameOrId === "primary") return all.find((c) => c.is_primary === 1);
    const byId = all.find((c) => c.calendar_id === nameOrId);
    if (byId !== undefined || String(nameOrId).indexOf("@") >= 0) return byId;
    const lower = String(nameOrId).toLowerCase();
    return all.find((c) => c.summary.toLowerCase() === lower);
  };
  const notFoundCalendars = (missing) => fail("not_found", "Calendar(s) not found: " + missing.map((m) => JSON.stringify(String(m))).join(", ") + ". Available calendars: " + calendarList().map((c) => JSON.stringify(c.summary) + " (" + c.calendar_id + ")").join(", ") + ". Use 'list-calendars' tool to see all available calendars.");
  const calendarOf = (nameOrId) => {
    const found = findCalendar(nameOrId);
    if (found === undefined) notFoundCalendars([nameOrId]);
    return found;
  };
  /** The id the server goes on with: 'primary' and ids as given, a name resolved. */
  const resolvedId = (nameOrId, cal) => (nameOrId === "primary" || String(nameOrId).indexOf("@") >= 0 ? nameOrId : cal.calendar_id);
  const writableCalendar = (nameOrId) => {
    const found = findCalendar(nameOrId);
    if (found === undefined || (found.access_role !== "owner" && found.access_role !== "writer")) {
      fail(found === undefined ? "not_found" : "permission_denied", "No account has write access to calendar " + JSON.stringify(String(nameOrId)) + ". Available accounts: " + ACCOUNT + ". Please ensure the calendar exists and you have the necessary permissions, or specify the 'account' parameter explicitly.");
    }
    return found;
  };
  /** A calendarId argument: one id or name, an array, or a JSON array in a string. */
  const calendarArgs = (value) => {
    let list = value;
    if (typeof value === "string" && value.trim().charAt(0) === "[") {
      try { list = JSON.parse(value); } catch (e) { bad("Invalid JSON array of calendar IDs: " + value); }
    }
    list = Array.isArray(list) ? list : [list];
    if (list.length === 0 || list.some((c) => typeof c !== "string" || c === "")) bad("calendarId must be a non-empty string or array of strings");
    if (new Set(list).size !== list.length) bad("Duplicate calendar IDs are not allowed");
    const missing = list.filter((c) => findCalendar(c) === undefined);
    if (missing.length > 0) notFoundCalendars(missing);
    return list.map((c) => findCalendar(c));
  };
  const EVENT = "SELECT * FROM calendar_events";
  const eventRow = (calendarId, eventId) => ctx.one(EVENT + " WHERE calendar_id = ? AND event_id = ?", [calendarId, eventId]);
  const eventOf = (calendar, eventId) => {
    const found = eventRow(calendar.calendar_id, eventId);
    if (found === null) fail("not_found", "Resource not found: Not Found");
    return found;
  };
  const timeObject = (dateTime, date, zone) => (dateTime !== null ? (zone !== null ? { dateTime, timeZone: zone } : { dateTime }) : { date });
  const attendeeOut = (a, calendarId) => ({
    email: a.email,
    displayName: a.displayName,
    responseStatus: a.responseStatus,
    optional: a.optional,
    organizer: a.organizer,
    self: a.email === calendarId ? true : undefined,
    comment: a.comment,
    additionalGuests: a.additionalGuests,
  });
  /** A stored event as the server's StructuredEvent (calendarId as the caller named it); with fields, only the defaults and those. */
  const shape = (r, fields, asId) => {
    const start = timeObject(r.start_date_time, r.start_date, r.start_time_zone);
    const end = timeObject(r.end_date_time, r.end_date, r.end_time_zone);
    const attendees = JSON.parse(r.attendees);
    const options = JSON.parse(r.options);
    const e = {
      id: r.event_id,
      summary: r.summary,
      description: r.description === null ? undefined : r.description,
      location: r.location === null ? undefined : r.location,
      start,
      end,
      startDayOfWeek: dayName(start.dateTime || start.date),
      endDayOfWeek: dayName(end.dateTime || end.date),
      status: r.status,
      htmlLink: r.html_link,
      created: r.created,
      updated: r.updated,
      colorId: r.color_id === null ? undefined : r.color_id,
      creator: { email: r.creator_email, self: r.creator_email === r.calendar_id ? true : undefined },
      organizer: { email: r.organizer_email, displayName: r.organizer_name === null ? undefined : r.organizer_name, self: r.organizer_email === r.calendar_id ? true : undefined },
      attendees: attendees.length > 0 ? attendees.map((a) => attendeeOut(a, r.calendar_id)) : undefined,
      recurrence: r.recurrence === null ? undefined : JSON.parse(r.recurrence),
      recurringEventId: r.recurring_event_id === null ? undefined : r.recurring_event_id,
      originalStartTime: r.original_start_time === null ? undefined : r.start_date_time === null ? { date: r.original_start_time } : { dateTime: r.original_start_time, timeZone: r.start_time_zone === null ? undefined : r.start_time_zone },
      transparency: r.transparency === "transparent" ? "transparent" : undefined,
      visibility: r.visibility === "default" ? undefined : r.visibility,
      iCalUID: r.ical_uid,
      sequence: r.sequence,
      reminders: JSON.parse(r.reminders),
      eventType: "default",
      anyoneCanAddSelf: options.anyoneCanAddSelf,
      guestsCanInviteOthers: options.guestsCanInviteOthers,
      guestsCanModify: options.guestsCanModify,
      guestsCanSeeOtherGuests: options.guestsCanSeeOtherGuests,
      calendarId: asId === undefined ? r.calendar_id : asId,
      accountId: ACCOUNT,
    };
    if (fields === undefined) return e;
    const keep = C.defaultFields.concat(fields, ["startDayOfWeek", "endDayOfWeek", "calendarId", "accountId"]);
    if (keep.indexOf("start") < 0) keep.push("startDayOfWeek");
    const out = {};
    for (const k of Object.keys(e)) if (keep.indexOf(k) >= 0) out[k] = e[k];
    return out;
  };
  /** Events of one calendar overlapping [min, max) (either may be null), by start, series masters left out. */
  const eventsIn = (calendarId, min, max) => ctx.query(
    EVENT + " WHERE calendar_id = ? AND recurrence IS NULL AND status <> 'cancelled' AND (? IS NULL OR ends_at > ?) AND (? IS NULL OR starts_at < ?) ORDER BY starts_at, number",
    [calendarId, min, min, max, max],
  );
  const isoOf = (ms) => (ms === null ? null : utc(ms));
  /** A start or end argument: 'YYYY-MM-DD', a date-time, or JSON {dateTime, timeZone} / {date}. */
  const timeInput = (raw, zone, calendarZone, what) => {
    let text = raw;
    let ownZone = zone;
    if (typeof raw === "string" && raw.trim().charAt(0) === "{") {
      let o = null;
      try { o = JSON.parse(raw); } catch (e) { bad("Bad Request: Invalid " + what + " time: " + raw); }
      if (o === null || typeof o !== "object") bad("Bad Request: Invalid " + what + " time: " + raw);
      text = o.date !== undefined ? o.date : o.dateTime;
      if (o.timeZone !== undefined) ownZone = o.timeZone;
    }
    const p = parseTime(text, what + " time");
    if (p.dateOnly) {
      const ms = p.local - zoneMinutes(calendarZone) * 60000;
      inWindow(ms);
      return { allDay: true, date: p.date, dateTime: null, timeZone: null, ms };
    }
    const z = ownZone === undefined ? calendarZone : ownZone;
    const minutes = zoneMinutes(z);
    const ms = instantOf(p, z);
    inWindow(ms);
    return { allDay: false, date: null, dateTime: zoned(ms, minutes), timeZone: z, ms };
  };
  const checkSpan = (start, end) => {
    if (start.allDay !== end.allDay) bad("Bad Request: Start and end times must either both be date or both be dateTime.");
    if (end.ms <= start.ms) bad("Bad Request: The specified time range is empty.");
  };
  const checkColor = (colorId) => {
    if (colorId !== undefined && !has(C.eventColors, colorId)) bad("Bad Request: Invalid color id " + JSON.stringify(colorId) + " (use list-colors to see available IDs)");
  };
  const checkReminders = (r) => {
    if (r === undefined) return undefined;
    const overrides = r.overrides === undefined ? undefined : r.overrides.map((o) => ({ method: o.method === undefined ? "popup" : o.method, minutes: o.minutes }));
    if (r.useDefault === true && overrides !== undefined && overrides.length > 0) bad("Bad Request: Cannot specify both default reminders and overrides at the same time.");
    if (overrides !== undefined && overrides.length > 5) bad("Bad Request: Too many reminders (at most 5).");
    if (overrides !== undefined && overrides.some((o) => !(o.minutes >= 0 && o.minutes <= 40320 && Math.floor(o.minutes) === o.minutes))) bad("Bad Request: Reminder minutes must be a whole number between 0 and 40320.");
    return overrides === undefined ? { useDefault: r.useDefault } : { useDefault: r.useDefault, overrides };
  };
  const OPTIONS = ["anyoneCanAddSelf", "guestsCanInviteOthers", "guestsCanModify", "guestsCanSeeOtherGuests"];
  const attendeeIn = (a) => ({
    email: a.email,
    displayName: a.displayName,
    responseStatus: a.responseStatus === undefined ? "needsAction" : a.responseStatus,
    optional: a.optional,
    comment: a.comment,
    additionalGuests: a.additionalGuests,
  });
  // ConflictDetectionService: similarity of titles and times, overlap of timed events.
  const titles = (t1, t2) => {
    const a = String(t1 || "").toLowerCase().trim();
    const b = String(t2 || "").toLowerCase().trim();
    if (a === "" || b === "") return { exact: false, similar: false };
    if (a === b) return { exact: true, similar: true };
    if (a.indexOf(b) >= 0 || b.indexOf(a) >= 0) return { exact: false, similar: true };
    const w1 = a.split(/\s+/).filter((w) => w.length > 3);
    const w2 = b.split(/\s+/).filter((w) => w.length > 3);
    if (w1.length === 0 || w2.length === 0) return { exact: false, similar: false };
    const common = w1.filter((w) => w2.indexOf(w) >= 0).length;
    return { exact: false, similar: common / Math.min(w1.length, w2.length) >= 0.5 };
  };
  const overlapMs = (aStart, aEnd, bStart, bEnd) => Math.max(0, Math.min(aEnd, bEnd) - Math.max(aStart, bStart));
  const similarity = (summary, startMs, endMs, r) => {
    if (r.start_date_time === null) return 0.2;
    const t = titles(summary, r.summary);
    const rs = Date.parse(r.starts_at);
    const re = Date.parse(r.ends_at);
    const overlap = startMs < re && rs < endMs;
    const sameDay = new Date(startMs).toISOString().slice(0, 10) === new Date(rs).toISOString().slice(0, 10);
    if (t.exact && overlap) return 0.95;
    if (t.similar && overlap) return 0.7;
    if (t.exact && sameDay) return 0.6;
    if (t.exact) return 0.4;
    if (t.similar) return 0.3;
    return 0.1;
  };
  const duration = (ms) => {
    const minutes = Math.floor(ms / 60000);
    const hours = Math.floor(minutes / 60);
    const days = Math.floor(hours / 24);
    const plural = (n, w) => n + " " + w + (n > 1 ? "s" : "");
    if (days > 0) return hours % 24 > 0 ? plural(days, "day") + " " + plural(hours % 24, "hour") : plural(days, "day");
    if (hours > 0) return minutes % 60 > 0 ? plural(hours, "hour") + " " + plural(minutes % 60, "minute") : plural(hours, "hour");
    return plural(minutes, "minute");
  };
  /** Conflicts and duplicates of a timed event on the calendars to check (unknown ones skipped). */
  const checkAgainst = (event, calendarIds, withDuplicates, threshold) => {
    const found = { conflicts: [], duplicates: [] };
    if (event.allDay) return found;
    for (const id of calendarIds) {
      const cal = findCalendar(id);
      if (cal === undefined) continue;
      for (const r of eventsIn(cal.calendar_id, utc(event.startMs), utc(event.endMs))) {
        if (r.event_id === event.id) continue;
        const span = { start: r.start_date_time || r.start_date, end: r.end_date_time || r.end_date };
        if (withDuplicates) {
          const s = similarity(event.summary, event.startMs, event.endMs, r);
          if (s >= threshold) {
            found.duplicates.push({
              event: { id: r.event_id, title: r.summary, start: span.start, end: span.end, url: r.html_link, similarity: Math.round(s * 100) / 100 },
              calendarId: id,
              suggestion: s >= 0.95 ? "This appears to be a duplicate. Consider updating the existing event instead." : "This event is very similar to an existing one. Is this intentional?",
            });
          }
        }
        if (r.start_date_time === null) continue;
        const overlap = overlapMs(event.startMs, event.endMs, Date.parse(r.starts_at), Date.parse(r.ends_at));
        if (overlap <= 0) continue;
        found.conflicts.push({
          event: { id: r.event_id, title: r.summary, start: span.start, end: span.end, url: r.html_link },
          calendar: id,
          overlap: { duration: duration(overlap), percentage: Math.round((overlap / (event.endMs - event.startMs)) * 100) + "%" },
        });
      }
    }
    return found;
  };
  const warningsOf = (found) => {
    const w = [];
    if (found.duplicates.length > 0) w.push("Found " + found.duplicates.length + " potential duplicate(s)");
    if (found.conflicts.length > 0) w.push("Found " + found.conflicts.length + " scheduling conflict(s)");
    return w.length > 0 ? w : undefined;
  };
  const COLUMNS = "calendar_id, event_id, number, summary, description, location, start_date_time, start_date, start_time_zone, end_date_time, end_date, end_time_zone, starts_at, ends_at, attendees, organizer_email, organizer_name, creator_email, recurrence, recurring_event_id, original_start_time, reminders, color_id, status, transparency, visibility, options, html_link, ical_uid, sequence, created, updated";
  const nextNumber = () => ctx.one("SELECT COALESCE(MAX(number), 0) + 1 AS n FROM calendar_events").n;
  const insertRow = (r) => {
    ctx.run("INSERT INTO calendar_events (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", [
      r.calendar_id, r.event_id, r.number, r.summary, r.description, r.location, r.start_date_time, r.start_date, r.start_time_zone, r.end_date_time, r.end_date, r.end_time_zone, r.starts_at, r.ends_at, r.attendees, r.organizer_email, r.organizer_name, r.creator_email, r.recurrence, r.recurring_event_id, r.original_start_time, r.reminders, r.color_id, r.status, r.transparency, r.visibility, r.options, r.html_link, r.ical_uid, r.sequence, r.created, r.updated,
    ]);
  };
  const SHARED = ["summary", "description", "location", "start_date_time", "start_date", "start_time_zone", "end_date_time", "end_date", "end_time_zone", "starts_at", "ends_at", "attendees", "organizer_email", "organizer_name", "creator_email", "recurrence", "recurring_event_id", "original_start_time", "reminders", "color_id", "status", "transparency", "visibility", "options", "ical_uid", "sequence", "updated"];
  /** Writes a changed event and its copies; a meeting on the primary calendar is copied onto its guests' calendars the account sees. */
  const saveEverywhere = (r) => {
    ctx.run("UPDATE calendar_events SET " + SHARED.map((c) => c + " = ?").join(", ") + " WHERE event_id = ?", SHARED.map((c) => r[c]).concat([r.event_id]));
    syncCopies(r);
  };
  const syncCopies = (r) => {
    const cal = findCalendar(r.calendar_id);
    if (cal === undefined || cal.is_primary !== 1) return;
    const guests = JSON.parse(r.attendees).map((a) => a.email).filter((e) => e !== r.calendar_id && findCalendar(e) !== undefined && e.indexOf("@") >= 0);
    const copies = ctx.query("SELECT calendar_id FROM calendar_events WHERE event_id = ? AND calendar_id <> ?", [r.event_id, r.calendar_id]).map((c) => c.calendar_id);
    for (const c of copies) if (guests.indexOf(c) < 0) ctx.run("DELETE FROM calendar_events WHERE event_id = ? AND calendar_id = ?", [r.event_id, c]);
    for (const g of guests) {
      if (copies.indexOf(g) >= 0) continue;
      const copy = Object.assign({}, r, { calendar_id: g, number: nextNumber(), html_link: htmlLink(r.event_id, g) });
      insertRow(copy);
    }
  };
  const nowIso = () => ctx.now();`;
