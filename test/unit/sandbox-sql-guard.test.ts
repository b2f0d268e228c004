// The host's SQL guard (core/sandbox/sql-guard.ts) under hostile tool code, in the real QuickJS
// sandbox over better-sqlite3: platform tables, schema changes, read-only tools, and the cost bound.
import { beforeAll, describe, expect, it } from "vitest";
import { type BetterSqliteDatabase, openBetterSqlite } from "../../catalog/better-sqlite-database";
import { EnvironmentSpecSchema } from "../../core/environment/spec";
import { installChangeTracking } from "../../core/episode/change-tracking";
import type { RuntimeToolDef } from "../../core/episode/episode-init";
import type { ToolSandbox } from "../../core/sandbox/executor";
import { createSeededHost } from "../../core/sandbox/seeded-host";
import { guardStatement, SQL_MAX_ROW_VISITS } from "../../core/sandbox/sql-guard";
import { classifyStatement, statementFor } from "../../core/sandbox/sql-statement-rules";
import { createEpisodeRunner } from "../../core/tasks/episode-runner";
import { hostileSqlSpec } from "../fixtures/hostile-sql-environment";
import { nodeQuickJs } from "../support/node-quickjs";

// `args.sql` run by a read tool and by a write tool; `big` makes a 2,000-row table.
const RUN = `(args, ctx) => {
  if (args.mode === "query") return ctx.query(args.sql);
  return ctx.run(args.sql);
}`;

const TEN_MILLION_ROWS =
  "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 10000000) SELECT count(*) AS c FROM n";

let db: BetterSqliteDatabase;
let sandbox: ToolSandbox;
const host = () => createSeededHost(db, "guard", "2025-01-06T09:00:00.000Z");
const call = (tool: "reader" | "writer", sql: string, mode: "query" | "run" = "run") =>
  sandbox.call(tool, { sql, mode }, host());
const codeOf = (outcome: ReturnType<typeof call>) =>
  outcome.ok ? "ok" : outcome.error.kind === "tool_error" ? outcome.error.code : outcome.error.kind;
const rowsOf = (table: string) => Number(db.query(`SELECT count(*) AS n FROM ${table}`)[0]?.n);

