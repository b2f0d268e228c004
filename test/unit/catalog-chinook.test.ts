// The Chinook reference environment, built as `npm run catalog:build` builds it, loaded the way an
// episode loads it (real seed loader, change tracking, QuickJS sandbox), must admit every tool.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BetterSqliteDatabase } from "../../catalog/better-sqlite-database";
import { buildEnvironment } from "../../catalog/build-environment";
import { chinook } from "../../catalog/chinook/environment";
import type { AdmissionReport } from "../../core/environment/admission";
import type { EnvironmentSpec } from "../../core/environment/spec";
import type { ToolSandbox } from "../../core/sandbox/executor";
import { admitLoaded, loadDatabase } from "../support/database-harness";

let spec: EnvironmentSpec;
let db: BetterSqliteDatabase;
let sandbox: ToolSandbox;
let report: AdmissionReport;

beforeAll(async () => {
  spec = await buildEnvironment(chinook);
  db = loadDatabase(spec.schemaSql, spec.seed);
  ({ admission: report, sandbox } = await admitLoaded(db, spec.seed, spec.tools));
});

afterAll(() => {
  sandbox?.dispose();
  db?.raw.close();
});

describe("catalog: chinook", () => {
  it("builds a valid spec with the dataset's provenance", () => {
    expect(spec).toMatchObject({
      name: "chinook",
      version: "1.1.0",
      category: { domain: "commerce", subdomain: "music-store" },
      provenance: [
        { kind: "dataset", license: "MIT", sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      ],
    });
    expect(Object.keys(spec.seed.tables).sort()).toEqual([
      "Album",
      "Artist",
      "Customer",
      "Employee",
      "Genre",
      "Invoice",
      "InvoiceLine",
      "MediaType",
      "Playlist",
      "PlaylistTrack",
      "Track",
    ]);
    const rows = Object.values(spec.seed.tables).reduce((n, t) => n + t.rows.length, 0);
    expect(rows).toBe(15_607);
  });

  it("has 10-15 tools, each with tests, every write tool asserting its changes", () => {
    expect(spec.tools.length).toBeGreaterThanOrEqual(10);
    expect(spec.tools.length).toBeLessThanOrEqual(15);
    for (const tool of spec.tools.filter((t) => t.effect === "write")) {
      const assertsChanges = tool.tests.some(
        (t) => !t.expect.error && Object.keys(t.expect.changes ?? {}).length > 0,
      );
      expect(assertsChanges, `${tool.name} has a changes test`).toBe(true);
    }
  });

  it("admits every tool: all unit tests pass in the sandbox", () => {
    expect(sandbox.loadErrors.size).toBe(0);
    expect(report.results.filter((r) => !r.passed)).toEqual([]);
    expect(report.problems).toEqual([]);
    expect(report.admitted).toBe(true);
    expect(report.totals.tests).toBeGreaterThanOrEqual(60);
  });

  it("leaves the seeded database untouched after admission", () => {
    expect(db.query("SELECT COUNT(*) AS n FROM Invoice")).toEqual([{ n: 412 }]);
    expect(db.query("SELECT Total FROM Invoice WHERE InvoiceId = 98")).toEqual([{ Total: 3.98 }]);
    expect(db.query("SELECT COUNT(*) AS n FROM _aw_changes")).toEqual([{ n: 0 }]);
  });
});
