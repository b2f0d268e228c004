// The QuickJS executor inside the real runtime (workerd): the wasm arrives as a CompiledWasm module
// import, tools run against a small in-memory SqlDatabase, and every limit still stops a call.
import quickjsWasm from "quickjs-wasi/quickjs.wasm";
import { describe, expect, it } from "vitest";
import type { SqlDatabase, SqlParam, SqlRow } from "../../core/episode/sql-database";
import type { ToolHost } from "../../core/sandbox/executor";
import { createQuickJsExecutor } from "../../core/sandbox/quickjs-executor";

// Just enough of a database for these tools: one table of customers, keyed by id, with a unique
// email, and workerd's style of constraint message.
function fakeDatabase(): SqlDatabase & { rows: SqlRow[] } {
  const rows: SqlRow[] = [
    { id: 1, email: "ann@example.com", avatar: new Uint8Array([0, 255, 16]) },
  ];
  return {
    rows,
    query(sql: string, params: readonly SqlParam[] = []) {
      if (sql === "SELECT * FROM customer WHERE id = ?")
        return rows.filter((r) => r.id === params[0]);
      // The host's SQL guard (core/sandbox/sql-guard.ts) asks for the plan and the table list
      // first; an empty plan costs nothing, so the guard lets the statement through.
      if (sql.startsWith("EXPLAIN QUERY PLAN ")) return [];
      if (sql === "SELECT name FROM sqlite_master WHERE type = 'table'")
        return [{ name: "customer" }];
      throw new Error(`no such table: ${sql}: SQLITE_ERROR`);
    },
    run(sql: string, params: readonly SqlParam[] = []) {
      if (sql !== "INSERT INTO customer (email) VALUES (?)") throw new Error("unsupported SQL");
      if (rows.some((r) => r.email === params[0])) {
        throw new Error("UNIQUE constraint failed: customer.email: SQLITE_CONSTRAINT");
      }
      rows.push({ id: rows.length + 1, email: params[0] ?? null, avatar: null });
      return { changes: 1, lastInsertRowid: rows.length };
    },
  };
}

const host = (db: SqlDatabase): ToolHost => ({
  db,
  now: () => "2024-02-29T12:00:00.000Z",
  random: () => 0.25,
  id: (prefix) => `${prefix ?? "id"}_00000001`,
});

const TOOLS = [
  {
    name: "get",
    implementation: "(args, ctx) => ctx.one('SELECT * FROM customer WHERE id = ?', [args.id])",
  },
  {
    name: "add",
    implementation:
      "(args, ctx) => ctx.run('INSERT INTO customer (email) VALUES (?)', [args.email])",
  },
  {
    name: "clock",
    implementation:
      "(a, ctx) => [ctx.now(), new Date().toISOString(), Date.now(), Math.random(), ctx.id('ord')]",
  },
  { name: "spin", implementation: "() => { while (true) {} }" },
  {
    name: "bomb",
    implementation: "() => { const a = []; while (true) a.push(new Array(1e5).fill(1)); }",
  },
  { name: "recurse", implementation: "() => { function f() { return f(); } return f(); }" },
  {
    name: "deepJson",
    implementation:
      "() => { let a = []; for (let i = 0; i < 1e5; i++) a = [a]; return JSON.stringify(a).length; }",
  },
  {
    name: "escape",
    implementation:
      "() => [typeof fetch, typeof caches, typeof setTimeout, typeof process, Object.isFrozen(globalThis)]",
  },
];

describe("QuickJS executor in workerd", () => {
  it("runs tools against the host database and the virtual clock", async () => {
    const sandbox = await createQuickJsExecutor(quickjsWasm).load(TOOLS);
    const db = fakeDatabase();
    expect(sandbox.call("get", { id: 1 }, host(db))).toEqual({
      ok: true,
      result: { id: 1, email: "ann@example.com", avatar: { $base64: "AP8Q" } },
      fuel: 1,
    });
    expect(sandbox.call("add", { email: "bob@example.com" }, host(db))).toMatchObject({
      ok: true,
      result: { changes: 1, lastInsertRowid: 2 },
    });
    expect(sandbox.call("add", { email: "bob@example.com" }, host(db))).toMatchObject({
      ok: false,
      error: {
        kind: "tool_error",
        code: "constraint_unique",
        message: "UNIQUE constraint failed: customer.email",
      },
    });
    expect(sandbox.call("clock", {}, host(db))).toMatchObject({
      ok: true,
      result: [
        "2024-02-29T12:00:00.000Z",
        "2024-02-29T12:00:00.000Z",
        Date.parse("2024-02-29T12:00:00.000Z"),
        0.25,
        "ord_00000001",
      ],
    });
    expect(sandbox.call("escape", {}, host(db))).toMatchObject({
      result: ["undefined", "undefined", "undefined", "undefined", true],
    });
    sandbox.dispose();
  });

  it("stops an infinite loop, a memory bomb and runaway recursion, and keeps working", async () => {
    const sandbox = await createQuickJsExecutor(quickjsWasm).load(TOOLS);
    const db = fakeDatabase();
    expect(sandbox.call("spin", {}, host(db))).toMatchObject({
      ok: false,
      error: { kind: "limit_exceeded", limit: "fuel" },
      fuel: 2001,
    });
    expect(sandbox.call("bomb", {}, host(db))).toMatchObject({ error: { limit: "memory" } });
    // The bomb used up the spare VM; the next one builds in the background and lands as soon as
    // the event loop turns, as it does between two requests to the DO.
    await sandbox.ready();
    expect(sandbox.call("recurse", {}, host(db))).toMatchObject({ error: { limit: "stack" } });
    expect(sandbox.call("get", { id: 1 }, host(db))).toMatchObject({ ok: true });
    // Deep native recursion overflows V8's own stack first; the spare VM takes over at once.
    expect(sandbox.call("deepJson", {}, host(db))).toMatchObject({ error: { limit: "stack" } });
    expect(sandbox.call("get", { id: 1 }, host(db))).toMatchObject({ ok: true });
    await sandbox.ready();
    sandbox.dispose();
  });
});
