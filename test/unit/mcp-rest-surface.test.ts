// The REST passthrough surface on the real Jira spec (jira_get/post/put/patch/delete with a
// `path`): every tool passes admission (and is not vacuous), and the tools behave like a small
// Jira through the QuickJS sandbox on the loaded database: lists, documents, create-then-get,
// PUT/PATCH changing only what they name, cascading DELETE, JQL, jq (JMESPath), TOON output, and
// clear errors for bad input. Also: the runtime pieces on their own, and a non-Jira REST server.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BetterSqliteDatabase } from "../../catalog/better-sqlite-database";
import type { Json } from "../../core/base/json";
import { measureChanges } from "../../core/environment/measure-changes";
import type { ToolSpec } from "../../core/environment/spec";
import { DEFAULT_CLOCK_START } from "../../core/episode/episode-init";
import { diffAgainstSeed } from "../../core/episode/state-diff";
import { importMcpSpec, type McpImport } from "../../core/mcp/import/spec-import";
import type { ToolSandbox } from "../../core/sandbox/executor";
import { createQuickJsExecutor } from "../../core/sandbox/quickjs-executor";
import { createSeededHost } from "../../core/sandbox/seeded-host";
import { JMESPATH_SOURCE } from "../../core/surfaces/jira-rest/jmespath";
import { JQL_SOURCE } from "../../core/surfaces/jira-rest/jql";
import { TOON_SOURCE } from "../../core/surfaces/jira-rest/toon";
import { loadDatabase, rolledBack } from "../support/database-harness";
import { admitImport, failingTests } from "../support/mcp-admission";
import { vacuousImportTools } from "../support/mcp-episode";

const WasmModule = WebAssembly.Module as unknown as new (bytes: Uint8Array) => WebAssembly.Module;
const wasm = new WasmModule(
  readFileSync(createRequire(import.meta.url).resolve("quickjs-wasi/quickjs.wasm")),
);
const specText = readFileSync(
  new URL("../../catalog/mcp/specs/atlassian-jira.json", import.meta.url),
  "utf8",
);
const TABLE = "rest_documents";

type Doc = { [key: string]: Json };
const isDoc = (v: Json | undefined): v is Doc =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The seeded documents of one collection, parsed, in seed order. */
function seeded(imported: McpImport, collection: string): { parent: string; doc: Doc }[] {
  const table = imported.seed.tables[TABLE];
  const at = (name: string) => table?.columns.indexOf(name) ?? -1;
  return (table?.rows ?? [])
    .filter((r) => r[at("collection")] === collection)
    .map((r) => ({
      parent: String(r[at("parent")]),
      doc: JSON.parse(String(r[at("doc")])) as Doc,
    }));
}

const fields = (d: Doc): Doc => (isDoc(d.fields) ? d.fields : {});
const name = (v: Json | undefined): string => (isDoc(v) ? String(v.name) : "");

