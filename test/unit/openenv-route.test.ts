// The OpenEnv routes in Node over an in-memory episode: the HTTP status of each outcome, body
// validation, idempotency keys, and that the MCP and OpenEnv routes render in the OpenAPI document.
import { beforeEach, describe, expect, it } from "vitest";
import { errorResponse } from "../../workers/http-errors";
import { createRouter } from "../../workers/router";
import { createMcpRoutes } from "../../workers/routes/mcp";
import { createOpenEnvRoutes } from "../../workers/routes/openenv";
import { FakeEpisode } from "./mcp-fake-episode";

const ID = "ep_aaaaaaaaaaaaaaaaaaaaaaaaaa";
const BASE = `http://test.local/v1/episodes/${ID}/openenv`;

let episode: FakeEpisode;
let app: ReturnType<typeof createRouter>;

beforeEach(() => {
  episode = new FakeEpisode(ID, { maxSteps: 3 });
  const portFor = (_c: unknown, id: string) =>
    id === ID ? episode : new FakeEpisode(id, { missing: true });
  app = createRouter();
  app.route("/", createOpenEnvRoutes(portFor));
  app.route("/", createMcpRoutes(portFor));
  app.onError(errorResponse);
});

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(`${BASE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe("reset", () => {
  it("works with no body, an empty body object, and this episode's seed", async () => {
    expect((await app.request(`${BASE}/reset`, { method: "POST" })).status).toBe(200);
    expect((await postJson("/reset", {})).status).toBe(200);
    const res = await postJson("/reset", { seed: "seed-1" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      observation: { done: false },
      info: { step: 0 },
      done: false,
    });
  });

  it("refuses another seed with 400 validation_failed", async () => {
    const res = await postJson("/reset", { seed: 7 });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "validation_failed" } });
  });
});

describe("step", () => {
  it("answers a call with observation, reward, terminated, truncated, done and info", async () => {
    const res = await postJson("/step", {
      action: { tool: "create_playlist", arguments: { name: "A" } },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      observation: { ok: true, result: { playlistId: 1 } },
      reward: 0,
      terminated: false,
      truncated: false,
      done: false,
      info: { step: 1, max_steps: 3 },
    });
  });

  it("answers a bad action shape with 400 validation_failed", async () => {
    for (const body of [{}, { action: { args: {} } }, { action: "search" }]) {
      const res = await postJson("/step", body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: "validation_failed" } });
    }
    expect(episode.calls).toHaveLength(0);
  });

  it("answers an unknown tool with 200 and the error in the observation", async () => {
    const res = await postJson("/step", {
      action: { type: "call_tool", tool_name: "nope", arguments: {} },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      observation: { ok: false, error: { code: "not_found" } },
      info: { step: 1 },
    });
  });

  it("passes request_id, else Idempotency-Key, as the idempotency key", async () => {
    await postJson("/step", {
      action: { tool: "search_tracks", arguments: { query: "a" } },
      request_id: "r1",
    });
    await postJson(
      "/step",
      { action: { tool: "search_tracks", arguments: { query: "a" } } },
      { "idempotency-key": "h1" },
    );
    expect(episode.calls.map((c) => c.idempotencyKey)).toEqual(["r1", "h1"]);
  });

  it("answers 404 for an episode that does not exist", async () => {
    const res = await app.request(
      "http://test.local/v1/episodes/ep_bbbbbbbbbbbbbbbbbbbbbbbbbb/openenv/step",
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ action: { tool: "search_tracks" } }),
      },
    );
    expect(res.status).toBe(404);
  });
});

describe("state, schema, health", () => {
  it("answers each with 200", async () => {
    expect(await (await app.request(`${BASE}/state`)).json()).toMatchObject({
      episode_id: ID,
      step_count: 0,
    });
    expect(await (await app.request(`${BASE}/schema`)).json()).toHaveProperty("action.oneOf");
    expect(await (await app.request(`${BASE}/health`)).json()).toEqual({ status: "healthy" });
  });

  it("answers 410 from state when the episode expired", async () => {
    episode.expired = true;
    expect((await app.request(`${BASE}/state`)).status).toBe(410);
  });
});

describe("OpenAPI", () => {
  it("documents the MCP and OpenEnv routes", () => {
    const doc = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
    const paths = Object.keys(doc.paths ?? {});
    for (const path of [
      "mcp",
      "openenv/reset",
      "openenv/step",
      "openenv/state",
      "openenv/schema",
      "openenv/health",
    ]) {
      expect(paths).toContain(`/v1/episodes/{id}/${path}`);
    }
  });
});
