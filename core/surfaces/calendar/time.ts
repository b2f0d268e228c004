// Calendar time arithmetic shared by the seed (TypeScript) and, as the same rules, by the guest
// code: the fixed UTC offsets of the time zones the surface models, valid for the winter the
// seeded calendar covers (no zone below changes its offset between 2024-11-03 and 2025-03-08),
// RFC 3339 text in a zone, and Google's instance-id and htmlLink formats.

/** Minutes east of UTC, per IANA zone, between CALENDAR_ZONE_WINDOW's ends. */
export const CALENDAR_ZONES: Readonly<Record<string, number>> = {
  UTC: 0,
  "Etc/UTC": 0,
  GMT: 0,
  "Europe/London": 0,
  "Europe/Dublin": 0,
  "Europe/Lisbon": 0,
  "Europe/Paris": 60,
  "Europe/Berlin": 60,
  "Europe/Madrid": 60,
  "Europe/Amsterdam": 60,
  "Europe/Stockholm": 60,
  "Europe/Warsaw": 60,
  "Europe/Rome": 60,
  "Europe/Athens": 120,
  "Europe/Helsinki": 120,
  "America/New_York": -300,
  "America/Toronto": -300,
  "America/Chicago": -360,
  "America/Denver": -420,
  "America/Phoenix": -420,
  "America/Los_Angeles": -480,
  "America/Sao_Paulo": -180,
  "Asia/Dubai": 240,
  "Asia/Kolkata": 330,
  "Asia/Singapore": 480,
  "Asia/Tokyo": 540,
  "Australia/Sydney": 660,
};

/** The instants (ms) between which every offset above holds. */
export const CALENDAR_ZONE_WINDOW = {
  from: Date.UTC(2024, 10, 3, 10),
  to: Date.UTC(2025, 2, 8, 12),
} as const;

const pad = (n: number) => String(n).padStart(2, "0");

export function offsetText(minutes: number): string {
  if (minutes === 0) return "Z";
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** `YYYY-MM-DDTHH:MM:SS±HH:MM` (or `Z`) of an instant seen in a zone of `minutes` offset. */
export function zonedText(ms: number, minutes: number): string {
  const d = new Date(ms + minutes * 60_000);
  return `${d.toISOString().slice(0, 19)}${offsetText(minutes)}`;
}

export const utcText = (ms: number) => zonedText(ms, 0);

/** Google's id of one instance of a recurring event: `base_YYYYMMDDTHHMMSSZ`. */
export function instanceId(base: string, startMs: number): string {
  return `${base}_${new Date(startMs).toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
}

const BASE32HEX = "0123456789abcdefghijklmnopqrstuv";

/** A 26-character base32hex event id, as Google makes them, from a number (FNV-1a based). */
export function eventIdFor(number: number): string {
  let h = (0x811c9dc5 ^ number) >>> 0;
  let out = "";
  for (let i = 0; i < 26; i++) {
    h = Math.imul(h ^ (i + number * 31), 0x01000193) >>> 0;
    h ^= h >>> 13;
    out += BASE32HEX[h & 31];
  }
  return out;
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Base64 of ASCII text without padding, as Google's `eid` carries it. */
export function base64Ascii(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i += 3) {
    const a = text.charCodeAt(i);
    const b = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
    const c = i + 2 < text.length ? text.charCodeAt(i + 2) : 0;
    const n = (a << 16) | (b << 8) | c;
    out += B64[(n >> 18) & 63] ?? "";
    out += B64[(n >> 12) & 63] ?? "";
    if (i + 1 < text.length) out += B64[(n >> 6) & 63] ?? "";
    if (i + 2 < text.length) out += B64[n & 63] ?? "";
  }
  return out;
}

/** `https://www.google.com/calendar/event?eid=...`: the event's link, as Google forms it. */
export function htmlLinkFor(eventId: string, calendarId: string): string {
  return `https://www.google.com/calendar/event?eid=${base64Ascii(`${eventId} ${calendarId}`)}`;
}
