// Every per-call limit gives a clear limit_exceeded outcome and leaves the sandbox usable, including
// after a crash that forces a VM rebuild; the default fuel is calibrated on the real Chinook tools.
import { readdirSync, readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import { chinookSqlitePath } from "../../catalog/chinook/dataset";
import type { Json } from "../../core/base/json";
import type { LoadableTool } from "../../core/sandbox/executor";
import { DEFAULT_LIMITS } from "../../core/sandbox/limits";
import { createQuickJsExecutor } from "../../core/sandbox/quickjs-executor";
import { createSeededHost, type SeededHost } from "../../core/sandbox/seeded-host";

// The Workers types in tsconfig declare WebAssembly.Module abstract; in Node it is constructible.
const WasmModule = WebAssembly.Module as unknown as new (bytes: Uint8Array) => WebAssembly.Module;
const wasm = new WasmModule(
  readFileSync(new URL(import.meta.resolve("quickjs-wasi/quickjs.wasm"))),
);
const executor = createQuickJsExecutor(wasm);
const tool = (name: string, implementation: string): LoadableTool => ({ name, implementation });

const TOOLS = [
  tool("ping", "(args, ctx) => ctx.one('SELECT 1 AS one')"),
  tool("spin", "() => { while (true) {} }"),
  tool("spinSwallow", "() => { for (;;) { try { while (true) {} } catch (e) {} } }"),
  tool("queryLoop", "(args, ctx) => { for (;;) { try { ctx.query('SELECT 1') } catch (e) {} } }"),
  tool("work", "(args) => { let n = 0; for (let i = 0; i < args.n; i++) n += i; return n; }"),
  tool("stringBomb", '() => { let s = "x"; while (true) s += s; }'),
  tool("arrayBomb", "() => { const a = []; while (true) a.push(new Array(1e5).fill(1)); }"),
  tool("alloc", "(args) => new Array(args.n).fill(7).length"),
  tool("recurse", "() => { function f() { return f(); } return f(); }"),
  tool(
    "recurseCaught",
    "() => { function f() { return f(); } try { return f(); } catch (e) { return e.message; } }",
  ),
  tool(
    "deepJson",
    "() => { let a = []; for (let i = 0; i < 1e5; i++) a = [a]; return JSON.stringify(a).length; }",
  ),
  tool("big", "(args) => 'x'.repeat(args.n)"),
  tool("bigDetails", "(args, ctx) => ctx.fail('too_big', 'details', 'y'.repeat(args.n))"),
];

let host: SeededHost;
beforeEach(() => {
  const db = openBetterSqlite();
  host = createSeededHost(db, "limits", "2024-01-01T00:00:00Z");
});

describe("fuel", () => {
  it("stops an infinite loop quickly, reports the fuel used, and the next call works", async () => {
    const sandbox = await executor.load(TOOLS);
    const started = performance.now();
    const outcome = sandbox.call("spin", {}, host);
    const elapsed = performance.now() - started;
    expect(outcome).toMatchObject({ ok: false, error: { kind: "limit_exceeded", limit: "fuel" } });
    expect(outcome.fuel).toBe(DEFAULT_LIMITS.fuel + 1);
    // ~150 ms on these machines; the bound leaves room for a slow CI runner.
    expect(elapsed).toBeLessThan(1000);
    expect(sandbox.call("ping", {}, host)).toMatchObject({ ok: true, result: { one: 1 } });
    sandbox.dispose();
  });

  it("cannot be swallowed by a guest try/catch", async () => {
    const sandbox = await executor.load(TOOLS);
    expect(sandbox.call("spinSwallow", {}, host, { fuel: 50 })).toMatchObject({
      error: { kind: "limit_exceeded", limit: "fuel" },
    });
    sandbox.dispose();
  });

  it("charges host calls, so a loop of queries is bounded too", async () => {
    const sandbox = await executor.load(TOOLS);
    const outcome = sandbox.call("queryLoop", {}, host, { fuel: 100 });
    expect(outcome).toMatchObject({ error: { kind: "limit_exceeded", limit: "fuel" } });
    expect(outcome.fuel).toBeGreaterThan(100);
    sandbox.dispose();
  });

  it("takes a per-call fuel limit", async () => {
    const sandbox = await executor.load(TOOLS);
    const args = { n: 1_000_000 };
    const free = sandbox.call("work", args, host);
    expect(free).toMatchObject({ ok: true, result: 499999500000 });
    expect(free.fuel).toBeGreaterThan(5);
    expect(sandbox.call("work", args, host, { fuel: 5 })).toMatchObject({
      error: { kind: "limit_exceeded", limit: "fuel", message: expect.stringContaining("5 fuel") },
    });
    sandbox.dispose();
  });

  // SQL is charged too (sql-guard.ts: 1 fuel per 1,000 estimated row visits): search_tracks scans
  // Track twice with four lookups a row, ~35 fuel, which is what its ~4 ms of SQLite is worth.
  it("is calibrated so a Chinook tool call uses under 2.5% of the default", async () => {
    const dir = new URL("../../catalog/chinook/", import.meta.url);
    const tools = readdirSync(new URL("tools/", dir))
      .filter((file) => file.endsWith(".js"))
      .map((file) =>
        tool(
          file.slice(0, -3),
          readFileSync(new URL(`tools/${file}`, dir), "utf8").replace(/^export default /, ""),
        ),
      );
    const sandbox = await executor.load(tools);
    expect(sandbox.loadErrors.size).toBe(0);
    const db = openBetterSqlite(readFileSync(chinookSqlitePath()));
    const chinookHost = createSeededHost(db, "chinook", "2024-01-01T00:00:00Z");
    const calls: [string, Record<string, Json>][] = [
      ["search_tracks", { query: "love", limit: 20 }],
      ["find_customer", { name: "Luis" }],
      ["list_customer_invoices", { customerId: 1 }],
      ["get_album", { albumId: 1 }],
      ["create_invoice", { customerId: 1, lines: [{ trackId: 1 }, { trackId: 2, quantity: 2 }] }],
    ];
    for (const [name, args] of calls) {
      const outcome = sandbox.call(name, args, chinookHost);
      expect(outcome.ok, `${name}: ${JSON.stringify(outcome)}`).toBe(true);
      expect(outcome.fuel, name).toBeLessThan(DEFAULT_LIMITS.fuel / 40);
    }
    sandbox.dispose();
  });
});

describe("memory", () => {
  it("stops a string bomb and an array bomb, and the next call works", async () => {
    const sandbox = await executor.load(TOOLS);
    for (const bomb of ["stringBomb", "arrayBomb"]) {
      expect(sandbox.call(bomb, {}, host), bomb).toMatchObject({
        ok: false,
        error: { kind: "limit_exceeded", limit: "memory" },
      });
      expect(sandbox.call("ping", {}, host), `after ${bomb}`).toMatchObject({ ok: true });
    }
    // Back to back, before the background rebuild has landed: the VM that ran out is kept.
    expect(sandbox.call("arrayBomb", {}, host)).toMatchObject({ error: { limit: "memory" } });
    expect(sandbox.call("ping", {}, host)).toMatchObject({ ok: true });
    await sandbox.ready();
    expect(sandbox.call("alloc", { n: 1000 }, host)).toMatchObject({ ok: true, result: 1000 });
    sandbox.dispose();
  });

  it("takes a per-call memory limit", async () => {
    const sandbox = await executor.load(TOOLS);
    const args = { n: 1_000_000 }; // ~8 MiB of array
    expect(sandbox.call("alloc", args, host)).toMatchObject({ ok: true });
    expect(sandbox.call("alloc", args, host, { memoryBytes: 4 * 1024 * 1024 })).toMatchObject({
      error: { kind: "limit_exceeded", limit: "memory" },
    });
    expect(sandbox.call("alloc", args, host)).toMatchObject({ ok: true });
    sandbox.dispose();
  });
});

describe("stack", () => {
  it("stops runaway recursion without crashing the host", async () => {
    const sandbox = await executor.load(TOOLS);
    expect(sandbox.call("recurse", {}, host)).toMatchObject({
      ok: false,
      error: { kind: "limit_exceeded", limit: "stack" },
    });
    // Stack overflow is an ordinary RangeError inside the VM, so a tool may catch it.
    expect(sandbox.call("recurseCaught", {}, host)).toMatchObject({
      ok: true,
      result: "Maximum call stack size exceeded",
    });
    expect(sandbox.call("ping", {}, host)).toMatchObject({ ok: true });
    sandbox.dispose();
  });

  it("survives the host's own stack overflowing inside a native, by swapping in the spare VM", async () => {
    const sandbox = await executor.load(TOOLS);
    expect(sandbox.call("deepJson", {}, host)).toMatchObject({
      error: { kind: "limit_exceeded", limit: "stack" },
    });
    const started = performance.now();
    expect(sandbox.call("ping", {}, host)).toMatchObject({ ok: true });
    expect(performance.now() - started).toBeLessThan(50);
    // A second crash before the rebuild lands leaves no VM for a moment; then it comes back.
    expect(sandbox.call("deepJson", {}, host)).toMatchObject({ error: { limit: "stack" } });
    expect(sandbox.call("ping", {}, host)).toMatchObject({
      ok: false,
      error: { kind: "runtime_error", name: "SandboxUnavailable" },
    });
    await sandbox.ready();
    expect(sandbox.call("ping", {}, host)).toMatchObject({ ok: true });
    sandbox.dispose();
  });
});

describe("result size", () => {
  it("refuses results and error details over the limit", async () => {
    const sandbox = await executor.load(TOOLS);
    expect(sandbox.call("big", { n: 2 * 1024 * 1024 }, host)).toMatchObject({
      error: { kind: "limit_exceeded", limit: "result_size" },
    });
    expect(sandbox.call("bigDetails", { n: 2 * 1024 * 1024 }, host)).toMatchObject({
      error: { kind: "limit_exceeded", limit: "result_size" },
    });
    expect(sandbox.call("big", { n: 100 }, host, { resultBytes: 50 })).toMatchObject({
      error: { kind: "limit_exceeded", limit: "result_size" },
    });
    // 100 x's are 102 bytes of JSON.
    expect(sandbox.call("big", { n: 100 }, host, { resultBytes: 102 })).toMatchObject({ ok: true });
    sandbox.dispose();
  });
});

describe("limit values", () => {
  it("rejects limits that are not positive integers or a stack above the engine's maximum", () => {
    expect(() => createQuickJsExecutor(wasm, { fuel: 0 })).toThrow(RangeError);
    expect(() => createQuickJsExecutor(wasm, { memoryBytes: 1.5 })).toThrow(RangeError);
    expect(() => createQuickJsExecutor(wasm, { stackBytes: 4 * 1024 * 1024 })).toThrow(RangeError);
  });
});
