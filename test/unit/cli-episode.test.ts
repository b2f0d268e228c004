// `agent-world episode ...` against a local HTTP double of the API.
import { afterEach, describe, expect, it } from "vitest";
import { cli, type FakeApi, startFakeApi } from "./cli-fake-api";

const ID = "ep_3mzq8v1k0c5d7f9h2j4n6p8r0t";
const episode = {
  id: ID,
  environment: { name: "chinook", version: "1.2.0", contentHash: "h" },
  seed: "7",
  status: "active",
  createdAt: "2026-05-01T12:00:00.000Z",
  expiresAt: "2026-05-01T13:00:00.000Z",
  step: 0,
  maxSteps: 50,
  clock: "2025-01-06T09:00:00.000Z",
  tables: 11,
  rows: 15607,
};

let api: FakeApi;
afterEach(() => api.close());
const env = () => ({ AGENT_WORLD_URL: api.baseUrl, AGENT_WORLD_API_KEY: "aw_test_key" });

describe("episode create", () => {
  it("sends the environment and numeric options, and prints the episode", async () => {
    api = await startFakeApi({ "POST /v1/episodes": { status: 201, json: episode } });
    const run = await cli(
      ["episode", "create", "chinook@1.2.0", "--seed", "7", "--ttl", "600", "--max-steps", "50"],
      env(),
    );
    expect(run.code).toBe(0);
    expect(api.requests[0]?.body).toEqual({
      environment: "chinook@1.2.0",
      seed: "7",
      ttlSeconds: 600,
      maxSteps: 50,
    });
    expect(run.stdout).toContain(`episode      ${ID}`);
    expect(run.stdout).toContain("environment  chinook@1.2.0");
    expect(run.stdout).toContain("data         11 tables, 15607 rows");
  });

  it("leaves unset options out and prints only the id with --quiet", async () => {
    api = await startFakeApi({ "POST /v1/episodes": { status: 201, json: episode } });
    const run = await cli(["episode", "create", "chinook", "--quiet"], env());
    expect(api.requests[0]?.body).toEqual({ environment: "chinook" });
    expect(run.stdout).toBe(ID);
  });

  it("refuses a TTL outside the API's range", async () => {
    api = await startFakeApi({});
    const run = await cli(["episode", "create", "chinook", "--ttl", "5"], env());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--ttl must be a whole number from 10 to 604800");
  });
});

describe("episode call", () => {
  const okResult = {
    episodeId: ID,
    step: 1,
    tool: "search_tracks",
    ok: true,
    result: { tracks: [{ id: 1, name: "Love Song" }] },
    fuel: 1234,
    durationMs: 1.25,
    at: "2025-01-06T09:00:01.000Z",
    replayed: false,
  };

  it("posts the JSON arguments with the idempotency key and prints the result", async () => {
    api = await startFakeApi({
      [`POST /v1/episodes/${ID}/tools/search_tracks`]: { status: 200, json: okResult },
    });
    const run = await cli(
      [
        "episode",
        "call",
        ID,
        "search_tracks",
        '{"query":"love","limit":1}',
        "--idempotency-key",
        "k1",
      ],
      env(),
    );
    expect(run.code).toBe(0);
    expect(api.requests[0]?.body).toEqual({ query: "love", limit: 1 });
    expect(api.requests[0]?.headers["idempotency-key"]).toBe("k1");
    expect(JSON.parse(run.stdout)).toEqual(okResult.result);
    expect(run.stderr).toBe("search_tracks: ok (step 1, fuel 1234, 1.3 ms)");
  });

  it("sends {} when no arguments are given", async () => {
    api = await startFakeApi({
      [`POST /v1/episodes/${ID}/tools/list_genres`]: {
        status: 200,
        json: { ...okResult, tool: "list_genres" },
      },
    });
    await cli(["episode", "call", ID, "list_genres"], env());
    expect(api.requests[0]?.body).toEqual({});
  });

  it("exits 1 on a tool failure and shows its error", async () => {
    const failed = {
      ...okResult,
      ok: false,
      result: undefined,
      error: { code: "not_found", message: "No customer 99." },
    };
    api = await startFakeApi({
      [`POST /v1/episodes/${ID}/tools/get_customer`]: { status: 200, json: failed },
    });
    const run = await cli(["episode", "call", ID, "get_customer", '{"id":99}'], env());
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("tool error not_found: No customer 99.");
  });

  it("rejects arguments that are not a JSON object without calling the API", async () => {
    api = await startFakeApi({});
    const notJson = await cli(["episode", "call", ID, "t", "{query: love}"], env());
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toContain("the tool arguments are not valid JSON");
    const array = await cli(["episode", "call", ID, "t", "[1]"], env());
    expect(array.code).toBe(2);
    expect(array.stderr).toContain("must be a JSON object");
    expect(api.requests).toHaveLength(0);
  });

  it("shows schema issues of an invalid_arguments error", async () => {
    api = await startFakeApi({
      [`POST /v1/episodes/${ID}/tools/search_tracks`]: {
        status: 400,
        json: {
          error: {
            code: "invalid_arguments",
            message: "The arguments do not match the tool's input schema.",
            details: { errors: [{ path: "/limit", message: "must be <= 50" }] },
          },
        },
      },
    });
    const run = await cli(["episode", "call", ID, "search_tracks", '{"limit":500}'], env());
    expect(run.code).toBe(1);
    expect(run.stderr.split("\n")).toEqual([
      "error invalid_arguments: The arguments do not match the tool's input schema.",
      "  /limit: must be <= 50",
    ]);
  });
});

