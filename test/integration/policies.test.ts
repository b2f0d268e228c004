// Named policies through the real Worker in workerd: create, list, get, replace (key kept, rotated,
// removed), delete; validation, conflicts and scope; the key encrypted in D1, never in a response;
// `resolvePolicy` decrypting it for a rollout, and the built-ins.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AppError } from "../../core/base/errors";
import type { AppEnv } from "../../workers/env";
import { policySnapshot, resolvePolicy } from "../../workers/policies/policy-repository";
import { api } from "./support/platform";

/** Policies made with the test admin key live in its namespace. */
const ADMIN_KEY_ID = "bootstrap-admin";

type PolicyView = {
  name: string;
  kind: string;
  baseUrl: string;
  model: string;
  apiKey: { set: boolean; hint: string | null };
  timeoutSeconds: number;
  maxAttempts: number;
  sampling: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
};
type ErrorBody = { error: { code: string; message: string; details?: unknown } };

const API_KEY = "sk-policy-test-0123456789-abcdWXYZ";

/** POST /v1/policies with the test admin key. */
async function create(body: Record<string, unknown>) {
  return api<{ policy: PolicyView } & ErrorBody>("POST", "/v1/policies", { body });
}

async function storedRow(name: string) {
  return env.CATALOG.prepare("SELECT * FROM policies WHERE name = ?")
    .bind(name)
    .first<Record<string, unknown>>();
}

async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

