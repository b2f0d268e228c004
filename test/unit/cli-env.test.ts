// `agent-world env ...` against a local HTTP double of the API: requests sent, tables printed,
// `--json`, and admission failures made readable.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cli, emptyDir, type FakeApi, startFakeApi } from "./cli-fake-api";

const chinook = {
  name: "chinook",
  title: "Chinook music store",
  description: "A digital media store: artists, albums, tracks, customers, invoices.",
  category: { domain: "commerce", subdomain: "music-store" },
  latestVersion: "1.2.0",
  counts: { tables: 11, rows: 15607, tools: 24 },
  createdAt: "2026-05-01T12:00:00.000Z",
  updatedAt: "2026-05-02T08:30:00.000Z",
};

let api: FakeApi;
afterEach(() => api.close());
const env = () => ({ AGENT_WORLD_URL: api.baseUrl, AGENT_WORLD_API_KEY: "aw_test_key" });

describe("env list", () => {
  it("forwards filters and prints a table with the next-page hint", async () => {
    api = await startFakeApi({
      "GET /v1/environments": { status: 200, json: { environments: [chinook], nextCursor: "abc" } },
    });
    const run = await cli(
      ["env", "list", "--q", "music", "--domain", "commerce", "--limit", "5"],
      env(),
    );
    expect(run.code).toBe(0);
    const query = api.requests[0]?.query;
    expect(query?.get("q")).toBe("music");
    expect(query?.get("domain")).toBe("commerce");
    expect(query?.get("limit")).toBe("5");
    expect(query?.has("cursor")).toBe(false);
    expect(run.stdout.split("\n").slice(0, 2)).toEqual([
      "NAME     VERSION  CATEGORY              TOOLS  ROWS   TITLE",
      "chinook  1.2.0    commerce/music-store  24     15607  Chinook music store",
    ]);
    expect(run.stdout).toContain("more: agent-world env list --cursor abc");
  });

  it("prints the API's JSON with --json", async () => {
    const page = { environments: [chinook], nextCursor: null };
    api = await startFakeApi({ "GET /v1/environments": { status: 200, json: page } });
    const run = await cli(["env", "list", "--json"], env());
    expect(JSON.parse(run.stdout)).toEqual(page);
  });

  it("rejects a bad --limit before sending anything", async () => {
    api = await startFakeApi({});
    const run = await cli(["env", "list", "--limit", "many"], env());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--limit must be a whole number from 1 to 100");
    expect(api.requests).toHaveLength(0);
  });
});

describe("env show", () => {
  it("shows an environment with its versions", async () => {
    api = await startFakeApi({
      "GET /v1/environments/chinook": {
        status: 200,
        json: {
          ...chinook,
          versions: [
            {
              version: "1.2.0",
              contentHash: "h",
              publishedAt: "2026-05-02",
              counts: chinook.counts,
            },
          ],
        },
      },
    });
    const run = await cli(["env", "show", "chinook"], env());
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("category     commerce/music-store");
    expect(run.stdout).toContain("counts       11 tables, 15607 rows, 24 tools");
    expect(run.stdout).toMatch(/VERSION\s+PUBLISHED\s+TABLES\s+ROWS\s+TOOLS\n1\.2\.0\s+2026-05-02/);
  });

  it("wraps a long description under its label", async () => {
    const description = Array.from({ length: 30 }, (_, i) => `word${i}`).join(" ");
    api = await startFakeApi({
      "GET /v1/environments/chinook": {
        status: 200,
        json: { ...chinook, description, versions: [] },
      },
    });
    const run = await cli(["env", "show", "chinook"], env());
    const lines = run.stdout.split("\n");
    const first = lines.findIndex((line) => line.startsWith("description  word0 "));
    expect(first).toBeGreaterThan(0);
    expect(lines[first + 1]).toMatch(/^ {13}word\d+/);
    expect(lines.every((line) => line.length <= 100)).toBe(true);
  });

  it("shows one version for name@version", async () => {
    api = await startFakeApi({
      "GET /v1/environments/chinook/versions/1.0.0": {
        status: 200,
        json: {
          name: "chinook",
          version: "1.0.0",
          contentHash: "abc123",
          title: chinook.title,
          description: chinook.description,
          category: chinook.category,
          provenance: [
            {
              kind: "dataset",
              name: "Chinook",
              license: "MIT",
              url: "https://github.com/lerocha/chinook-database",
            },
          ],
          counts: chinook.counts,
          tests: { total: 48, passed: 48, failed: 0 },
          publishedAt: "2026-05-01",
        },
      },
    });
    const run = await cli(["env", "show", "chinook@1.0.0"], env());
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("name         chinook@1.0.0");
    expect(run.stdout).toContain("tests        48/48 passed at admission");
    expect(run.stdout).toMatch(/dataset\s+Chinook\s+MIT\s+https:\/\/github.com/);
  });

  it("maps a 404 to `error <code>: <message>` and exit 1", async () => {
    api = await startFakeApi({
      "GET /v1/environments/nope": {
        status: 404,
        json: { error: { code: "not_found", message: "No environment named `nope`." } },
      },
    });
    const run = await cli(["env", "show", "nope"], env());
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("error not_found: No environment named `nope`.");
  });
});

