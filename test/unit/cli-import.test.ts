// `agent-world env import`: the format from the file, SQLite files read locally, the job
// followed to its end, and failures reported with the job's reason.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chinookSqlitePath } from "../../catalog/chinook/dataset";
import { readImportSource } from "../../cli/import-source";
import { cli, emptyDir, type FakeApi, startFakeApi } from "./cli-fake-api";

let api: FakeApi | undefined;
afterEach(() => api?.close());

function file(name: string, content: string): string {
  const path = join(emptyDir(), name);
  writeFileSync(path, content);
  return path;
}

describe("import sources", () => {
  it("tells the format from the extension and the JSON's shape", () => {
    expect(readImportSource(file("a.csv", "id\n1\n")).format).toBe("csv");
    expect(readImportSource(file("a.sql", "CREATE TABLE t (x);")).format).toBe("sql-dump");
    expect(readImportSource(file("rows.json", '[{"id":1,"v":"x"}]')).format).toBe("json-rows");
    expect(readImportSource(file("db.json", '{"users":{"u1":{"id":"u1"}}}')).format).toBe(
      "nested-json",
    );
    expect(readImportSource(file("github.json", '{"serverInfo":{},"tools":[]}')).format).toBe(
      "mcp-spec",
    );
    expect(() => readImportSource(file("a.xlsx", "x"))).toThrow(/--format/);
  });

  it("reads a SQLite file locally and sends its tables", () => {
    const source = readImportSource(chinookSqlitePath());
    expect(source.format).toBe("tables");
    const tables = JSON.parse(source.content) as {
      schemaSql: string;
      seed: { tables: Record<string, unknown> };
    };
    expect(Object.keys(tables.seed.tables)).toHaveLength(11);
  });
});

describe("env import", () => {
  it("posts the source, follows the job and prints the report", async () => {
    let polls = 0;
    api = await startFakeApi({
      "POST /v1/environments/imports": {
        status: 202,
        json: { id: "imp_1", status: "queued", environment: null, report: null, error: null },
      },
      "GET /v1/environments/imports/imp_1": () => ({
        status: 200,
        json:
          ++polls < 2
            ? { id: "imp_1", status: "running", environment: null, report: null, error: null }
            : {
                id: "imp_1",
                status: "published",
                environment: "people@1.0.0",
                error: null,
                report: {
                  tables: 1,
                  rows: 2,
                  tools: {
                    generated: 6,
                    leftOut: [
                      { subject: "people", kind: "delete", reason: "every person is referenced" },
                    ],
                  },
                  seconds: 0.4,
                },
              },
      }),
    });
    const run = await cli(
      ["env", "import", file("people.csv", "id,name\n1,a\n2,b\n"), "--category", "business/hr"],
      { AGENT_WORLD_URL: api.baseUrl, AGENT_WORLD_API_KEY: "aw_test_key" },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(api.requests[0]?.body).toMatchObject({
      name: "people",
      category: { domain: "business", subdomain: "hr" },
      source: { format: "csv", filename: "people.csv", content: "id,name\n1,a\n2,b\n" },
    });
    expect(run.stdout).toContain("published people@1.0.0 from people.csv (csv)");
    expect(run.stdout).toContain("6 tools generated and admitted");
    expect(run.stdout).toContain("left out: delete on people: every person is referenced");
  });

  it("exits 1 with the job's reason when the import fails", async () => {
    api = await startFakeApi({
      "POST /v1/environments/imports": {
        status: 202,
        json: {
          id: "imp_2",
          status: "failed",
          environment: null,
          report: null,
          error: { code: "validation_failed", message: "Ragged rows at lines 3, 4." },
        },
      },
    });
    const run = await cli(["env", "import", file("bad.csv", "a,b\n1\n")], {
      AGENT_WORLD_URL: api.baseUrl,
      AGENT_WORLD_API_KEY: "aw_test_key",
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("import failed: validation_failed: Ragged rows at lines 3, 4.");
  });
});
