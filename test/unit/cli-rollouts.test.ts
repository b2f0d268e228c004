// `agent-world rollouts ...` against a local HTTP stand-in for the API: run follows a batch to its
// end and prints the reward table, polls that go unanswered are asked again, Ctrl-C cancels the
// batch (the real binary, a real signal), export streams JSONL, show renders the conversation.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ProgressReporter, progressLine } from "../../cli/commands/rollouts-progress";
import { cli, emptyDir, type FakeApi, startFakeApi } from "./cli-fake-api";

let api: FakeApi | undefined;
let closeOther: (() => Promise<void>) | undefined;
afterEach(async () => {
  await api?.close();
  await closeOther?.();
  api = undefined;
  closeOther = undefined;
});

const envOf = (baseUrl: string) => ({ AGENT_WORLD_URL: baseUrl, AGENT_WORLD_API_KEY: "aw_test" });

const progress = (counts: Partial<Record<string, number | null>> = {}) => ({
  total: 40,
  queued: 40,
  running: 0,
  done: 0,
  failed: 0,
  cancelled: 0,
  meanReward: null,
  passRate: null,
  ...counts,
});

const summary = [
  {
    environment: "chinook@1.1.0",
    kind: "graph",
    rollouts: 24,
    scored: 23,
    meanReward: 0.8125,
    passRate: 0.75,
  },
  {
    environment: "chinook@1.1.0",
    kind: "programmatic",
    rollouts: 16,
    scored: 15,
    meanReward: 0.5,
    passRate: 0.4,
  },
];

function batchOf(status: string, counts: Partial<Record<string, number | null>>, finished = false) {
  return {
    batch: {
      id: "rb_1",
      status,
      policy: { name: "oracle", kind: "oracle" },
      groupSize: 4,
      maxTurns: 10,
      maxConcurrency: 16,
      tasks: 10,
      progress: progress(counts),
      summary: finished ? summary : [],
      createdAt: "2026-05-01T12:00:00.000Z",
      finishedAt: finished ? "2026-05-01T12:00:40.000Z" : null,
    },
    links: {
      self: "/v1/rollouts/batches/rb_1",
      rollouts: "/v1/rollouts/batches/rb_1/rollouts",
      export: "/v1/rollouts/batches/rb_1/export",
      cancel: "/v1/rollouts/batches/rb_1/cancel",
    },
  };
}

const running = batchOf("running", { queued: 24, running: 16 });
const midway = batchOf("running", { queued: 0, running: 12, done: 28, meanReward: 0.7 });
const finished = batchOf(
  "done",
  { queued: 0, done: 38, failed: 2, meanReward: 0.6842, passRate: 0.6053 },
  true,
);

function rolloutRow(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    batchId: "rb_1",
    taskId: "tsk_7",
    environment: "chinook@1.1.0",
    kind: "graph",
    sample: 3,
    status: "failed",
    attempts: 3,
    episodeId: null,
    reward: null,
    passed: null,
    finishReason: null,
    turns: null,
    toolCalls: null,
    usage: { promptTokens: 0, completionTokens: 0 },
    timings: { modelMs: null, overheadMs: null, totalMs: null },
    error: "policy_error: the policy endpoint answered 500 four times",
    queuedAt: "2026-05-01T12:00:00.000Z",
    startedAt: null,
    finishedAt: null,
    ...overrides,
  };
}

/** `rollouts run` of chinook with the oracle, followed with these poll interval and timeout (s). */
function followArgs(pollInterval: string, pollTimeout: string): string[] {
  const run = ["rollouts", "run", "--env", "chinook", "--policy", "oracle"];
  return [...run, "--poll-interval", pollInterval, "--poll-timeout", pollTimeout];
}

/** A route answering `answers` in turn, then the last one for good. */
function inTurn(...answers: unknown[]) {
  let calls = 0;
  return () => ({ status: 200, json: answers[Math.min(calls++, answers.length - 1)] });
}