describe("env tools", () => {
  const tools = [
    {
      type: "function",
      function: { name: "search_tracks", description: "Find tracks", parameters: {} },
    },
  ];

  it("lists tools as a table, from a version's route for name@version", async () => {
    api = await startFakeApi({
      "GET /v1/environments/chinook/versions/1.0.0/tools": {
        status: 200,
        json: { format: "openai", tools },
      },
    });
    const run = await cli(["env", "tools", "chinook@1.0.0"], env());
    expect(run.stdout).toBe("TOOL           DESCRIPTION\nsearch_tracks  Find tracks");
  });

  it("prints the tools array in the requested format", async () => {
    const mcp = [{ name: "search_tracks", description: "Find tracks", inputSchema: {} }];
    api = await startFakeApi({
      "GET /v1/environments/chinook/tools": { status: 200, json: { format: "mcp", tools: mcp } },
    });
    const run = await cli(["env", "tools", "chinook", "--format", "mcp"], env());
    expect(api.requests[0]?.query.get("format")).toBe("mcp");
    expect(JSON.parse(run.stdout)).toEqual(mcp);
  });

  it("refuses an unknown format", async () => {
    api = await startFakeApi({});
    const run = await cli(["env", "tools", "chinook", "--format", "yaml"], env());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--format must be one of openai, responses, mcp");
  });
});

describe("env publish", () => {
  const specFile = (spec: unknown) => {
    const file = join(emptyDir(), "spec.json");
    writeFileSync(file, JSON.stringify(spec));
    return file;
  };

  it("sends the spec with the key and reports the result", async () => {
    api = await startFakeApi({
      "POST /v1/environments": {
        status: 201,
        json: {
          name: "tiny",
          version: "1.0.0",
          contentHash: "h",
          created: true,
          tools: 2,
          tests: { total: 5, passed: 5 },
        },
      },
    });
    const run = await cli(["env", "publish", specFile({ name: "tiny" })], env());
    expect(run.code).toBe(0);
    expect(api.requests[0]?.body).toEqual({ name: "tiny" });
    expect(api.requests[0]?.headers.authorization).toBe("Bearer aw_test_key");
    expect(run.stdout).toBe("published tiny@1.0.0 (2 tools, 5/5 tests passed)");
  });

  it("says when the same content was already published", async () => {
    api = await startFakeApi({
      "POST /v1/environments": {
        status: 200,
        json: { name: "tiny", version: "1.0.0", created: false },
      },
    });
    const run = await cli(["env", "publish", specFile({ name: "tiny" })], env());
    expect(run.stdout).toBe(
      "tiny@1.0.0 is already published with the same content (nothing changed)",
    );
  });

  it("lists failing tool tests with expected and actual values", async () => {
    api = await startFakeApi({
      "POST /v1/environments": {
        status: 422,
        json: {
          error: {
            code: "admission_failed",
            message: "1 of 5 tool tests failed; nothing was published.",
            details: {
              failures: [
                {
                  tool: "get_album",
                  test: "finds album 1",
                  passed: false,
                  reason: 'at /title: expected "For Those About To Rock", got null',
                  expected: { title: "For Those About To Rock" },
                  actual: { title: null },
                },
              ],
              problems: [],
            },
          },
        },
      },
    });
    const run = await cli(["env", "publish", specFile({ name: "tiny" })], env());
    expect(run.code).toBe(1);
    expect(run.stderr.split("\n")).toEqual([
      "error admission_failed: 1 of 5 tool tests failed; nothing was published.",
      'FAIL get_album › finds album 1: at /title: expected "For Those About To Rock", got null',
      '     expected {"title":"For Those About To Rock"}',
      '     actual   {"title":null}',
    ]);
  });

  it("reports an unreadable or invalid spec file without calling the API", async () => {
    api = await startFakeApi({});
    const bad = join(emptyDir(), "bad.json");
    writeFileSync(bad, "{not json");
    const invalid = await cli(["env", "publish", bad], env());
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/^error: .*bad\.json is not valid JSON/);
    const missing = await cli(["env", "publish", "/nonexistent/spec.json"], env());
    expect(missing.stderr).toMatch(/^error: cannot read \/nonexistent\/spec\.json/);
    expect(api.requests).toHaveLength(0);
  });
});
