// `agent-world env yank name[@version]` against a local HTTP double of the API: the DELETE sent,
// what is printed, `--json`, and a refusal made readable.
import { afterEach, describe, expect, it } from "vitest";
import { cli, type FakeApi, startFakeApi } from "./cli-fake-api";

let api: FakeApi;
afterEach(() => api.close());
const env = () => ({ AGENT_WORLD_URL: api.baseUrl, AGENT_WORLD_API_KEY: "aw_test_key" });

const yankedAt = "2026-06-01T10:00:00.000Z";

describe("env yank", () => {
  it("yanks one version with DELETE /v1/environments/name@version and says what name opens", async () => {
    api = await startFakeApi({
      "DELETE /v1/environments/chinook@1.0.0": {
        status: 200,
        json: {
          name: "chinook",
          yanked: [{ version: "1.0.0", yankedAt }],
          latestLiveVersion: "1.2.0",
        },
      },
    });
    const run = await cli(["env", "yank", "chinook@1.0.0"], env());
    expect(run.code, run.stderr).toBe(0);
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "DELETE /v1/environments/chinook@1.0.0",
    ]);
    expect(api.requests[0]?.headers.authorization).toBe("Bearer aw_test_key");
    expect(run.stdout.split("\n")).toEqual([
      `yanked chinook@1.0.0 (${yankedAt})`,
      "chinook now opens chinook@1.2.0",
    ]);
  });

  it("yanks every version for a bare name, and prints the API's JSON with --json", async () => {
    const body = {
      name: "chinook",
      yanked: [
        { version: "1.2.0", yankedAt },
        { version: "1.0.0", yankedAt },
      ],
      latestLiveVersion: null,
    };
    api = await startFakeApi({ "DELETE /v1/environments/chinook": { status: 200, json: body } });
    const run = await cli(["env", "yank", "chinook"], env());
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("yanked chinook@1.2.0");
    expect(run.stdout).toContain("every version of chinook is yanked");
    const json = await cli(["env", "yank", "chinook", "--json"], env());
    expect(JSON.parse(json.stdout)).toEqual(body);
  });

  it("maps a refusal to `error <code>: <message>` and exit 1; a bad ref is a usage error", async () => {
    api = await startFakeApi({
      "DELETE /v1/environments/chinook": {
        status: 403,
        json: {
          error: {
            code: "forbidden",
            message: "Only the key that published `chinook` first, or an admin key, may yank it.",
          },
        },
      },
    });
    const run = await cli(["env", "yank", "chinook"], env());
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("error forbidden: Only the key that published `chinook` first");
    const bad = await cli(["env", "yank", "chinook@"], env());
    expect(bad.code).toBe(2);
    expect(api.requests).toHaveLength(1);
  });
});
