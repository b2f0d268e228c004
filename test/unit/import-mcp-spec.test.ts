// The MCP importer on the 15 real `tools/list` answers: every implemented tool passes admission in
// the QuickJS sandbox over its seeded tables, and bad specs get clear reasons.
import { afterAll, describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import { chinookSqlitePath } from "../../catalog/chinook/dataset";
import { nycFlightsSqlitePath } from "../../catalog/nyc-flights/dataset";
import { seedFromSqlite } from "../../catalog/sqlite-source";
import { discoverEnvironment } from "../../core/discovery/discover-source";
import { ToolSpecSchema } from "../../core/environment/spec";
import { importMcpSpec } from "../../core/mcp/import/spec-import";
import { SEED_ROWS } from "../../core/mcp/import/tool-tests";
import type { SurfaceDatabase } from "../../core/surfaces/surface";
import { interpolatesArguments } from "../support/database-harness";
import { admitImport } from "../support/mcp-admission";
import { SHARED_SPECS, sharedSpecSubset, sharedSpecText } from "../support/mcp-surface-checks";

// The SQL servers run on a catalog database (their own tests: test/unit/mcp-sql-surface.test.ts).
const databases: Record<string, SurfaceDatabase> = {
  "sqlite-npx-chinook": { source: "chinook@1.1.0", ...seedFromSqlite(chinookSqlitePath()) },
  postgres: { source: "nyc-flights@1.0.0", ...seedFromSqlite(nycFlightsSqlitePath()) },
};
const mustImplement = new Set(["memory", "taskmanager", "github", "slack", "notion"]);
const counts: string[] = [];

describe("importMcpSpec on the shared MCP specs", () => {
  afterAll(() => console.log(counts.join("\n")));
  for (const name of SHARED_SPECS) {
    it(`${name}: every implemented tool is admitted`, async () => {
      const text = sharedSpecText(name);
      const spec = JSON.parse(text) as { tools: unknown[] };
      const database = databases[name];
      const imported = importMcpSpec(text, database ? { database } : {});
      expect(importMcpSpec(text, database ? { database } : {})).toEqual(imported);
      const { report } = imported;
      expect(report.implemented.length + report.leftOut.length).toBe(spec.tools.length);
      const admission = imported.tools.length > 0 ? await admitImport(imported) : undefined;
      const failing =
        admission?.results
          .filter((r) => !r.passed)
          .map((r) => `${r.tool}/${r.test}: ${r.reason}`) ?? [];
      const admitted = admission?.totals.admittedTools ?? 0;
      counts.push(
        `${name}: ${spec.tools.length} tools / ${report.implemented.length} implemented / ${admitted} admitted / ${report.leftOut.length} left out`,
      );
      expect(failing).toEqual([]);
      expect(admission?.problems ?? []).toEqual([]);
      if (mustImplement.has(name)) expect(report.implemented.length).toBeGreaterThan(0);
      for (const left of report.leftOut) expect(left.reason.length).toBeGreaterThan(0);
      for (const t of imported.tools) {
        expect(ToolSpecSchema.safeParse(t).success).toBe(true);
        expect(interpolatesArguments(t.implementation)).toBe(false);
      }
      const originals = JSON.parse(text) as { tools: { name: string; inputSchema: unknown }[] };
      for (const t of report.implemented) {
        const source = originals.tools.find((o) => o.name === t.original);
        const published = imported.tools.find((p) => p.name === t.tool);
        expect(published?.inputSchema).toEqual(source?.inputSchema);
      }
    });
  }
});

describe("importMcpSpec, what it derives", () => {
  const load = (name: string) => importMcpSpec(sharedSpecText(name));

  it("derives github issues keyed by issue_number, scoped by owner and repo (issue tools alone)", () => {
    const issueTools = ["create_issue", "list_issues", "update_issue", "get_issue"];
    const { report, tools } = importMcpSpec(sharedSpecSubset("github", issueTools));
    expect(report.implemented.map((t) => [t.original, t.surface])).toEqual(
      issueTools.map((t) => [t, undefined]),
    );
    expect(report.tables).toContainEqual(
      expect.objectContaining({ name: "issue", key: "issue_number", rows: SEED_ROWS }),
    );
    const get = tools.find((t) => t.name === "get_issue");
    expect(get?.effect).toBe("read");
    expect(get?.tests.map((t) => t.expect.error?.code ?? "ok")).toEqual(["ok", "not_found"]);
  });

  it("serves every memory tool from the knowledge-graph surface, leaving none out", () => {
    const { report } = load("memory");
    expect(report.implemented.map((t) => t.tool)).toEqual([
      "create_entities",
      "create_relations",
      "add_observations",
      "delete_entities",
      "delete_observations",
      "delete_relations",
      "read_graph",
      "search_nodes",
      "open_nodes",
    ]);
    expect(report.implemented.every((t) => t.surface === "graph")).toBe(true);
    expect(report.leftOut).toEqual([]);
  });

  it("hands the left-out tools with usable schemas to the coding agent as its contract", () => {
    const content = sharedSpecText("kubernetes");
    const discovered = discoverEnvironment(openBetterSqlite(), {
      format: "mcp-spec",
      content,
      sourceName: "kubernetes.json",
    });
    const wanted = discovered.wanted ?? [];
    const [first] = wanted;
    expect(first).toBeDefined();
    expect(wanted.map((t) => t.name).sort()).toEqual(
      discovered.leftOut
        .map((t) => t.subject)
        .filter((n) => wanted.some((w) => w.name === n))
        .sort(),
    );
    const original = JSON.parse(content).tools.find(
      (t: { name: string }) => t.name === first?.name,
    );
    expect(first?.inputSchema).toEqual(original.inputSchema);
    for (const tool of wanted) expect(discovered.tools.map((t) => t.name)).not.toContain(tool.name);
  });

  it("renames dashed tool names and says so; serves SQL tools only with a database", () => {
    expect(load("notion").report.notes).toContain(
      "API-retrieve-a-page is published as API_retrieve_a_page (tool names allow letters, digits and _)",
    );
    expect(() => load("sqlite-npx-chinook")).toThrow(/runs SQL on a database.*dataFrom/);
  });
});

describe("importMcpSpec on bad specs", () => {
  const tool = (name: string, inputSchema: unknown) => ({ name, description: name, inputSchema });
  const good = { type: "object", properties: { title: { type: "string" } }, required: ["title"] };

  it("refuses a spec that is not an object, and JSON that does not parse", () => {
    expect(() => importMcpSpec([1, 2])).toThrow(/JSON object/);
    expect(() => importMcpSpec("{nope")).toThrow(/not JSON/);
    expect(() => importMcpSpec({ tools: [] })).toThrow(/invalid/);
  });

  it("refuses duplicate tool names", () => {
    expect(() =>
      importMcpSpec({ tools: [tool("create_note", good), tool("create_note", good)] }),
    ).toThrow(/repeat: create_note/);
  });

  it("leaves out a tool with an invalid JSON Schema, with the reason", () => {
    const { report } = importMcpSpec({
      tools: [
        tool("create_note", good),
        tool("update_note", { type: "object", properties: { id: { type: "strnig" } } }),
      ],
    });
    expect(report.leftOut).toEqual([
      expect.objectContaining({
        tool: "update_note",
        reason: expect.stringMatching(/invalid inputSchema/),
      }),
    ]);
    expect(report.implemented.map((t) => t.tool)).toEqual(["create_note"]);
  });

  it("leaves out a non-object input schema", () => {
    const { report } = importMcpSpec({
      tools: [tool("create_note", good), tool("delete_note", { type: "string" })],
    });
    expect(report.leftOut[0]?.reason).toMatch(/type "object"/);
  });

  it("resolves local $refs and reports a $ref cycle", () => {
    const refd = {
      type: "object",
      properties: { title: { $ref: "#/$defs/t" } },
      required: ["title"],
      $defs: { t: { type: "string" } },
    };
    const cyclic = {
      type: "object",
      properties: { node: { $ref: "#/definitions/a" } },
      definitions: { a: { $ref: "#/definitions/b" }, b: { $ref: "#/definitions/a" } },
    };
    const { report } = importMcpSpec({
      tools: [tool("create_note", refd), tool("update_note", cyclic)],
    });
    expect(report.implemented.map((t) => t.tool)).toEqual(["create_note"]);
    expect(report.leftOut[0]?.reason).toMatch(/cycle/);
  });
});