describe("POST /v1/policies", () => {
  it("creates a policy with defaults, shows only a hint of the key, and stores it encrypted", async () => {
    const res = await create({
      name: "vllm-qwen",
      baseUrl: "http://127.0.0.1:8000/v1//",
      model: "Qwen/Qwen3-8B",
      apiKey: API_KEY,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.policy).toEqual({
      name: "vllm-qwen",
      kind: "openai",
      baseUrl: "http://127.0.0.1:8000/v1",
      model: "Qwen/Qwen3-8B",
      apiKey: { set: true, hint: "…WXYZ" },
      timeoutSeconds: 60,
      maxAttempts: 4,
      sampling: {},
      createdAt: expect.any(String),
      updatedAt: res.body.policy.createdAt,
    });
    expect(JSON.stringify(res.body)).not.toContain(API_KEY);
    expect(JSON.stringify(res.body)).not.toContain("abcdWXYZ");

    const row = await storedRow("vllm-qwen");
    expect(row).toMatchObject({ owner_key_id: "bootstrap-admin", api_key_hint: "…WXYZ" });
    expect(String(row?.api_key_cipher)).toMatch(/^v1\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
    expect(JSON.stringify(row)).not.toContain(API_KEY);
  });

  it("keeps options and sampling as given, and needs no key", async () => {
    const res = await create({
      name: "local.no-key_1",
      baseUrl: "https://models.example.com/openai/v1",
      model: "m",
      timeoutSeconds: 600,
      maxAttempts: 1,
      sampling: { temperature: 0.7, top_p: 0.95, max_tokens: 512, seed: 7, stop: ["</done>"] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.policy).toMatchObject({
      apiKey: { set: false, hint: null },
      timeoutSeconds: 600,
      maxAttempts: 1,
      sampling: { temperature: 0.7, top_p: 0.95, max_tokens: 512, seed: 7, stop: ["</done>"] },
    });
  });

  it("gives no hint for a key shorter than 12 characters", async () => {
    const res = await create({
      name: "short-key",
      baseUrl: "http://h/v1",
      model: "m",
      apiKey: "abc12345678",
    });
    expect(res.status).toBe(201);
    expect(res.body.policy.apiKey).toEqual({ set: true, hint: null });
    expect(JSON.stringify(res.body)).not.toContain("5678");
  });

  it("answers 409 for a name already taken, and keeps the first policy", async () => {
    const body = { name: "taken", baseUrl: "http://a/v1", model: "first" };
    expect((await create(body)).status).toBe(201);
    const again = await create({ ...body, model: "second", apiKey: API_KEY });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("conflict");
    expect(again.body.error.message).toContain("`taken` already exists");
    expect(JSON.stringify(again.body)).not.toContain(API_KEY);
    const stored = await api<{ policy: PolicyView }>("GET", "/v1/policies/taken");
    expect(stored.body.policy).toMatchObject({ model: "first", apiKey: { set: false } });
  });

  it("refuses the built-in names", async () => {
    for (const name of ["oracle", "random"]) {
      const res = await create({ name, baseUrl: "http://a/v1", model: "m" });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
      expect(JSON.stringify(res.body.error.details)).toContain("built-in");
    }
  });

  it("answers 400 with the error shape for invalid bodies, never echoing the key", async () => {
    const valid = { name: "valid-name", baseUrl: "http://a/v1", model: "m", apiKey: API_KEY };
    const invalid: [Record<string, unknown>, string][] = [
      [{ ...valid, baseUrl: "not a url" }, "baseUrl"],
      [{ ...valid, baseUrl: "ftp://a/v1" }, "baseUrl"],
      [{ ...valid, baseUrl: "http://user:pw@a/v1" }, "baseUrl"],
      [{ ...valid, baseUrl: "http://a/v1?x=1" }, "baseUrl"],
      [{ ...valid, name: "Upper" }, "name"],
      [{ ...valid, name: "-dash-first" }, "name"],
      [{ ...valid, name: "x".repeat(65) }, "name"],
      [{ ...valid, model: "" }, "model"],
      [{ ...valid, apiKey: "" }, "apiKey"],
      [{ ...valid, apiKey: "k".repeat(4097) }, "apiKey"],
      [{ ...valid, timeoutSeconds: 0 }, "timeoutSeconds"],
      [{ ...valid, maxAttempts: 11 }, "maxAttempts"],
      [{ ...valid, maxAttempts: 2.5 }, "maxAttempts"],
      [{ ...valid, sampling: { temperature: 3 } }, "sampling.temperature"],
      [{ name: "no-model", baseUrl: "http://a/v1" }, "model"],
    ];
    for (const [body, path] of invalid) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
      const details = res.body.error.details as { issues: { path: string }[] };
      expect(details.issues.map((issue) => issue.path)).toContain(path);
      expect(JSON.stringify(res.body)).not.toContain(API_KEY);
    }
    const malformed = await api<ErrorBody>("POST", "/v1/policies", { rawBody: '{"name": "x",' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("invalid_json");
    expect((await api("GET", "/v1/policies/valid-name")).status).toBe(404);
  });
});

describe("GET /v1/policies", () => {
  it("lists named policies by name, without keys, and names the built-ins", async () => {
    for (const name of ["list-b", "list-a", "list-c"]) {
      expect(
        (await create({ name, baseUrl: "http://a/v1", model: "m", apiKey: API_KEY })).status,
      ).toBe(201);
    }
    const res = await api<{ policies: PolicyView[]; builtIn: string[] }>("GET", "/v1/policies");
    expect(res.status).toBe(200);
    expect(res.body.builtIn).toEqual(["oracle", "random"]);
    const names = res.body.policies.map((policy) => policy.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(["list-a", "list-b", "list-c"]));
    expect(res.body.policies.find((policy) => policy.name === "list-a")?.apiKey).toEqual({
      set: true,
      hint: "…WXYZ",
    });
    expect(JSON.stringify(res.body)).not.toContain(API_KEY);
  });
});

describe("GET /v1/policies/{name}", () => {
  it("returns a policy, the built-ins as such, and 404 for an unknown name", async () => {
    await create({ name: "get-me", baseUrl: "http://a/v1", model: "m", apiKey: API_KEY });
    const res = await api<{ policy: PolicyView }>("GET", "/v1/policies/get-me");
    expect(res.status).toBe(200);
    expect(res.body.policy).toMatchObject({ name: "get-me", apiKey: { set: true, hint: "…WXYZ" } });
    expect(JSON.stringify(res.body)).not.toContain(API_KEY);

    for (const name of ["oracle", "random"]) {
      const builtIn = await api("GET", `/v1/policies/${name}`);
      expect(builtIn.status).toBe(200);
      expect(builtIn.body).toEqual({ policy: { name, kind: name, builtIn: true } });
    }

    const missing = await api<ErrorBody>("GET", "/v1/policies/nobody");
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("not_found");
    expect(missing.body.error.message).toContain("`nobody`");
    expect((await api("GET", "/v1/policies/Not%20A%20Name")).status).toBe(400);
  });
});

describe("PUT /v1/policies/{name}", () => {
  const settings = { baseUrl: "http://b/v1/", model: "m2", timeoutSeconds: 30 };

  it("replaces the settings and keeps the key when `apiKey` is omitted", async () => {
    const created = await create({
      name: "rotate",
      baseUrl: "http://a/v1",
      model: "m1",
      maxAttempts: 9,
      sampling: { temperature: 1 },
      apiKey: API_KEY,
    });
    const res = await api<{ policy: PolicyView }>("PUT", "/v1/policies/rotate", { body: settings });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.policy).toMatchObject({
      name: "rotate",
      baseUrl: "http://b/v1",
      model: "m2",
      timeoutSeconds: 30,
      // Replaced, so omitted fields take their defaults.
      maxAttempts: 4,
      sampling: {},
      apiKey: { set: true, hint: "…WXYZ" },
      createdAt: created.body.policy.createdAt,
    });
    const resolved = await resolvePolicy(env, { ownerKeyId: ADMIN_KEY_ID, name: "rotate" });
    expect(resolved).toMatchObject({ apiKey: API_KEY, model: "m2", timeoutMs: 30_000 });
  });

  it("rotates the key when one is given, and removes it on `null`", async () => {
    await create({ name: "rotate-2", baseUrl: "http://a/v1", model: "m", apiKey: API_KEY });
    const before = await storedRow("rotate-2");
    const newKey = "sk-rotated-key-9876543210-LMNO";
    const rotated = await api<{ policy: PolicyView }>("PUT", "/v1/policies/rotate-2", {
      body: { ...settings, apiKey: newKey },
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.policy.apiKey).toEqual({ set: true, hint: "…LMNO" });
    expect(JSON.stringify(rotated.body)).not.toContain(newKey);
    expect((await storedRow("rotate-2"))?.api_key_cipher).not.toBe(before?.api_key_cipher);
    expect(await resolvePolicy(env, { ownerKeyId: ADMIN_KEY_ID, name: "rotate-2" })).toMatchObject({
      apiKey: newKey,
    });

    const removed = await api<{ policy: PolicyView }>("PUT", "/v1/policies/rotate-2", {
      body: { ...settings, apiKey: null },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.policy.apiKey).toEqual({ set: false, hint: null });
    expect(await storedRow("rotate-2")).toMatchObject({ api_key_cipher: null, api_key_hint: null });
    expect(await resolvePolicy(env, { ownerKeyId: ADMIN_KEY_ID, name: "rotate-2" })).toMatchObject({
      apiKey: "",
    });
  });

  it("answers 404 for an unknown policy, 400 for a built-in or a bad body", async () => {
    const missing = await api<ErrorBody>("PUT", "/v1/policies/absent", { body: settings });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("not_found");
    expect((await api("GET", "/v1/policies/absent")).status).toBe(404);

    const builtIn = await api<ErrorBody>("PUT", "/v1/policies/oracle", { body: settings });
    expect(builtIn.status).toBe(400);
    expect(builtIn.body.error.message).toContain("built-in");

    await create({ name: "put-bad", baseUrl: "http://a/v1", model: "m" });
    const bad = await api<ErrorBody>("PUT", "/v1/policies/put-bad", {
      body: { ...settings, baseUrl: "nope" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation_failed");
  });
});

describe("DELETE /v1/policies/{name}", () => {
  it("deletes with 204, then answers 404", async () => {
    await create({ name: "doomed", baseUrl: "http://a/v1", model: "m", apiKey: API_KEY });
    const res = await api("DELETE", "/v1/policies/doomed");
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(await storedRow("doomed")).toBeNull();
    expect((await api("GET", "/v1/policies/doomed")).status).toBe(404);
    expect((await api("DELETE", "/v1/policies/doomed")).status).toBe(404);
    expect((await api("DELETE", "/v1/policies/random")).status).toBe(400);
    // The name is free again.
    expect((await create({ name: "doomed", baseUrl: "http://a/v1", model: "m" })).status).toBe(201);
  });
});

describe("resolvePolicy", () => {
  it("decrypts a stored key for the rollout, and its snapshot keeps everything but the key", async () => {
    await create({
      name: "resolve-me",
      baseUrl: "http://c/v1",
      model: "m",
      timeoutSeconds: 5,
      maxAttempts: 2,
      sampling: { temperature: 0.2 },
      apiKey: API_KEY,
    });
    const resolved = await resolvePolicy(env, { ownerKeyId: ADMIN_KEY_ID, name: "resolve-me" });
    expect(resolved).toEqual({
      kind: "openai",
      name: "resolve-me",
      baseUrl: "http://c/v1",
      model: "m",
      apiKey: API_KEY,
      timeoutMs: 5000,
      maxAttempts: 2,
      sampling: { temperature: 0.2 },
    });
    const snapshot = policySnapshot(resolved);
    expect(snapshot).toEqual({
      name: "resolve-me",
      kind: "openai",
      model: "m",
      baseUrl: "http://c/v1",
      timeoutMs: 5000,
      maxAttempts: 2,
      sampling: { temperature: 0.2 },
    });
    expect(JSON.stringify(snapshot)).not.toContain(API_KEY);
  });

  it("returns the built-ins, and names them when the policy is unknown", async () => {
    expect(await resolvePolicy(env, { ownerKeyId: ADMIN_KEY_ID, name: "oracle" })).toEqual({
      kind: "oracle",
      name: "oracle",
    });
    expect(await resolvePolicy(env, { ownerKeyId: ADMIN_KEY_ID, name: "random" })).toEqual({
      kind: "random",
      name: "random",
    });
    expect(policySnapshot({ kind: "random", name: "random" })).toEqual({
      name: "random",
      kind: "random",
    });
    const err = await appErrorOf(resolvePolicy(env, { ownerKeyId: ADMIN_KEY_ID, name: "ghost" }));
    expect(err.code).toBe("not_found");
    expect(err.message).toContain("`ghost`");
    expect(err.message).toContain("`oracle`");
    expect(err.message).toContain("`random`");
  });

  it("fails clearly when the secrets key is missing or was changed", async () => {
    await create({ name: "rekeyed", baseUrl: "http://a/v1", model: "m", apiKey: API_KEY });
    const changed: AppEnv = { ...env, AGENT_WORLD_SECRETS_KEY: "a-different-secrets-key-000" };
    const wrongKey = await appErrorOf(
      resolvePolicy(changed, { ownerKeyId: ADMIN_KEY_ID, name: "rekeyed" }),
    );
    expect(wrongKey.code).toBe("internal");
    expect(wrongKey.message).toContain("was AGENT_WORLD_SECRETS_KEY changed?");

    const missing: AppEnv = { ...env, AGENT_WORLD_SECRETS_KEY: undefined };
    const unset = await appErrorOf(
      resolvePolicy(missing, { ownerKeyId: ADMIN_KEY_ID, name: "rekeyed" }),
    );
    expect(unset.code).toBe("unavailable");
    expect(unset.message).toContain("wrangler secret put AGENT_WORLD_SECRETS_KEY");
    // A policy without a key needs no secrets key.
    await create({ name: "keyless", baseUrl: "http://a/v1", model: "m" });
    expect(
      await resolvePolicy(missing, { ownerKeyId: ADMIN_KEY_ID, name: "keyless" }),
    ).toMatchObject({ apiKey: "" });
  });
});

describe("scope and auth", () => {
  it("needs the episodes scope: 403 without it, 401 without a key", async () => {
    const made = await api<{ key: string }>("POST", "/v1/admin/keys", {
      body: { name: "catalog-only", scopes: ["catalog:write"] },
    });
    expect(made.status).toBe(201);
    const catalogOnly = made.body.key;
    const forbidden = [
      await api<ErrorBody>("GET", "/v1/policies", { key: catalogOnly }),
      await api<ErrorBody>("GET", "/v1/policies/oracle", { key: catalogOnly }),
      await api<ErrorBody>("POST", "/v1/policies", {
        key: catalogOnly,
        body: { name: "sneaky", baseUrl: "http://a/v1", model: "m" },
      }),
    ];
    for (const res of forbidden) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
    }
    expect((await api("GET", "/v1/policies", { key: null })).status).toBe(401);
    expect((await api("GET", "/v1/policies/sneaky")).status).toBe(404);

    const trainer = await api<{ key: string; id: string }>("POST", "/v1/admin/keys", {
      body: { name: "trainer", scopes: ["episodes"] },
    });
    const byTrainer = await api<{ policy: PolicyView }>("POST", "/v1/policies", {
      key: trainer.body.key,
      body: { name: "by-trainer", baseUrl: "http://a/v1", model: "m" },
    });
    expect(byTrainer.status).toBe(201);
    expect(await storedRow("by-trainer")).toMatchObject({ owner_key_id: trainer.body.id });
  });
});

describe("OpenAPI", () => {
  it("documents every policy route", async () => {
    const res = await api<{ paths: Record<string, Record<string, unknown>> }>(
      "GET",
      "/v1/openapi.json",
      { key: null },
    );
    expect(Object.keys(res.body.paths["/v1/policies"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(res.body.paths["/v1/policies/{name}"] ?? {}).sort()).toEqual([
      "delete",
      "get",
      "put",
    ]);
  });
});
