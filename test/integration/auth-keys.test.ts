// API keys end to end: the bootstrap admin key, creating/listing/revoking keys over the admin
// API, 401 for missing, malformed, unknown, wrong and revoked keys, 403 for a missing scope,
// only a hash in D1, and `last_used_at` written at most once a minute.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../core/base/json";
import { requireScope } from "../../workers/auth/require-scope";
import type { AppEnv } from "../../workers/env";
import { catalogTestApp } from "./setup/catalog-fixtures";

const ADMIN_KEY = "test-bootstrap-admin-key-0123456789";
const adminEnv: AppEnv = { ...env, AGENT_WORLD_ADMIN_KEY: ADMIN_KEY };

let clock = Date.parse("2030-01-01T00:00:00.000Z");
const app = catalogTestApp();
app.get("/probe/episodes", requireScope("episodes"), (c) => c.json({ auth: c.var.auth }));
app.get("/probe/clocked", requireScope("episodes", { now: () => clock }), (c) =>
  c.json({ auth: c.var.auth }),
);

function call(path: string, init: RequestInit = {}, bindings: AppEnv = adminEnv) {
  return app.request(path, init, bindings);
}

function bearer(key: string): RequestInit {
  return { headers: { Authorization: `Bearer ${key}` } };
}

async function createKey(name: string, scopes: string[]): Promise<{ id: string; key: string }> {
  const res = await call("/v1/admin/keys", {
    method: "POST",
    headers: { Authorization: `Bearer ${ADMIN_KEY}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name, scopes }),
  });
  expect(res.status).toBe(201);
  return res.json();
}

async function errorCode(res: Response): Promise<string> {
  return ((await res.json()) as { error: { code: string } }).error.code;
}

describe("the bootstrap admin key", () => {
  it("has every scope", async () => {
    const res = await call("/probe/episodes", bearer(ADMIN_KEY));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      auth: { keyId: "bootstrap-admin", scopes: ["episodes", "catalog:write", "admin"] },
    });
  });

  it("is refused when it is wrong or when none is configured", async () => {
    expect((await call("/v1/admin/keys", bearer(`${ADMIN_KEY}x`))).status).toBe(401);
    expect((await call("/v1/admin/keys", bearer(ADMIN_KEY), env)).status).toBe(401);
  });
});

describe("admin key routes", () => {
  it("creates a key, returns it once, and stores only its SHA-256", async () => {
    const created = await createKey("trainer", ["episodes"]);
    expect(created).toMatchObject({ name: "trainer", scopes: ["episodes"], revokedAt: null });
    expect(created.key).toMatch(/^aw_[0-9A-Za-z]{16}_[0-9A-Za-z]{43}$/);
    expect(created.key.startsWith(`aw_${created.id}_`)).toBe(true);

    const row = await env.CATALOG.prepare("select * from api_keys where id = ?")
      .bind(created.id)
      .first<Record<string, unknown>>();
    expect(row?.key_hash).toBe(await sha256Hex(created.key));
    const secret = created.key.slice(created.key.lastIndexOf("_") + 1);
    expect(JSON.stringify(row)).not.toContain(secret);

    const list = await call("/v1/admin/keys", bearer(ADMIN_KEY));
    expect(list.status).toBe(200);
    const text = await list.text();
    expect(text).not.toContain(secret);
    expect(text).not.toContain(String(row?.key_hash));
    const { keys } = JSON.parse(text) as { keys: Record<string, unknown>[] };
    const listed = keys.find((k) => k.id === created.id);
    expect(listed).toEqual({
      id: created.id,
      name: "trainer",
      scopes: ["episodes"],
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
    });
  });

  it("validates the body", async () => {
    const res = await call("/v1/admin/keys", {
      method: "POST",
      headers: { Authorization: `Bearer ${ADMIN_KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "x", scopes: ["root"] }),
    });
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe("validation_failed");
  });

  it("revokes a key: it stops working at once, and revoking again changes nothing", async () => {
    const { id, key } = await createKey("short-lived", ["episodes"]);
    expect((await call("/probe/episodes", bearer(key))).status).toBe(200);

    const revoked = await call(`/v1/admin/keys/${id}`, { method: "DELETE", ...bearer(ADMIN_KEY) });
    expect(revoked.status).toBe(200);
    const first = (await revoked.json()) as { revokedAt: string };
    expect(first.revokedAt).toEqual(expect.any(String));

    const refused = await call("/probe/episodes", bearer(key));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({
      error: { code: "unauthorized", message: "This API key has been revoked." },
    });

    const again = await call(`/v1/admin/keys/${id}`, { method: "DELETE", ...bearer(ADMIN_KEY) });
    expect(((await again.json()) as { revokedAt: string }).revokedAt).toBe(first.revokedAt);
  });

  it("answers 404 when revoking an unknown key", async () => {
    const res = await call("/v1/admin/keys/nope", { method: "DELETE", ...bearer(ADMIN_KEY) });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      error: { code: "not_found", message: "No API key with id `nope`." },
    });
  });
});

