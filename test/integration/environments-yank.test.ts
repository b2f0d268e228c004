// Yanking environments through the real Worker: only the key that published the first
// version (or an admin) may yank or publish more; a yanked version takes no new episodes, rollouts
// or synthesis (410), open episodes run on, its metadata and tasks stay readable, `name` alone
// skips it, and an environment with every version yanked leaves listings and search.
import { describe, expect, it } from "vitest";
import type { EnvironmentSpec } from "../../core/environment/spec";
import { ledgerSpec } from "../fixtures/ledger-environment";
import { storeLedgerTasks } from "./support/ledger-tasks";
import { api } from "./support/platform";
import { deliver, insertTestBatch, rolloutRow } from "./support/rollouts";

type ErrorBody = { error: { code: string; message: string; details?: unknown } };
type Yanked = {
  name: string;
  yanked: { version: string; yankedAt: string }[];
  latestLiveVersion: string | null;
};
type Key = { key: string; id: string };

async function makeKey(name: string, scopes: string[]): Promise<Key> {
  const res = await api<Key>("POST", "/v1/admin/keys", { body: { name, scopes } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

function version(name: string, v: string): EnvironmentSpec {
  return { ...ledgerSpec, name, version: v, title: `${name} ${v}` };
}

async function publishAs(key: string, spec: EnvironmentSpec) {
  return api<ErrorBody>("POST", "/v1/environments", { key, body: spec });
}

async function listedNames(query = ""): Promise<string[]> {
  const res = await api<{ environments: { name: string }[] }>(
    "GET",
    `/v1/environments?limit=100${query}`,
    { key: null },
  );
  return res.body.environments.map((e) => e.name);
}

describe("DELETE /v1/environments/{name}[@version]", () => {
  it("yanks one version: no new work on it, open episodes run on, still readable", {
    timeout: 120_000,
  }, async () => {
    const owner = await makeKey("yank-owner", ["episodes", "catalog:write"]);
    expect((await publishAs(owner.key, version("yank-one", "1.0.0"))).status).toBe(201);
    const newer = version("yank-one", "1.1.0");
    expect((await publishAs(owner.key, newer)).status).toBe(201);
    const [task] = await storeLedgerTasks(newer, ["tsk_yank_one_1"]);
    if (!task) throw new Error("no task");
    const open = await api<{ id: string }>("POST", "/v1/episodes", {
      key: owner.key,
      body: { environment: "yank-one@1.1.0" },
    });
    expect(open.status).toBe(201);
    // A batch queued before the yank, its message not yet delivered.
    const queued = (await insertTestBatch([task])).rollouts[0];
    if (!queued) throw new Error("no rollout");

    const res = await api<Yanked>("DELETE", "/v1/environments/yank-one@1.1.0", { key: owner.key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      name: "yank-one",
      yanked: [{ version: "1.1.0", yankedAt: expect.any(String) }],
      latestLiveVersion: "1.0.0",
    });
    // Idempotent: the same answer, the first yankedAt kept.
    const again = await api<Yanked>("DELETE", "/v1/environments/yank-one@1.1.0", {
      key: owner.key,
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    const yankedAt = res.body.yanked[0]?.yankedAt;

    // The episode opened before the yank runs on.
    const called = await api("POST", `/v1/episodes/${open.body.id}/tools/get_account`, {
      key: owner.key,
      body: { id: 1 },
    });
    expect(called.status, JSON.stringify(called.body)).toBe(200);

    // No new work on the yanked version.
    const refused = [
      await api<ErrorBody>("POST", "/v1/episodes", {
        key: owner.key,
        body: { environment: "yank-one@1.1.0" },
      }),
      await api<ErrorBody>("POST", "/v1/episodes", { key: owner.key, body: { task: task.id } }),
      await api<ErrorBody>("POST", "/v1/rollouts", {
        key: owner.key,
        body: { tasks: [task.id], policy: "oracle", groupSize: 1 },
      }),
      await api<ErrorBody>("POST", "/v1/tasks/synthesize", {
        key: owner.key,
        body: { environment: "yank-one@1.1.0", count: 1 },
      }),
    ];
    for (const r of refused) {
      expect(r.status, JSON.stringify(r.body)).toBe(410);
      expect(r.body.error.code).toBe("environment_yanked");
      expect(r.body.error.message).toContain("yank-one@1.1.0");
    }
    // A rollout queued before the yank opens no episode on it: it fails as data, once.
    expect(await deliver([{ rolloutId: queued.id }])).toEqual({ acked: [0], retried: [] });
    const row = await rolloutRow(queued.id);
    expect(row.status).toBe("failed");
    expect(row.error).toMatch(/^environment_yanked: /);

    // `name` alone skips it; the catalog shows it yanked; its task stays readable.
    const fresh = await api<{ environment: { version: string } }>("POST", "/v1/episodes", {
      key: owner.key,
      body: { environment: "yank-one" },
    });
    expect(fresh.status).toBe(201);
    expect(fresh.body.environment.version).toBe("1.0.0");
    const shown = await api<{ yanked: boolean; yankedAt: string | null }>(
      "GET",
      "/v1/environments/yank-one/versions/1.1.0",
      { key: null },
    );
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ yanked: true, yankedAt });
    const latest = await api<{ version: string; yanked: boolean }>(
      "GET",
      "/v1/environments/yank-one/versions/latest",
      { key: null },
    );
    expect(latest.body).toMatchObject({ version: "1.0.0", yanked: false });
    const detail = await api<{
      latestVersion: string;
      yanked: boolean;
      versions: { version: string; yanked: boolean; yankedAt: string | null }[];
    }>("GET", "/v1/environments/yank-one", { key: null });
    expect(detail.body).toMatchObject({ latestVersion: "1.0.0", yanked: false });
    expect(detail.body.versions).toEqual([
      expect.objectContaining({ version: "1.1.0", yanked: true, yankedAt }),
      expect.objectContaining({ version: "1.0.0", yanked: false, yankedAt: null }),
    ]);
    expect((await api("GET", `/v1/tasks/${task.id}`, { key: owner.key })).status).toBe(200);
    expect(await listedNames()).toContain("yank-one");
  });

  it("yanks every version: gone from listings and search, `name` is 410, a new version revives it", {
    timeout: 120_000,
  }, async () => {
    const owner = await makeKey("yank-all-owner", ["episodes", "catalog:write"]);
    const first = version("yank-all", "1.0.0");
    expect((await publishAs(owner.key, first)).status).toBe(201);
    expect((await publishAs(owner.key, version("yank-all", "1.1.0"))).status).toBe(201);
    expect(await listedNames("&q=yank")).toContain("yank-all");

    const res = await api<Yanked>("DELETE", "/v1/environments/yank-all", { key: owner.key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.yanked.map((v) => v.version)).toEqual(["1.1.0", "1.0.0"]);
    expect(res.body.latestLiveVersion).toBeNull();

    expect(await listedNames()).not.toContain("yank-all");
    expect(await listedNames("&q=yank")).not.toContain("yank-all");
    const detail = await api<{ yanked: boolean; yankedAt: string | null }>(
      "GET",
      "/v1/environments/yank-all",
      { key: null },
    );
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ yanked: true, yankedAt: expect.any(String) });
    const open = await api<ErrorBody>("POST", "/v1/episodes", {
      key: owner.key,
      body: { environment: "yank-all" },
    });
    expect(open.status).toBe(410);
    expect(open.body.error.code).toBe("environment_yanked");

    // A yanked version stays yanked; a new version is live and listed again.
    const republished = await publishAs(owner.key, first);
    expect(republished.status).toBe(409);
    expect(republished.body.error.message).toContain("yanked");
    expect((await publishAs(owner.key, version("yank-all", "2.0.0"))).status).toBe(201);
    expect(await listedNames()).toContain("yank-all");
    const reopened = await api<{ environment: { version: string } }>("POST", "/v1/episodes", {
      key: owner.key,
      body: { environment: "yank-all" },
    });
    expect(reopened.status).toBe(201);
    expect(reopened.body.environment.version).toBe("2.0.0");
  });

  it("only the owner or an admin may yank or publish more versions", {
    timeout: 120_000,
  }, async () => {
    const owner = await makeKey("owned-owner", ["catalog:write"]);
    const other = await makeKey("owned-other", ["catalog:write"]);
    const reader = await makeKey("owned-reader", ["episodes"]);
    expect((await publishAs(owner.key, version("owned-env", "1.0.0"))).status).toBe(201);

    const byOther = await api<ErrorBody>("DELETE", "/v1/environments/owned-env", {
      key: other.key,
    });
    expect(byOther.status).toBe(403);
    expect(byOther.body.error).toMatchObject({ code: "forbidden", details: { name: "owned-env" } });
    const publishedByOther = await publishAs(other.key, version("owned-env", "9.0.0"));
    expect(publishedByOther.status).toBe(403);
    expect(publishedByOther.body.error.code).toBe("forbidden");
    expect((await api("GET", "/v1/environments/owned-env/versions/9.0.0")).status).toBe(404);
    const byReader = await api<ErrorBody>("DELETE", "/v1/environments/owned-env", {
      key: reader.key,
    });
    expect(byReader.status).toBe(403);
    expect((await api("DELETE", "/v1/environments/owned-env", { key: null })).status).toBe(401);
    // Nothing was yanked by the refusals.
    const still = await api<{ yanked: boolean }>(
      "GET",
      "/v1/environments/owned-env/versions/1.0.0",
    );
    expect(still.body.yanked).toBe(false);

    const missing = await api<ErrorBody>("DELETE", "/v1/environments/no-such-env", {
      key: other.key,
    });
    expect(missing.status).toBe(404);
    const missingVersion = await api<ErrorBody>("DELETE", "/v1/environments/owned-env@3.0.0", {
      key: owner.key,
    });
    expect(missingVersion.status).toBe(404);
    const bad = await api<ErrorBody>("DELETE", "/v1/environments/owned-env@nope", {
      key: owner.key,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation_failed");

    // The owner publishes more; an admin yanks another key's environment.
    expect((await publishAs(owner.key, version("owned-env", "1.1.0"))).status).toBe(201);
    const byAdmin = await api<Yanked>("DELETE", "/v1/environments/owned-env@1.1.0");
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.latestLiveVersion).toBe("1.0.0");
  });

  it("is documented in the OpenAPI document", async () => {
    const doc = await api<{ paths: Record<string, Record<string, { responses: object }>> }>(
      "GET",
      "/v1/openapi.json",
      { key: null },
    );
    const route = doc.body.paths["/v1/environments/{ref}"]?.delete;
    expect(route).toBeDefined();
    expect(Object.keys(route?.responses ?? {})).toEqual(
      expect.arrayContaining(["200", "401", "403", "404"]),
    );
  });
});
