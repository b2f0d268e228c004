// The CLI's long waits against a fake API that answers late or never: each poll gives up after
// AGENT_WORLD_POLL_TIMEOUT_MS (never undici's 300 s UND_ERR_HEADERS_TIMEOUT), an unanswered, 429 or
// 5xx poll is asked again with backoff, and a platform that stays silent ends the wait with a
// message saying what happened and how to look again later.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cli, emptyDir, type FakeApi, startFakeApi } from "./cli-fake-api";

let api: FakeApi | undefined;
afterEach(() => api?.close());

const importJob = (status: string, environment: string | null = null) => ({
  id: "imp_1",
  status,
  environment,
  report: null,
  error: null,
});

const synthJob = (status: string, done: number) => ({
  job: {
    id: "syn_1",
    status,
    environment: { name: "chinook", version: "1.0.0", contentHash: "h" },
    shards: { total: 1, done, failed: 0 },
    kept: done * 3,
    report: null,
  },
  links: {},
});

/** One poll gives up after 200 ms here (the default is 30 s). */
const envOf = (a: FakeApi) => ({
  AGENT_WORLD_URL: a.baseUrl,
  AGENT_WORLD_API_KEY: "aw_test_key",
  AGENT_WORLD_POLL_TIMEOUT_MS: "200",
});

describe("waiting on a slow platform", () => {
  it("env import asks again when a poll is never answered, and finishes", async () => {
    let polls = 0;
    api = await startFakeApi({
      "POST /v1/environments/imports": { status: 202, json: importJob("queued") },
      // The first two polls are parked by the platform and never answered; the third is.
      "GET /v1/environments/imports/imp_1": () =>
        ++polls <= 2
          ? { status: 200, hang: true }
          : { status: 200, json: importJob("published", "people@1.0.0") },
    });
    const source = join(emptyDir(), "people.csv");
    writeFileSync(source, "id,name\n1,a\n2,b\n");
    const run = await cli(["env", "import", source], envOf(api));
    expect(run.code, run.stderr).toBe(0);
    expect(polls).toBe(3);
    expect(run.stdout).toContain("published people@1.0.0");
  });

  it("tasks synth rides out 503s and late answers with backoff", async () => {
    let polls = 0;
    api = await startFakeApi({
      "POST /v1/tasks/synthesize": { status: 202, json: synthJob("queued", 0) },
      "GET /v1/tasks/jobs/syn_1": () => {
        polls++;
        if (polls === 1)
          return { status: 503, json: { error: { code: "unavailable", message: "busy" } } };
        if (polls === 2) return { status: 200, delayMs: 1_000, json: synthJob("running", 0) };
        return { status: 200, json: synthJob("done", 1) };
      },
    });
    const run = await cli(["tasks", "synth", "chinook", "--count", "3"], envOf(api));
    expect(run.code, run.stderr).toBe(0);
    expect(polls).toBe(3);
    expect(run.stdout).toContain("done: 3 tasks kept on chinook@1.0.0");
  });

  it("tasks synth ends with a clear message when the platform stays silent", async () => {
    api = await startFakeApi({
      "POST /v1/tasks/synthesize": { status: 202, json: synthJob("queued", 0) },
      "GET /v1/tasks/jobs/syn_1": { status: 200, hang: true },
    });
    const run = await cli(["tasks", "synth", "chinook", "--count", "3"], envOf(api));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `error: the platform at ${api.baseUrl} did not answer while waiting for synthesis job syn_1: 6 polls in a row failed or took over 0.2 s (last: no answer within 0.2 s).`,
    );
    expect(run.stderr).toContain("look again later with `agent-world tasks list --job syn_1`");
    expect(run.stderr).not.toContain("UND_ERR");
    expect(api.requests.filter((r) => r.method === "GET")).toHaveLength(6);
  });

  it("refuses a poll timeout that is not a number of milliseconds", async () => {
    api = await startFakeApi({});
    const run = await cli(["tasks", "synth", "chinook"], {
      ...envOf(api),
      AGENT_WORLD_POLL_TIMEOUT_MS: "soon",
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("AGENT_WORLD_POLL_TIMEOUT_MS must be a whole number");
  });
});
