// The Chinook reference environment, built as `npm run catalog:build` builds it, loaded the way an
// episode loads it (real seed loader, change tracking, QuickJS sandbox), must admit every tool.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BetterSqliteDatabase, openBetterSqlite } from "../../catalog/better-sqlite-database";
import { buildEnvironment } from "../../catalog/build-environment";
import { chinook } from "../../catalog/chinook/environment";
import { type AdmissionReport, runToolTests } from "../../core/environment/admission";
import type { EnvironmentSpec } from "../../core/environment/spec";
import { installChangeTracking } from "../../core/episode/change-tracking";
import { DEFAULT_CLOCK_START } from "../../core/episode/episode-init";
import { loadSchemaAndSeed } from "../../core/episode/seed-loader";
import type { ToolSandbox } from "../../core/sandbox/executor";
import { createQuickJsExecutor } from "../../core/sandbox/quickjs-executor";
import { createSeededHost } from "../../core/sandbox/seeded-host";

let spec: EnvironmentSpec;
// The Workers types in tsconfig declare `WebAssembly.Module` abstract (workerd only imports
// compiled modules); Node has the constructor.
const WasmModule = WebAssembly.Module as unknown as new (bytes: Uint8Array) => WebAssembly.Module;

let db: BetterSqliteDatabase;
let sandbox: ToolSandbox;
let report: AdmissionReport;

/** Runs `fn` in a transaction and undoes it, as the EpisodeDO does with a thrown sentinel. */
function rolledBack<T>(fn: () => T): T {
  const box: { value?: T } = {};
  const sentinel = new Error("rollback");
  try {
    db.transaction(() => {
      box.value = fn();
      throw sentinel;
    });
  } catch (err) {
    if (err !== sentinel) throw err;
  }
  return box.value as T;
}

beforeAll(async () => {
  spec = await buildEnvironment(chinook);
  db = openBetterSqlite();
  db.transaction(() => loadSchemaAndSeed(db, spec.schemaSql, spec.seed));
  installChangeTracking(db);
  const require = createRequire(import.meta.url);
  const executor = createQuickJsExecutor(
    new WasmModule(readFileSync(require.resolve("quickjs-wasi/quickjs.wasm"))),
  );
  sandbox = await executor.load(spec.tools);
  report = runToolTests({
    tools: spec.tools,
    sandbox,
    db,
    seed: spec.seed,
    inRollback: rolledBack,
    createHost: ({ tool, test }) => createSeededHost(db, `${tool}/${test}`, DEFAULT_CLOCK_START),
  });
});

afterAll(() => {
  sandbox?.dispose();
  db?.raw.close();
});

describe("catalog: chinook", () => {
  it("builds a valid spec with the dataset's provenance", () => {
    expect(spec).toMatchObject({
      name: "chinook",
      version: "1.0.0",
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
