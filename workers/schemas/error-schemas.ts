// The error body every route documents: `{error:{code,message,details}}`.
import { z } from "@hono/zod-openapi";

export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: "not_found" }),
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .openapi("Error");

const descriptions: Record<number, string> = {
  400: "Invalid request (validation_failed, invalid_json, invalid_arguments; too_deep, number_out_of_range, reserved_key: JSON the strict reader refuses)",
  401: "Missing or unknown API key",
  403: "The key lacks the needed scope, or does not own what it would change",
  404: "Not found",
  409: "Conflict",
  410: "Gone: the episode expired (episode_expired), or the environment version was yanked (environment_yanked)",
  413: "Request body too large",
  422: "Unprocessable (admission_failed; idempotency_key_reused: the key was used for a different request)",
  429: "Too many requests for this API key (rate_limited, too_many_open_episodes, too_many_rollouts_in_flight); details say the limit, Retry-After when to try again",
};

const retryAfterHeader = {
  "Retry-After": {
    description: "Seconds to wait before trying again",
    schema: { type: "integer" as const, minimum: 1 },
  },
};

export function errorResponses(...statuses: number[]) {
  // Every route that takes an API key counts the key's requests (workers/limits/rate-limit.ts).
  const all = statuses.includes(401) ? [...new Set([...statuses, 429])] : statuses;
  return Object.fromEntries(
    all.map((status) => [
      status,
      {
        description: descriptions[status] ?? "Error",
        content: { "application/json": { schema: ErrorBodySchema } },
        ...(status === 429 ? { headers: retryAfterHeader } : {}),
      },
    ]),
  );
}
