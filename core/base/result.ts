// Results that cross the Durable Object RPC boundary. RPC keeps only an Error's message, so
// DO methods return a failure as data and the Worker turns it back into an AppError.
import { AppError, type ErrorCode } from "./errors";

export type Failure = { ok: false; error: { code: ErrorCode; message: string; details?: unknown } };
export type Result<T> = { ok: true; value: T } | Failure;

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail(code: ErrorCode, message: string, details?: unknown): Failure {
  return { ok: false, error: { code, message, ...(details === undefined ? {} : { details }) } };
}

export function failureOf(err: unknown): Failure {
  if (err instanceof AppError) return fail(err.code, err.message, err.details);
  throw err;
}

export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new AppError(result.error.code, result.error.message, result.error.details);
}
