// `.dev.vars` holds local secrets for `wrangler dev` (git-ignored): the bootstrap admin key and
// the key that encrypts policy API keys are created there once, readable only by its owner, and
// reused by `npm start` and the CLI.
import { randomBytes } from "node:crypto";
import { appendFileSync, chmodSync, readFileSync, statSync, writeFileSync } from "node:fs";

export const ADMIN_KEY_VAR = "AGENT_WORLD_ADMIN_KEY";
/** Encrypts stored policy API keys: changing it makes them unreadable, so it is never replaced. */
export const SECRETS_KEY_VAR = "AGENT_WORLD_SECRETS_KEY";

export interface AdminKey {
  key: string;
  path: string;
  /** True when this call wrote the key (first run). */
  created: boolean;
  /** True when this call wrote AGENT_WORLD_SECRETS_KEY (first run, or a file from before it). */
  secretsKeyCreated: boolean;
  /** True when the file can be read by group or others (it holds a secret). */
  looseMode: boolean;
}

/** `KEY=value` lines as wrangler reads them: `#` comments, optional quotes, `export ` prefix. */
export function parseDevVars(text: string): Map<string, string> {
  const vars = new Map<string, string>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim().replace(/^export\s+/, "");
    if (line === "" || line.startsWith("#")) continue;
    const eq = line.indexOf("=");
    if (eq <= 0) continue;
    const name = line.slice(0, eq).trim();
    let value = line.slice(eq + 1).trim();
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.endsWith(quote) && value.length >= 2) {
      value = value.slice(1, -1);
    }
    vars.set(name, value);
  }
  return vars;
}

/** One variable of a `.dev.vars` file; undefined when the file or the variable is missing. */
export function readDevVar(path: string, name: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
  const value = parseDevVars(text).get(name);
  return value === "" ? undefined : value;
}

export function generateAdminKey(): string {
  return `aw_admin_${randomBytes(32).toString("base64url")}`;
}

export function generateSecretsKey(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * Reuses the admin key and the secrets key in `path`, or writes those missing (creating the file
 * with mode 0600; an older file without the secrets key gets it appended).
 */
export function ensureAdminKey(path: string): AdminKey {
  const admin = ensureDevVar(path, ADMIN_KEY_VAR, generateAdminKey);
  const secrets = ensureDevVar(path, SECRETS_KEY_VAR, generateSecretsKey);
  const wrote = admin.created || secrets.created;
  return {
    key: admin.value,
    path,
    created: admin.created,
    secretsKeyCreated: secrets.created,
    looseMode: wrote ? false : isLooseMode(path),
  };
}

function ensureDevVar(
  path: string,
  name: string,
  generate: () => string,
): { value: string; created: boolean } {
  const existing = readDevVar(path, name);
  if (existing !== undefined) return { value: existing, created: false };
  const value = generate();
  const line = `${name}=${value}\n`;
  if (fileExists(path)) {
    // The file holds other variables: keep them, add ours, and tighten it since it now has a secret.
    const text = readFileSync(path, "utf8");
    appendFileSync(path, text === "" || text.endsWith("\n") ? line : `\n${line}`);
  } else {
    const header = "# Local secrets for `wrangler dev` (git-ignored). Written by `npm start`.\n";
    // "wx": never overwrite a file that appeared since the check above.
    writeFileSync(path, header + line, { mode: 0o600, flag: "wx" });
  }
  // writeFileSync's mode is filtered by the umask and ignored for existing files: set it exactly.
  chmodSync(path, 0o600);
  return { value, created: true };
}

function isLooseMode(path: string): boolean {
  // Windows has no POSIX modes to speak of.
  if (process.platform === "win32") return false;
  return (statSync(path).mode & 0o077) !== 0;
}

function fileExists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
}

function isNotFound(err: unknown): boolean {
  return err instanceof Error && "code" in err && err.code === "ENOENT";
}