describe("episode state, diff, calls, reset, delete", () => {
  it("prints the state digests as a table", async () => {
    api = await startFakeApi({
      [`GET /v1/episodes/${ID}/state`]: {
        status: 200,
        json: {
          digest: "d0",
          tables: { Album: { rows: 347, digest: "d1" }, Artist: { rows: 275, digest: "d2" } },
        },
      },
    });
    const run = await cli(["episode", "state", ID], env());
    expect(run.stdout).toBe(
      "digest  d0\n\nTABLE   ROWS  DIGEST\nAlbum   347   d1\nArtist  275   d2",
    );
  });

  it("summarizes a diff per table and says when nothing changed", async () => {
    api = await startFakeApi({
      [`GET /v1/episodes/${ID}/diff`]: {
        status: 200,
        json: {
          tables: { Playlist: { inserted: [{ PlaylistId: 19 }], updated: [], deleted: [] } },
        },
      },
    });
    const run = await cli(["episode", "diff", ID], env());
    expect(run.stdout).toBe("TABLE     CHANGES\nPlaylist  inserted 1, updated 0, deleted 0");
    await api.close();
    api = await startFakeApi({
      [`GET /v1/episodes/${ID}/diff`]: { status: 200, json: { tables: {} } },
    });
    expect((await cli(["episode", "diff", ID], env())).stdout).toBe(
      "no changes since the episode opened",
    );
  });

  it("prints the call log with each call's outcome and forwards paging", async () => {
    api = await startFakeApi({
      [`GET /v1/episodes/${ID}/calls`]: {
        status: 200,
        json: {
          calls: [
            {
              step: 1,
              tool: "search_tracks",
              args: { query: "love" },
              fuel: 900,
              durationMs: 1,
              response: { ok: true, value: { ok: true } },
            },
            {
              step: 2,
              tool: "get_customer",
              args: { id: 99 },
              fuel: 100,
              durationMs: 1,
              response: { ok: true, value: { ok: false, error: { code: "not_found" } } },
            },
            {
              step: 3,
              tool: "nope",
              args: {},
              fuel: 0,
              durationMs: 0,
              response: { ok: false, error: { code: "not_found" } },
            },
          ],
        },
      },
    });
    const run = await cli(["episode", "calls", ID, "--after", "0", "--limit", "3"], env());
    expect(api.requests[0]?.query.get("limit")).toBe("3");
    expect(run.stdout.split("\n")).toEqual([
      "STEP  TOOL           OUTCOME           FUEL  ARGS",
      '1     search_tracks  ok                900   {"query":"love"}',
      '2     get_customer   failed not_found  100   {"id":99}',
      "3     nope           error not_found   0     {}",
    ]);
  });

  it("resets and deletes", async () => {
    api = await startFakeApi({
      [`POST /v1/episodes/${ID}/reset`]: { status: 200, json: episode },
      [`DELETE /v1/episodes/${ID}`]: { status: 204 },
    });
    expect((await cli(["episode", "reset", ID], env())).stdout).toBe(
      `reset ${ID}: step 0, clock 2025-01-06T09:00:00.000Z`,
    );
    const deleted = await cli(["episode", "delete", ID], env());
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toBe(`deleted ${ID}`);
  });

  it("reports an expired episode", async () => {
    api = await startFakeApi({
      [`GET /v1/episodes/${ID}/state`]: {
        status: 410,
        json: { error: { code: "episode_expired", message: "The episode expired." } },
      },
    });
    const run = await cli(["episode", "state", ID], env());
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("error episode_expired: The episode expired.");
  });
});
