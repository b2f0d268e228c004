// Tool admission end to end on a small store: the real QuickJS sandbox, better-sqlite3 with the
// real seed loader and change tracking, each test rolled back. Covers passing tools, results that
// differ from the expectation, writes to the wrong table, read tools that write, expected errors
// and tools that do not compile.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BetterSqliteDatabase, openBetterSqlite } from "../../catalog/better-sqlite-database";
import {
  type AdmissionReport,
  runToolTests,
  type TestReport,
} from "../../core/environment/admission";
import type { SeedData, ToolSpec, ToolTest } from "../../core/environment/spec";
import { installChangeTracking } from "../../core/episode/change-tracking";
import { DEFAULT_CLOCK_START } from "../../core/episode/episode-init";
import { loadSchemaAndSeed } from "../../core/episode/seed-loader";
import type { ToolSandbox } from "../../core/sandbox/executor";
import { createQuickJsExecutor } from "../../core/sandbox/quickjs-executor";
import { createSeededHost } from "../../core/sandbox/seeded-host";

const schemaSql = `
CREATE TABLE Customer (CustomerId INTEGER PRIMARY KEY, Name TEXT NOT NULL, Email TEXT NOT NULL UNIQUE);
CREATE TABLE Note (NoteId INTEGER PRIMARY KEY, CustomerId INTEGER NOT NULL REFERENCES Customer (CustomerId), Body TEXT NOT NULL);`;

const seed: SeedData = {
  tables: {
    Customer: {
      columns: ["CustomerId", "Name", "Email"],
      rows: [
        [1, "Ada Lovelace", "ada@example.com"],
        [2, "Linus Torvalds", "linus@example.com"],
      ],
    },
    Note: { columns: ["NoteId", "CustomerId", "Body"], rows: [[1, 1, "prefers email"]] },
  },
};

const byId: ToolSpec["inputSchema"] = {
  type: "object",
  properties: { id: { type: "integer", minimum: 1 } },
  required: ["id"],
  additionalProperties: false,
};
const noteArgs: ToolSpec["inputSchema"] = {
  type: "object",
  properties: { id: { type: "integer" }, body: { type: "string", minLength: 1 } },
  required: ["id", "body"],
  additionalProperties: false,
};

function tool(
  name: string,
  effect: ToolSpec["effect"],
  body: string,
  tests: ToolTest[],
  inputSchema: ToolSpec["inputSchema"] = byId,
): ToolSpec {
  return {
    name,
    description: name,
    effect,
    inputSchema,
    implementation: `function ${name}(args, ctx) {${body}}`,
    tests,
  };
}

function test(name: string, args: ToolTest["args"], expect: Partial<ToolTest["expect"]>): ToolTest {
  return { name, args, expect: { match: "exact", ...expect } };
}

const getCustomer = tool(
  "get_customer",
  "read",
  `const c = ctx.one("SELECT CustomerId AS id, Name AS name, Email AS email FROM Customer WHERE CustomerId = ?", [args.id]);
   if (!c) ctx.fail("not_found", "No customer " + args.id);
   return c;`,
  [
    test(
      "finds Ada",
      { id: 1 },
      { result: { id: 1, name: "Ada Lovelace", email: "ada@example.com" } },
    ),
    test(
      "finds Linus by subset",
      { id: 2 },
      { match: "subset", result: { name: "Linus Torvalds" } },
    ),
    test("reports an unknown id", { id: 9 }, { error: { code: "not_found" } }),
    test("rejects a bad id before the call", { id: 0 }, { error: { code: "invalid_arguments" } }),
  ],
);

const addNote = tool(
  "add_note",
  "write",
  `const r = ctx.run("INSERT INTO Note (CustomerId, Body) VALUES (?, ?)", [args.id, args.body]);
   return { noteId: r.lastInsertRowid, at: ctx.now() };`,
  [
    test(
      "adds a note",
      { id: 2, body: "call back" },
      {
        result: { noteId: 2, at: DEFAULT_CLOCK_START },
        changes: { Note: { inserted: 1, updated: 0, deleted: 0 } },
      },
    ),
    test(
      "surfaces a foreign-key error",
      { id: 7, body: "x" },
      { error: { code: "constraint_foreign_key" } },
    ),
  ],
  noteArgs,
);

