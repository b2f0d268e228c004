// The SQL surface (core/surfaces/sql/surface.ts) on the two real SQL servers' specs
// (mcp-server-sqlite's five tools, server-postgres's `query {sql}`) over the Chinook and NYC flights
// catalog databases, and a synthetic one with bracket-quoted DDL, spaced names and views: every tool
// is admitted in the QuickJS sandbox, and on a loaded episode the guard refuses hostile SQL with its
// code and leaves the database as it was.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BetterSqliteDatabase } from "../../catalog/better-sqlite-database";
import { chinookSqlitePath } from "../../catalog/chinook/dataset";
import { mcpCatalogEntries } from "../../catalog/mcp/environments";
import { nycFlightsSqlitePath } from "../../catalog/nyc-flights/dataset";
import { seedFromSqlite } from "../../catalog/sqlite-source";
import { AppError } from "../../core/base/errors";
import type { Json } from "../../core/base/json";
import { discoverEnvironment } from "../../core/discovery/discover-source";
import { ToolSpecSchema } from "../../core/environment/spec";
import {
  changeLog,
  clearChanges,
  installChangeTracking,
  trackingCreatedTables,
} from "../../core/episode/change-tracking";
import { DEFAULT_CLOCK_START } from "../../core/episode/episode-init";
import { computeStateDigest } from "../../core/episode/state-digest";
import { importMcpSpec, type McpImport } from "../../core/mcp/import/spec-import";
import type { ExecutionOutcome, ToolSandbox } from "../../core/sandbox/executor";
import { createQuickJsExecutor } from "../../core/sandbox/quickjs-executor";
import { createSeededHost } from "../../core/sandbox/seeded-host";
import { SQL_LIMITS } from "../../core/surfaces/sql/guard";
import { readDatabaseSchema } from "../../core/surfaces/sql/schema";
import type { SurfaceDatabase } from "../../core/surfaces/surface";
import { tradingDatabase } from "../fixtures/trading-database";
import { interpolatesArguments, loadDatabase } from "../support/database-harness";
import { admitImport, failingTests } from "../support/mcp-admission";

const WasmModule = WebAssembly.Module as unknown as new (bytes: Uint8Array) => WebAssembly.Module;
const specs = new URL("../../catalog/mcp/specs/", import.meta.url);
const sqliteText = readFileSync(new URL("sqlite-npx-chinook.json", specs), "utf8");
const postgresText = readFileSync(new URL("postgres.json", specs), "utf8");
const chinook: SurfaceDatabase = {
  source: "chinook@1.1.0",
  ...seedFromSqlite(chinookSqlitePath()),
};
const nycFlights: SurfaceDatabase = {
  source: "nyc-flights@1.0.0",
  ...seedFromSqlite(nycFlightsSqlitePath()),
};
const trading: SurfaceDatabase = { source: "trading@1.0.0", ...tradingDatabase() };

type Outcome = ExecutionOutcome;

/**
 * An episode of an import: calls in order, each in a transaction a failure rolls back, with tables
 * a call creates tracked as the episode runtime tracks them.
 */
async function openEpisode(imported: McpImport) {
  const db: BetterSqliteDatabase = loadDatabase(imported.schemaSql, imported.seed);
  const require = createRequire(import.meta.url);
  const executor = createQuickJsExecutor(
    new WasmModule(readFileSync(require.resolve("quickjs-wasi/quickjs.wasm"))),
  );
  const sandbox: ToolSandbox = await executor.load(imported.tools);
  const host = createSeededHost(db, "sql-surface", DEFAULT_CLOCK_START);
  const failed = new Error("rolled back");
  return {
    db,
    call(tool: string, args: Record<string, Json>): Outcome {
      let outcome: Outcome | undefined;
      try {
        db.transaction(() => {
          outcome = trackingCreatedTables(db, () => sandbox.call(tool, args, host));
          if (!outcome.ok) throw failed;
        });
      } catch (err) {
        if (err !== failed) throw err;
      }
      if (!outcome) throw new Error("no outcome");
      return outcome;
    },
    close() {
      sandbox.dispose();
      db.raw.close();
    },
  };
}

