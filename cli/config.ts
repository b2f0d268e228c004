// Where the CLI sends requests and with which key: `AGENT_WORLD_URL` and `AGENT_WORLD_API_KEY`,
// else the local admin key from the repo's `.dev.vars` (only for a server on this machine).
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { UsageError } from "./cli-errors";
import { ADMIN_KEY_VAR, readDevVar } from "./dev/dev-vars";
import { type PollPolicy, pollPolicyFrom } from "./patient-poll";

export const DEFAULT_URL = "http://127.0.0.1:8787";

/** The repository root: the CLI lives in `<root>/cli/`. */
export const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

export type KeySource = "AGENT_WORLD_API_KEY" | ".dev.vars" | "none";

export interface CliConfig {
  baseUrl: string;
  apiKey?: string;
  keySource: KeySource;
  devVarsPath: string;
  /** How the long waits (imports, synthesis jobs, rollout batches) poll. */
  poll: PollPolicy;
}

export function resolveConfig(
  env: Record<string, string | undefined>,
  root: string = REPO_ROOT,
): CliConfig {
  const baseUrl = parseBaseUrl(env.AGENT_WORLD_URL?.trim() || DEFAULT_URL);
  const devVarsPath = join(root, ".dev.vars");
  const poll = pollPolicyFrom(env);
  const fromEnv = env.AGENT_WORLD_API_KEY?.trim();
  if (fromEnv)
    return { baseUrl, apiKey: fromEnv, keySource: "AGENT_WORLD_API_KEY", devVarsPath, poll };
  // The local admin key must never travel to a deployed server the user points the CLI at.
  const local = isLoopback(baseUrl) ? readDevVar(devVarsPath, ADMIN_KEY_VAR) : undefined;
  if (local !== undefined)
    return { baseUrl, apiKey: local, keySource: ".dev.vars", devVarsPath, poll };
  return { baseUrl, keySource: "none", devVarsPath, poll };
}

function parseBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`AGENT_WORLD_URL is not a URL: ${text}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new UsageError(`AGENT_WORLD_URL must be http(s): ${text}`);
  }
  return url.href.replace(/\/+$/, "");
}

export function isLoopback(baseUrl: string): boolean {
  const host = new URL(baseUrl).hostname;
  return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}