describe("the REST surface on atlassian-jira", () => {
  const imported = importMcpSpec(specText);
  let db: BetterSqliteDatabase;
  let sandbox: ToolSandbox;
  let step = 0;

  beforeAll(async () => {
    db = loadDatabase(imported.schemaSql, imported.seed);
    sandbox = await createQuickJsExecutor(wasm).load(imported.tools);
  });
  afterAll(() => {
    sandbox.dispose();
    db.raw.close();
  });

  /** One call on the shared database (callers roll back their writes). */
  function call(tool: string, args: Record<string, Json>) {
    step += 1;
    return sandbox.call(tool, args, createSeededHost(db, `call-${step}`, DEFAULT_CLOCK_START));
  }
  function ok(tool: string, args: Record<string, Json>): Json {
    const out = call(tool, args);
    if (!out.ok) throw new Error(`${tool} failed: ${JSON.stringify(out.error)}`);
    return out.result;
  }
  function error(tool: string, args: Record<string, Json>): { code: string; message: string } {
    const out = call(tool, args);
    if (out.ok || out.error.kind !== "tool_error")
      throw new Error(`expected a tool error, got ${JSON.stringify(out)}`);
    return { code: out.error.code, message: out.error.message };
  }
  const json = { outputFormat: "json" } as const;
  const issues = () => seeded(imported, "issue").map((s) => s.doc);

  it("implements all five tools, each admitted by its tests and none vacuous", async () => {
    expect(imported.report.implemented.map((t) => [t.tool, t.surface])).toEqual(
      ["jira_get", "jira_post", "jira_put", "jira_patch", "jira_delete"].map((t) => [t, "rest"]),
    );
    expect(imported.report.leftOut).toEqual([]);
    const admission = await admitImport(imported);
    expect(failingTests(admission)).toEqual([]);
    expect(admission.problems).toEqual([]);
    expect(admission.totals.admittedTools).toBe(5);
    const original = JSON.parse(specText) as { tools: { name: string; inputSchema: Json }[] };
    for (const t of imported.tools) {
      expect(t.inputSchema).toEqual(original.tools.find((o) => o.name === t.name)?.inputSchema);
      expect(t.effect).toBe(t.name === "jira_get" ? "read" : "write");
    }
    expect(await vacuousImportTools(imported)).toEqual([]);
  });

  it("imports byte for byte the same twice", () => {
    expect(JSON.stringify(importMcpSpec(specText))).toBe(JSON.stringify(imported));
  });

  it("seeds a realistic tracker: users, four projects, thirty keyed issues, comments and worklogs", () => {
    const projects = seeded(imported, "project").map((s) => s.doc.key);
    expect(projects).toEqual(["PROJ", "WEB", "MOB", "OPS"]);
    const all = issues();
    expect(all).toHaveLength(30);
    expect(all[0]?.id).toBe("10001");
    for (const i of all) expect(String(i.key)).toMatch(/^(PROJ|WEB|MOB|OPS)-\d+$/);
    expect(new Set(all.map((i) => name(fields(i).status))).size).toBe(4);
    expect(new Set(all.map((i) => name(fields(i).priority))).size).toBeGreaterThanOrEqual(4);
    expect(all.some((i) => fields(i).assignee === null)).toBe(true);
    expect(seeded(imported, "comment").length).toBeGreaterThan(10);
    expect(seeded(imported, "worklog").length).toBeGreaterThan(5);
    expect(seeded(imported, "user")).toHaveLength(8);
  });

  it("lists projects, as JSON and as TOON by default", () => {
    expect(ok("jira_get", { path: "/rest/api/3/project", ...json, jq: "[*].key" })).toEqual([
      "PROJ",
      "WEB",
      "MOB",
      "OPS",
    ]);
    const toon = ok("jira_get", { path: "/rest/api/3/project" });
    expect(typeof toon).toBe("string");
    expect(String(toon).split("\n").slice(0, 4)).toEqual([
      "[4]:",
      '  - self: "https://your-domain.atlassian.net/rest/api/3/project/10000"',
      '    id: "10000"',
      "    key: PROJ",
    ]);
    expect(String(toon)).toContain("\n    lead:\n      self: ");
  });

  it("gets an issue by key (any case) or by id", () => {
    const first = issues()[0] ?? {};
    const byKey = ok("jira_get", { path: `/rest/api/3/issue/${first.key}`, ...json });
    expect(byKey).toEqual(first);
    expect(ok("jira_get", { path: `/rest/api/3/issue/${first.id}`, ...json })).toEqual(first);
    expect(
      ok("jira_get", { path: `/rest/api/3/issue/${String(first.key).toLowerCase()}`, ...json }),
    ).toEqual(first);
    expect(
      ok("jira_get", {
        path: `/rest/api/3/issue/${first.key}`,
        queryParams: { fields: "summary" },
        ...json,
      }),
    ).toEqual({ ...first, fields: { summary: fields(first).summary } });
  });

  it("creates an issue, then gets it with server-set fields", () => {
    rolledBack(db, () => {
      const created = ok("jira_post", {
        path: "/rest/api/3/issue",
        body: {
          fields: {
            project: { key: "WEB" },
            summary: "Footer links point at the old domain",
            issuetype: { name: "Bug" },
            labels: ["frontend"],
          },
        },
        ...json,
      });
      const webCount = issues().filter((i) => String(i.key).startsWith("WEB-")).length;
      expect(created).toEqual({
        id: "10031",
        key: `WEB-${webCount + 1}`,
        self: "https://your-domain.atlassian.net/rest/api/3/issue/10031",
      });
      expect(measureChanges(db, imported.seed)).toEqual({
        [TABLE]: { inserted: 1, updated: 0, deleted: 0 },
      });
      const got = ok("jira_get", {
        path: `/rest/api/3/issue/WEB-${webCount + 1}`,
        ...json,
        jq: "fields.{summary: summary, status: status.name, priority: priority.name, reporter: reporter.displayName, assignee: assignee, labels: labels, project: project.key, created: created}",
      });
      expect(got).toEqual({
        summary: "Footer links point at the old domain",
        status: "To Do",
        priority: "Medium",
        reporter: "Priya Raman",
        assignee: null,
        labels: ["frontend"],
        project: "WEB",
        created: "2025-01-06T09:00:00.000+0000",
      });
    });
  });

  /** The one row a write changed: its document before and after. */
  function changedDoc(): { before: Doc; after: Doc } {
    const diff = diffAgainstSeed(db, imported.seed, [TABLE])[TABLE];
    expect(diff?.inserted ?? []).toEqual([]);
    expect(diff?.deleted ?? []).toEqual([]);
    expect(diff?.updated).toHaveLength(1);
    const row = diff?.updated[0];
    return {
      before: JSON.parse(String(row?.before.doc)),
      after: JSON.parse(String(row?.after.doc)),
    };
  }

  it("PUT and PATCH change only the fields they name", () => {
    rolledBack(db, () => {
      ok("jira_put", { path: "/rest/api/3/project/WEB", body: { name: "Marketing Website" } });
      const { before, after } = changedDoc();
      expect(after).toEqual({ ...before, name: "Marketing Website" });
      // Issues show the renamed project: references are read fresh.
      const web = issues().find((i) => String(i.key).startsWith("WEB-")) ?? {};
      expect(
        ok("jira_get", {
          path: `/rest/api/3/issue/${web.key}`,
          jq: "fields.project.name",
          ...json,
        }),
      ).toBe("Marketing Website");
    });
    rolledBack(db, () => {
      const target = issues()[2] ?? {};
      ok("jira_patch", {
        path: `/rest/api/3/issue/${target.key}`,
        body: { fields: { summary: "Renamed" } },
      });
      const { before, after } = changedDoc();
      expect(after).toEqual({
        ...before,
        fields: { ...fields(before), summary: "Renamed", updated: "2025-01-06T09:00:00.000+0000" },
      });
    });
  });

  it("PATCH merges objects key by key; PUT replaces them", () => {
    const log = seeded(imported, "worklog")[0];
    const path = `/rest/api/3/issue/${log?.parent.split("/")[1]}/worklog/${log?.doc.id}`;
    const patched = rolledBack(db, () =>
      ok("jira_patch", { path, body: { comment: { version: 2 } }, jq: "comment", ...json }),
    );
    expect(patched).toEqual({ ...(isDoc(log?.doc.comment) ? log.doc.comment : {}), version: 2 });
    const put = rolledBack(db, () =>
      ok("jira_put", { path, body: { comment: { version: 2 } }, jq: "comment", ...json }),
    );
    expect(put).toEqual({ version: 2 });
    const hours = rolledBack(db, () =>
      ok("jira_patch", {
        path,
        body: { timeSpentSeconds: 37800 },
        jq: "[timeSpent, timeSpentSeconds]",
        ...json,
      }),
    );
    expect(hours).toEqual(["1d 2h 30m", 37800]);
  });

  it("deleting an issue deletes its comments, worklogs and watchers, and nothing else", () => {
    const parent = seeded(imported, "comment")[0]?.parent ?? "";
    const issue = issues().find((i) => `issue/${i.id}` === parent) ?? {};
    const under = (["comment", "worklog", "watchers"] as const).map(
      (c) => seeded(imported, c).filter((s) => s.parent === parent).length,
    );
    expect(under[0]).toBeGreaterThan(0);
    rolledBack(db, () => {
      expect(ok("jira_delete", { path: `/rest/api/3/issue/${issue.key}`, ...json })).toEqual({});
      const diff = diffAgainstSeed(db, imported.seed, [TABLE])[TABLE];
      expect(diff?.deleted).toHaveLength(1 + under.reduce((a, b) => a + b, 0));
      expect(diff?.deleted.every((r) => r.id === issue.id || r.parent === parent)).toBe(true);
      expect(diff?.updated ?? []).toEqual([]);
      expect(error("jira_get", { path: `/rest/api/3/issue/${issue.key}/comment` }).code).toBe(
        "not_found",
      );
      expect(error("jira_get", { path: `/rest/api/3/issue/${issue.key}` }).code).toBe("not_found");
    });
    // 204 No Content: the real server answers {} and TOON writes an empty object as nothing.
    rolledBack(db, () =>
      expect(ok("jira_delete", { path: `/rest/api/3/issue/${issue.key}` })).toBe(""),
    );
  });

  it("searches issues with JQL: AND, IN, ORDER BY and text", () => {
    const search = (jql: string, extra: Record<string, Json> = {}) =>
      ok("jira_get", {
        path: "/rest/api/3/search/jql",
        queryParams: { jql, maxResults: "100" },
        jq: "issues[*].key",
        ...json,
        ...extra,
      });
    const number = (k: Json) => Number(String(k).split("-")[1]);
    const proj = issues()
      .filter((i) => isDoc(fields(i).project) && (fields(i).project as Doc).key === "PROJ")
      .filter((i) => ["High", "Highest"].includes(name(fields(i).priority)))
      .map((i) => i.key ?? null)
      .sort((a, b) => number(b) - number(a));
    expect(search("project = PROJ AND priority IN (High, Highest) ORDER BY key DESC")).toEqual(
      proj,
    );
    const open = issues()
      .filter((i) => name(fields(i).status) !== "Done")
      .map((i) => i.key ?? null)
      .sort();
    expect((search("status != Done order by key asc") as string[]).slice().sort()).toEqual(open);
    const login = issues()
      .filter((i) => String(fields(i).summary).toLowerCase().includes("login"))
      .map((i) => i.key);
    expect((search('text ~ "login"') as string[]).slice().sort()).toEqual(login.sort());
    const ranked = ok("jira_get", {
      path: "/rest/api/3/search/jql",
      queryParams: { jql: "project = MOB ORDER BY priority DESC", maxResults: "100" },
      jq: "issues[*].fields.priority.id",
      ...json,
    }) as string[];
    expect(ranked.map(Number)).toEqual([...ranked.map(Number)].sort((a, b) => a - b));
    const page = ok("jira_get", {
      path: "/rest/api/3/search/jql",
      queryParams: { jql: "project = PROJ ORDER BY key ASC", maxResults: "3", startAt: "3" },
      jq: "{keys: issues[*].key, total: total, isLast: isLast, next: nextPageToken}",
      ...json,
    });
    expect(page).toEqual({
      keys: ["PROJ-4", "PROJ-5", "PROJ-6"],
      total: 10,
      isLast: false,
      next: "6",
    });
  });

  it("applies jq (JMESPath) projections, indexes, filters and pipes", () => {
    const first = issues()[0] ?? {};
    const path = "/rest/api/3/search/jql";
    const q = { jql: "ORDER BY key ASC", maxResults: "100" };
    const get = (jq: string) => ok("jira_get", { path, queryParams: q, jq, ...json }) as Json[];
    const number = (k: string) => Number(k.split("-")[1]);
    expect(get("issues[0].key")).toBe("MOB-1");
    expect(get("issues[*].key | [0]")).toBe("MOB-1");
    expect(get("issues[-1].key")).toBe("WEB-8");
    expect(get("issues[:2].[key, fields.project.key]")).toEqual([
      ["MOB-1", "MOB"],
      ["MOB-2", "MOB"],
    ]);
    const done = issues()
      .filter((i) => name(fields(i).status) === "Done")
      .map((i) => String(i.key));
    const byKey = (a: string, b: string) =>
      a.split("-")[0]?.localeCompare(b.split("-")[0] ?? "") || number(a) - number(b);
    expect(get("issues[?fields.status.name == 'Done'].key")).toEqual(done.sort(byKey));
    expect(get("issues[?fields.assignee == null && fields.status.name != 'Done'] | [0].key")).toBe(
      issues()
        .filter((i) => fields(i).assignee === null && name(fields(i).status) !== "Done")
        .map((i) => String(i.key))
        .sort(byKey)[0] ?? null,
    );
    expect(
      ok("jira_get", {
        path: `/rest/api/3/issue/${first.key}`,
        jq: "{k: key, p: fields.project.key}",
        ...json,
      }),
    ).toEqual({
      k: first.key,
      p: isDoc(fields(first).project) ? (fields(first).project as Doc).key : null,
    });
    expect(get("issues[*].fields.labels[]").length).toBe(
      issues().reduce(
        (n, i) => n + (Array.isArray(fields(i).labels) ? (fields(i).labels as Json[]).length : 0),
        0,
      ),
    );
  });

  it("refuses bad input with clear errors", () => {
    const unknown = error("jira_get", { path: "/rest/api/3/dashboards" });
    expect(unknown.code).toBe("not_found");
    expect(unknown.message).toContain("GET, POST /rest/api/3/issue");
    expect(error("jira_get", { path: "/rest/api/3/issue/NOPE-1" }).code).toBe("not_found");
    const jql = error("jira_get", {
      path: "/rest/api/3/search/jql",
      queryParams: { jql: "project = PROJ AND" },
    });
    expect(jql.code).toBe("invalid_argument");
    expect(jql.message).toMatch(/^jql: .*supported: /);
    const field = error("jira_get", {
      path: "/rest/api/3/search/jql",
      queryParams: { jql: "sprint = 5" },
    });
    expect(field.message).toContain("Field 'sprint' does not exist");
    const jq = error("jira_get", { path: "/rest/api/3/project", jq: "[*].key | sort(@)" });
    expect(jq.code).toBe("invalid_argument");
    expect(jq.message).toContain("functions such as sort() are not supported");
    expect(error("jira_get", { path: "/rest/api/3/project", body: {} }).code).toBe(
      "invalid_argument",
    );
    expect(error("jira_delete", { path: "/rest/api/3/issue/PROJ-1", body: {} }).code).toBe(
      "invalid_argument",
    );
    const readOnly = error("jira_post", { path: "/rest/api/3/status", body: { name: "Blocked" } });
    expect(readOnly).toEqual({
      code: "invalid_argument",
      message: "POST is not supported on /rest/api/3/status; it supports GET.",
    });
    expect(
      error("jira_post", { path: "/rest/api/3/issue", body: { summary: "no fields" } }).code,
    ).toBe("invalid_argument");
    const bad = error("jira_post", {
      path: "/rest/api/3/issue",
      body: { fields: { project: { key: "NOPE" }, summary: "x", issuetype: { name: "Task" } } },
    });
    expect(bad.message).toContain("no project matches");
    expect(
      error("jira_patch", {
        path: "/rest/api/3/issue/PROJ-1",
        body: { fields: { status: { name: "Done" } } },
      }).message,
    ).toContain("/transitions");
    expect(
      error("jira_post", { path: "/rest/api/3/issue/PROJ-1/attachments", body: {} }).message,
    ).toContain("multipart");
  });

  it("moves an issue through the workflow with transitions", () => {
    const first = issues()[0] ?? {};
    const current = name(fields(first).status);
    const listed = ok("jira_get", {
      path: `/rest/api/3/issue/${first.key}/transitions`,
      jq: "transitions[*].{id: id, to: to.name}",
      ...json,
    }) as Doc[];
    expect(listed.map((t) => t.to)).not.toContain(current);
    expect(listed).toHaveLength(3);
    const done = listed.find((t) => t.to === "Done") ?? listed[0];
    rolledBack(db, () => {
      ok("jira_post", {
        path: `/rest/api/3/issue/${first.key}/transitions`,
        body: { transition: { id: String(done?.id) } },
      });
      expect(
        ok("jira_get", {
          path: `/rest/api/3/issue/${first.key}`,
          jq: "fields.status.name",
          ...json,
        }),
      ).toBe(done?.to);
    });
  });
});