type Episode = Awaited<ReturnType<typeof openEpisode>>;

function codeOf(outcome: Outcome): string {
  return outcome.ok
    ? "ok"
    : outcome.error.kind === "tool_error"
      ? outcome.error.code
      : outcome.error.kind;
}

function resultOf(outcome: Outcome): Json {
  if (!outcome.ok) throw new Error(`failed: ${JSON.stringify(outcome.error)}`);
  return outcome.result;
}

describe("recognising SQL servers", () => {
  it("takes mcp-server-sqlite's five tools and server-postgres's query, with their kinds", () => {
    const sqlite = importMcpSpec(sqliteText, { database: chinook }).report;
    expect(sqlite.implemented.map((t) => [t.tool, t.verb, t.surface])).toEqual([
      ["read_query", "read", "sql"],
      ["write_query", "write", "sql"],
      ["create_table", "ddl", "sql"],
      ["list_tables", "list-tables", "sql"],
      ["describe_table", "describe-table", "sql"],
    ]);
    expect(sqlite.leftOut).toEqual([]);
    expect(sqlite.database).toBe("chinook@1.1.0");
    const postgres = importMcpSpec(postgresText, { database: nycFlights }).report;
    expect(postgres.implemented.map((t) => [t.tool, t.verb])).toEqual([["query", "read"]]);
    expect(postgres.tables.find((t) => t.name === "flights")).toMatchObject({
      key: "id",
      rows: nycFlights.seed.tables.flights?.rows.length,
    });
  });

  it("refuses a SQL server with no database, saying how to name one", () => {
    for (const text of [sqliteText, postgresText]) {
      let thrown: unknown;
      try {
        importMcpSpec(text);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect((thrown as AppError).code).toBe("validation_failed");
      expect((thrown as AppError).message).toMatch(/runs SQL on a database.*"dataFrom"/);
    }
  });

  it("leaves Airtable's list_tables and describe_table (baseId arguments, no SQL) to other surfaces", () => {
    const airtable = readFileSync(new URL("airtable.json", specs), "utf8");
    const { report } = importMcpSpec(airtable, { database: chinook });
    expect(report.implemented.filter((t) => t.surface === "sql")).toEqual([]);
    expect(report.database).toBeUndefined();
  });

  it("recognises a similar server by its tools, and leaves out what it cannot guard", () => {
    const tool = (name: string, description: string, properties: object, required: string[]) => ({
      name,
      description,
      inputSchema: { type: "object", properties, required },
    });
    const spec = {
      serverInfo: { name: "warehouse", version: "2.1.0" },
      tools: [
        tool("run_select", "Run a SELECT statement", { sql: { type: "string" } }, ["sql"]),
        tool("execute_sql", "Execute any SQL statement", { sql: { type: "string" } }, ["sql"]),
        tool(
          "query_database",
          "Run a read-only SQL query on one of your databases",
          { database: { type: "string" }, sql: { type: "string" } },
          ["database", "sql"],
        ),
        tool("show_tables", "Show the tables", {}, []),
        tool("get_table_schema", "Columns of a table", { table: { type: "string" } }, ["table"]),
      ],
    };
    const { report } = importMcpSpec(spec, { database: chinook });
    expect(report.implemented.map((t) => [t.tool, t.verb])).toEqual([
      ["run_select", "read"],
      ["show_tables", "list-tables"],
      ["get_table_schema", "describe-table"],
    ]);
    expect(report.leftOut.map((t) => [t.tool, t.reason])).toEqual([
      ["execute_sql", expect.stringMatching(/neither its name nor its description says/)],
      ["query_database", expect.stringMatching(/also needs database/)],
    ]);
  });

  it("imports through discovery with the database, and refuses one a server cannot use", () => {
    const discovered = discoverEnvironment(loadDatabase("", { tables: {} }), {
      format: "mcp-spec",
      content: postgresText,
      sourceName: "postgres.json",
      database: nycFlights,
    });
    expect(discovered.tools.map((t) => t.name)).toEqual(["query"]);
    expect(discovered.schemaSql).toBe(nycFlights.schemaSql);
    const memory = readFileSync(new URL("memory.json", specs), "utf8");
    expect(() =>
      discoverEnvironment(loadDatabase("", { tables: {} }), {
        format: "mcp-spec",
        content: memory,
        sourceName: "memory.json",
        database: nycFlights,
      }),
    ).toThrow(/no tool that runs SQL/);
    expect(() =>
      discoverEnvironment(loadDatabase("", { tables: {} }), {
        format: "csv",
        content: "id,name\n1,a\n",
        sourceName: "a.csv",
        database: nycFlights,
      }),
    ).toThrow(/only with an MCP server/);
  });
});

describe("reading the served schema without opening it", () => {
  it("reads every table's columns as SQLite's table_info reports them, bracket-quoted DDL included", () => {
    for (const database of [chinook, nycFlights, trading]) {
      const db = loadDatabase(database.schemaSql, database.seed);
      try {
        const schema = readDatabaseSchema(database.schemaSql);
        expect(schema.tables.map((t) => t.name)).toEqual(
          db.raw
            .prepare(
              "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' AND name NOT LIKE '_aw%'",
            )
            .all()
            .map((r) => r.name),
        );
        for (const table of schema.tables) {
          const info = db.raw
            .prepare('SELECT name, type, "notnull", pk FROM pragma_table_info(?)')
            .all(table.name);
          expect([
            table.name,
            table.columns.map((c) => ({
              name: c.name,
              type: c.type,
              notnull: c.notNull ? 1 : 0,
              pk: c.pk,
            })),
          ]).toEqual([table.name, info]);
        }
      } finally {
        db.raw.close();
      }
    }
  });
});

describe("admission", () => {
  const cases = [
    ["sqlite-npx-chinook", sqliteText, chinook],
    ["sqlite-npx-chinook", sqliteText, nycFlights],
    ["sqlite-npx-chinook", sqliteText, trading],
    ["postgres", postgresText, nycFlights],
    ["postgres", postgresText, chinook],
  ] as const;
  for (const [name, text, database] of cases) {
    it(`${name} on ${database.source}: every tool passes its tests in the sandbox`, async () => {
      const imported = importMcpSpec(text, { database });
      expect(JSON.stringify(importMcpSpec(text, { database }))).toBe(JSON.stringify(imported));
      expect(imported.schemaSql).toBe(database.schemaSql);
      expect(imported.seed).toEqual(database.seed);
      const report = await admitImport(imported);
      expect(failingTests(report)).toEqual([]);
      expect(report.problems).toEqual([]);
      expect(report.totals.admittedTools).toBe(imported.tools.length);
      const originals = JSON.parse(text) as { tools: { name: string; inputSchema: unknown }[] };
      for (const tool of imported.tools) {
        expect(ToolSpecSchema.safeParse(tool).success).toBe(true);
        expect(tool.inputSchema).toEqual(
          originals.tools.find((o) => o.name === tool.name)?.inputSchema,
        );
        expect(interpolatesArguments(tool.implementation)).toBe(false);
        expect(tool.tests.length).toBeGreaterThanOrEqual(tool.name.endsWith("tables") ? 1 : 3);
      }
    }, 60_000);
  }

  it("assembles the two starter catalog entries on their databases, every tool admitted", async () => {
    const entries = mcpCatalogEntries().filter((e) =>
      ["mcp-postgres", "mcp-sqlite-npx-chinook"].includes(e.name),
    );
    expect(entries.map((e) => e.name).sort()).toEqual(["mcp-postgres", "mcp-sqlite-npx-chinook"]);
    for (const entry of entries) {
      const spec = await entry.assemble();
      const report = await admitImport({
        schemaSql: spec.schemaSql,
        seed: spec.seed,
        tools: spec.tools.map((t) => ToolSpecSchema.parse(t)),
      });
      expect(failingTests(report)).toEqual([]);
      expect(report.totals.admittedTools).toBe(spec.tools.length);
      expect(spec.provenance.map((p) => p.name)).toContainEqual(
        expect.stringMatching(
          /^(chinook@1\.1\.0|nyc-flights@1\.0\.0) \(the database the SQL tools run on\)$/,
        ),
      );
    }
  }, 60_000);
});

describe("read_query on a Chinook episode", () => {
  let ep: Episode;
  let before: string;
  const read = (query: string) => ep.call("read_query", { query });
  beforeAll(async () => {
    ep = await openEpisode(importMcpSpec(sqliteText, { database: chinook }));
    before = await computeStateDigest(ep.db);
  });
  afterAll(() => ep.close());

  it("answers like the database itself, for a join with GROUP BY", () => {
    const sql =
      "SELECT ar.Name AS artist, COUNT(*) AS albums FROM Artist ar JOIN Album al ON al.ArtistId = ar.ArtistId GROUP BY ar.ArtistId ORDER BY albums DESC, ar.Name LIMIT 3";
    const expected = ep.db.raw.prepare(sql).all();
    expect(resultOf(read(sql))).toEqual(expected);
    expect(expected).toHaveLength(3);
  });

  it("keeps comments, quoted semicolons and a trailing semicolon out of the way", () => {
    expect(resultOf(read("SELECT ';' AS s, 'a -- b' AS t -- ; DELETE FROM Track\n;"))).toEqual([
      { s: ";", t: "a -- b" },
    ]);
    expect(
      resultOf(read("/* ; */ SELECT COUNT(*) AS n FROM Genre /* ; DROP TABLE Genre */")),
    ).toEqual([{ n: chinook.seed.tables.Genre?.rows.length }]);
  });

  it("reads time from the episode's virtual clock, not the machine's", () => {
    expect(resultOf(read("SELECT date('now') AS d, CURRENT_TIMESTAMP AS t, date() AS e"))).toEqual([
      {
        d: DEFAULT_CLOCK_START.slice(0, 10),
        t: DEFAULT_CLOCK_START.slice(0, 19).replace("T", " "),
        e: DEFAULT_CLOCK_START.slice(0, 10),
      },
    ]);
  });

  it("says a long answer is truncated, within the row and size caps", () => {
    const answer = resultOf(read("SELECT * FROM Track")) as { rows: unknown[]; truncated: boolean };
    expect(answer.truncated).toBe(true);
    expect(answer.rows).toHaveLength(SQL_LIMITS.rows);
    const wide = resultOf(
      read("SELECT TrackId, printf('%.900c', '*') AS pad FROM Track WHERE TrackId < 400"),
    ) as { rows: unknown[]; truncated: boolean };
    expect(wide.truncated).toBe(true);
    expect(wide.rows.length).toBeLessThan(399);
    expect(JSON.stringify(wide.rows).length).toBeLessThanOrEqual(SQL_LIMITS.resultChars);
    // Sized inside SQLite first: only the rows that fit are ever fetched.
    const huge = resultOf(
      read("SELECT TrackId, replace(printf('%.50000c', 'x'), 'x', 'xxxxxxxxxx') AS big FROM Track"),
    ) as { rows: unknown[]; truncated: boolean };
    expect(huge).toMatchObject({ rows: [], truncated: true });
    const padded = "SELECT TrackId, printf('%.30000c', '*') AS pad FROM Track";
    const some = resultOf(read(padded)) as { rows: unknown[]; truncated: boolean };
    const fits = Math.floor(SQL_LIMITS.resultChars / (30_000 + 4 + 2 * 40));
    expect(some.truncated).toBe(true);
    expect(some.rows).toEqual(ep.db.raw.prepare(`SELECT * FROM (${padded}) LIMIT ${fits}`).all());
  });

  it("passes ordinary analytics under the cost guard", () => {
    const sql =
      "SELECT g.Name AS genre, ROUND(SUM(il.UnitPrice * il.Quantity), 2) AS revenue FROM InvoiceLine il JOIN Track t ON t.TrackId = il.TrackId JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.GenreId ORDER BY revenue DESC LIMIT 5";
    expect(resultOf(read(sql))).toEqual(ep.db.raw.prepare(sql).all());
    const correlated =
      "SELECT c.CustomerId, (SELECT COUNT(*) FROM Invoice i WHERE i.CustomerId = c.CustomerId) AS invoices FROM Customer c ORDER BY c.CustomerId LIMIT 5";
    expect(resultOf(read(correlated))).toEqual(ep.db.raw.prepare(correlated).all());
  });

  const hostile: [string, string][] = [
    ["DELETE FROM Track", "statement_not_allowed"],
    ["UPDATE Track SET Name = 'x'", "statement_not_allowed"],
    [
      "WITH doomed AS (SELECT TrackId FROM Track) DELETE FROM Track WHERE TrackId IN doomed",
      "statement_not_allowed",
    ],
    ["INSERT INTO Genre (Name) VALUES ('x')", "statement_not_allowed"],
    ["DROP TABLE Track", "statement_not_allowed"],
    ["CREATE TABLE t (x)", "statement_not_allowed"],
    ["SELECT 1; DELETE FROM Track", "multiple_statements"],
    ["SELECT 1;; SELECT 2", "multiple_statements"],
    ["SELECT * FROM sqlite_master", "internal_table"],
    ['SELECT * FROM "sqlite_schema"', "internal_table"],
    ["SELECT * FROM [SQLITE_MASTER]", "internal_table"],
    ["SELECT * FROM main.sqlite_master", "internal_table"],
    ["SELECT * FROM 'sqlite_master'", "internal_table"],
    ["SELECT * FROM _aw_changes", "internal_table"],
    ["SELECT * FROM _cf_KV", "internal_table"],
    ["SELECT sqlite_version()", "internal_table"],
    ["PRAGMA table_info(Track)", "statement_not_allowed"],
    ["PRAGMA foreign_keys = OFF", "statement_not_allowed"],
    ["SELECT * FROM pragma_table_info('Track')", "statement_not_allowed"],
    ["ATTACH DATABASE ':memory:' AS other", "statement_not_allowed"],
    ["DETACH DATABASE other", "statement_not_allowed"],
    ["VACUUM", "statement_not_allowed"],
    ["BEGIN", "statement_not_allowed"],
    ["SELECT load_extension('evil')", "statement_not_allowed"],
    ["SELECT zeroblob(100000000)", "statement_not_allowed"],
    ["SELECT random()", "not_deterministic"],
    ["SELECT hex(randomblob(8))", "not_deterministic"],
    [
      "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT COUNT(*) FROM n",
      "statement_not_allowed",
    ],
    [
      "WITH n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000000000) SELECT COUNT(*) FROM n",
      "statement_not_allowed",
    ],
    ["SELECT COUNT(*) FROM Track a, Track b", "query_too_costly"],
    ["SELECT COUNT(*) FROM PlaylistTrack a CROSS JOIN PlaylistTrack b", "query_too_costly"],
    [
      "SELECT (SELECT COUNT(*) FROM PlaylistTrack p WHERE p.PlaylistId + p.TrackId = t.TrackId) FROM Track t",
      "query_too_costly",
    ],
    [
      "SELECT * FROM Track WHERE Name IN (SELECT a.Name FROM Track a, Track b, Genre g)",
      "query_too_costly",
    ],
    ["SELECT * FROM Track WHERE TrackId = ?", "invalid_argument"],
    ["SELECT * FROM Track WHERE TrackId = :id", "invalid_argument"],
    ["  -- only a comment", "invalid_argument"],
    [`SELECT 1 AS x${" ".repeat(SQL_LIMITS.sqlChars)}`, "invalid_argument"],
    ["SELECT * FROM Track WHERE", "sql_error"],
    ["SELECT 'unterminated", "sql_error"],
    ["SELECT * FROM information_schema.tables", "sql_error"],
  ];
  for (const [sql, code] of hostile) {
    it(`refuses ${JSON.stringify(sql.slice(0, 90))} with ${code}, changing nothing`, async () => {
      expect(codeOf(read(sql))).toBe(code);
      expect(await computeStateDigest(ep.db)).toBe(before);
    });
  }

  it("names the tables when SQLite says a table does not exist", () => {
    const outcome = read("SELECT table_name FROM information_schema.tables");
    expect(outcome.ok).toBe(false);
    if (!outcome.ok && outcome.error.kind === "tool_error")
      expect(outcome.error.message).toMatch(
        /^SQLite: no such table: .*the tables are: Artist, Album, Employee/,
      );
  });
});

describe("write_query and create_table on a Chinook episode", () => {
  let ep: Episode;
  beforeAll(async () => {
    ep = await openEpisode(importMcpSpec(sqliteText, { database: chinook }));
  });
  afterAll(() => ep.close());
  const count = (table: string) =>
    Number((ep.db.raw.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).all()[0] as { n: number }).n);

  it("updates exactly the rows it names and answers affected_rows", () => {
    expect(
      resultOf(
        ep.call("write_query", {
          query: "UPDATE Genre SET Name = 'Rock & Roll' WHERE GenreId = 1",
        }),
      ),
    ).toEqual([{ affected_rows: 1 }]);
    expect(ep.db.raw.prepare("SELECT Name FROM Genre WHERE GenreId = 1").all()[0]).toEqual({
      Name: "Rock & Roll",
    });
    const genres = count("Genre");
    expect(
      resultOf(ep.call("write_query", { query: "INSERT INTO Genre (Name) VALUES ('Chillwave')" })),
    ).toEqual([{ affected_rows: 1 }]);
    expect(count("Genre")).toBe(genres + 1);
  });

  it("refuses writes that break the guard or the data's rules, keeping nothing", async () => {
    const before = await computeStateDigest(ep.db);
    const cases: [string, string][] = [
      ["SELECT * FROM Genre", "statement_not_allowed"],
      ["UPDATE Genre SET Name = 'x' WHERE GenreId = 2; DELETE FROM Genre", "multiple_statements"],
      ["DELETE FROM Genre WHERE GenreId = 2 RETURNING *", "statement_not_allowed"],
      ["DELETE FROM _aw_changes", "internal_table"],
      ["INSERT INTO sqlite_sequence VALUES ('x', 1)", "internal_table"],
      ["DELETE FROM Track", "constraint_foreign_key"],
      ["INSERT INTO Genre (GenreId, Name) VALUES (1, 'Duplicate')", "constraint_unique"],
      ["INSERT INTO Genre (Name) SELECT a.Name FROM Track a, Track b", "query_too_costly"],
      ["UPDATE Genre SET Name = random()", "not_deterministic"],
      ["PRAGMA foreign_keys = OFF", "statement_not_allowed"],
    ];
    for (const [query, code] of cases) {
      expect([query, codeOf(ep.call("write_query", { query }))]).toEqual([query, code]);
    }
    expect(await computeStateDigest(ep.db)).toBe(before);
  });

  it("writes the virtual clock's time for CURRENT_TIMESTAMP", () => {
    ep.call("write_query", {
      query: "UPDATE Invoice SET InvoiceDate = CURRENT_TIMESTAMP WHERE InvoiceId = 1",
    });
    expect(
      ep.db.raw.prepare("SELECT InvoiceDate FROM Invoice WHERE InvoiceId = 1").all()[0],
    ).toEqual({
      InvoiceDate: DEFAULT_CLOCK_START.slice(0, 19).replace("T", " "),
    });
  });

  it("creates a table with the platform's change tracking, so later writes to it are seen", () => {
    clearChanges(ep.db);
    expect(
      resultOf(
        ep.call("create_table", {
          query:
            "CREATE TABLE playlist_notes (id INTEGER PRIMARY KEY, PlaylistId INTEGER, note TEXT NOT NULL)",
        }),
      ),
    ).toBe("Table created successfully");
    expect(changeLog(ep.db)).toEqual([]);
    resultOf(
      ep.call("write_query", {
        query: "INSERT INTO playlist_notes (PlaylistId, note) VALUES (1, 'for the gym')",
      }),
    );
    expect(changeLog(ep.db)).toEqual([{ table: "playlist_notes", op: "insert" }]);
    // The same triggers installChangeTracking puts on a table.
    const reference = loadDatabase("CREATE TABLE playlist_notes (id INTEGER PRIMARY KEY)", {
      tables: {},
    });
    installChangeTracking(reference, ["playlist_notes"]);
    const triggers = (db: BetterSqliteDatabase) =>
      db.raw
        .prepare(
          "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'playlist_notes' ORDER BY name",
        )
        .all();
    expect(triggers(ep.db)).toEqual(triggers(reference));
    reference.raw.close();
    expect(resultOf(ep.call("list_tables", {}))).toContainEqual({ name: "playlist_notes" });
    expect(resultOf(ep.call("describe_table", { table_name: "[playlist_notes]" }))).toEqual([
      { cid: 0, name: "id", type: "INTEGER", notnull: 0, dflt_value: null, pk: 1 },
      { cid: 1, name: "PlaylistId", type: "INTEGER", notnull: 0, dflt_value: null, pk: 0 },
      { cid: 2, name: "note", type: "TEXT", notnull: 1, dflt_value: null, pk: 0 },
    ]);
  });

  it("counts the rows of CREATE TABLE ... AS SELECT as the call's inserts", () => {
    clearChanges(ep.db);
    resultOf(
      ep.call("create_table", {
        query: "CREATE TABLE rock_tracks AS SELECT TrackId, Name FROM Track WHERE GenreId = 1",
      }),
    );
    expect(changeLog(ep.db)).toEqual([{ table: "rock_tracks", op: "insert" }]);
    expect(count("rock_tracks")).toBe(
      chinook.seed.tables.Track?.rows.filter(
        (r) => r[chinook.seed.tables.Track?.columns.indexOf("GenreId") ?? -1] === 1,
      ).length,
    );
  });

  it("refuses every other DDL, keeping nothing", async () => {
    const before = await computeStateDigest(ep.db);
    const cases: [string, string][] = [
      ["CREATE TEMP TABLE scratch (x)", "statement_not_allowed"],
      ["CREATE VIEW v AS SELECT 1", "statement_not_allowed"],
      [
        "CREATE TRIGGER t AFTER INSERT ON Genre BEGIN DELETE FROM Track; END",
        "multiple_statements",
      ],
      ["CREATE INDEX i ON Track (Name)", "statement_not_allowed"],
      ["ALTER TABLE Track ADD COLUMN x", "statement_not_allowed"],
      ["DROP TABLE rock_tracks", "statement_not_allowed"],
      ["CREATE TABLE a (x); DROP TABLE Track", "multiple_statements"],
      ["CREATE TABLE sqlite_stat9 (x)", "internal_table"],
      ["CREATE TABLE stamped (at TEXT DEFAULT (datetime('now')))", "not_deterministic"],
      ["CREATE TABLE big AS SELECT a.TrackId FROM Track a, Track b", "query_too_costly"],
      ["CREATE TABLE Track (x)", "sql_error"],
    ];
    for (const [query, code] of cases) {
      expect([query, codeOf(ep.call("create_table", { query }))]).toEqual([query, code]);
    }
    expect(await computeStateDigest(ep.db)).toBe(before);
  });
});

describe("query (server-postgres) on a NYC flights episode", () => {
  it("reads NYC flights and refuses to write it", async () => {
    const ep = await openEpisode(importMcpSpec(postgresText, { database: nycFlights }));
    try {
      const sql =
        "SELECT a.name, COUNT(f.id) AS flights, ROUND(AVG(f.dep_delay), 2) AS delay FROM airlines a JOIN flights f ON f.carrier = a.carrier GROUP BY a.carrier ORDER BY flights DESC, a.name LIMIT 3";
      expect(resultOf(ep.call("query", { sql }))).toEqual(ep.db.raw.prepare(sql).all());
      const before = await computeStateDigest(ep.db);
      expect(codeOf(ep.call("query", { sql: "DELETE FROM flights" }))).toBe(
        "statement_not_allowed",
      );
      expect(codeOf(ep.call("query", {}))).toBe("invalid_argument");
      expect(
        codeOf(
          ep.call("query", {
            sql: "SELECT COUNT(*) FROM flights a, flights b, airlines c",
          }),
        ),
      ).toBe("query_too_costly");
      expect(await computeStateDigest(ep.db)).toBe(before);
    } finally {
      ep.close();
    }
  });
});
