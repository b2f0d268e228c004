// MCP servers that run SQL, imported through the real discovery queue with `dataFrom`: the SQL
// tools run on a published environment's database inside workerd's Durable Object SQLite (the
// guard's EXPLAIN QUERY PLAN, pragma_table_info and the new table's change tracking included),
// and a missing or misplaced `dataFrom` fails clearly.
import { describe, expect, it } from "vitest";
import nycFlightsBuilt from "../../catalog/dist/nyc-flights.json";
import postgresSpec from "../../catalog/mcp/specs/postgres.json";
import sqliteSpec from "../../catalog/mcp/specs/sqlite-npx-chinook.json";
import { EnvironmentSpecSchema } from "../../core/environment/spec";
import { api, call, openEpisode, publish } from "./support/platform";

type Job = {
  id: string;
  status: string;
  environment: string | null;
  report: Record<string, unknown> | null;
  error: { code: string; message: string } | null;
};
type CallBody = { ok: boolean; result: unknown; error?: { code: string; message: string } };

const nycFlights = EnvironmentSpecSchema.parse(nycFlightsBuilt);
const flights = nycFlights.seed.tables.flights;

async function waitForJob(id: string): Promise<Job> {
  for (let i = 0; i < 600; i++) {
    const job = await api<Job>("GET", `/v1/environments/imports/${id}`);
    if (!["queued", "running"].includes(job.body.status)) return job.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${id} did not finish`);
}

async function importSpec(name: string, spec: unknown, filename: string, dataFrom?: string) {
  const res = await api<Job>("POST", "/v1/environments/imports", {
    body: {
      name,
      source: { format: "mcp-spec", filename, content: JSON.stringify(spec) },
      ...(dataFrom ? { dataFrom } : {}),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return waitForJob(res.body.id);
}

describe("SQL servers imported with dataFrom", () => {
  it("serves server-postgres's query on nyc-flights, and the guard holds in the Durable Object", async () => {
    const published = await publish(nycFlights);
    expect(published.status, JSON.stringify(published.body).slice(0, 2000)).toBe(201);

    const job = await importSpec("pg-flights", postgresSpec, "postgres.json", "nyc-flights@1.0.0");
    expect(job.status, JSON.stringify(job.error)).toBe("published");
    expect(job.environment).toBe("pg-flights@1.0.0");
    expect(job.report).toMatchObject({ database: "nyc-flights@1.0.0", tools: { generated: 1 } });
    const version = await api<{ provenance: { name: string }[]; description: string }>(
      "GET",
      "/v1/environments/pg-flights/versions/1.0.0",
      { key: null },
    );
    expect(version.body.provenance.map((p) => p.name)).toContain(
      "nyc-flights@1.0.0 (the database the SQL tools run on)",
    );
    expect(version.body.description).toContain("(airlines, airports, flights, planes, weather)");

    const ep = await openEpisode("pg-flights");
    const columns = flights?.columns ?? [];
    const first = flights?.rows[0] ?? [];
    const got = await call<CallBody>(ep, "query", {
      sql: `SELECT id, carrier FROM flights WHERE id = ${first[columns.indexOf("id")]}`,
    });
    expect(got.body).toMatchObject({
      ok: true,
      result: [
        {
          id: first[columns.indexOf("id")],
          carrier: first[columns.indexOf("carrier")],
        },
      ],
    });
    const counted = await call<CallBody>(ep, "query", {
      sql: "SELECT COUNT(*) AS n FROM flights f JOIN airlines a ON a.carrier = f.carrier",
    });
    expect(counted.body.ok, JSON.stringify(counted.body)).toBe(true);

    // Rows too wide for one answer are measured inside SQLite and never fetched.
    const wide = await call<CallBody>(ep, "query", {
      sql: "SELECT id, replace(printf('%.50000c', 'x'), 'x', 'xxxxxxxxxx') AS big FROM flights",
    });
    expect(wide.body).toMatchObject({ ok: true, result: { rows: [], truncated: true } });
    const refused: [string, string][] = [
      ["DELETE FROM flights", "statement_not_allowed"],
      ["SELECT 1; DELETE FROM flights", "multiple_statements"],
      ["SELECT name FROM sqlite_master", "internal_table"],
      ["SELECT * FROM _aw_calls", "internal_table"],
      ["SELECT COUNT(*) FROM flights a, flights b, airlines c", "query_too_costly"],
      [
        "WITH n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000000000) SELECT COUNT(*) FROM n",
        "statement_not_allowed",
      ],
      ["SELECT * FROM information_schema.tables", "sql_error"],
    ];
    for (const [sql, code] of refused) {
      const res = await call<CallBody>(ep, "query", { sql });
      expect([sql, res.body.ok, res.body.error?.code]).toEqual([sql, false, code]);
    }
    const diff = await api<{ tables: Record<string, unknown> }>("GET", `/v1/episodes/${ep}/diff`);
    expect(diff.body.tables).toEqual({});
  }, 120_000);

  it("serves mcp-server-sqlite's five tools on the same database, writes and new tables included", async () => {
    await publish(nycFlights);
    const job = await importSpec(
      "sqlite-flights",
      sqliteSpec,
      "sqlite-npx-chinook.json",
      "nyc-flights",
    );
    expect(job.status, JSON.stringify(job.error)).toBe("published");
    expect(job.report).toMatchObject({ database: "nyc-flights@1.0.0", tools: { generated: 5 } });

    const ep = await openEpisode("sqlite-flights");
    const described = await call<CallBody>(ep, "describe_table", { table_name: "airports" });
    expect(described.body.result).toEqual([
      { cid: 0, name: "faa", type: "TEXT", notnull: 1, dflt_value: null, pk: 1 },
      { cid: 1, name: "name", type: "TEXT", notnull: 1, dflt_value: null, pk: 0 },
      { cid: 2, name: "lat", type: "REAL", notnull: 1, dflt_value: null, pk: 0 },
      { cid: 3, name: "lon", type: "REAL", notnull: 1, dflt_value: null, pk: 0 },
      { cid: 4, name: "alt", type: "INTEGER", notnull: 1, dflt_value: null, pk: 0 },
      { cid: 5, name: "tz", type: "INTEGER", notnull: 0, dflt_value: null, pk: 0 },
      { cid: 6, name: "dst", type: "TEXT", notnull: 0, dflt_value: null, pk: 0 },
      { cid: 7, name: "tzone", type: "TEXT", notnull: 0, dflt_value: null, pk: 0 },
    ]);
    const updated = await call<CallBody>(ep, "write_query", {
      query: "UPDATE airlines SET name = 'Endeavor Air' WHERE carrier = '9E'",
    });
    expect(updated.body).toMatchObject({ ok: true, result: [{ affected_rows: 1 }] });
    const created = await call<CallBody>(ep, "create_table", {
      query: "CREATE TABLE airline_notes AS SELECT carrier, name FROM airlines",
    });
    expect(created.body).toMatchObject({ ok: true, result: "Table created successfully" });
    const noted = await call<CallBody>(ep, "write_query", {
      query: "INSERT INTO airline_notes (carrier, name) VALUES ('ZZ', 'Harbor Air')",
    });
    expect(noted.body).toMatchObject({ ok: true, result: [{ affected_rows: 1 }] });
    const tables = await call<CallBody>(ep, "list_tables", {});
    expect(tables.body.result).toContainEqual({ name: "airline_notes" });

    const diff = await api<{
      tables: Record<string, { inserted: unknown[]; updated: unknown[] }>;
    }>("GET", `/v1/episodes/${ep}/diff`);
    expect(Object.keys(diff.body.tables).sort()).toEqual(["airline_notes", "airlines"]);
    expect(diff.body.tables.airlines?.updated).toHaveLength(1);
    const airlines = nycFlights.seed.tables.airlines?.rows.length ?? 0;
    expect(diff.body.tables.airline_notes?.inserted).toHaveLength(airlines + 1);
  }, 120_000);

  it("fails the job when dataFrom names no published environment, or a SQL server has none", async () => {
    const missing = await importSpec(
      "pg-nowhere",
      postgresSpec,
      "postgres.json",
      "no-such-db@2.0.0",
    );
    expect(missing.status).toBe("failed");
    expect(missing.error?.code).toBe("not_found");
    expect(missing.error?.message).toMatch(/dataFrom names no-such-db@2\.0\.0/);

    const none = await importSpec("pg-bare", postgresSpec, "postgres.json");
    expect(none.status).toBe("failed");
    expect(none.error?.code).toBe("validation_failed");
    expect(none.error?.message).toMatch(/runs SQL on a database.*"dataFrom"/);
    expect((await api("GET", "/v1/environments/pg-bare", { key: null })).status).toBe(404);
  });

  it("refuses dataFrom on an import that is not an MCP server (400)", async () => {
    const res = await api<{ error: { code: string; message: string } }>(
      "POST",
      "/v1/environments/imports",
      {
        body: {
          name: "staff-db",
          dataFrom: "nyc-flights",
          source: { format: "csv", filename: "staff.csv", content: "id,name\n1,Ada\n" },
        },
      },
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("dataFrom");
  });
});