describe("rollouts run", () => {
  it("sends the batch, follows it to the end and prints the reward table", async () => {
    api = await startFakeApi({
      "POST /v1/rollouts": { status: 202, json: running },
      "GET /v1/rollouts/batches/rb_1": inTurn(midway, finished),
      "GET /v1/rollouts/batches/rb_1/rollouts": {
        status: 200,
        json: { rollouts: [rolloutRow("ro_a"), rolloutRow("ro_b")], nextCursor: null },
      },
    });
    const promptFile = join(emptyDir(), "prompt.txt");
    writeFileSync(promptFile, "Answer in one word.\n");
    const run = await cli(
      [
        "rollouts",
        "run",
        "--env",
        "chinook@1.1.0",
        "--level",
        "easy",
        "--limit",
        "10",
        "--policy",
        "oracle",
        "--group-size",
        "4",
        "--max-turns",
        "10",
        "--temperature",
        "0.7",
        "--top-p",
        "0.9",
        "--max-tokens",
        "512",
        "--seed",
        "7",
        "--time-budget",
        "60",
        "--max-concurrency",
        "16",
        "--system-prompt-file",
        promptFile,
        "--poll-interval",
        "0.02",
      ],
      envOf(api.baseUrl),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(api.requests[0]?.body).toEqual({
      filter: { environment: "chinook@1.1.0", level: "easy", limit: 10 },
      policy: "oracle",
      groupSize: 4,
      maxTurns: 10,
      timeBudgetSeconds: 60,
      maxConcurrency: 16,
      sampling: { temperature: 0.7, top_p: 0.9, max_tokens: 512, seed: 7 },
      systemPrompt: "Answer in one word.",
    });
    expect(api.requests.filter((r) => r.path === "/v1/rollouts/batches/rb_1")).toHaveLength(2);
    const failures = api.requests.find((r) => r.path === "/v1/rollouts/batches/rb_1/rollouts");
    expect(failures?.query.get("status")).toBe("failed");
    expect(failures?.query.get("limit")).toBe("5");
    expect(run.stdout.split("\n")).toEqual([
      "batch rb_1 done: policy oracle, 10 tasks x 4 samples",
      "",
      "ENVIRONMENT    KIND          ROLLOUTS  SCORED  MEAN REWARD  PASS RATE",
      "chinook@1.1.0  graph         24        23      0.813        75.0%",
      "chinook@1.1.0  programmatic  16        15      0.500        40.0%",
      "total                        40        38      0.684        60.5%",
      "",
      "40 rollouts ended in 40.0 s (1.00 rollouts/s)",
      "2 failed",
      "first failures:",
      "  ro_a (chinook@1.1.0 graph tsk_7): policy_error: the policy endpoint answered 500 four times",
      "  ro_b (chinook@1.1.0 graph tsk_7): policy_error: the policy endpoint answered 500 four times",
      "all of them: agent-world rollouts list --batch rb_1 --status failed",
      "export: agent-world rollouts export rb_1 --out rb_1.jsonl",
    ]);
  });

  it("takes task ids, and with --json prints the finished batch as the API sent it", async () => {
    const clean = batchOf("done", { queued: 0, done: 40, meanReward: 1, passRate: 1 }, true);
    api = await startFakeApi({
      "POST /v1/rollouts": { status: 202, json: running },
      "GET /v1/rollouts/batches/rb_1": inTurn(clean),
    });
    const run = await cli(
      [
        "rollouts",
        "run",
        "--tasks",
        "tsk_1, tsk_2",
        "--policy",
        "random",
        "--json",
        "--poll-interval",
        "0.02",
      ],
      envOf(api.baseUrl),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(api.requests[0]?.body).toEqual({ tasks: ["tsk_1", "tsk_2"], policy: "random" });
    expect(JSON.parse(run.stdout)).toEqual(clean);
    // No failures: their page is not asked for.
    expect(api.requests.map((r) => r.path)).not.toContain("/v1/rollouts/batches/rb_1/rollouts");
  });

  it("returns at once with --no-wait, printing the batch id and its links", async () => {
    api = await startFakeApi({ "POST /v1/rollouts": { status: 202, json: running } });
    const run = await cli(
      ["rollouts", "run", "--env", "chinook", "--policy", "oracle", "--no-wait"],
      envOf(api.baseUrl),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("rb_1: running, 40 rollouts");
    expect(run.stdout).toContain("export  /v1/rollouts/batches/rb_1/export");
    expect(run.stdout).toContain("agent-world rollouts status rb_1");
    expect(api.requests).toHaveLength(1);
  });

  it("sends several environments as a list, the limit then counting per environment", async () => {
    api = await startFakeApi({ "POST /v1/rollouts": { status: 202, json: running } });
    const run = await cli(
      [
        "rollouts",
        "run",
        ...[
          "--env",
          "chinook, nyc-flights@1.0.0",
          "--limit",
          "5",
          "--policy",
          "oracle",
          "--no-wait",
        ],
      ],
      envOf(api.baseUrl),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(api.requests[0]?.body).toEqual({
      filter: { environment: ["chinook", "nyc-flights@1.0.0"], limit: 5 },
      policy: "oracle",
    });
  });

  it("refuses a run without a policy, with two ways of choosing tasks, or with several envs", async () => {
    api = await startFakeApi({});
    const cases: [string[], string][] = [
      [["--env", "chinook"], "--policy is required"],
      [["--policy", "oracle"], "choose the tasks"],
      [["--policy", "oracle", "--tasks", "t1", "--env", "chinook"], "give --tasks or --env"],
      [["--policy", "oracle", "--env", ","], "--env needs an environment name"],
      [["--policy", "oracle", "--env", "chinook", "--kind", "vibes"], "--kind must be one of"],
      [["--policy", "oracle", "--env", "chinook", "--temperature", "3"], "--temperature must be"],
      [["--policy", "oracle", "--env", "chinook", "--group-size", "65"], "--group-size must be"],
    ];
    for (const [args, message] of cases) {
      const run = await cli(["rollouts", "run", ...args], envOf(api.baseUrl));
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr).toContain(message);
    }
    expect(api.requests).toHaveLength(0);
  });

  it("fails with the API's message when the batch is refused or vanishes mid-run", async () => {
    api = await startFakeApi({
      "POST /v1/rollouts": {
        status: 404,
        json: { error: { code: "not_found", message: 'No policy named "qwen".' } },
      },
    });
    const refused = await cli(
      ["rollouts", "run", "--env", "chinook", "--policy", "qwen"],
      envOf(api.baseUrl),
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('error not_found: No policy named "qwen".');
    await api.close();

    api = await startFakeApi({
      "POST /v1/rollouts": { status: 202, json: running },
      "GET /v1/rollouts/batches/rb_1": {
        status: 403,
        json: { error: { code: "forbidden", message: "This key lacks the `episodes` scope." } },
      },
    });
    const lost = await cli(
      ["rollouts", "run", "--env", "chinook", "--policy", "oracle", "--poll-interval", "0.02"],
      envOf(api.baseUrl),
    );
    expect(lost.code).toBe(1);
    expect(lost.stderr).toContain("error forbidden: This key lacks the `episodes` scope.");
  });

  it("asks again when a poll goes unanswered past --poll-timeout", async () => {
    let polls = 0;
    const server = await startRawServer((req, res) => {
      if (req.method === "POST") return json(res, 202, running);
      polls++;
      // The first poll is never answered (a busy server dropping it); the next one is.
      if (polls === 1) return;
      json(res, 200, batchOf("done", { queued: 0, done: 40, meanReward: 1, passRate: 1 }, true));
    });
    const run = await cli(followArgs("0.02", "0.3"), envOf(server.baseUrl));
    expect(run.code, run.stderr).toBe(0);
    expect(polls).toBe(2);
    expect(run.stdout).toContain("batch rb_1 done");
  });

  it("stops with a clear message when every poll goes unanswered", async () => {
    api = await startFakeApi({
      "POST /v1/rollouts": { status: 202, json: running },
      "GET /v1/rollouts/batches/rb_1": { status: 200, hang: true },
    });
    const run = await cli(followArgs("0.01", "0.05"), envOf(api.baseUrl));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `error: the platform at ${api.baseUrl} did not answer while following batch rb_1: 10 polls in a row failed or took over 0.05 s (last: no answer within 0.05 s).`,
    );
    expect(run.stderr).toContain("look again later with `agent-world rollouts status rb_1`");
    expect(api.requests.filter((r) => r.method === "GET")).toHaveLength(10);
  });

  it("cancels the batch on Ctrl-C and exits 130 (the real binary, a real SIGINT)", async () => {
    api = await startFakeApi({
      "POST /v1/rollouts": { status: 202, json: running },
      "GET /v1/rollouts/batches/rb_1": { status: 200, json: midway },
      "POST /v1/rollouts/batches/rb_1/cancel": {
        status: 200,
        json: batchOf("cancelled", { queued: 0, running: 0, done: 28, cancelled: 12 }),
      },
    });
    const child = spawn(
      process.execPath,
      [BIN, "rollouts", "run", "--env", "chinook", "--policy", "oracle", "--poll-interval", "0.05"],
      { env: { ...process.env, ...envOf(api.baseUrl) }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    const fake = api;
    await vi.waitFor(
      () => expect(fake.requests.some((r) => r.path === "/v1/rollouts/batches/rb_1")).toBe(true),
      { timeout: 20_000, interval: 20 },
    );
    child.kill("SIGINT");
    expect(await exited, stderr).toBe(130);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toContain(
      "POST /v1/rollouts/batches/rb_1/cancel",
    );
    // stderr is a pipe here, so progress comes as plain lines.
    expect(stderr).toContain("[--------------------] 0/40 done  0 failed  16 running");
    expect(stderr).toContain("interrupted: cancelling batch rb_1");
    expect(stderr).toContain("cancelled batch rb_1: 28 done, 0 failed, 12 cancelled");
  }, 30_000);
});

describe("the progress bar", () => {
  it("fills with ended rollouts and shows the mean reward", () => {
    expect(
      progressLine(
        progress({
          total: 400,
          queued: 213,
          running: 64,
          done: 120,
          failed: 3,
          meanReward: 0.8123,
        }),
      ),
    ).toBe("[######--------------] 120/400 done  3 failed  64 running  mean reward 0.81");
    expect(progressLine(progress({ queued: 0, done: 38, failed: 1, cancelled: 1 }))).toBe(
      "[####################] 38/40 done  1 failed  0 running  1 cancelled  mean reward -",
    );
  });

  it("redraws one line on a terminal, and prints plain lines at most every 5 s otherwise", () => {
    const drawn: string[] = [];
    const onTerminal = new ProgressReporter({
      out: { print: () => {}, error: () => {} },
      terminal: { write: (text) => drawn.push(text), columns: 30 },
    });
    onTerminal.show(progress());
    onTerminal.finish(progress({ queued: 0, done: 40 }));
    expect(drawn).toEqual([
      "\r\x1b[2K[--------------------] 0/40 d",
      "\r\x1b[2K[####################] 40/40 ",
      "\n",
    ]);

    const lines: string[] = [];
    let now = 0;
    const plain = new ProgressReporter(
      { out: { print: () => {}, error: (text) => lines.push(text) } },
      () => now,
    );
    plain.show(progress());
    now = 1000;
    plain.show(progress({ queued: 30, running: 10 }));
    now = 6000;
    plain.show(progress({ queued: 20, running: 20 }));
    plain.finish(progress({ queued: 0, done: 40 }));
    expect(lines.map((line) => line.slice(23, 48))).toEqual([
      "0/40 done  0 failed  0 ru",
      "0/40 done  0 failed  20 r",
      "40/40 done  0 failed  0 r",
    ]);
  });
});

describe("rollouts status, list, cancel", () => {
  it("prints a running batch's progress and report", async () => {
    api = await startFakeApi({ "GET /v1/rollouts/batches/rb_1": { status: 200, json: midway } });
    const run = await cli(["rollouts", "status", "rb_1"], envOf(api.baseUrl));
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toBe(
      "[##############------] 28/40 done  0 failed  12 running  mean reward 0.70",
    );
    expect(lines[1]).toBe("batch rb_1 running: policy oracle, 10 tasks x 4 samples");
    expect(lines.slice(3, 5)).toEqual([
      "ENVIRONMENT  KIND  ROLLOUTS  SCORED  MEAN REWARD  PASS RATE",
      "total              40        28      0.700        -",
    ]);
    expect(run.stdout).toContain("12 not finished");
    expect(run.stdout).toMatch(
      /^28 rollouts ended in \d+\.\d s so far \(\d+\.\d\d rollouts\/s\)$/m,
    );
  });

  it("lists batches, and a batch's rollouts filtered by status", async () => {
    api = await startFakeApi({
      // As the API sends them, `{batch, links}` each (a bare batch is read too).
      "GET /v1/rollouts/batches": {
        status: 200,
        json: { batches: [finished, { ...midway.batch, id: "rb_2" }] },
      },
      "GET /v1/rollouts/batches/rb_1/rollouts": {
        status: 200,
        json: { rollouts: [rolloutRow("ro_a")], nextCursor: "c2" },
      },
    });
    const batches = await cli(["rollouts", "list"], envOf(api.baseUrl));
    expect(batches.stdout.split("\n")).toEqual([
      "ID    STATUS   POLICY  TASKS  GROUP  DONE   FAILED  MEAN REWARD  CREATED",
      "rb_1  done     oracle  10     4      38/40  2       0.684        2026-05-01T12:00:00.000Z",
      "rb_2  running  oracle  10     4      28/40  0       0.700        2026-05-01T12:00:00.000Z",
    ]);
    const raw = await cli(["rollouts", "list", "--limit", "5", "--json"], envOf(api.baseUrl));
    expect(JSON.parse(raw.stdout).batches[0]).toEqual(finished);
    expect(api.requests[1]?.query.get("limit")).toBe("5");
    const rollouts = await cli(
      ["rollouts", "list", "--batch", "rb_1", "--status", "failed", "--limit", "1"],
      envOf(api.baseUrl),
    );
    expect(rollouts.code, rollouts.stderr).toBe(0);
    expect(api.requests[2]?.query.get("status")).toBe("failed");
    expect(api.requests[2]?.query.get("limit")).toBe("1");
    expect(rollouts.stdout).toContain("ro_a  failed  chinook@1.1.0  graph  tsk_7  3");
    expect(rollouts.stdout).toContain(
      "more: agent-world rollouts list --batch rb_1 --status failed --cursor c2",
    );
    const misused = await cli(["rollouts", "list", "--status", "failed"], envOf(api.baseUrl));
    expect(misused.code).toBe(2);
  });

  it("cancels a batch", async () => {
    api = await startFakeApi({
      "POST /v1/rollouts/batches/rb_1/cancel": {
        status: 200,
        json: batchOf("cancelled", { queued: 0, done: 28, failed: 1, cancelled: 11 }),
      },
    });
    const run = await cli(["rollouts", "cancel", "rb_1"], envOf(api.baseUrl));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("rb_1: cancelled; 28 done, 1 failed, 11 cancelled of 40");
  });
});

describe("rollouts export", () => {
  const trajectoryLine = (n: number) =>
    JSON.stringify({ rolloutId: `ro_${n}`, reward: 1, messages: [{ role: "user", content: "é" }] });

  it("streams JSONL to a file as it arrives, lines split across chunks included", async () => {
    const server = await startRawServer((req, res) => {
      res.writeHead(200, { "content-type": "application/x-ndjson" });
      const text = `${[1, 2, 3].map(trajectoryLine).join("\n")}\n`;
      const bytes = Buffer.from(text, "utf8");
      // Cut in the middle of a line and of the two-byte `é`, sent as separate chunks.
      const cut = bytes.indexOf(Buffer.from("é", "utf8")) + 1;
      res.write(bytes.subarray(0, cut));
      setTimeout(() => res.end(bytes.subarray(cut)), 20);
      server.seen.push(req.url ?? "");
    });
    const file = join(emptyDir(), "rb_1.jsonl");
    const run = await cli(
      ["rollouts", "export", "rb_1", "--out", file, "--all"],
      envOf(server.baseUrl),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(server.seen).toEqual(["/v1/rollouts/batches/rb_1/export?status=all"]);
    const lines = readFileSync(file, "utf8").trimEnd().split("\n");
    expect(lines.map((line) => JSON.parse(line).rolloutId)).toEqual(["ro_1", "ro_2", "ro_3"]);
    expect(JSON.parse(lines[0] ?? "").messages[0].content).toBe("é");
    expect(run.stderr).toBe(`3 trajectories written to ${file}`);
  });

  it("writes to stdout by default (done rollouts only) and fails on an unknown batch", async () => {
    api = await startFakeApi({
      "GET /v1/rollouts/batches/rb_1/export": {
        status: 200,
        text: `${trajectoryLine(1)}\n${trajectoryLine(2)}`,
      },
      "GET /v1/rollouts/batches/rb_404/export": {
        status: 404,
        json: { error: { code: "not_found", message: "No batch rb_404." } },
      },
    });
    const run = await cli(["rollouts", "export", "rb_1"], envOf(api.baseUrl));
    expect(run.code, run.stderr).toBe(0);
    expect(api.requests[0]?.query.get("status")).toBe("done");
    expect(run.stdout.split("\n")).toEqual([trajectoryLine(1), trajectoryLine(2)]);
    expect(run.stderr).toBe("2 trajectories exported");
    const missing = await cli(["rollouts", "export", "rb_404"], envOf(api.baseUrl));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("error not_found: No batch rb_404.");
  });
});

describe("rollouts show", () => {
  const longResult = JSON.stringify({ rows: Array.from({ length: 80 }, (_, i) => ({ id: i })) });
  const detail = {
    rollout: rolloutRow("ro_9", {
      status: "done",
      attempts: 1,
      episodeId: "ep_9",
      reward: 0.5,
      passed: false,
      finishReason: "answer",
      turns: 2,
      toolCalls: 2,
      usage: { promptTokens: 900, completionTokens: 60 },
      timings: { modelMs: 1200, overheadMs: 85.4, totalMs: 1285.4 },
      error: null,
    }),
    trajectory: {
      rolloutId: "ro_9",
      task: { kind: "graph", level: "easy", instruction: "Who recorded track 1?" },
      policy: { name: "qwen", kind: "openai", model: "Qwen/Qwen3-8B" },
      messages: [
        { role: "system", content: "You are an agent. ".repeat(40) },
        { role: "user", content: "Who recorded track 1?" },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: "call_1",
              type: "function",
              function: { name: "get_track", arguments: '{"track_id": 1}' },
            },
            {
              id: "call_2",
              type: "function",
              function: { name: "list_albums", arguments: "{}" },
            },
          ],
        },
        { role: "tool", tool_call_id: "call_1", content: '{"album_id": 1}' },
        { role: "tool", tool_call_id: "call_2", content: longResult },
        { role: "assistant", content: "AC/DC" },
      ],
      tools: [],
      answer: "AC/DC",
      reward: 0.5,
      components: {
        state: { score: 0, weight: 0.5, detail: "1 change missing" },
        answer: { score: 1, weight: 0.5, detail: "matches" },
      },
      diff: { missing: [{ table: "t", op: "insert", row: {} }], unexpected: [] },
      finishReason: "answer",
      turns: 2,
      toolCalls: 2,
      toolErrors: 0,
    },
  };

  it("prints the summary, the conversation with tool calls and the reward components", async () => {
    api = await startFakeApi({ "GET /v1/rollouts/ro_9": { status: 200, json: detail } });
    const run = await cli(["rollouts", "show", "ro_9"], envOf(api.baseUrl));
    expect(run.code, run.stderr).toBe(0);
    const out = run.stdout;
    expect(out).toContain("task     tsk_7 (chinook@1.1.0, graph, easy)");
    expect(out).toContain("policy   qwen (openai, Qwen/Qwen3-8B)");
    expect(out).toContain("reward   0.500\n");
    expect(out).toContain("turns    2, 2 tool calls, 0 tool errors");
    expect(out).toContain("time     1285 ms (model 1200 ms, overhead 85 ms)");
    expect(out).toContain(
      [
        "[user]",
        "  Who recorded track 1?",
        "[assistant]",
        '  -> get_track({"track_id": 1})  call_1',
        "  -> list_albums({})  call_2",
        "[tool get_track] call_1",
        '  {"album_id": 1}',
        "[tool list_albums] call_2",
      ].join("\n"),
    );
    // Long tool results and the system prompt are cut unless --full.
    expect(out).toContain(`  ${longResult.slice(0, 399)}…\n[assistant]\n  AC/DC`);
    expect(out).not.toContain(longResult);
    expect(out).toContain(
      [
        'answer   "AC/DC"',
        "reward   0.500",
        "  state   0.000 x 0.5  1 change missing",
        "  answer  1.000 x 0.5  matches",
        "changes  1 missing, 0 unexpected",
      ].join("\n"),
    );
    const full = await cli(["rollouts", "show", "ro_9", "--full"], envOf(api.baseUrl));
    expect(full.stdout).toContain(longResult);
  });

  it("says when there is no trajectory yet", async () => {
    const queued = {
      rollout: rolloutRow("ro_8", { status: "running", error: null }),
      trajectory: null,
    };
    api = await startFakeApi({ "GET /v1/rollouts/ro_8": { status: 200, json: queued } });
    const run = await cli(["rollouts", "show", "ro_8"], envOf(api.baseUrl));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("no trajectory yet: the rollout has not finished");
  });
});

const BIN = fileURLToPath(new URL("../../cli/bin.mjs", import.meta.url));

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** A local server answering with `handle` as it likes (late, in chunks, or never). */
async function startRawServer(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => handle(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no TCP address");
  closeOther = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { baseUrl: `http://127.0.0.1:${address.port}`, seen };
}
