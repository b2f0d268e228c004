// Owned resources through the real Worker: policies, episodes, rollout batches and
// rollouts, import jobs and synthesis jobs are seen and changed only by the key that made them or
// an admin key; any other key gets the very 404 a missing id gets. Policies are named per key, so
// another key can neither take over a policy nor have its stored model key sent elsewhere.
import { env, runDurableObjectAlarm } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Task } from "../../core/tasks/task";
import type { AppEnv } from "../../workers/env";
import { ledgerSpec } from "../fixtures/ledger-environment";
import { pastDeadline } from "./support/episode-expiry";
import { storeLedgerTasks } from "./support/ledger-tasks";
import { api, openEpisode, publish } from "./support/platform";
import { waitForBatch, waitForRollout } from "./support/rollouts";

/** The scripted policy server (test/support/scripted-policy.ts): "B's listener". */
const LISTENER = (env as AppEnv & { POLICY_SERVER_ORIGIN: string }).POLICY_SERVER_ORIGIN;

type ErrorBody = { error: { code: string; message: string; details?: unknown } };
type Key = { key: string; id: string };

async function makeKey(name: string, scopes: string[]): Promise<Key> {
  const res = await api<Key>("POST", "/v1/admin/keys", { body: { name, scopes } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** What the listener was sent with this model (the marker of B's policy), or this bearer key. */
async function listenerRequests(filter: { model?: string }) {
  const url = new URL("/__requests", LISTENER);
  if (filter.model) url.searchParams.set("model", filter.model);
  const res = await fetch(url);
  const body = (await res.json()) as { requests: { authorization: string | null }[] };
  return body.requests;
}

/** A 404 for another key's resource must be byte for byte the 404 for an id that never existed. */
async function expectSameAsMissing(
  theirs: Promise<{ status: number; body: unknown }>,
  missing: Promise<{ status: number; body: unknown }>,
  rename: [string, string] = ["", ""],
) {
  const [a, b] = await Promise.all([theirs, missing]);
  expect(a.status).toBe(404);
  expect(b.status).toBe(404);
  const [from, to] = rename;
  const missingText = from ? JSON.stringify(b.body).replaceAll(from, to) : JSON.stringify(b.body);
  expect(JSON.stringify(a.body)).toBe(missingText);
}

let a: Key;
let b: Key;
let tasks: Task[] = [];

beforeAll(async () => {
  a = await makeKey("trainer-a", ["episodes", "catalog:write"]);
  b = await makeKey("trainer-b", ["episodes", "catalog:write"]);
  expect((await publish(ledgerSpec)).status).toBe(201);
  tasks = await storeLedgerTasks(ledgerSpec, ["tsk_ownership_1"]);
  expect(tasks.length).toBeGreaterThanOrEqual(1);
}, 180_000);

describe("policies are per key", () => {
  it("B cannot take over A's policy, and A's key is never sent to B's listener", {
    timeout: 60_000,
  }, async () => {
    const marker = `final:b-listener-${crypto.randomUUID()}`;
    const created = await api("POST", "/v1/policies", {
      key: a.key,
      body: { name: "p", baseUrl: "http://127.0.0.1:9/v1", model: "m", apiKey: "sk-secret" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    // The reproduction: B points A's `p` at its own listener.
    const put = api("PUT", "/v1/policies/p", {
      key: b.key,
      body: { baseUrl: LISTENER, model: marker },
    });
    const putMissing = api("PUT", "/v1/policies/never-made", {
      key: b.key,
      body: { baseUrl: LISTENER, model: marker },
    });
    await expectSameAsMissing(put, putMissing, ["never-made", "p"]);
    const getMissing = () => api("GET", "/v1/policies/never-made", { key: b.key });
    await expectSameAsMissing(api("GET", "/v1/policies/p", { key: b.key }), getMissing(), [
      "never-made",
      "p",
    ]);
    await expectSameAsMissing(
      api("DELETE", "/v1/policies/p", { key: b.key }),
      api("DELETE", "/v1/policies/never-made", { key: b.key }),
      ["never-made", "p"],
    );

    // A's policy is as A made it.
    const mine = await api<{ policy: { baseUrl: string; apiKey: { set: boolean } } }>(
      "GET",
      "/v1/policies/p",
      { key: a.key },
    );
    expect(mine.body.policy).toMatchObject({
      baseUrl: "http://127.0.0.1:9/v1",
      apiKey: { set: true },
    });

    // A's rollout plays A's `p`: it goes to port 9 (refused), never to B's listener.
    const task = tasks[0];
    if (!task) throw new Error("no task");
    const started = await api<{ batch: { id: string } }>("POST", "/v1/rollouts", {
      key: a.key,
      body: { tasks: [task.id], policy: "p", groupSize: 1 },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const page = await api<{ rollouts: { id: string }[] }>(
      "GET",
      `/v1/rollouts/batches/${started.body.batch.id}/rollouts`,
      { key: a.key },
    );
    const rolloutId = page.body.rollouts[0]?.id ?? "";
    const tried = await waitForRollout(rolloutId, (r) => r.attempts >= 1 && r.error !== null);
    expect(tried.error).toMatch(/^unavailable: /);
    expect(await listenerRequests({ model: marker })).toEqual([]);
    const all = await listenerRequests({});
    expect(all.filter((r) => r.authorization === "Bearer sk-secret")).toEqual([]);
    await api("POST", `/v1/rollouts/batches/${started.body.batch.id}/cancel`, { key: a.key });
  });

  it("B has its own `p`: no collision, and B's rollouts resolve B's own", {
    timeout: 60_000,
  }, async () => {
    const marker = `final:b-own-${crypto.randomUUID()}`;
    const mine = await api("POST", "/v1/policies", {
      key: b.key,
      body: { name: "p", baseUrl: LISTENER, model: marker, apiKey: "sk-b-own-key" },
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    const listedB = await api<{ policies: { name: string; baseUrl: string }[] }>(
      "GET",
      "/v1/policies",
      { key: b.key },
    );
    expect(listedB.body.policies).toEqual([
      expect.objectContaining({ name: "p", baseUrl: LISTENER }),
    ]);
    const listedA = await api<{ policies: { name: string; baseUrl: string }[] }>(
      "GET",
      "/v1/policies",
      { key: a.key },
    );
    expect(listedA.body.policies.map((p) => p.baseUrl)).toEqual(["http://127.0.0.1:9/v1"]);

    const task = tasks[0];
    if (!task) throw new Error("no task");
    const started = await api<{ batch: { id: string } }>("POST", "/v1/rollouts", {
      key: b.key,
      body: { tasks: [task.id], policy: "p", groupSize: 1 },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect((await waitForBatch(started.body.batch.id)).batch.progress).toMatchObject({ done: 1 });
    const sent = await listenerRequests({ model: marker });
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) expect(request.authorization).toBe("Bearer sk-b-own-key");
  });

  it("an admin key reads and changes another key's policy with ?owner=; others may not", async () => {
    const seen = await api<{ policy: { baseUrl: string } }>("GET", `/v1/policies/p?owner=${a.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.policy.baseUrl).toBe("http://127.0.0.1:9/v1");
    const listed = await api<{ policies: unknown[] }>("GET", `/v1/policies?owner=${b.id}`);
    expect(listed.body.policies).toHaveLength(1);
    const refused = await api<ErrorBody>("GET", `/v1/policies/p?owner=${a.id}`, { key: b.key });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
    expect(JSON.stringify(refused.body)).not.toContain("127.0.0.1:9");
  });
});

describe("every other owned resource answers another key 404", () => {
  const missingEpisode = `ep_${"0".repeat(26)}`;

  it("episodes: info, tools, calls, state, MCP, OpenEnv and delete; an admin sees them", async () => {
    const id = await openEpisode("ledger", { key: a.key });
    // MCP clients must accept JSON; the other routes ignore the header.
    const headers = { accept: "application/json" };
    const as = (key: string) => (method: string, path: string, body?: unknown) =>
      api(method, path.replace("{id}", id), { key, headers, ...(body ? { body } : {}) });
    const missing = (method: string, path: string, body?: unknown) =>
      api(method, path.replace("{id}", missingEpisode), {
        key: b.key,
        headers,
        ...(body ? { body } : {}),
      });
    for (const [method, path, body] of [
      ["GET", "/v1/episodes/{id}"],
      ["GET", "/v1/episodes/{id}/tools"],
      ["POST", "/v1/episodes/{id}/tools/get_account", { id: 1 }],
      ["GET", "/v1/episodes/{id}/state"],
      ["GET", "/v1/episodes/{id}/calls"],
      ["POST", "/v1/episodes/{id}/reset"],
      ["POST", "/v1/episodes/{id}/mcp", { jsonrpc: "2.0", id: 1, method: "tools/list" }],
      ["GET", "/v1/episodes/{id}/openenv/state"],
      ["DELETE", "/v1/episodes/{id}"],
    ] as const) {
      await expectSameAsMissing(as(b.key)(method, path, body), missing(method, path, body));
    }
    expect((await as(a.key)("GET", "/v1/episodes/{id}")).status).toBe(200);
    expect((await api("GET", `/v1/episodes/${id}`)).status).toBe(200);
  });

  it("episodes: only the owner hears that an episode expired", async () => {
    const id = await openEpisode("ledger", { key: a.key, ttlSeconds: 10 });
    // Move the deadline into the past instead of sleeping, then let the alarm reap it.
    const stub = await pastDeadline(id);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await api("GET", `/v1/episodes/${id}`, { key: a.key })).status).toBe(410);
    await expectSameAsMissing(
      api("GET", `/v1/episodes/${id}`, { key: b.key }),
      api("GET", `/v1/episodes/${missingEpisode}`, { key: b.key }),
    );
  });

  it("rollout batches and rollouts: view, page, export, cancel, one rollout", {
    timeout: 60_000,
  }, async () => {
    const task = tasks[0];
    if (!task) throw new Error("no task");
    const started = await api<{ batch: { id: string } }>("POST", "/v1/rollouts", {
      key: a.key,
      body: { tasks: [task.id], policy: "oracle", groupSize: 1 },
    });
    expect(started.status).toBe(202);
    const id = started.body.batch.id;
    await waitForBatch(id);
    const page = await api<{ rollouts: { id: string }[] }>(
      "GET",
      `/v1/rollouts/batches/${id}/rollouts`,
      { key: a.key },
    );
    const rollout = page.body.rollouts[0]?.id ?? "";
    const missingBatch = "rb_00000000000000000000000000";
    const missingRollout = "ro_00000000000000000000000000";
    for (const [method, path] of [
      ["GET", "/v1/rollouts/batches/{b}"],
      ["GET", "/v1/rollouts/batches/{b}/rollouts"],
      ["GET", "/v1/rollouts/batches/{b}/export"],
      ["POST", "/v1/rollouts/batches/{b}/cancel"],
    ] as const) {
      await expectSameAsMissing(
        api(method, path.replace("{b}", id), { key: b.key }),
        api(method, path.replace("{b}", missingBatch), { key: b.key }),
        [missingBatch, id],
      );
    }
    await expectSameAsMissing(
      api("GET", `/v1/rollouts/${rollout}`, { key: b.key }),
      api("GET", `/v1/rollouts/${missingRollout}`, { key: b.key }),
      [missingRollout, rollout],
    );
    expect((await api("GET", `/v1/rollouts/${rollout}`)).status).toBe(200);
  });

  it("import jobs", async () => {
    const started = await api<{ id: string }>("POST", "/v1/environments/imports", {
      key: a.key,
      body: {
        name: "owned-import",
        source: { format: "csv", filename: "t.csv", content: "id,name\n1,Ada\n2,Grace" },
      },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const id = started.body.id;
    await expectSameAsMissing(
      api("GET", `/v1/environments/imports/${id}`, { key: b.key }),
      api("GET", "/v1/environments/imports/imp_00000000000000000000", { key: b.key }),
    );
    expect((await api("GET", `/v1/environments/imports/${id}`, { key: a.key })).status).toBe(200);
    expect((await api("GET", `/v1/environments/imports/${id}`)).status).toBe(200);
  });

  it("synthesis jobs", async () => {
    const started = await api<{ job: { id: string } }>("POST", "/v1/tasks/synthesize", {
      key: a.key,
      body: { environment: "ledger", count: 1 },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const id = started.body.job.id;
    await expectSameAsMissing(
      api("GET", `/v1/tasks/jobs/${id}`, { key: b.key }),
      api("GET", "/v1/tasks/jobs/syn_00000000000000000000", { key: b.key }),
    );
    expect((await api("GET", `/v1/tasks/jobs/${id}`, { key: a.key })).status).toBe(200);
    expect((await api("GET", `/v1/tasks/jobs/${id}`)).status).toBe(200);
  });
});
