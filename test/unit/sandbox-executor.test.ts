// The QuickJS executor's guest API against real SQLite (better-sqlite3): queries and writes, bound
// parameters, tool errors, SQL error codes, async tools and load errors.
import { readFileSync } from "node:fs";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type BetterSqliteDatabase, openBetterSqlite } from "../../catalog/better-sqlite-database";
import type { LoadableTool } from "../../core/sandbox/executor";
import {
  createQuickJsExecutor,
  type QuickJsToolSandbox,
} from "../../core/sandbox/quickjs-executor";
import { createSeededHost, type SeededHost } from "../../core/sandbox/seeded-host";

// The Workers types in tsconfig declare WebAssembly.Module abstract; in Node it is constructible.
const WasmModule = WebAssembly.Module as unknown as new (bytes: Uint8Array) => WebAssembly.Module;
const wasm = new WasmModule(
  readFileSync(new URL(import.meta.resolve("quickjs-wasi/quickjs.wasm"))),
);
const executor = createQuickJsExecutor(wasm);

const SCHEMA = `
  CREATE TABLE Customer (
    CustomerId INTEGER PRIMARY KEY,
    Email TEXT NOT NULL UNIQUE,
    Name TEXT NOT NULL,
    Credit INTEGER NOT NULL DEFAULT 0 CHECK (Credit >= 0),
    Avatar BLOB
  );
  CREATE TABLE Orders (
    OrderId INTEGER PRIMARY KEY,
    CustomerId INTEGER NOT NULL REFERENCES Customer(CustomerId),
    Total REAL NOT NULL
  );
  INSERT INTO Customer (Email, Name, Credit, Avatar) VALUES ('ann@example.com', 'Ann', 10, x'00ff10');
  INSERT INTO Customer (Email, Name) VALUES ('bob@example.com', 'Bob');
`;

const tool = (name: string, implementation: string): LoadableTool => ({ name, implementation });

const TOOLS: LoadableTool[] = [
  tool("get", "(args, ctx) => ctx.one('SELECT * FROM Customer WHERE CustomerId = ?', [args.id])"),
  tool(
    "find",
    "function find(args, ctx) { return ctx.query('SELECT Name FROM Customer WHERE Name = ? ORDER BY CustomerId', [args.name]); }",
  ),
  tool(
    "add",
    `(args, ctx) => ctx.run(
       'INSERT INTO Customer (Email, Name, Credit) VALUES (?, ?, ?)', [args.email, args.name, args.credit])`,
  ),
  tool(
    "order",
    "(args, ctx) => ctx.run('INSERT INTO Orders (CustomerId, Total) VALUES (?, ?)', [args.customerId, 9.5])",
  ),
  tool("raw", "(args, ctx) => ctx.query(args.sql, args.params)"),
  tool(
    "catchUnique",
    `(args, ctx) => {
       try { ctx.run("INSERT INTO Customer (Email, Name) VALUES ('ann@example.com', 'Again')"); }
       catch (e) { return { caught: e.code, isError: e instanceof Error, name: e.name }; }
     }`,
  ),
  tool("fail", "(args, ctx) => ctx.fail('not_found', 'No customer ' + args.id, { id: args.id })"),
  tool("failBare", "(args, ctx) => { ctx.fail('out_of_stock'); }"),
  tool("boom", "() => { throw new RangeError('bad range') }"),
  tool("throwString", "() => { throw 'just a string' }"),
  tool(
    "bools",
    "(args, ctx) => ctx.one('SELECT ? AS t, ? AS f, ? AS n, ? AS u', [true, false, null, undefined])",
  ),
  tool("badParam", "(args, ctx) => ctx.query('SELECT ?', [{ a: 1 }])"),
  tool(
    "blobParam",
    "(args, ctx) => ctx.one('SELECT hex(?) AS h, length(?) AS n', [{ $base64: 'AP8Q' }, { $base64: 'AP8Q' }])",
  ),
  tool("nothing", "() => undefined"),
  tool("values", "() => ({ nan: NaN, date: new Date(0), nested: [1, 'a', null, { x: true }] })"),
  tool("bigint", "() => 1n"),
  tool(
    "asyncTool",
    "async (args, ctx) => { await null; const row = ctx.one('SELECT Name FROM Customer WHERE CustomerId = 1'); return row.Name; }",
  ),
  tool("asyncFail", "async (args, ctx) => { await null; ctx.fail('late', 'failed after await'); }"),
  tool("neverSettles", "() => new Promise(() => {})"),
  tool("semicolon", "(args) => args.x * 2;"),
  tool("badSyntax", "(args, ctx) => {"),
  tool("notFunction", "42"),
  tool("throwsAtLoad", "(() => { throw new Error('nope at load') })()"),
  tool(
    "ctxShape",
    "(args, ctx) => ({ keys: Object.keys(ctx).sort(), frozen: Object.isFrozen(ctx) })",
  ),
];

