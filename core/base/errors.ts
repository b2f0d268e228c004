// The one error type of the product: a stable code, an HTTP status, a message a person can act
// on, and structured details. Thrown anywhere, turned into `{error:{code,message,details}}` once.

export const errorStatus = {
  bad_request: 400,
  invalid_json: 400,
  validation_failed: 400,
  invalid_arguments: 400,
  // The strict JSON reader (core/base/json-input.ts): nested too deep, a number no double holds, `__proto__`.
  too_deep: 400,
  number_out_of_range: 400,
  reserved_key: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  episode_expired: 410,
  environment_yanked: 410,
  payload_too_large: 413,
  admission_failed: 422,
  /** An Idempotency-Key already used for a different request (another tool or other arguments). */
  idempotency_key_reused: 422,
  step_limit_reached: 409,
  rate_limited: 429,
  too_many_open_episodes: 429,
  too_many_rollouts_in_flight: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return errorStatus[this.code];
  }

  toJSON(): { error: { code: ErrorCode; message: string; details?: unknown } } {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
