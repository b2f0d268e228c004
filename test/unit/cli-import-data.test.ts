// `agent-world env import <spec.json> --data <env>`: an MCP server whose tools run SQL is imported
// with the database of a published environment; `--data` on any other source is refused locally.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cli, emptyDir, type FakeApi, startFakeApi } from "./cli-fake-api";

let api: FakeApi | undefined;
afterEach(() => api?.close());

const postgres = readFileSync(
  new URL("../../catalog/mcp/specs/postgres.json", import.meta.url),
  "utf8",
);

function file(name: string, content: string): string {
  const path = join(emptyDir(), name);
  writeFileSync(path, content);
  return path;
}

describe("env import --data", () => {
  it("sends dataFrom with the MCP spec and says which database the tools run on", async () => {
    api = await startFakeApi({
      "POST /v1/environments/imports": {
        status: 202,
        json: {
          id: "imp_9",
          status: "published",
          environment: "pg-flights@1.0.0",
          error: null,
          report: {
            tables: 5,
            rows: 11_393,
            tools: { generated: 1, leftOut: [] },
            database: "nyc-flights@1.0.0",
          },
        },
      },
    });
    const run = await cli(
      [
        "env",
        "import",
        file("postgres.json", postgres),
        "--name",
        "pg-flights",
        "--data",
        "nyc-flights@1.0.0",
      ],
      { AGENT_WORLD_URL: api.baseUrl, AGENT_WORLD_API_KEY: "aw_test_key" },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(api.requests[0]?.body).toMatchObject({
      name: "pg-flights",
      dataFrom: "nyc-flights@1.0.0",
      source: { format: "mcp-spec", filename: "postgres.json" },
    });
    expect(run.stdout).toContain("published pg-flights@1.0.0 from postgres.json (mcp-spec)");
    expect(run.stdout).toContain("its SQL tools run on the database of nyc-flights@1.0.0");
  });

  it("refuses --data on a source that is not an MCP spec, before calling the platform", async () => {
    api = await startFakeApi({});
    const run = await cli(
      ["env", "import", file("people.csv", "id,name\n1,a\n"), "--data", "nyc-flights"],
      {
        AGENT_WORLD_URL: api.baseUrl,
        AGENT_WORLD_API_KEY: "aw_test_key",
      },
    );
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("--data goes with an MCP server's tools/list");
    expect(api.requests).toEqual([]);
  });

  it("documents --data in the command's help", async () => {
    const run = await cli(["env", "import", "--help"], {});
    expect(`${run.stdout}\n${run.stderr}`).toMatch(/--data ENV\[@VERSION\]/);
    expect(`${run.stdout}\n${run.stderr}`).toContain("env import postgres.json --data nyc-flights");
  });
});
