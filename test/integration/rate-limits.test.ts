// Per-key limits through the real Worker: request rates (Workers Rate Limiting binding), open
// episodes and rollouts in flight, each answered 429 with Retry-After, a code and details; other
// keys and admin keys unaffected; a deleted or expired episode frees its slot. The Worker gets
// low limits from a copy of the test env: rate limiters with small budgets (vitest.config.ts) and
// small caps, so no other test file shares these counters.
import {
  createExecutionContext,
  runDurableObjectAlarm,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogDb } from "../../workers/catalog/catalog-db";
import { insertTasks } from "../../workers/catalog/task-repository";
import type { AppEnv } from "../../workers/env";
import worker from "../../workers/index";
import { insertBatch } from "../../workers/rollouts/batch-repository";
import { newRolloutBatchId, newRolloutId } from "../../workers/rollouts/rollout-ids";
import { ledgerSpec } from "../fixtures/ledger-environment";
import { pastDeadline } from "./support/episode-expiry";
import { ADMIN_KEY, publish } from "./support/platform";
import { settings } from "./support/rollouts";
import { makeTask } from "./support/task-fixtures";

type TestBindings = AppEnv & {
  TEST_API_RATE_LIMIT: RateLimit;
  TEST_TOOL_CALL_RATE_LIMIT: RateLimit;
};
const bindings = env as TestBindings;

/** Rate limiters of 5 requests and 8 tool calls a minute per key; caps as wrangler.toml has them. */
const rateEnv: AppEnv = {
  ...bindings,
  API_RATE_LIMIT: bindings.TEST_API_RATE_LIMIT,
  TOOL_CALL_RATE_LIMIT: bindings.TEST_TOOL_CALL_RATE_LIMIT,
};
/** The real rate limiters; at most 2 open episodes and 3 rollouts in flight per key. */
const capEnv = {
  ...bindings,
  MAX_OPEN_EPISODES_PER_KEY: "2",
  MAX_ROLLOUTS_IN_FLIGHT_PER_KEY: "3",
} as unknown as AppEnv;

interface Reply {
  status: number;
  headers: Headers;
  body: { error?: { code: string; details?: Record<string, unknown> } } & Record<string, unknown>;
}

