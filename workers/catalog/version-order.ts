// Semver precedence as a text key, so SQLite can `ORDER BY version_key` (1.10.0 after 1.9.0,
// 1.0.0-rc.1 before 1.0.0) with an index instead of sorting versions in JavaScript.
import { sql } from "drizzle-orm";
import { environmentVersions } from "./schema";

/**
 * Numbers are length-prefixed (`10` -> `0210`) so they compare numerically as text; a release
 * ends in `~`, above any pre-release (`-...`); pre-release identifiers are numeric (`0...`) below
 * alphanumeric (`1...`), joined by `!`, which sorts below every identifier character.
 */
export function versionKey(version: string): string {
  const dash = version.indexOf("-");
  const core = dash < 0 ? version : version.slice(0, dash);
  const numbers = core.split(".").map(encodeNumber).join(".");
  if (dash < 0) return `${numbers}~`;
  const identifiers = version
    .slice(dash + 1)
    .split(".")
    .map((id) => (/^\d+$/.test(id) ? `0${encodeNumber(id)}` : `1${id}`));
  return `${numbers}-${identifiers.join("!")}`;
}

export function compareVersions(a: string, b: string): number {
  const ka = versionKey(a);
  const kb = versionKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

export function isPrerelease(version: string): boolean {
  return version.includes("-");
}

/**
 * The order in which `latest` is chosen: live versions before yanked ones (so `name` alone never
 * opens a yanked version while a live one exists, and an environment whose latest version is
 * yanked has nothing live), releases before pre-releases (publishing 2.0.0-rc.1 must not change
 * what `name` alone resolves to), then the highest precedence. Used by queries and by the
 * statement that maintains `environments.latest_version`, so the two always agree.
 */
export const latestFirst = [
  sql`${environmentVersions.yankedAt} is not null`,
  sql`instr(${environmentVersions.version}, '-') > 0`,
  sql`${environmentVersions.versionKey} desc`,
] as const;

function encodeNumber(digits: string): string {
  const trimmed = digits.replace(/^0+(?=\d)/, "");
  return `${String(trimmed.length).padStart(2, "0")}${trimmed}`;
}
