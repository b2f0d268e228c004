// `agent-world tasks ...` against a fake API: synth follows the job with a progress line and
// prints the report, list prints a table, show prints one task, export writes JSONL.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cli, emptyDir, type FakeApi, startFakeApi } from "./cli-fake-api";

let api: FakeApi | undefined;
afterEach(() => api?.close());

const job = (status: string, done: number, kept: number, report: unknown = null) => ({
  job: {
    id: "syn_1",
    status,
    environment: { name: "chinook", version: "1.0.0", contentHash: "h" },
    shards: { total: 2, done, failed: 0 },
    kept,
    report,
  },
  links: {},
});

const envOf = (a: FakeApi) => ({ AGENT_WORLD_URL: a.baseUrl, AGENT_WORLD_API_KEY: "aw_test_key" });

const task = (id: string) => ({
  id,
  environment: { name: "chinook", version: "1.0.0", contentHash: "h" },
  kind: "graph",
  instruction: `Which artist recorded track ${id}?`,
  tools: ["get_track", "get_album"],
  difficulty: { level: "easy", chainLength: 2, writes: 0 },
  solution: { program: "async (a, ctx) => 1", calls: [{ tool: "get_track", args: { id: 1 } }] },
  groundTruth: { digest: "abc", answer: { value: "AC/DC" } },
  createdAt: "2025-01-01T00:00:00Z",
});

describe("tasks synth", () => {
  it("posts the request, shows progress and prints the report", async () => {
    let polls = 0;
    api = await startFakeApi({
      "POST /v1/tasks/synthesize": { status: 202, json: job("queued", 0, 0) },
      "GET /v1/tasks/jobs/syn_1": () => ({
        status: 200,
        json:
          ++polls < 2
            ? job("running", 1, 20)
            : job("done", 2, 37, {
                requested: 50,
                kept: 37,
                rejected: { duplicate: 9, dead_end: 4 },
                examples: { dead_end: ["get_album needs an album id"] },
                stoppedBecause: "the environment supports fewer distinct tasks of this kind",
                seconds: 3.2,
              }),
      }),
    });
    const run = await cli(
      [
        "tasks",
        "synth",
        "chinook",
        "--count",
        "50",
        "--strategy",
        "graph",
        "--level",
        "easy",
        "--seed",
        "s1",
      ],
      envOf(api),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(api.requests[0]?.body).toEqual({
      environment: "chinook",
      count: 50,
      strategy: "graph",
      difficulty: { level: "easy" },
      seed: "s1",
    });
    expect(run.stdout).toContain("syn_1: queued, shards 0/2, 0 tasks kept");
    expect(run.stdout).toContain("syn_1: running, shards 1/2, 20 tasks kept");
    expect(run.stdout).toContain("done: 37 tasks kept on chinook@1.0.0");
    expect(run.stdout).toContain("rejected 9 duplicate");
    expect(run.stdout).toContain("rejected 4 dead_end (e.g. get_album needs an album id)");
    expect(run.stdout).toContain("stopped because the environment supports fewer");
  });

  it("asks for the LLM rewrite with --rewrite and reports what it did", async () => {
    api = await startFakeApi({
      "POST /v1/tasks/synthesize": { status: 202, json: job("queued", 0, 0) },
      "GET /v1/tasks/jobs/syn_1": {
        status: 200,
        json: job("done", 2, 10, {
          requested: 10,
          kept: 10,
          rejected: {},
          examples: {},
          rewrite: { status: "ran", rewritten: 8, kept: 2, reasons: { leak: 1, llm: 1 } },
        }),
      },
    });
    const run = await cli(["tasks", "synth", "chinook", "--count", "10", "--rewrite"], envOf(api));
    expect(run.code, run.stderr).toBe(0);
    expect(api.requests[0]?.body).toEqual({ environment: "chinook", count: 10, rewrite: true });
    expect(run.stdout).toContain(
      "instructions reworded by the LLM: 8, kept as templated: 2 (refused: 1 leak, 1 llm)",
    );
  });

  it("returns at once with --no-wait, and refuses a bad strategy", async () => {
    api = await startFakeApi({
      "POST /v1/tasks/synthesize": { status: 202, json: job("queued", 0, 0) },
    });
    const run = await cli(["tasks", "synth", "chinook", "--no-wait"], envOf(api));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/syn_1: queued/);
    expect(api.requests[0]?.body).toEqual({ environment: "chinook", count: 100 });
    const bad = await cli(["tasks", "synth", "chinook", "--strategy", "vibes"], envOf(api));
    expect(bad.code).toBe(2);
    const count = await cli(["tasks", "synth", "chinook", "--count", "0"], envOf(api));
    expect(count.code).toBe(2);
  });

  it("reports the API's error for an unknown environment", async () => {
    api = await startFakeApi({
      "POST /v1/tasks/synthesize": {
        status: 404,
        json: { error: { code: "not_found", message: 'No environment named "nope".' } },
      },
    });
    const run = await cli(["tasks", "synth", "nope"], envOf(api));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('error not_found: No environment named "nope".');
  });
});

describe("tasks list, show, export", () => {
  it("lists with filters and prints the next page hint", async () => {
    api = await startFakeApi({
      "GET /v1/tasks": {
        status: 200,
        json: {
          tasks: [
            {
              id: "tsk_1",
              environment: { name: "chinook", version: "1.0.0" },
              kind: "graph",
              level: "easy",
              instruction: "Which artist recorded track 1?",
              chainLength: 2,
              writes: 0,
              jobId: "syn_1",
              createdAt: "2025-01-01T00:00:00Z",
            },
          ],
          nextCursor: "abc",
        },
      },
    });
    const run = await cli(
      ["tasks", "list", "--env", "chinook", "--level", "easy", "--job", "syn_1"],
      envOf(api),
    );
    expect(run.code, run.stderr).toBe(0);
    const query = api.requests[0]?.query;
    expect(query?.get("environment")).toBe("chinook");
    expect(query?.get("level")).toBe("easy");
    expect(query?.get("job")).toBe("syn_1");
    expect(run.stdout).toMatch(/^ID\s+ENVIRONMENT\s+KIND\s+LEVEL/);
    expect(run.stdout).toContain("tsk_1  chinook@1.0.0  graph");
    expect(run.stdout).toContain("--cursor abc");
  });

  it("shows one task", async () => {
    api = await startFakeApi({ "GET /v1/tasks/tsk_1": { status: 200, json: task("tsk_1") } });
    const run = await cli(["tasks", "show", "tsk_1"], envOf(api));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("Which artist recorded track tsk_1?");
    expect(run.stdout).toContain('get_track {"id":1}');
  });

  it("exports JSONL to a file", async () => {
    const lines = [task("tsk_1"), task("tsk_2")].map((t) => JSON.stringify(t)).join("\n");
    api = await startFakeApi({
      "GET /v1/tasks/export": { status: 200, text: `${lines}\n` },
    });
    const out = join(emptyDir(), "tasks.jsonl");
    const run = await cli(["tasks", "export", "--job", "syn_1", "--out", out], envOf(api));
    expect(run.code, run.stderr).toBe(0);
    expect(api.requests[0]?.query.get("job")).toBe("syn_1");
    expect(
      readFileSync(out, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).id),
    ).toEqual(["tsk_1", "tsk_2"]);
    expect(run.stderr).toContain("2 tasks written to");
  });
});