let sandbox: QuickJsToolSandbox;
let db: BetterSqliteDatabase;
let host: SeededHost;

beforeAll(async () => {
  sandbox = await executor.load(TOOLS);
});

beforeEach(() => {
  db = openBetterSqlite();
  db.raw.exec(SCHEMA);
  host = createSeededHost(db, "executor-test", "2024-05-01T09:30:00.000Z");
});

const call = (name: string, args: Record<string, unknown> = {}) =>
  sandbox.call(name, JSON.parse(JSON.stringify(args)), host);

describe("queries and writes", () => {
  it("reads a row with its BLOB as base64", () => {
    expect(call("get", { id: 1 })).toEqual({
      ok: true,
      result: {
        CustomerId: 1,
        Email: "ann@example.com",
        Name: "Ann",
        Credit: 10,
        Avatar: { $base64: "AP8Q" },
      },
      fuel: 1,
    });
    expect(call("get", { id: 99 })).toMatchObject({ ok: true, result: null });
  });

  it("writes and reports changes and the new rowid", () => {
    expect(call("add", { email: "cy@example.com", name: "Cy", credit: 5 })).toMatchObject({
      ok: true,
      result: { changes: 1, lastInsertRowid: 3 },
    });
    expect(db.query("SELECT Name FROM Customer WHERE CustomerId = 3")).toEqual([{ Name: "Cy" }]);
  });

  it("binds booleans as 1/0, undefined as null, and { $base64 } as a BLOB", () => {
    expect(call("bools")).toMatchObject({ ok: true, result: { t: 1, f: 0, n: null, u: null } });
    expect(call("blobParam")).toMatchObject({ ok: true, result: { h: "00FF10", n: 3 } });
  });

  it("refuses parameters that are not SQL values", () => {
    expect(call("badParam")).toMatchObject({
      ok: false,
      error: { kind: "runtime_error", name: "TypeError" },
    });
  });

  it("passes hostile input only as a bound value, never as SQL", () => {
    expect(call("find", { name: "x' OR '1'='1" })).toMatchObject({ ok: true, result: [] });
    expect(call("find", { name: "Ann'; DROP TABLE Customer; --" })).toMatchObject({
      ok: true,
      result: [],
    });
    expect(db.query("SELECT count(*) AS n FROM Customer")).toEqual([{ n: 2 }]);
    expect(call("find", { name: "Ann" })).toMatchObject({ ok: true, result: [{ Name: "Ann" }] });
  });
});

