// `agent-world keys ...` against a local HTTP double of the API.
import { afterEach, describe, expect, it } from "vitest";
import { cli, type FakeApi, startFakeApi } from "./cli-fake-api";

const record = {
  id: "4fJk2LmQ9sTx7bZa",
  name: "trainer-1",
  scopes: ["episodes", "catalog:write"],
  createdAt: "2026-05-01T12:00:00.000Z",
  lastUsedAt: null,
  revokedAt: null,
};

let api: FakeApi;
afterEach(() => api.close());
const env = () => ({ AGENT_WORLD_URL: api.baseUrl, AGENT_WORLD_API_KEY: "aw_admin_test" });

describe("keys", () => {
  it("creates a key with the given scopes and prints it once", async () => {
    const key = "aw_4fJk2LmQ9sTx7bZa_secret";
    api = await startFakeApi({ "POST /v1/admin/keys": { status: 201, json: { ...record, key } } });
    const run = await cli(
      ["keys", "create", "trainer-1", "--scopes", "episodes, catalog:write"],
      env(),
    );
    expect(run.code).toBe(0);
    expect(api.requests[0]?.body).toEqual({
      name: "trainer-1",
      scopes: ["episodes", "catalog:write"],
    });
    expect(run.stdout).toContain(`key     ${key}`);
    expect(run.stderr).toContain("it is not shown again");
  });

  it("needs known scopes", async () => {
    api = await startFakeApi({});
    const missing = await cli(["keys", "create", "x"], env());
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--scopes is required");
    const unknown = await cli(["keys", "create", "x", "--scopes", "episodes,root"], env());
    expect(unknown.stderr).toContain("unknown scope root");
    expect(api.requests).toHaveLength(0);
  });

  it("lists keys as a table", async () => {
    const revoked = {
      ...record,
      id: "R0",
      name: "old",
      scopes: ["admin"],
      revokedAt: "2026-05-02T00:00:00.000Z",
    };
    api = await startFakeApi({
      "GET /v1/admin/keys": { status: 200, json: { keys: [record, revoked] } },
    });
    const run = await cli(["keys", "list"], env());
    expect(run.stdout.split("\n")).toEqual([
      "ID                NAME       SCOPES                  CREATED                   LAST USED  STATUS",
      "4fJk2LmQ9sTx7bZa  trainer-1  episodes,catalog:write  2026-05-01T12:00:00.000Z  never      active",
      "R0                old        admin                   2026-05-01T12:00:00.000Z  never      revoked 2026-05-02T00:00:00.000Z",
    ]);
  });

  it("revokes a key, and says which key was used when the API refuses", async () => {
    api = await startFakeApi({
      "DELETE /v1/admin/keys/4fJk2LmQ9sTx7bZa": {
        status: 200,
        json: { ...record, revokedAt: "2026-05-03T00:00:00.000Z" },
      },
      "DELETE /v1/admin/keys/other": {
        status: 403,
        json: { error: { code: "forbidden", message: "This key lacks the `admin` scope." } },
      },
    });
    const ok = await cli(["keys", "revoke", "4fJk2LmQ9sTx7bZa"], env());
    expect(ok.stdout).toBe("revoked 4fJk2LmQ9sTx7bZa (trainer-1) at 2026-05-03T00:00:00.000Z");
    const refused = await cli(["keys", "revoke", "other"], env());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      "error forbidden: This key lacks the `admin` scope.\n(key from AGENT_WORLD_API_KEY)",
    );
  });
});
