// `agent-world policies ...` against a local HTTP stand-in for the API: the key is read from a
// named variable or stdin and never printed, update changes only the fields given, and the
// built-ins show what they do.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { cli, type FakeApi, startFakeApi } from "./cli-fake-api";

const KEY = "sk-test-0123456789abcdef3f9a";
const KEY_VAR = "AW_CLI_TEST_POLICY_KEY";

let api: FakeApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
  delete process.env[KEY_VAR];
});

const envOf = (a: FakeApi) => ({ AGENT_WORLD_URL: a.baseUrl, AGENT_WORLD_API_KEY: "aw_test" });

const view = (overrides: Record<string, unknown> = {}) => ({
  name: "qwen3-8b",
  kind: "openai",
  baseUrl: "http://127.0.0.1:8000/v1",
  model: "Qwen/Qwen3-8B",
  apiKey: { set: true, hint: "…3f9a" },
  timeoutSeconds: 60,
  maxAttempts: 4,
  sampling: { temperature: 1, top_p: 0.95 },
  createdAt: "2026-05-01T12:00:00.000Z",
  updatedAt: "2026-05-01T12:00:00.000Z",
  ...overrides,
});

describe("policies add", () => {
  it("reads the key from the named variable, sends it, and never prints it", async () => {
    api = await startFakeApi({ "POST /v1/policies": { status: 201, json: { policy: view() } } });
    process.env[KEY_VAR] = KEY;
    const run = await cli(
      [
        "policies",
        "add",
        "qwen3-8b",
        "--base-url",
        "http://127.0.0.1:8000/v1",
        "--model",
        "Qwen/Qwen3-8B",
        "--api-key-env",
        KEY_VAR,
        "--timeout",
        "30",
        "--max-attempts",
        "3",
        "--temperature",
        "1",
        "--top-p",
        "0.95",
      ],
      envOf(api),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(api.requests[0]?.body).toEqual({
      name: "qwen3-8b",
      baseUrl: "http://127.0.0.1:8000/v1",
      model: "Qwen/Qwen3-8B",
      timeoutSeconds: 30,
      maxAttempts: 3,
      apiKey: KEY,
      sampling: { temperature: 1, top_p: 0.95 },
    });
    expect(run.stdout).toContain("api key   set (…3f9a)");
    expect(run.stdout).toContain("sampling  temperature 1, top_p 0.95");
    expect(`${run.stdout}${run.stderr}`).not.toContain(KEY);
    expect(run.stderr).toContain("agent-world rollouts run --policy qwen3-8b");
  });

  it("reads the key from stdin (the real binary, the key piped in)", async () => {
    api = await startFakeApi({ "POST /v1/policies": { status: 201, json: { policy: view() } } });
    const child = spawn(
      process.execPath,
      [
        BIN,
        "policies",
        "add",
        "qwen3-8b",
        "--base-url",
        "http://127.0.0.1:8000/v1",
        "--model",
        "Qwen/Qwen3-8B",
        "--api-key-stdin",
      ],
      { env: { ...process.env, ...envOf(api) }, stdio: ["pipe", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    child.stdin.end(`${KEY}\n`);
    expect(await exited, output).toBe(0);
    expect(api.requests[0]?.body).toMatchObject({ name: "qwen3-8b", apiKey: KEY });
    expect(output).toContain("set (…3f9a)");
    expect(output).not.toContain(KEY);
  }, 30_000);

  it("refuses a missing variable, both key sources, or a missing model, before any request", async () => {
    api = await startFakeApi({});
    const base = ["policies", "add", "p1", "--base-url", "http://127.0.0.1:8000/v1"];
    const unset = await cli([...base, "--model", "m", "--api-key-env", KEY_VAR], envOf(api));
    expect(unset.code).toBe(2);
    expect(unset.stderr).toContain(`the environment variable ${KEY_VAR} is not set or empty`);
    process.env[KEY_VAR] = KEY;
    const both = await cli(
      [...base, "--model", "m", "--api-key-env", KEY_VAR, "--api-key-stdin"],
      envOf(api),
    );
    expect(both.stderr).toContain("give --api-key-env or --api-key-stdin, not both");
    const noModel = await cli(base, envOf(api));
    expect(noModel.stderr).toContain("--model is required");
    // A key given as a flag value is not an option at all.
    const plain = await cli([...base, "--model", "m", "--api-key", KEY], envOf(api));
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain("unknown option '--api-key'");
    expect(api.requests).toHaveLength(0);
  });

  it("prints the API's validation error and exits 1", async () => {
    api = await startFakeApi({
      "POST /v1/policies": {
        status: 400,
        json: {
          error: {
            code: "validation_failed",
            message: "The request body is invalid.",
            details: {
              issues: [{ path: "baseUrl", message: "`baseUrl` must use http or https." }],
            },
          },
        },
      },
    });
    const run = await cli(
      ["policies", "add", "p1", "--base-url", "ftp://x", "--model", "m"],
      envOf(api),
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      "error validation_failed: The request body is invalid.\n  baseUrl: `baseUrl` must use http or https.",
    );
  });
});

describe("policies list, show, remove", () => {
  it("lists named policies and the built-ins", async () => {
    api = await startFakeApi({
      "GET /v1/policies": {
        status: 200,
        json: { policies: [view()], builtIn: ["oracle", "random"] },
      },
    });
    const run = await cli(["policies", "list"], envOf(api));
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toMatch(/^NAME\s+KIND\s+MODEL\s+BASE URL\s+API KEY$/);
    expect(lines[1]).toMatch(
      /^qwen3-8b\s+openai\s+Qwen\/Qwen3-8B\s+http:\/\/127\.0\.0\.1:8000\/v1\s+set \(…3f9a\)$/,
    );
    expect(lines[2]).toMatch(/^oracle\s+built in\s+-\s+replays each task's reference solution/);
    expect(lines[3]).toMatch(/^random\s+built in\s+-\s+makes schema-valid random tool calls/);
  });

  it("shows a named policy and a built-in one", async () => {
    api = await startFakeApi({
      "GET /v1/policies/qwen3-8b": {
        status: 200,
        json: { policy: view({ apiKey: { set: false, hint: null }, sampling: {} }) },
      },
      "GET /v1/policies/oracle": {
        status: 200,
        json: { policy: { name: "oracle", kind: "oracle", builtIn: true } },
      },
    });
    const named = await cli(["policies", "show", "qwen3-8b"], envOf(api));
    expect(named.stdout.split("\n")).toEqual([
      "name      qwen3-8b",
      "kind      openai",
      "base url  http://127.0.0.1:8000/v1",
      "model     Qwen/Qwen3-8B",
      "api key   none",
      "timeout   60 s per attempt",
      "attempts  4",
      "sampling  server defaults",
      "created   2026-05-01T12:00:00.000Z",
      "updated   2026-05-01T12:00:00.000Z",
    ]);
    const builtIn = await cli(["policies", "show", "oracle"], envOf(api));
    expect(builtIn.stdout).toContain("kind  oracle (built in)");
    expect(builtIn.stdout).toContain("replays each task's reference solution");
  });

  it("removes a policy, and reports an unknown one", async () => {
    api = await startFakeApi({
      "DELETE /v1/policies/qwen3-8b": { status: 204 },
      "DELETE /v1/policies/nope": {
        status: 404,
        json: { error: { code: "not_found", message: 'No policy named "nope".' } },
      },
    });
    const removed = await cli(["policies", "remove", "qwen3-8b"], envOf(api));
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toBe("removed policy qwen3-8b");
    const missing = await cli(["policies", "remove", "nope"], envOf(api));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('error not_found: No policy named "nope".');
  });
});

describe("policies update", () => {
  it("changes only the fields given and keeps the key", async () => {
    api = await startFakeApi({
      "GET /v1/policies/qwen3-8b": { status: 200, json: { policy: view() } },
      "PUT /v1/policies/qwen3-8b": (req) => ({
        status: 200,
        json: { policy: view({ ...(req.body as object), apiKey: { set: true, hint: "…3f9a" } }) },
      }),
    });
    const run = await cli(
      [
        "policies",
        "update",
        "qwen3-8b",
        "--model",
        "Qwen/Qwen3-8B-Instruct",
        "--temperature",
        "0.7",
      ],
      envOf(api),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(api.requests.map((r) => r.method)).toEqual(["GET", "PUT"]);
    expect(api.requests[1]?.body).toEqual({
      baseUrl: "http://127.0.0.1:8000/v1",
      model: "Qwen/Qwen3-8B-Instruct",
      timeoutSeconds: 60,
      maxAttempts: 4,
      sampling: { temperature: 0.7, top_p: 0.95 },
    });
    expect(run.stdout).toContain("model     Qwen/Qwen3-8B-Instruct");
  });

  it("replaces the key from a variable, or removes it", async () => {
    api = await startFakeApi({
      "GET /v1/policies/qwen3-8b": { status: 200, json: { policy: view() } },
      "PUT /v1/policies/qwen3-8b": { status: 200, json: { policy: view() } },
    });
    process.env[KEY_VAR] = `${KEY}-new`;
    const replaced = await cli(
      ["policies", "update", "qwen3-8b", "--api-key-env", KEY_VAR],
      envOf(api),
    );
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(api.requests[1]?.body).toMatchObject({ apiKey: `${KEY}-new` });
    expect(`${replaced.stdout}${replaced.stderr}`).not.toContain(KEY);
    const removed = await cli(["policies", "update", "qwen3-8b", "--remove-api-key"], envOf(api));
    expect(removed.code, removed.stderr).toBe(0);
    expect(api.requests[3]?.body).toMatchObject({ apiKey: null });
  });

  it("refuses an empty update, a key and its removal, and the built-ins", async () => {
    api = await startFakeApi({
      "GET /v1/policies/random": {
        status: 200,
        json: { policy: { name: "random", kind: "random", builtIn: true } },
      },
    });
    const empty = await cli(["policies", "update", "qwen3-8b"], envOf(api));
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain("nothing to update");
    process.env[KEY_VAR] = KEY;
    const both = await cli(
      ["policies", "update", "qwen3-8b", "--api-key-env", KEY_VAR, "--remove-api-key"],
      envOf(api),
    );
    expect(both.stderr).toContain("give a new key or --remove-api-key, not both");
    expect(api.requests).toHaveLength(0);
    const builtIn = await cli(["policies", "update", "random", "--model", "m"], envOf(api));
    expect(builtIn.code).toBe(2);
    expect(builtIn.stderr).toContain("`random` is a built-in policy and cannot be changed");
    expect(api.requests.map((r) => r.method)).toEqual(["GET"]);
  });
});

const BIN = fileURLToPath(new URL("../../cli/bin.mjs", import.meta.url));