describe("errors", () => {
  it("turns ctx.fail into a tool_error with code, message and details", () => {
    expect(call("fail", { id: 7 })).toEqual({
      ok: false,
      error: {
        kind: "tool_error",
        code: "not_found",
        message: "No customer 7",
        details: { id: 7 },
      },
      fuel: 0,
    });
    expect(call("failBare")).toMatchObject({
      error: { kind: "tool_error", code: "out_of_stock", message: "out_of_stock" },
    });
  });

  it("maps SQLite constraint failures to stable codes", () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ["add", { email: "ann@example.com", name: "Dup", credit: 0 }, "constraint_unique"],
      ["add", { email: "new@example.com", name: null, credit: 0 }, "constraint_not_null"],
      ["add", { email: "neg@example.com", name: "Neg", credit: -1 }, "constraint_check"],
      ["order", { customerId: 42 }, "constraint_foreign_key"],
      ["raw", { sql: "SELEC nonsense" }, "sql_error"],
      ["raw", { sql: "SELECT * FROM NoSuchTable" }, "sql_error"],
    ];
    for (const [name, args, code] of cases) {
      expect(call(name, args), `${name} ${JSON.stringify(args)}`).toMatchObject({
        ok: false,
        error: { kind: "tool_error", code },
      });
    }
    expect(call("add", { email: "ann@example.com", name: "Dup", credit: 0 })).toMatchObject({
      error: { message: "UNIQUE constraint failed: Customer.Email" },
    });
  });

  it("lets a tool catch a SQL error as an Error with a code", () => {
    expect(call("catchUnique")).toMatchObject({
      ok: true,
      result: { caught: "constraint_unique", isError: true, name: "SqlError" },
    });
  });

  it("reports other uncaught throws as runtime errors", () => {
    expect(call("boom")).toEqual({
      ok: false,
      error: { kind: "runtime_error", name: "RangeError", message: "bad range" },
      fuel: 0,
    });
    expect(call("throwString")).toMatchObject({
      error: {
        kind: "runtime_error",
        name: "Error",
        message: "non-Error value thrown: just a string",
      },
    });
    expect(call("bigint")).toMatchObject({ error: { kind: "runtime_error", name: "TypeError" } });
  });
});

describe("results and tools", () => {
  it("returns results as JSON", () => {
    expect(call("nothing")).toMatchObject({ ok: true, result: null });
    expect(call("values")).toMatchObject({
      ok: true,
      result: { nan: null, date: "1970-01-01T00:00:00.000Z", nested: [1, "a", null, { x: true }] },
    });
    expect(call("semicolon", { x: 21 })).toMatchObject({ ok: true, result: 42 });
  });

  it("runs async tools to completion within the call", () => {
    expect(call("asyncTool")).toMatchObject({ ok: true, result: "Ann" });
    expect(call("asyncFail")).toMatchObject({ error: { kind: "tool_error", code: "late" } });
    expect(call("neverSettles")).toMatchObject({
      error: { kind: "runtime_error", message: expect.stringContaining("never settled") },
    });
  });

  it("gives each call a frozen ctx with exactly the documented methods", () => {
    expect(call("ctxShape")).toMatchObject({
      result: {
        keys: ["call", "fail", "id", "now", "one", "query", "random", "run"],
        frozen: true,
      },
    });
  });

  it("lists tools that did not load, and the others still work", () => {
    expect([...sandbox.loadErrors.keys()].sort()).toEqual([
      "badSyntax",
      "notFunction",
      "throwsAtLoad",
    ]);
    expect(sandbox.loadErrors.get("badSyntax")).toMatch(/^SyntaxError/);
    expect(sandbox.loadErrors.get("notFunction")).toMatch(
      /must evaluate to a function, not number/,
    );
    expect(sandbox.loadErrors.get("throwsAtLoad")).toMatch(/nope at load/);
    expect(call("badSyntax")).toMatchObject({
      ok: false,
      error: {
        kind: "runtime_error",
        name: "LoadError",
        message: expect.stringContaining("SyntaxError"),
      },
    });
    expect(call("get", { id: 2 })).toMatchObject({ ok: true, result: { Name: "Bob" } });
  });

  it("answers an unknown tool with a runtime error", () => {
    expect(call("nope")).toMatchObject({
      ok: false,
      error: { kind: "runtime_error", name: "UnknownTool" },
    });
  });

  it("refuses duplicate tool names at load", async () => {
    await expect(executor.load([tool("a", "() => 1"), tool("a", "() => 2")])).rejects.toThrow(
      /duplicate/,
    );
  });
});