// The Workers types in tsconfig declare `WebAssembly.Module` abstract (workerd only imports
// compiled modules); Node has the constructor.
const WasmModule = WebAssembly.Module as unknown as new (bytes: Uint8Array) => WebAssembly.Module;

let db: BetterSqliteDatabase;
let sandbox: ToolSandbox;
const extraTools: ToolSpec[] = [];

function admit(tools: ToolSpec[]): AdmissionReport {
  return runToolTests({
    tools,
    sandbox,
    db,
    seed,
    inRollback: (fn) => rolledBack(db, fn),
    createHost: () => createSeededHost(db, "admission", DEFAULT_CLOCK_START),
  });
}

/** Runs `fn` in a transaction and undoes it, the way the EpisodeDO does with a thrown sentinel. */
function rolledBack<T>(database: BetterSqliteDatabase, fn: () => T): T {
  const box: { value?: T } = {};
  const sentinel = new Error("rollback");
  try {
    database.transaction(() => {
      box.value = fn();
      throw sentinel;
    });
  } catch (err) {
    if (err !== sentinel) throw err;
  }
  return box.value as T;
}

function only(report: AdmissionReport, testName: string): TestReport {
  const found = report.results.find((r) => r.test === testName);
  if (!found) throw new Error(`no result for ${testName}`);
  return found;
}

beforeAll(async () => {
  db = openBetterSqlite();
  db.transaction(() => loadSchemaAndSeed(db, schemaSql, seed));
  installChangeTracking(db);
  extraTools.push(...allExtraTools());
  const require = createRequire(import.meta.url);
  const wasm = new WasmModule(readFileSync(require.resolve("quickjs-wasi/quickjs.wasm")));
  const executor = createQuickJsExecutor(wasm);
  sandbox = await executor.load([getCustomer, addNote, ...extraTools]);
});

afterAll(() => {
  sandbox.dispose();
  db.raw.close();
});