describe("the REST runtime pieces on their own", () => {
  const fail = (code: string, message: string): never => {
    throw Object.assign(new Error(message), { code });
  };
  const lib = new Function(
    `"use strict";${TOON_SOURCE}${JMESPATH_SOURCE}${JQL_SOURCE}; return { toonEncode, jmesSearch, jqlCompile, jqlRun };`,
  )() as {
    toonEncode(v: Json): string;
    jmesSearch(v: Json, e: string, f: typeof fail): Json;
    jqlCompile(t: string, cfg: Json, env: Json, f: typeof fail): Json;
    jqlRun(docs: Json[], q: Json, cfg: Json): Json[];
  };

  it("writes TOON as the spec does: tables, inline arrays, list items, quoting", () => {
    expect(
      lib.toonEncode({
        users: [
          { id: 1, name: "Alice", role: "admin" },
          { id: 2, name: "Bob", role: "user" },
        ],
      }),
    ).toBe("users[2]{id,name,role}:\n  1,Alice,admin\n  2,Bob,user");
    expect(
      lib.toonEncode({ tags: ["a", "b,c", "", "10", "true", "-x"], n: 1e21, m: -0, f: 1e-7 }),
    ).toBe('tags[6]: a,"b,c","","10","true","-x"\nn: 1000000000000000000000\nm: 0\nf: 0.0000001');
    expect(lib.toonEncode({ a: { b: { c: "x: y" } }, e: {}, z: [] })).toBe(
      'a:\n  b:\n    c: "x: y"\ne:\nz[0]:',
    );
    expect(
      lib.toonEncode({
        items: [1, { a: 1, b: [1, 2] }, [3, 4], { t: [{ x: 1 }, { x: 2 }], u: 1 }, {}],
      }),
    ).toBe(
      [
        "items[5]:",
        "  - 1",
        "  - a: 1",
        "    b[2]: 1,2",
        "  - [2]: 3,4",
        "  - t[2]{x}:",
        "      1",
        "      2",
        "    u: 1",
        "  -",
      ].join("\n"),
    );
    expect(lib.toonEncode([{ "my key": 'say "hi"', ok: true }])).toBe(
      '[1]{"my key",ok}:\n  "say \\"hi\\"",true',
    );
    expect(lib.toonEncode("plain")).toBe("plain");
    expect(lib.toonEncode({})).toBe("");
  });

  it("evaluates the JMESPath subset and refuses the rest by name", () => {
    const data: Json = {
      a: [{ b: 1, c: { d: "x" } }, { b: 2, c: null }, { b: 3 }],
      o: { k: 1, l: 2 },
    };
    expect(lib.jmesSearch(data, "a[*].c.d", fail)).toEqual(["x"]);
    expect(lib.jmesSearch(data, "a[?b > `1`].b", fail)).toEqual([2, 3]);
    expect(lib.jmesSearch(data, "a[::-1].b", fail)).toEqual([3, 2, 1]);
    expect(lib.jmesSearch(data, "o.*", fail)).toEqual([1, 2]);
    expect(lib.jmesSearch(data, '{first: a[0].b, n: o."k"}', fail)).toEqual({ first: 1, n: 1 });
    expect(lib.jmesSearch(data, "a[*].b | [1]", fail)).toBe(2);
    expect(lib.jmesSearch(data, "missing.deeper[0]", fail)).toBeNull();
    for (const [expr, said] of [
      ["length(a)", "functions"],
      ["a[*].b | sort_by(@, &b)", "functions"],
      ["a[", "expected"],
      ["a = 1", "unexpected character"],
      ["x".repeat(501), "longer than 500"],
    ] as const) {
      expect(() => lib.jmesSearch(data, expr, fail)).toThrow(said);
    }
  });

  it("runs the JQL subset and refuses unknown fields, operators and functions", () => {
    const cfg = {
      fields: {
        project: { kind: "ref", path: ["f", "project"], match: ["key"] },
        summary: { kind: "text", paths: [["f", "summary"]] },
        created: { kind: "date", path: ["f", "created"] },
        key: { kind: "key" },
      },
      defaultOrder: [{ field: "created", dir: "desc" }],
    };
    const docs = [
      {
        key: "P-2",
        f: {
          project: { key: "P" },
          summary: "Login fails",
          created: "2024-12-01T10:00:00.000+0000",
        },
      },
      {
        key: "P-10",
        f: {
          project: { key: "P" },
          summary: "Export CSV",
          created: "2025-01-01T10:00:00.000+0000",
        },
      },
      {
        key: "Q-1",
        f: {
          project: { key: "Q" },
          summary: "login page",
          created: "2024-11-01T10:00:00.000+0000",
        },
      },
    ];
    const env = { now: Date.UTC(2025, 0, 6, 9), actor: "u1" };
    const run = (jql: string) =>
      lib
        .jqlRun(docs, lib.jqlCompile(jql, cfg, env, fail), cfg)
        .map((d) => (d as { key: string }).key);
    expect(run("project = P ORDER BY key DESC")).toEqual(["P-10", "P-2"]);
    expect(run("")).toEqual(["P-10", "P-2", "Q-1"]);
    expect(run('summary ~ "login" AND NOT project = Q')).toEqual(["P-2"]);
    expect(run("created >= -7d")).toEqual(["P-10"]);
    expect(run("created < 2024-12-01 OR project in (p)")).toEqual(["P-10", "P-2", "Q-1"]);
    expect(run("project NOT IN (P) order by created asc")).toEqual(["Q-1"]);
    for (const [jql, said] of [
      ["status = Done", "Field 'status' does not exist"],
      ["summary = x", "not supported by the 'summary' field"],
      ["project ~ x", "only by text fields"],
      ["project > P", "only by date fields"],
      ["created > soon", "is not a date"],
      ["project = membersOf(x)", "function arguments are not supported"],
      ["project = P ORDER key", "expected BY"],
      ["project = P P", "expected AND, OR or ORDER BY"],
    ] as const) {
      expect(() => run(jql)).toThrow(said);
    }
  });
});

