// Backoff and Retry-After: what the client waits between attempts.
import { describe, expect, it } from "vitest";
import {
  backoffMs,
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  retryAfterMs,
} from "../../core/llm/retry-policy";

describe("retry policy", () => {
  it("retries 408, 409, 429 and 5xx only", () => {
    expect([400, 401, 404, 408, 409, 422, 429, 500, 503].map(isRetryableStatus)).toEqual([
      false,
      false,
      false,
      true,
      true,
      false,
      true,
      true,
      true,
    ]);
  });

  it("doubles the backoff per retry, with jitter in the upper half, up to the cap", () => {
    const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1_000 };
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(policy, n, () => 0))).toEqual([
      50, 100, 200, 400, 500,
    ]);
    expect(backoffMs(policy, 1, () => 0.999)).toBe(100);
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterMs("3", now)).toBe(3_000);
    expect(retryAfterMs("0.5", now)).toBe(500);
    expect(retryAfterMs("Thu, 01 Jan 2026 00:00:10 GMT", now)).toBe(10_000);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs("soon", now)).toBeNull();
  });
});
