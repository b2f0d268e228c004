// The "contains, ignoring case" test the generated searches use (core/episode/sql-contains.ts):
// it agrees with an ASCII-folding substring test on text with LIKE's wildcards, quotes, non-ASCII
// letters and NUL, at any length, and the MCP importer's generic search tools use it. The 50-byte
// LIKE limit itself is workerd's: test/integration/search-patterns.test.ts.
import { afterAll, describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import { CONTAINS_SQL_JS, containsSql } from "../../core/episode/sql-contains";
import { importMcpSpec } from "../../core/mcp/import/spec-import";
import { openEpisode } from "../support/mcp-episode";

const fold = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
const contains = (value: string, query: string) => fold(value).includes(fold(query));

const VALUES = [
  "100% pure_cotton \\ shirt",
  'Don\'t "quote" me',
  "Ação e reação",
  "ÉCOLE École",
  "nul\u0000inside",
  "x".repeat(300),
  "plain text",
];
const QUERIES = [
  "%",
  "_",
  "%_",
  "\\",
  "\\ s",
  "'",
  '"QUOTE"',
  "ção",
  "AÇÃO",
  "école",
  "École",
  "\u0000",
  "l\u0000i",
  "text\u0000",
  "x".repeat(49),
  "x".repeat(300),
  "x".repeat(301),
  "PLAIN",
  "😀",
];

describe("containsSql", () => {
  const db = openBetterSqlite();
  afterAll(() => db.raw.close());
  db.run("CREATE TABLE t (v TEXT)");
  for (const v of VALUES) db.run("INSERT INTO t (v) VALUES (?)", [v]);
  db.run("INSERT INTO t (v) VALUES (NULL)");

  it("counts like an ASCII-folding substring test, for every query", () => {
    for (const query of QUERIES) {
      const n = db.query(`SELECT COUNT(*) AS n FROM t WHERE ${containsSql("v")}`, [query])[0]?.n;
      expect(n, JSON.stringify(query)).toBe(VALUES.filter((v) => contains(v, query)).length);
    }
  });

  it("is the same condition in its guest-code form", () => {
    const build = new Function(`${CONTAINS_SQL_JS} return contains;`)() as (c: string) => string;
    expect(build('"Name"')).toBe(containsSql('"Name"'));
  });
});

describe("the MCP importer's generic search", () => {
  const tool = (name: string, properties: Record<string, unknown>, required: string[] = []) => ({
    name,
    description: name,
    inputSchema: { type: "object", properties, required },
  });
  const imported = importMcpSpec({
    tools: [
      tool("create_note", { title: { type: "string" }, body: { type: "string" } }, ["title"]),
      tool("search_notes", { query: { type: "string", description: "text to look for" } }),
    ],
  });

  it("matches the query as plain text in the text columns, and lists all without one", async () => {
    const episode = await openEpisode(imported);
    try {
      for (const [i, title] of VALUES.entries()) {
        episode.ok("create_note", { title, body: i % 2 === 0 ? "even" : "odd \\ %" });
      }
      // Every text column is searched, the text id too.
      const rows = episode.rows("note");
      const expected = (query: string) =>
        rows.filter((r) =>
          Object.values(r).some((t) => typeof t === "string" && contains(t, query)),
        ).length;
      for (const query of QUERIES) {
        const result = episode.ok("search_notes", { query }) as { total: number };
        expect(result.total, JSON.stringify(query)).toBe(expected(query));
      }
      expect(expected("%")).toBeGreaterThan(0);
      expect(expected("%")).toBeLessThan(rows.length);
      const all = episode.ok("search_notes", {}) as { total: number };
      expect(all.total).toBe(rows.length);
    } finally {
      episode.close();
    }
  });
});