describe("the REST surface on another API", () => {
  const tool = (method: string, description: string, body = false) => ({
    name: `notes-api_${method}`,
    description,
    inputSchema: {
      type: "object",
      properties: {
        path: { type: "string", description: 'API path, e.g. "/api/v1/notebooks"' },
        queryParams: { type: "object", additionalProperties: { type: "string" } },
        ...(body ? { body: { type: "object" } } : {}),
      },
      required: body ? ["path", "body"] : ["path"],
    },
  });
  const spec = {
    serverInfo: { name: "notes-api", version: "1.0.0" },
    tools: [
      tool(
        "get",
        "Read data.\n- `/api/v1/notebooks` - list notebooks\n- `/api/v1/notebooks/{notebookId}` - one notebook\n- `/api/v1/notebooks/{notebookId}/notes` - its notes",
      ),
      tool(
        "post",
        'Create.\n1. **Notebook:** `/api/v1/notebooks`\n   body: `{"title": "Ideas", "color": "blue"}`\n2. **Note:** `/api/v1/notebooks/{notebookId}/notes`\n   body: `{"text": "Buy milk", "pinned": false}`',
        true,
      ),
      tool(
        "delete",
        "Delete.\n- `/api/v1/notebooks/{notebookId}` - delete a notebook and its notes",
      ),
    ],
  };

  it("models the collections from the example paths and bodies, and admits every tool", async () => {
    const imported = importMcpSpec(spec);
    expect(imported.report.implemented.map((t) => t.original)).toEqual([
      "notes-api_get",
      "notes-api_post",
      "notes-api_delete",
    ]);
    expect(imported.report.notes[0]).toContain("generic document store: notebooks (4), notes (6)");
    const admission = await admitImport(imported);
    expect(failingTests(admission)).toEqual([]);
    expect(admission.totals.admittedTools).toBe(3);
    const db = loadDatabase(imported.schemaSql, imported.seed);
    const sandbox = await createQuickJsExecutor(wasm).load(imported.tools);
    const host = createSeededHost(db, "notes", DEFAULT_CLOCK_START);
    const call = (t: ToolSpec | undefined, args: Record<string, Json>) =>
      sandbox.call(t?.name ?? "", { ...args, outputFormat: "json" }, host);
    const [get, post] = imported.tools;
    const made = call(post, {
      path: "/api/v1/notebooks/10000/notes",
      body: { text: "Call the bank" },
    });
    expect(made.ok && isDoc(made.result) && made.result.text).toBe("Call the bank");
    const listed = call(get, { path: "/api/v1/notebooks/10000/notes", jq: "notes[*].text" });
    expect(listed.ok && Array.isArray(listed.result) && listed.result.at(-1)).toBe("Call the bank");
    const missing = call(post, { path: "/api/v1/notebooks", body: { color: "red" } });
    expect(!missing.ok && missing.error.kind === "tool_error" && missing.error.message).toContain(
      "body.title is required",
    );
    sandbox.dispose();
    db.raw.close();
  });

  it("leaves a method family without example paths out, with the reason", () => {
    const unexplained = (method: string) => {
      const t = tool(method, "Calls the API.");
      return { ...t, inputSchema: { ...t.inputSchema, properties: { path: { type: "string" } } } };
    };
    const bare = { tools: [unexplained("get"), unexplained("delete")] };
    const { report } = importMcpSpec(bare);
    expect(report.leftOut.map((l) => l.reason)).toEqual([
      "a REST passthrough tool, but no description lists example API paths to model",
      "a REST passthrough tool, but no description lists example API paths to model",
    ]);
  });
});