beforeAll(async () => {
  db = openBetterSqlite();
  db.raw.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);
    CREATE TABLE big (id INTEGER PRIMARY KEY, g INTEGER);
    CREATE TABLE _aw_calls (step INTEGER PRIMARY KEY, body TEXT);
    CREATE TABLE _aw_episode (id INTEGER PRIMARY KEY, record TEXT);
    INSERT INTO t (v) VALUES ('a'), ('b');
    INSERT INTO _aw_calls (body) VALUES ('first call');
    INSERT INTO _aw_episode (record) VALUES ('{}');
    WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 2000)
      INSERT INTO big (g) SELECT x % 10 FROM n;`);
  installChangeTracking(db);
  sandbox = await nodeQuickJs().load([
    { name: "reader", effect: "read", implementation: RUN },
    { name: "writer", effect: "write", implementation: RUN },
  ]);
});

describe("the platform's tables and schema changes", () => {
  const refused: [string, string][] = [
    ["DROP TABLE t", "schema_change"],
    ["drop table if exists t", "schema_change"],
    ["DELETE FROM _aw_calls", "reserved_name"],
    ['DELETE FROM "_aw_calls"', "reserved_name"],
    ["DELETE FROM [_AW_CALLS]", "reserved_name"],
    ["DELETE FROM `_aw_calls`", "reserved_name"],
    ["DELETE FROM main._aw_calls", "reserved_name"],
    ['DELETE FROM main."_aw_calls"', "reserved_name"],
    ["DELETE FROM '_aw_calls'", "reserved_name"],
    ["DELETE/**/FROM/* x */_aw_calls", "reserved_name"],
    ["UPDATE _aw_episode SET record = 'x'", "reserved_name"],
    ["INSERT INTO t (v) SELECT body FROM _aw_calls", "reserved_name"],
    ["SELECT * FROM _cf_KV", "reserved_name"],
    ["SELECT * FROM __miniflare_do", "reserved_name"],
    ["UPDATE sqlite_sequence SET seq = 0", "sqlite_table"],
    ["CREATE TABLE sqlite_x (a)", "sqlite_table"],
    ["ALTER TABLE t ADD COLUMN w TEXT", "schema_change"],
    ["CREATE INDEX t_v ON t (v)", "schema_change"],
    // One statement to SQLite, two to the guard: the body's `;` splits it, and either way it is refused.
    ["CREATE TRIGGER x AFTER INSERT ON t BEGIN DELETE FROM t; END", "multiple_statements"],
    ["CREATE TRIGGER x AFTER INSERT ON t BEGIN SELECT 1 END", "schema_change"],
    ["CREATE VIEW v AS SELECT 1", "schema_change"],
    ["CREATE TEMP TABLE x (a)", "schema_change"],
    ["CREATE TABLE temp.x (a)", "schema_change"],
    ["PRAGMA foreign_keys = OFF", "statement_kind"],
    ["pragma writable_schema = 1", "statement_kind"],
    ["ATTACH DATABASE ':memory:' AS other", "statement_kind"],
    ["VACUUM", "statement_kind"],
    ["BEGIN", "statement_kind"],
    ["SAVEPOINT s", "statement_kind"],
    ["SELECT 1; DROP TABLE t", "multiple_statements"],
    ["SELECT 1;; -- x\n DELETE FROM t", "multiple_statements"],
    ["SELECT zeroblob(1000000000)", "function"],
    ["SELECT load_extension('x')", "function"],
    [TEN_MILLION_ROWS, "recursion"],
    ["SELECT 'unterminated", "unreadable"],
  ];
  for (const [sql, reason] of refused) {
    it(`refuses ${JSON.stringify(sql.slice(0, 70))} from a write tool (${reason}), changing nothing`, () => {
      const outcome = call("writer", sql);
      expect(outcome).toMatchObject({
        ok: false,
        error: { kind: "tool_error", code: "sql_refused", details: { reason } },
      });
      expect(rowsOf("t")).toBe(2);
      expect(rowsOf("_aw_calls")).toBe(1);
      expect(db.query("SELECT record FROM _aw_episode")).toEqual([{ record: "{}" }]);
    });
  }

  it("lets a write tool create a new table, and reads of SQLite's catalog through", () => {
    expect(call("writer", "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)").ok).toBe(true);
    expect(call("writer", "CREATE TABLE IF NOT EXISTS main.notes2 AS SELECT v FROM t").ok).toBe(
      true,
    );
    const names = call("reader", "SELECT name FROM sqlite_master WHERE type = 'table'", "query");
    expect(names.ok && JSON.stringify(names.result)).toContain("notes2");
    expect(call("reader", "SELECT name FROM pragma_table_info('t')", "query").ok).toBe(true);
  });

  it("keeps the platform's own triggers writing _aw_changes on a tool's writes", () => {
    db.run("DELETE FROM _aw_changes");
    expect(call("writer", "UPDATE t SET v = v WHERE id = 1").ok).toBe(true);
    expect(db.query("SELECT tbl, op FROM _aw_changes")).toEqual([{ tbl: "t", op: "update" }]);
  });

  it("answers a syntax error as SQLite would, without running it", () => {
    expect(codeOf(call("writer", "SELEC nonsense"))).toBe("sql_error");
  });
});

describe("read tools", () => {
  const writes = [
    "DELETE FROM t",
    "delete from t where 1",
    "UPDATE t SET v = 'x'",
    "INSERT INTO t (v) VALUES ('x')",
    "REPLACE INTO t (id, v) VALUES (1, 'x')",
    "WITH doomed AS (SELECT id FROM t) DELETE FROM t WHERE id IN doomed",
    "CREATE TABLE x (a)",
  ];
  for (const sql of writes) {
    it(`refuses ${JSON.stringify(sql)} as read_only, changing nothing`, () => {
      expect(call("reader", sql)).toMatchObject({ ok: false, error: { code: "read_only" } });
      expect(db.query("SELECT v FROM t ORDER BY id")).toEqual([{ v: "a" }, { v: "b" }]);
    });
  }

  it("still reads, including replace() and EXPLAIN", () => {
    expect(
      call("reader", "SELECT replace(v, 'a', 'z') AS r FROM t ORDER BY id", "query"),
    ).toMatchObject({
      ok: true,
      result: [{ r: "z" }, { r: "b" }],
    });
    expect(call("reader", "EXPLAIN QUERY PLAN SELECT * FROM t", "query").ok).toBe(true);
  });

  it("rolls back a read call that changed a row anyway, as a read_only tool error", async () => {
    // A sandbox whose tools do not say their effect treats them as writes; the runtime's tool list
    // says `read`, so only the backstop in runToolCall (total_changes before and after) stands.
    const unguarded = await nodeQuickJs().load([{ name: "reader", implementation: RUN }]);
    const tool: RuntimeToolDef = {
      name: "reader",
      description: "reads",
      inputSchema: { type: "object" },
      effect: "read",
      implementation: RUN,
    };
    const runner = createEpisodeRunner({
      sandbox: unguarded,
      tools: [tool],
      db,
      episode: { seed: "s", clockStart: "2025-01-06T09:00:00.000Z" },
      transaction: db.transaction,
    });
    expect(runner.call("reader", { sql: "UPDATE t SET v = 'x'", mode: "run" })).toMatchObject({
      ok: false,
      error: { code: "read_only" },
    });
    expect(db.query("SELECT v FROM t ORDER BY id")).toEqual([{ v: "a" }, { v: "b" }]);
    expect(runner.call("reader", { sql: "SELECT v FROM t", mode: "query" }).ok).toBe(true);
    unguarded.dispose();
  });
});

describe("the cost bound", () => {
  it("refuses a recursive CTE of 10M rows before it runs, with or without RECURSIVE", () => {
    expect(call("reader", TEN_MILLION_ROWS, "query")).toMatchObject({
      ok: false,
      error: { code: "sql_refused", details: { reason: "recursion" } },
    });
    const implicit = TEN_MILLION_ROWS.replace("RECURSIVE ", "");
    expect(call("reader", implicit, "query")).toMatchObject({
      ok: false,
      error: { code: "sql_refused", details: { reason: "recursion" } },
    });
  });

  it("refuses a cartesian join over the per-statement bound", () => {
    const outcome = call("reader", "SELECT count(*) FROM big a, big b, big c", "query");
    expect(outcome).toMatchObject({
      ok: false,
      error: {
        code: "limit_exceeded",
        details: { reason: "row_visits", limit: SQL_MAX_ROW_VISITS },
      },
    });
    // Refused before it runs: one tick for the host call, two for counting big's 2,000 rows.
    expect(outcome.fuel).toBe(1 + 2);
  });

  it("charges a statement's estimated row visits to the call's fuel, and refuses one it cannot pay", () => {
    // A scan of big (2,000) and a rowid lookup in t per row (2,000): 4,000 visits, 4 fuel, plus
    // the host call's tick and 2 for counting big.
    const joined = call("reader", "SELECT count(*) AS n FROM big a JOIN t ON t.id = a.g", "query");
    expect(joined).toMatchObject({ ok: true, fuel: 1 + 2 + 4 });
    const poor = sandbox.call(
      "reader",
      { sql: "SELECT count(*) AS n FROM big a JOIN big b ON b.id = a.g", mode: "query" },
      host(),
      { fuel: 3 },
    );
    expect(poor).toMatchObject({ ok: false, error: { kind: "limit_exceeded", limit: "fuel" } });
  });

  it("charges the same fuel for the same call on the same data, whatever ran before", () => {
    const sql = "SELECT count(*) AS n FROM big a JOIN t ON t.id = a.g";
    const first = call("reader", sql, "query");
    for (let i = 0; i < 5; i++) call("writer", "UPDATE t SET v = v WHERE id = 1");
    expect(call("reader", sql, "query")).toEqual(first);
  });

  it("weighs a statement on the rows its table holds now", () => {
    const sql = "SELECT count(*) AS n FROM t a, t b, t c, t d";
    expect(guardStatement(db, sql, [], "read")).toMatchObject({ ok: true });
    db.run("INSERT INTO t (v) SELECT 'x' FROM big LIMIT 40");
    expect(guardStatement(db, sql, [], "read")).toMatchObject({
      ok: false,
      refusal: { code: "limit_exceeded" },
    });
    db.run("DELETE FROM t WHERE id > 2");
  });
});

describe("classifyStatement", () => {
  it("caches by text and applies the effect afterwards", () => {
    expect(classifyStatement("SELECT 1")).toBe(classifyStatement("SELECT 1"));
    expect(statementFor("DELETE FROM t", "write")).toMatchObject({ ok: true, kind: "write" });
    expect(statementFor("DELETE FROM t", "read")).toMatchObject({
      ok: false,
      refusal: { code: "read_only" },
    });
  });

  it("reads names through every quoting, and not through comments or strings that stay strings", () => {
    expect(classifyStatement("SELECT '_aw_x' AS x").ok).toBe(false);
    expect(classifyStatement("SELECT '-- _aw_' AS x").ok).toBe(true);
    expect(classifyStatement("SELECT 1 -- DROP TABLE _aw_calls").ok).toBe(true);
    expect(classifyStatement("SELECT 1 /* ; DELETE FROM t */").ok).toBe(true);
    expect(classifyStatement("SELECT ';' AS semi, \"a;b\" FROM t").ok).toBe(true);
    expect(classifyStatement("SELECT * FROM t WHERE v = ?1 OR v = :v OR v = @v OR v = $v").ok).toBe(
      true,
    );
  });
});

describe("an environment's own schema", () => {
  it("cannot name the platform's tables either, so no trigger of its writes them for a tool", () => {
    const trigger = `${hostileSqlSpec.schemaSql}
      CREATE TRIGGER wipe AFTER UPDATE ON t BEGIN DELETE FROM "_aw_calls"; END;`;
    const parsed = EnvironmentSpecSchema.safeParse({ ...hostileSqlSpec, schemaSql: trigger });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(["schemaSql"]);
    const own = `${hostileSqlSpec.schemaSql} CREATE TABLE draw_aw_x (a);`;
    expect(EnvironmentSpecSchema.safeParse({ ...hostileSqlSpec, schemaSql: own }).success).toBe(
      true,
    );
  });
});
