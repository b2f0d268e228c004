// Polls `GET /health` until the API answers, the time is up, or the caller gives up (the server
// process exited). Polling is right here: wrangler has no readiness signal we can wait on.
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";

const HealthSchema = z.object({ ok: z.literal(true) });

export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** Aborting stops the wait at once (e.g. when the server process exits). */
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

export type HealthResult =
  | { ok: true; afterMs: number }
  | { ok: false; reason: "timeout" | "aborted" };

export async function waitForHealth(
  baseUrl: string,
  options: WaitOptions = {},
): Promise<HealthResult> {
  const { timeoutMs = 120_000, intervalMs = 250, signal, fetch: doFetch = fetch } = options;
  const started = Date.now();
  const url = `${baseUrl.replace(/\/+$/, "")}/health`;
  while (Date.now() - started < timeoutMs) {
    if (signal?.aborted) return { ok: false, reason: "aborted" };
    if (await answers(doFetch, url, signal)) return { ok: true, afterMs: Date.now() - started };
    try {
      await sleep(intervalMs, undefined, { signal });
    } catch {
      return { ok: false, reason: "aborted" };
    }
  }
  return { ok: false, reason: "timeout" };
}

async function answers(doFetch: typeof fetch, url: string, signal?: AbortSignal): Promise<boolean> {
  try {
    const timeout = AbortSignal.timeout(5_000);
    const response = await doFetch(url, {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!response.ok) return false;
    return HealthSchema.safeParse(await response.json()).success;
  } catch {
    return false;
  }
}
