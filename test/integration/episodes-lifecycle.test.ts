// Opening, reading, listing tools of, and deleting episodes through the real Worker; auth and
// bad requests on the way in.
import { beforeAll, describe, expect, it } from "vitest";
import { ledgerSpec } from "../fixtures/ledger-environment";
import { api, openEpisode, publish } from "./support/platform";

beforeAll(async () => {
  const published = await publish(ledgerSpec);
  expect(published.status, JSON.stringify(published.body)).toBe(201);
});

describe("episode lifecycle", () => {
  it("opens an episode of the latest version and describes it with links", async () => {
    const res = await api<Record<string, unknown>>("POST", "/v1/episodes", {
      body: { environment: "ledger", seed: "s1", maxSteps: 10 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      environment: { name: "ledger", version: "1.0.0" },
      seed: "s1",
      status: "active",
      step: 0,
      maxSteps: 10,
      clock: "2025-01-06T09:00:00.000Z",
      tables: 2,
      rows: 3,
    });
    expect(String(res.body.id)).toMatch(/^ep_[a-z0-9]{26}$/);
    const links = res.body.links as Record<string, string>;
    expect(links.mcp).toBe(`http://agent-world.test/v1/episodes/${res.body.id}/mcp`);

    const got = await api("GET", `/v1/episodes/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: res.body.id, step: 0 });
  });

  it("lists the episode's tools in the three formats", async () => {
    const id = await openEpisode("ledger@1.0.0");
    const openai = await api<{ tools: { type: string; function: { name: string } }[] }>(
      "GET",
      `/v1/episodes/${id}/tools`,
    );
    expect(openai.body.tools.map((t) => t.function.name)).toEqual([
      "get_account",
      "transfer",
      "misbehave",
      "entropy",
    ]);
    const responses = await api<{ tools: { name: string; parameters: unknown }[] }>(
      "GET",
      `/v1/episodes/${id}/tools?format=responses`,
    );
    expect(responses.body.tools[0]).toMatchObject({ type: "function", name: "get_account" });
    const mcp = await api<{
      tools: { name: string; inputSchema: unknown; annotations: unknown }[];
    }>("GET", `/v1/episodes/${id}/tools?format=mcp`);
    expect(mcp.body.tools[1]).toMatchObject({
      name: "transfer",
      annotations: { readOnlyHint: false },
    });
  });

  it("deletes an episode; afterwards it is gone", async () => {
    const id = await openEpisode("ledger");
    expect((await api("DELETE", `/v1/episodes/${id}`)).status).toBe(204);
    const after = await api<{ error: { code: string } }>("GET", `/v1/episodes/${id}`);
    expect(after.status).toBe(404);
    expect(after.body.error.code).toBe("not_found");
    const callAfter = await api("POST", `/v1/episodes/${id}/tools/get_account`, {
      body: { id: 1 },
    });
    expect(callAfter.status).toBe(404);
  });

  it("404s an unknown environment, version or episode", async () => {
    const env = await api<{ error: { code: string; message: string } }>("POST", "/v1/episodes", {
      body: { environment: "nope" },
    });
    expect(env.status).toBe(404);
    expect(env.body.error.message).toContain('"nope"');
    const version = await api("POST", "/v1/episodes", { body: { environment: "ledger@9.9.9" } });
    expect(version.status).toBe(404);
    const episode = await api("GET", "/v1/episodes/ep_00000000000000000000000000");
    expect(episode.status).toBe(404);
  });

  it("needs an API key, and hides one key's episodes from another", async () => {
    const noKey = await api("POST", "/v1/episodes", { body: { environment: "ledger" }, key: null });
    expect(noKey.status).toBe(401);
    const wrong = await api("POST", "/v1/episodes", {
      body: { environment: "ledger" },
      key: "aw_nope_nope",
    });
    expect(wrong.status).toBe(401);

    const created = await api<{ key: string }>("POST", "/v1/admin/keys", {
      body: { name: "agent", scopes: ["episodes"] },
    });
    expect(created.status).toBe(201);
    const agentKey = created.body.key;
    const mine = await openEpisode("ledger", { key: agentKey });
    expect((await api("GET", `/v1/episodes/${mine}`, { key: agentKey })).status).toBe(200);

    const other = await api<{ key: string }>("POST", "/v1/admin/keys", {
      body: { name: "other", scopes: ["episodes"] },
    });
    expect((await api("GET", `/v1/episodes/${mine}`, { key: other.body.key })).status).toBe(404);
    // an episodes-only key cannot publish
    const publishAttempt = await api("POST", "/v1/environments", {
      body: ledgerSpec,
      key: agentKey,
    });
    expect(publishAttempt.status).toBe(403);
  });

  it("answers malformed JSON, schema-invalid bodies and oversized bodies with structured errors", async () => {
    const malformed = await api<{ error: { code: string } }>("POST", "/v1/episodes", {
      rawBody: "{not json",
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("invalid_json");

    const invalid = await api<{ error: { code: string; details: { issues: { path: string }[] } } }>(
      "POST",
      "/v1/episodes",
      { body: { environment: "ledger", maxSteps: -1 } },
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe("validation_failed");
    expect(invalid.body.error.details.issues.map((i) => i.path)).toContain("maxSteps");

    const huge = await api<{ error: { code: string } }>("POST", "/v1/episodes", {
      rawBody: JSON.stringify({ environment: "ledger", seed: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe("payload_too_large");
  });
});
