// The platform's SQL guard through the real Worker and EpisodeDO: tools that run whatever SQL they
// are given cannot drop tables, touch the platform's `_aw_*` tables, write from a `read` tool, or
// run a statement with no bound; reset, OpenEnv reset and the call log keep working afterwards.
import { beforeAll, describe, expect, it } from "vitest";
import { BIG_ROWS, hostileSqlSpec } from "../fixtures/hostile-sql-environment";
import { api, call, openEpisode, publish } from "./support/platform";

type CallBody = {
  ok: boolean;
  step: number;
  result?: unknown;
  error?: { code: string; message: string; details?: Record<string, unknown> };
  fuel: number;
};

const TEN_MILLION_ROWS =
  "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 10000000) SELECT count(*) AS c FROM n";

beforeAll(async () => {
  expect((await publish(hostileSqlSpec)).status).toBe(201);
});

const poke = (ep: string, sql: string) => call<CallBody>(ep, "poke", { sql });
const peek = (ep: string, sql: string) => call<CallBody>(ep, "peek", { sql });
const digestOf = async (ep: string) =>
  (await api<{ digest: string }>("GET", `/v1/episodes/${ep}/state`)).body.digest;

describe("the platform's tables and the schema", () => {
  it("refuses DROP TABLE, and /reset and /openenv/reset still answer", async () => {
    const ep = await openEpisode("hostile-sql");
    const dropped = await poke(ep, "DROP TABLE t");
    expect(dropped.body).toMatchObject({
      ok: false,
      error: { code: "sql_refused", details: { reason: "schema_change" } },
    });
    expect((await peek(ep, "SELECT count(*) AS n FROM t")).body.result).toEqual([{ n: 3 }]);
    expect((await api("POST", `/v1/episodes/${ep}/reset`)).status).toBe(200);
    expect((await api("POST", `/v1/episodes/${ep}/openenv/reset`, { body: {} })).status).toBe(200);
  });

  it("refuses writes to _aw_calls and _aw_episode however they are spelled; the log stays whole", async () => {
    const ep = await openEpisode("hostile-sql");
    expect((await peek(ep, "SELECT 1 AS one")).body.ok).toBe(true);
    const attempts = [
      "DELETE FROM _aw_calls",
      'DELETE FROM "_AW_CALLS"',
      "DELETE FROM main.[_aw_calls]",
      "DELETE /* hi */ FROM `_aw_calls` WHERE 1",
      "UPDATE _aw_episode SET record = '{}'",
      "INSERT INTO t (v) SELECT record FROM _aw_episode",
    ];
    for (const sql of attempts) {
      expect((await poke(ep, sql)).body, sql).toMatchObject({
        ok: false,
        error: { code: "sql_refused", details: { reason: "reserved_name" } },
      });
    }
    const log = await api<{ calls: { step: number; tool: string; ok: boolean }[] }>(
      "GET",
      `/v1/episodes/${ep}/calls`,
    );
    expect(log.body.calls.map((c) => [c.step, c.tool, c.ok])).toEqual([
      [1, "peek", true],
      ...attempts.map((_, i) => [i + 2, "poke", false]),
    ]);
    expect((await api("POST", `/v1/episodes/${ep}/reset`)).status).toBe(200);
  });

  it("lets a write tool create a new table, which then counts as the call's change", async () => {
    const ep = await openEpisode("hostile-sql");
    const created = await poke(ep, "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)");
    expect(created.body.ok).toBe(true);
    expect((await poke(ep, "INSERT INTO notes (body) VALUES ('hi')")).body.ok).toBe(true);
    expect((await poke(ep, "PRAGMA foreign_keys = OFF")).body.error?.code).toBe("sql_refused");
    expect((await api("POST", `/v1/episodes/${ep}/reset`)).status).toBe(200);
  });
});

describe("a read tool", () => {
  it("cannot change anything: DELETE is read_only and the state digest stays put", async () => {
    const ep = await openEpisode("hostile-sql");
    const before = await digestOf(ep);
    for (const sql of [
      "DELETE FROM t",
      "UPDATE t SET v = 'x'",
      "WITH d AS (SELECT 1) DELETE FROM t",
      "CREATE TABLE x (a)",
    ]) {
      expect((await peek(ep, sql)).body, sql).toMatchObject({
        ok: false,
        error: { code: "read_only" },
      });
    }
    expect(await digestOf(ep)).toBe(before);
    expect((await peek(ep, "SELECT count(*) AS n FROM t")).body.result).toEqual([{ n: 3 }]);
  });
});

describe("the cost bound", () => {
  it("refuses a 10M-row recursive CTE before it runs, while another episode's calls go on", async () => {
    const heavy = await openEpisode("hostile-sql");
    const other = await openEpisode("hostile-sql");
    const refused = await peek(heavy, TEN_MILLION_ROWS);
    expect(refused.body).toMatchObject({
      ok: false,
      error: { code: "sql_refused", details: { reason: "recursion" } },
    });
    // Refused from its text: the only fuel is the host call's tick.
    expect(refused.body.fuel).toBe(1);
    const implicit = await peek(heavy, TEN_MILLION_ROWS.replace("RECURSIVE ", ""));
    expect(implicit.body.error?.details).toMatchObject({ reason: "recursion" });
    expect((await peek(other, "SELECT count(*) AS n FROM big")).body.result).toEqual([
      { n: BIG_ROWS },
    ]);
  });

  it("refuses a cartesian join past one statement's bound, and charges what it lets run", async () => {
    const ep = await openEpisode("hostile-sql");
    const cross = await peek(ep, "SELECT count(*) AS n FROM big a, big b, big c");
    expect(cross.body).toMatchObject({
      ok: false,
      error: { code: "limit_exceeded", details: { reason: "row_visits", limit: 1_000_000 } },
    });
    expect(cross.body.error?.details?.estimate).toBeGreaterThanOrEqual(BIG_ROWS ** 3);
    // 300 x 300 = 90,000 estimated visits: 90 fuel, plus the call's own tick.
    const pair = await peek(ep, "SELECT count(*) AS n FROM big a, big b");
    expect(pair.body).toMatchObject({ ok: true, result: [{ n: BIG_ROWS * BIG_ROWS }] });
    expect(pair.body.fuel).toBeGreaterThanOrEqual(90);
  });
});