async function send(
  workerEnv: AppEnv,
  method: string,
  path: string,
  key: string,
  body?: unknown,
): Promise<Reply> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  const request = new Request(`http://agent-world.test${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const ctx = createExecutionContext();
  // The Worker's handler is typed for requests that arrived from outside (with edge `cf` data).
  const incoming = request as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(incoming, workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
}

async function newKey(name: string): Promise<{ id: string; key: string }> {
  const res = await send(env as AppEnv, "POST", "/v1/admin/keys", ADMIN_KEY, {
    name,
    scopes: ["episodes"],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: String(res.body.id), key: String(res.body.key) };
}

/**
 * Sends until a 429 comes. The binding counts in fixed windows, so `limit` requests could straddle
 * two; 2 * limit + 1 requests within one period always overflow one of them.
 */
async function untilLimited(limit: number, sendOne: () => Promise<Reply>): Promise<Reply> {
  for (let i = 0; i < 2 * limit + 1; i++) {
    const res = await sendOne();
    if (res.status === 429) return res;
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  }
  throw new Error(`no 429 after ${2 * limit + 1} requests`);
}

function openLedger(workerEnv: AppEnv, key: string): Promise<Reply> {
  return send(workerEnv, "POST", "/v1/episodes", key, { environment: "ledger" });
}

beforeAll(async () => {
  expect((await publish(ledgerSpec)).status).toBe(201);
});

describe("request rates per key", () => {
  it("answers 429 rate_limited with Retry-After once a key's requests are spent; others go on", async () => {
    const a = await newKey("rate-a");
    const b = await newKey("rate-b");
    const limited = await untilLimited(5, () =>
      send(rateEnv, "GET", "/v1/rollouts/batches", a.key),
    );
    expect(limited.body.error?.code).toBe("rate_limited");
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(limited.body.error?.details).toMatchObject({
      limiter: "API_RATE_LIMIT",
      retryAfterSeconds: 60,
    });
    expect((await send(rateEnv, "GET", "/v1/rollouts/batches", b.key)).status).toBe(200);
  });

  it("counts tool calls apart, on their own budget", async () => {
    const a = await newKey("tool-a");
    const opened = await openLedger(env as AppEnv, a.key);
    expect(opened.status).toBe(201);
    const path = `/v1/episodes/${String(opened.body.id)}/tools/get_account`;
    await untilLimited(5, () => send(rateEnv, "GET", "/v1/rollouts/batches", a.key));
    // The key's requests are spent; its tool calls are not.
    expect((await send(rateEnv, "POST", path, a.key, { id: 1 })).status).toBe(200);
    const limited = await untilLimited(8, () => send(rateEnv, "POST", path, a.key, { id: 1 }));
    expect(limited.body.error?.code).toBe("rate_limited");
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(limited.body.error?.details).toMatchObject({ limiter: "TOOL_CALL_RATE_LIMIT" });
  });

  it("does not count admin keys", async () => {
    for (let i = 0; i < 12; i++) {
      expect((await send(rateEnv, "GET", "/v1/rollouts/batches", ADMIN_KEY)).status).toBe(200);
    }
  });
});

describe("open episodes per key", () => {
  it("answers 429 too_many_open_episodes past the cap; deleting one frees its slot", async () => {
    const c = await newKey("episodes-c");
    const d = await newKey("episodes-d");
    const first = await openLedger(capEnv, c.key);
    expect(first.status).toBe(201);
    expect((await openLedger(capEnv, c.key)).status).toBe(201);
    const full = await openLedger(capEnv, c.key);
    expect(full.status).toBe(429);
    expect(full.body.error?.code).toBe("too_many_open_episodes");
    expect(full.body.error?.details).toMatchObject({ limit: 2, current: 2 });
    const retryAfter = Number(full.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another key is not affected.
    expect((await openLedger(capEnv, d.key)).status).toBe(201);

    const deleted = await send(capEnv, "DELETE", `/v1/episodes/${String(first.body.id)}`, c.key);
    expect(deleted.status).toBe(204);
    expect((await openLedger(capEnv, c.key)).status).toBe(201);
    expect((await openLedger(capEnv, c.key)).status).toBe(429);
  });

  it("frees the slot of an episode when its expiry alarm reaps it", async () => {
    const e = await newKey("episodes-e");
    const first = await openLedger(capEnv, e.key);
    expect((await openLedger(capEnv, e.key)).status).toBe(201);
    expect((await openLedger(capEnv, e.key)).status).toBe(429);

    // Move the deadline into the past instead of sleeping, then fire the alarm by hand.
    const stub = await pastDeadline(String(first.body.id));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await openLedger(capEnv, e.key)).status).toBe(201);
    expect((await openLedger(capEnv, e.key)).status).toBe(429);
  });

  it("never lets concurrent opens past the cap", async () => {
    const f = await newKey("episodes-f");
    const replies = await Promise.all(Array.from({ length: 5 }, () => openLedger(capEnv, f.key)));
    expect(replies.map((r) => r.status).sort()).toEqual([201, 201, 429, 429, 429]);
  });

  it("does not cap admin keys", async () => {
    for (let i = 0; i < 3; i++) expect((await openLedger(capEnv, ADMIN_KEY)).status).toBe(201);
  });
});

describe("rollouts in flight per key", () => {
  const taskIds = ["rl-task-1", "rl-task-2"];

  beforeAll(async () => {
    await insertTasks(
      env as AppEnv,
      taskIds.map((id) => makeTask({ id })),
    );
  });

  /** Two rollouts queued for `ownerKeyId` without a queue message, so they stay in flight. */
  async function queuedBatch(ownerKeyId: string, maxInFlight?: number) {
    return insertBatch(
      catalogDb(env.CATALOG),
      {
        id: newRolloutBatchId(),
        ownerKeyId,
        policy: { name: "oracle", kind: "oracle" },
        settings: settings({ tasks: { ids: taskIds } }),
        createdAt: new Date().toISOString(),
      },
      taskIds.map((taskId) => ({
        id: newRolloutId(),
        taskId,
        environmentName: "shop",
        taskKind: "graph",
        sample: 0,
      })),
      maxInFlight,
    );
  }

  it("answers 429 too_many_rollouts_in_flight when a batch would pass the cap", async () => {
    const g = await newKey("rollouts-g");
    const h = await newKey("rollouts-h");
    const held = await queuedBatch(g.id);
    const body = { tasks: taskIds, policy: "oracle", groupSize: 1 };
    const full = await send(capEnv, "POST", "/v1/rollouts", g.key, body);
    expect(full.status).toBe(429);
    expect(full.body.error?.code).toBe("too_many_rollouts_in_flight");
    expect(full.body.error?.details).toMatchObject({ limit: 3, current: 2, requested: 2 });
    expect(full.headers.get("retry-after")).toBe("60");
    // Nothing of the refused batch was written.
    const listed = await send(capEnv, "GET", "/v1/rollouts/batches", g.key);
    const batches = listed.body.batches as { batch: { id: string } }[];
    expect(batches.map((view) => view.batch.id)).toEqual([held.id]);
    // Another key is not affected.
    const other = await send(capEnv, "POST", "/v1/rollouts", h.key, body);
    expect(other.status, JSON.stringify(other.body)).toBe(202);

    // Cancelling the held batch frees its rollouts' room.
    expect(
      (await send(capEnv, "POST", `/v1/rollouts/batches/${held.id}/cancel`, g.key)).status,
    ).toBe(200);
    const fits = await send(capEnv, "POST", "/v1/rollouts", g.key, body);
    expect(fits.status, JSON.stringify(fits.body)).toBe(202);
    for (const [key, batch] of [
      [h.key, other.body.batch],
      [g.key, fits.body.batch],
    ]) {
      const { id } = batch as { id: string };
      await send(capEnv, "POST", `/v1/rollouts/batches/${id}/cancel`, String(key));
    }
  });

  it("lets only one of two concurrent batches in when both do not fit", async () => {
    const k = await newKey("rollouts-k");
    const outcomes = await Promise.allSettled([queuedBatch(k.id, 3), queuedBatch(k.id, 3)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = outcomes.find((o) => o.status === "rejected");
    expect(rejected?.reason).toMatchObject({ code: "too_many_rollouts_in_flight" });
  });
});
