// Discovery jobs through the real Worker and the real discovery queue: a source goes in, an
// environment with generated and admitted tools comes out, and bad sources fail with reasons.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../workers/index";
import { api, call, openEpisode } from "./support/platform";

type Job = {
  id: string;
  status: string;
  environment: string | null;
  report: Record<string, unknown> | null;
  error: { code: string; message: string } | null;
};

const csv = [
  "id,name,team,salary,hired",
  "1,Ada Lovelace,research,120000,2021-03-01",
  "2,Grace Hopper,platform,135000,2019-07-15",
  "3,Alan Turing,research,128000,2020-01-10",
  "4,Katherine Johnson,flight,118000,2022-05-02",
  "5,Edsger Dijkstra,platform,125000,2018-11-20",
].join("\n");

async function waitForJob(id: string): Promise<Job> {
  for (let i = 0; i < 200; i++) {
    const job = await api<Job>("GET", `/v1/environments/imports/${id}`);
    if (!["queued", "running"].includes(job.body.status)) return job.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${id} did not finish`);
}

describe("discovery jobs", () => {
  it("imports a CSV through the queue, publishes it and serves its generated tools", async () => {
    const res = await api<Job>("POST", "/v1/environments/imports", {
      body: {
        name: "staff",
        category: { domain: "business", subdomain: "hr" },
        license: "CC0-1.0",
        source: { format: "csv", filename: "employees.csv", content: csv },
      },
    });
    expect(res.status).toBe(202);
    expect(res.body.status).toBe("queued");
    const job = await waitForJob(res.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe("published");
    expect(job.environment).toBe("staff@1.0.0");
    expect(job.report).toMatchObject({ tables: 1, rows: 5 });

    const tools = await api<{ tools: { function: { name: string } }[] }>(
      "GET",
      "/v1/environments/staff/tools",
      { key: null },
    );
    const names = tools.body.tools.map((t) => t.function.name);
    expect(names).toEqual(
      expect.arrayContaining(["get_employee", "search_employees", "create_employee"]),
    );
    const ep = await openEpisode("staff");
    const got = await call<{ ok: boolean; result: Record<string, unknown> }>(ep, "get_employee", {
      id: 2,
    });
    expect(got.body.result).toMatchObject({ name: "Grace Hopper", team: "platform" });
  });

  it("fails a ragged CSV with the lines that are wrong, and publishes nothing", async () => {
    const res = await api<Job>("POST", "/v1/environments/imports", {
      body: {
        name: "ragged",
        source: { format: "csv", filename: "r.csv", content: "a,b\n1,2\n3\n4,5,6\n" },
      },
    });
    const job = await waitForJob(res.body.id);
    expect(job.status).toBe("failed");
    expect(job.error?.code).toBe("validation_failed");
    expect(job.error?.message).toMatch(/line/i);
    expect((await api("GET", "/v1/environments/ragged", { key: null })).status).toBe(404);
  });

  it("fails a SQL dump with a syntax error, naming the statement", async () => {
    const dump =
      "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);\nINSERT INTO t VALUES (1, 'a');\nINSERT INTO t VALUES (2 'b');\n";
    const res = await api<Job>("POST", "/v1/environments/imports", {
      body: {
        name: "broken-dump",
        source: { format: "sql-dump", filename: "d.sql", content: dump },
      },
    });
    const job = await waitForJob(res.body.id);
    expect(job.status).toBe("failed");
    expect(job.error?.message).toMatch(/statement 3/);
  });

  it("does a job once however often its message is delivered", async () => {
    const res = await api<Job>("POST", "/v1/environments/imports", {
      body: {
        name: "twice",
        source: {
          format: "json-rows",
          filename: "t.json",
          content: JSON.stringify([
            { id: 1, label: "x" },
            { id: 2, label: "y" },
          ]),
        },
      },
    });
    const first = await waitForJob(res.body.id);
    expect(first.status).toBe("published");
    const batch = createMessageBatch("agent-world-discovery", [
      { id: "again", timestamp: new Date(), attempts: 2, body: { jobId: res.body.id } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["again"]);
    const after = await api<Job & { attempts: number; updatedAt: string }>(
      "GET",
      `/v1/environments/imports/${res.body.id}`,
    );
    expect(after.body).toMatchObject({ status: "published", attempts: 1 });
  });

  it("needs a catalog:write key, and validates the request", async () => {
    expect((await api("POST", "/v1/environments/imports", { body: {}, key: null })).status).toBe(
      401,
    );
    const bad = await api<{ error: { code: string } }>("POST", "/v1/environments/imports", {
      body: { name: "x", source: { format: "xlsx", filename: "a", content: "b" } },
    });
    expect(bad.status).toBe(400);
    expect((await api("GET", "/v1/environments/imports/imp_nope")).status).toBe(404);
  });
});

describe("dedupe", () => {
  it("links an import with the same schema and tools to the published environment", async () => {
    const rows = JSON.stringify([
      { id: 1, label: "x" },
      { id: 2, label: "y" },
    ]);
    const first = await api<Job>("POST", "/v1/environments/imports", {
      body: {
        name: "labels",
        source: { format: "json-rows", filename: "labels.json", content: rows },
      },
    });
    expect((await waitForJob(first.body.id)).status).toBe("published");
    const other = JSON.stringify([
      { id: 1, label: "p" },
      { id: 2, label: "q" },
      { id: 3, label: "r" },
    ]);
    const second = await api<Job>("POST", "/v1/environments/imports", {
      body: {
        name: "labels-again",
        source: { format: "json-rows", filename: "labels.json", content: other },
      },
    });
    const job = await waitForJob(second.body.id);
    expect(job).toMatchObject({ status: "duplicate", environment: "labels@1.0.0" });
    expect((await api("GET", "/v1/environments/labels-again", { key: null })).status).toBe(404);
  });
});

describe("sources by URL", () => {
  const origin = (env as unknown as { SOURCE_SERVER_ORIGIN: string }).SOURCE_SERVER_ORIGIN;
  const importUrl = async (name: string, path: string) => {
    const res = await api<Job>("POST", "/v1/environments/imports", {
      body: {
        name,
        license: "CC-BY-4.0",
        source: { format: "csv", filename: "cities.csv", url: `${origin}${path}` },
      },
    });
    expect(res.status).toBe(202);
    return waitForJob(res.body.id);
  };

  it("fetches the file and records where it came from", async () => {
    const job = await importUrl("cities", "/cities.csv");
    expect(job.status, JSON.stringify(job.error)).toBe("published");
    const version = await api<{ provenance: { url?: string; sha256?: string; license: string }[] }>(
      "GET",
      "/v1/environments/cities/versions/1.0.0",
      { key: null },
    );
    expect(version.body.provenance[0]).toMatchObject({
      url: `${origin}/cities.csv`,
      license: "CC-BY-4.0",
    });
    expect(version.body.provenance[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    // no category was given: keyword rules over the data's names assign one
    expect(job.report).toMatchObject({
      category: { domain: "reference", subdomain: "geography", assignedBy: "keywords" },
    });
  });

  it("refuses an HTML page, a URL that times out, and a file over the size limit", async () => {
    const html = await importUrl("from-html", "/page.html");
    expect(html.error?.message).toMatch(/HTML page/);
    const slow = await importUrl("from-slow", "/slow.csv");
    expect(slow.error?.message).toMatch(/did not answer within/);
    const huge = await importUrl("from-huge", "/huge.csv");
    expect(huge.error?.message).toMatch(/larger than/);
    for (const job of [html, slow, huge]) expect(job.status).toBe("failed");
  });
});

describe("MCP servers", () => {
  it("imports a tools/list answer with its real tool names and reports what it left out", async () => {
    const spec = {
      serverInfo: { name: "notes-server", version: "1.0.0" },
      tools: [
        {
          name: "create_note",
          description: "Create a note",
          inputSchema: {
            type: "object",
            properties: { title: { type: "string" }, body: { type: "string" } },
            required: ["title"],
          },
        },
        {
          name: "get_note",
          description: "Get a note by id",
          inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
        },
        {
          name: "summarize_everything",
          description: "Summarize",
          inputSchema: { type: "object", properties: {} },
        },
      ],
    };
    const res = await api<Job>("POST", "/v1/environments/imports", {
      body: {
        name: "notes-mcp",
        source: { format: "mcp-spec", filename: "notes.json", content: JSON.stringify(spec) },
      },
    });
    const job = await waitForJob(res.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe("published");
    const tools = await api<{ tools: { function: { name: string } }[] }>(
      "GET",
      "/v1/environments/notes-mcp/tools",
      { key: null },
    );
    expect(tools.body.tools.map((t) => t.function.name).sort()).toEqual([
      "create_note",
      "get_note",
    ]);
    const leftOut = (job.report as { tools: { leftOut: { subject: string }[] } }).tools.leftOut;
    expect(leftOut.map((t) => t.subject)).toContain("summarize_everything");
    // No LLM asked for: the entity rows are the seeded generator's.
    expect(job.report).toMatchObject({ seedRows: { status: "not requested", tables: [] } });
  });
});

describe("the coding agent", () => {
  it("adds LLM-written tools that pass their tests to a discovery job", async () => {
    const res = await api<Job>("POST", "/v1/environments/imports", {
      body: {
        name: "employees-llm",
        llm: true,
        theme: "An HR assistant answering questions about teams.",
        source: { format: "csv", filename: "employees.csv", content: csv },
      },
    });
    const job = await waitForJob(res.body.id);
    expect(job.status, JSON.stringify(job.error)).toBe("published");
    expect(job.report).toMatchObject({
      llm: {
        status: "ran",
        model: "scripted-model",
        admitted: ["count_employees_in_team"],
        rounds: 1,
      },
      // No category was given: the model filed it (the keyword rules would say business/hr).
      category: { domain: "business", subdomain: "people-ops", assignedBy: "llm" },
    });
    const ep = await openEpisode("employees-llm");
    const counted = await call<{ result: unknown }>(ep, "count_employees_in_team", {
      team: "platform",
    });
    expect(counted.body.result).toEqual({ team: "platform", employees: 2 });
  });
});
