// Request rates per API key, counted by the Workers Rate Limiting binding (wrangler.toml
// `[[ratelimits]]`): tool calls have their own budget, every other authenticated request shares one.
// Keys with the `admin` scope are not counted, so an operator can always act during an incident.
import { AppError } from "../../core/base/errors";
import type { AppEnv, AuthContext } from "../env";

export type RateLimiterName = "API_RATE_LIMIT" | "TOOL_CALL_RATE_LIMIT";

/**
 * The binding answers only success or not; its period (wrangler.toml `simple.period`, the same in
 * every env) is the longest a caller waits for the window to roll over, so it is the Retry-After.
 */
export const RATE_LIMITERS: Record<RateLimiterName, { periodSeconds: 10 | 60; counts: string }> = {
  API_RATE_LIMIT: { periodSeconds: 60, counts: "requests" },
  TOOL_CALL_RATE_LIMIT: { periodSeconds: 60, counts: "tool calls" },
};

/** Tool calls: REST (one or a batch), MCP messages and OpenEnv steps of an episode. */
const TOOL_CALL_PATH = /^\/v1\/episodes\/[^/]+\/(tools\/[^/]+|tool_calls|mcp|openenv\/step)\/?$/;

export function rateLimiterFor(method: string, pathname: string): RateLimiterName {
  return method === "POST" && TOOL_CALL_PATH.test(pathname)
    ? "TOOL_CALL_RATE_LIMIT"
    : "API_RATE_LIMIT";
}

/** Counts one request of `auth`'s key; throws `rate_limited` (429) once its window is spent. */
export async function enforceRateLimit(
  env: Pick<AppEnv, RateLimiterName>,
  auth: AuthContext,
  request: { method: string; url: string },
): Promise<void> {
  if (auth.scopes.includes("admin")) return;
  const name = rateLimiterFor(request.method, new URL(request.url).pathname);
  const { success } = await env[name].limit({ key: auth.keyId });
  if (success) return;
  const { periodSeconds, counts } = RATE_LIMITERS[name];
  throw new AppError(
    "rate_limited",
    `This API key sent too many ${counts}; try again in ${periodSeconds} seconds.`,
    { limiter: name, periodSeconds, retryAfterSeconds: periodSeconds },
  );
}
