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
  400: "Invalid request (validation_failed, invalid_json, invalid_arguments)",
  401: "Missing or unknown API key",
  403: "The key lacks the needed scope",
  404: "Not found",
  409: "Conflict",
  410: "The episode expired",
  413: "Request body too large",
  422: "Tool admission failed",
  429: "Rate limited",
};

export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: descriptions[status] ?? "Error",
        content: { "application/json": { schema: ErrorBodySchema } },
      },
    ]),
  );
}
