// How the CLI finds the server and key, and how it reports failures: help and usage errors,
// connection refused, API errors, non-JSON answers, answers of the wrong shape, `--json` errors.
import { writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolveConfig } from "../../cli/config";
import { cli, emptyDir, type FakeApi, startFakeApi } from "./cli-fake-api";

let api: FakeApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const list = { status: 200, json: { environments: [], nextCursor: null } };

function rootWithDevVars(text: string): string {
  const root = emptyDir();
  writeFileSync(join(root, ".dev.vars"), text);
  return root;
}

/** A port nothing listens on: bound once by us, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no TCP address");
  return address.port;
}

describe("finding the server and the key", () => {
  it("uses AGENT_WORLD_API_KEY first", async () => {
    api = await startFakeApi({ "GET /v1/environments": list });
    const root = rootWithDevVars("AGENT_WORLD_ADMIN_KEY=aw_admin_local\n");
    await cli(
      ["env", "list"],
      { AGENT_WORLD_URL: api.baseUrl, AGENT_WORLD_API_KEY: "aw_from_env" },
      { root },
    );
    expect(api.requests[0]?.headers.authorization).toBe("Bearer aw_from_env");
  });

  it("falls back to the admin key in the repo's .dev.vars for a local server", async () => {
    api = await startFakeApi({ "GET /v1/environments": list });
    const root = rootWithDevVars('# comment\nOTHER=1\nAGENT_WORLD_ADMIN_KEY="aw_admin_local"\n');
    await cli(["env", "list"], { AGENT_WORLD_URL: api.baseUrl }, { root });
    expect(api.requests[0]?.headers.authorization).toBe("Bearer aw_admin_local");
  });

  it("never sends the local admin key to a remote server", () => {
    const root = rootWithDevVars("AGENT_WORLD_ADMIN_KEY=aw_admin_local\n");
    const remote = resolveConfig({ AGENT_WORLD_URL: "https://agent-world.example.com/" }, root);
    expect(remote).toMatchObject({ baseUrl: "https://agent-world.example.com", keySource: "none" });
    expect(remote.apiKey).toBeUndefined();
    const local = resolveConfig({}, root);
    expect(local).toMatchObject({
      baseUrl: "http://127.0.0.1:8787",
      apiKey: "aw_admin_local",
      keySource: ".dev.vars",
    });
  });

  it("sends no key when there is none, and explains a 401", async () => {
    api = await startFakeApi({
      "POST /v1/episodes": {
        status: 401,
        json: { error: { code: "unauthorized", message: "An API key is required." } },
      },
    });
    const run = await cli(["episode", "create", "chinook"], { AGENT_WORLD_URL: api.baseUrl });
    expect(api.requests[0]?.headers.authorization).toBeUndefined();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("error unauthorized: An API key is required.");
    expect(run.stderr).toContain("No API key: set AGENT_WORLD_API_KEY, or run `npm start`");
  });

  it("refuses an AGENT_WORLD_URL that is not an http(s) URL", async () => {
    const run = await cli(["env", "list"], { AGENT_WORLD_URL: "ftp://x" });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("AGENT_WORLD_URL must be http(s)");
  });
});

describe("reporting failures", () => {
  it("tells the user to run `npm start` when nothing listens", async () => {
    const port = await closedPort();
    const run = await cli(["env", "list"], { AGENT_WORLD_URL: `http://127.0.0.1:${port}` });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `cannot reach Agent World at http://127.0.0.1:${port} (ECONNREFUSED)`,
    );
    expect(run.stderr).toContain("npm start");
  });

  it("reports a non-JSON error page by its status", async () => {
    api = await startFakeApi({
      "GET /v1/environments": { status: 502, text: "<html><body>Bad gateway</body></html>" },
    });
    const run = await cli(["env", "list"], { AGENT_WORLD_URL: api.baseUrl });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("error http_502: <html><body>Bad gateway</body></html>");
  });

  it("reports an answer of the wrong shape instead of printing undefined", async () => {
    api = await startFakeApi({ "GET /v1/environments": { status: 200, json: { items: [] } } });
    const run = await cli(["env", "list"], { AGENT_WORLD_URL: api.baseUrl });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error bad_response: unexpected answer to GET \/v1\/environments:/);
    expect(run.stderr).toContain("environments");
  });

  it("prints the error body on stdout too with --json", async () => {
    const error = { code: "not_found", message: "No environment named `x`." };
    api = await startFakeApi({ "GET /v1/environments/x": { status: 404, json: { error } } });
    const run = await cli(["env", "show", "x", "--json"], { AGENT_WORLD_URL: api.baseUrl });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({ error });
  });
});

describe("help and usage", () => {
  it("prints help for the CLI, a group and a command", async () => {
    const top = await cli(["--help"], {});
    expect(top.code).toBe(0);
    expect(top.stdout).toContain("episode call <id> <tool> [json-args]");
    const group = await cli(["keys", "--help"], {});
    expect(group.stdout).toContain("usage: agent-world keys <command> [options]");
    const command = await cli(["episode", "create", "--help"], {});
    expect(command.stdout).toContain("--max-steps N");
    expect(command.stdout).toContain("--ttl SECS");
  });

  it("exits 2 with the usage on unknown commands, options and missing arguments", async () => {
    const unknownGroup = await cli(["envs", "list"], {});
    expect(unknownGroup).toMatchObject({ code: 2 });
    expect(unknownGroup.stderr).toContain("unknown command `envs`");
    const unknownOption = await cli(["env", "list", "--colour"], {});
    expect(unknownOption.code).toBe(2);
    expect(unknownOption.stderr).toContain("unknown option '--colour'");
    const missing = await cli(["env", "show"], {});
    expect(missing.stderr.split("\n")).toEqual([
      "error: missing argument: expected <name[@version]>",
      "usage: agent-world env show <name[@version]>  (see --help)",
    ]);
    const extra = await cli(["episode", "delete", "a", "b"], {});
    expect(extra.stderr).toContain("unexpected argument: b");
  });
});
