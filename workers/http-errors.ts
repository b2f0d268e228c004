// The one place errors become HTTP responses: AppError keeps its code and status; body-limit and
// JSON-parse failures from Hono are mapped to our codes; anything else is a logged 500.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError } from "../core/base/errors";

export function errorResponse(err: Error, c: Context): Response {
  const appError = toAppError(err);
  if (appError.code === "internal") console.error("unhandled error", err);
  const headers: Record<string, string> = {};
  // Every 429 (request rate, open episodes, rollouts in flight) says when to try again.
  if (appError.status === 429) headers["Retry-After"] = retryAfter(appError.details);
  if (appError.code === "unauthorized") headers["WWW-Authenticate"] = 'Bearer realm="agent-world"';
  return c.json(appError.toJSON(), appError.status as 400, headers);
}

export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof HTTPException) {
    if (err.status === 413)
      return new AppError("payload_too_large", "The request body is too large.");
    if (err.status === 400 && /json/i.test(err.message)) {
      return new AppError("invalid_json", "The request body is not valid JSON.");
    }
    if (err.status === 401) return new AppError("unauthorized", err.message || "Unauthorized.");
    return new AppError(err.status >= 500 ? "internal" : "bad_request", err.message);
  }
  if (err instanceof SyntaxError)
    return new AppError("invalid_json", "The request body is not valid JSON.");
  return new AppError("internal", "Internal error.");
}

function retryAfter(details: unknown): string {
  if (details && typeof details === "object" && "retryAfterSeconds" in details) {
    return String((details as { retryAfterSeconds: unknown }).retryAfterSeconds);
  }
  return "1";
}