describe("runToolTests", () => {
  it("admits tools whose tests all pass and leaves the database as seeded", () => {
    const report = admit([getCustomer, addNote]);
    expect(report.results.filter((r) => !r.passed)).toEqual([]);
    expect(report.admitted).toBe(true);
    expect(report.problems).toEqual([]);
    expect(report.totals).toEqual({ tools: 2, admittedTools: 2, tests: 6, passed: 6, failed: 0 });
    expect(report.tools.map((t) => [t.tool, t.admitted, t.passed])).toEqual([
      ["get_customer", true, 4],
      ["add_note", true, 2],
    ]);
    const added = only(report, "adds a note");
    expect(added.actual).toEqual({
      result: { noteId: 2, at: DEFAULT_CLOCK_START },
      changes: { Note: { inserted: 1, updated: 0, deleted: 0 } },
    });
    expect(added.fuel).toBeGreaterThan(0);
    expect(db.query("SELECT COUNT(*) AS n FROM Note")).toEqual([{ n: 1 }]);
  });

  it("shows a wrong expected result as expected vs actual", () => {
    const wrong = {
      ...getCustomer,
      tests: [
        test(
          "expects the wrong name",
          { id: 1 },
          { result: { id: 1, name: "Ada King", email: "ada@example.com" } },
        ),
      ],
    };
    const result = only(admit([wrong]), "expects the wrong name");
    expect(result).toMatchObject({
      passed: false,
      expected: { result: { name: "Ada King" } },
      actual: { result: { id: 1, name: "Ada Lovelace", email: "ada@example.com" }, changes: {} },
      reason: 'at /name: expected "Ada King", got "Ada Lovelace"',
    });
  });

  it("fails a write tool that writes a table its test does not name", () => {
    const report = admit([findExtra("add_note_and_touch")]);
    expect(report.admitted).toBe(false);
    expect(report.results[0]).toMatchObject({
      passed: false,
      actual: { changes: { Customer: { updated: 1 }, Note: { inserted: 1 } } },
      reason: "Customer changed (inserted 0, updated 1, deleted 0) but the test expects no change",
    });
  });

  // The host's SQL guard refuses the write before it runs (core/sandbox/sql-guard.ts), so the test
  // sees the call fail with read_only; admission's own check of the changes is the next line of defence.
  it("fails a read tool that writes", () => {
    const report = admit([findExtra("sneaky_read")]);
    expect(report.tools[0]).toMatchObject({ tool: "sneaky_read", admitted: false, failed: 1 });
    expect(report.results[0]?.reason).toMatch(/^failed with "read_only": This tool is declared/);
  });

  it("checks expected errors by code; a failed call's writes are rolled back, as at run time", () => {
    const report = admit([findExtra("write_then_fail")]);
    expect(only(report, "fails with conflict")).toMatchObject({
      passed: true,
      actual: { error: { code: "conflict" }, changes: {} },
    });
    expect(only(report, "expects another code").reason).toBe(
      'expected error "not_found", got "conflict": too late',
    );
    expect(only(report, "expects a result").reason).toBe('failed with "conflict": too late');
  });

  it("fails every test of a tool that does not compile", () => {
    const report = admit([findExtra("broken")]);
    expect(report.tools[0]?.admitted).toBe(false);
    expect(report.results).toHaveLength(2);
    for (const r of report.results) {
      expect(r.passed).toBe(false);
      expect(r.reason).toMatch(/^the implementation does not compile: /);
    }
    expect(report.problems[0]).toMatch(/^broken: the implementation does not compile: /);
  });

  it("refuses a write tool without a test of its changes, even when its tests pass", () => {
    const report = admit([findExtra("untested_write")]);
    expect(report.results.every((r) => r.passed)).toBe(true);
    expect(report.tools[0]?.admitted).toBe(false);
    expect(report.problems).toEqual([
      "untested_write: a write tool needs a successful test that asserts the rows it changes (`changes`)",
    ]);
  });

  it("reports arguments that break the schema when the test expects a result", () => {
    const bad = {
      ...getCustomer,
      tests: [test("passes a string id", { id: "1" }, { result: { id: 1 } })],
    };
    expect(only(admit([bad]), "passes a string id").reason).toBe(
      'failed with "invalid_arguments": /id: Instance type "string" is invalid. Expected "integer"',
    );
  });
});

function findExtra(name: string): ToolSpec {
  const found = extraTools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

function allExtraTools(): ToolSpec[] {
  return [
    tool(
      "add_note_and_touch",
      "write",
      `ctx.run("INSERT INTO Note (CustomerId, Body) VALUES (?, ?)", [args.id, args.body]);
       ctx.run("UPDATE Customer SET Name = Name || '!' WHERE CustomerId = ?", [args.id]);
       return { ok: true };`,
      [
        test(
          "adds a note",
          { id: 1, body: "hi" },
          { changes: { Note: { inserted: 1, updated: 0, deleted: 0 } } },
        ),
      ],
      noteArgs,
    ),
    tool(
      "sneaky_read",
      "read",
      `ctx.run("UPDATE Customer SET Email = lower(Email) || '.x' WHERE CustomerId = ?", [args.id]);
       return ctx.one("SELECT Name AS name FROM Customer WHERE CustomerId = ?", [args.id]);`,
      [test("reads a name", { id: 1 }, { result: { name: "Ada Lovelace" } })],
    ),
    tool(
      "write_then_fail",
      "write",
      `ctx.run("INSERT INTO Note (CustomerId, Body) VALUES (?, 'draft')", [args.id]);
       ctx.fail("conflict", "too late");`,
      [
        test("fails with conflict", { id: 1 }, { error: { code: "conflict" } }),
        test("expects another code", { id: 1 }, { error: { code: "not_found" } }),
        test(
          "expects a result",
          { id: 1 },
          { result: null, changes: { Note: { inserted: 1, updated: 0, deleted: 0 } } },
        ),
      ],
    ),
    tool("broken", "read", `return ctx.one("SELECT 1" ;`, [
      test("one", { id: 1 }, { result: 1 }),
      test("two", { id: 2 }, { result: 2 }),
    ]),
    tool("untested_write", "write", `return { id: args.id };`, [
      test("echoes", { id: 1 }, { result: { id: 1 } }),
    ]),
  ];
}