describe("requireScope", () => {
  it("answers 401 with WWW-Authenticate when no key is sent", async () => {
    const res = await call("/v1/admin/keys");
    expect(res.status).toBe(401);
    expect(res.headers.get("WWW-Authenticate")).toContain("Bearer");
    expect(await errorCode(res)).toBe("unauthorized");
  });

  it("answers 401 for malformed, unknown and wrong keys", async () => {
    const { id } = await createKey("real", ["episodes"]);
    const unknownId = "aw_0000000000000000_".padEnd(63, "a");
    const wrongSecret = `aw_${id}_`.padEnd(63, "b");
    for (const key of ["nonsense", unknownId, wrongSecret]) {
      const res = await call("/probe/episodes", bearer(key));
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({
        error: { code: "unauthorized", message: "The API key is not valid." },
      });
    }
    const basic = await call("/probe/episodes", { headers: { Authorization: "Basic abc" } });
    expect(basic.status).toBe(401);
  });

  it("accepts the key as X-API-Key and sets c.var.auth", async () => {
    const { id, key } = await createKey("header", ["episodes"]);
    const res = await call("/probe/episodes", { headers: { "X-API-Key": key } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ auth: { keyId: id, scopes: ["episodes"] } });
  });

  it("answers 403 naming the scope a key lacks", async () => {
    const { key } = await createKey("no-admin", ["episodes", "catalog:write"]);
    const res = await call("/v1/admin/keys", bearer(key));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: {
        code: "forbidden",
        message: "This API key lacks the `admin` scope.",
        details: { required: "admin", scopes: ["episodes", "catalog:write"] },
      },
    });
    const { key: adminKey } = await createKey("second-admin", ["admin"]);
    expect((await call("/v1/admin/keys", bearer(adminKey))).status).toBe(200);
  });

  it("records last use at most once a minute", async () => {
    const { id, key } = await createKey("clocked", ["episodes"]);
    const lastUsed = async () =>
      (
        await env.CATALOG.prepare("select last_used_at from api_keys where id = ?")
          .bind(id)
          .first<{ last_used_at: string | null }>()
      )?.last_used_at;

    const start = clock;
    expect((await call("/probe/clocked", bearer(key))).status).toBe(200);
    expect(await lastUsed()).toBe(new Date(start).toISOString());

    clock = start + 45_000;
    expect((await call("/probe/clocked", bearer(key))).status).toBe(200);
    expect(await lastUsed()).toBe(new Date(start).toISOString());

    clock = start + 61_000;
    expect((await call("/probe/clocked", bearer(key))).status).toBe(200);
    expect(await lastUsed()).toBe(new Date(start + 61_000).toISOString());
  });

  it("notices a revocation made elsewhere once its cache entry expires (30 s)", async () => {
    const { id, key } = await createKey("revoked-elsewhere", ["episodes"]);
    const start = clock;
    expect((await call("/probe/clocked", bearer(key))).status).toBe(200);
    // Another isolate revoked it: this one still trusts its cached copy for a while.
    await env.CATALOG.prepare("update api_keys set revoked_at = ? where id = ?")
      .bind(new Date(start).toISOString(), id)
      .run();
    clock = start + 10_000;
    expect((await call("/probe/clocked", bearer(key))).status).toBe(200);
    clock = start + 31_000;
    expect((await call("/probe/clocked", bearer(key))).status).toBe(401);
  });
});
