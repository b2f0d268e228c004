// What generated code cannot do: reach the host, leave state behind for a later call, or see real
// time and randomness. And the other side of it: the same seed gives byte-identical calls.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import type { Json } from "../../core/base/json";
import type { ExecutionOutcome, LoadableTool } from "../../core/sandbox/executor";
import {
  createQuickJsExecutor,
  type QuickJsToolSandbox,
} from "../../core/sandbox/quickjs-executor";
import { createSeededHost } from "../../core/sandbox/seeded-host";

// The Workers types in tsconfig declare WebAssembly.Module abstract; in Node it is constructible.
const WasmModule = WebAssembly.Module as unknown as new (bytes: Uint8Array) => WebAssembly.Module;
const wasm = new WasmModule(
  readFileSync(new URL(import.meta.resolve("quickjs-wasi/quickjs.wasm"))),
);
const executor = createQuickJsExecutor(wasm);
const tool = (name: string, implementation: string): LoadableTool => ({ name, implementation });

// Runs `body` and reports what it threw, so one tool can probe many escapes.
const attempt = (body: string) =>
  `(() => { try { const v = (${body}); return { value: String(v) }; } catch (e) { return { threw: e.name + ": " + e.message }; } })()`;

const ESCAPES: Record<string, string> = {
  fetch: "fetch('https://example.com')",
  process: "globalThis.process.env",
  require: "require('fs')",
  eval: "eval('1 + 1')",
  functionCtor: "Function('return this')()",
  ctorCtor: "[].constructor.constructor('return process')()",
  asyncCtor: "(async () => {}).constructor('return 1')",
  generatorCtor: "(function* () {}).constructor('yield 1')",
  setTimeout: "setTimeout(() => {}, 0)",
  performance: "performance.now()",
  weakRef: "new WeakRef({})",
};

const STANDARD_GLOBALS = new Set([
  "Object",
  "Function",
  "Array",
  "Number",
  "parseFloat",
  "parseInt",
  "Infinity",
  "NaN",
  "undefined",
  "Boolean",
  "String",
  "Symbol",
  "Date",
  "Promise",
  "RegExp",
  "Error",
  "AggregateError",
  "EvalError",
  "RangeError",
  "ReferenceError",
  "SyntaxError",
  "TypeError",
  "URIError",
  "SuppressedError",
  "InternalError",
  "globalThis",
  "JSON",
  "Math",
  "Intl",
  "ArrayBuffer",
  "SharedArrayBuffer",
  "Atomics",
  "Uint8Array",
  "Int8Array",
  "Uint16Array",
  "Int16Array",
  "Uint32Array",
  "Int32Array",
  "Float16Array",
  "Float32Array",
  "Float64Array",
  "Uint8ClampedArray",
  "BigUint64Array",
  "BigInt64Array",
  "DataView",
  "Map",
  "BigInt",
  "Set",
  "WeakMap",
  "WeakSet",
  "Proxy",
  "Reflect",
  "decodeURI",
  "decodeURIComponent",
  "encodeURI",
  "encodeURIComponent",
  "escape",
  "unescape",
  "isFinite",
  "isNaN",
  "Iterator",
  "DisposableStack",
  "AsyncDisposableStack",
  "queueMicrotask",
  "DOMException",
  "atob",
  "btoa",
]);

const TOOLS: LoadableTool[] = [
  ...Object.entries(ESCAPES).map(([name, body]) =>
    tool(`escape_${name}`, `() => ${attempt(body)}`),
  ),
  tool(
    "dynamicImport",
    "async () => { try { await import('node:fs'); return 'imported'; } catch (e) { return e.name + ': ' + e.message; } }",
  ),
  tool("globals", "() => Object.getOwnPropertyNames(globalThis)"),
  tool("globalThisViaFunction", "function () { return typeof this; }"),
  tool("setGlobal", "() => { globalThis.leak = 'from an earlier call'; }"),
  tool("pollute", "() => { Object.prototype.polluted = true; }"),
  tool("replaceBuiltin", "() => { Array.prototype.map = () => 'hijacked'; }"),
  tool("replaceViaAccessor", "() => { Object.prototype.toString = () => 'hijacked'; }"),
  tool(
    "redefine",
    "() => { Object.defineProperty(JSON, 'stringify', { value: () => 'hijacked' }); }",
  ),
  tool("mathRandom", "() => { Math.random = () => 4; }"),
  tool("stashOnFail", "(args, ctx) => { ctx.fail.stash = 'hidden'; }"),
  tool("closureCounter", "(() => { let n = 0; return () => ++n; })()"),
  tool(
    "observe",
    `() => ({
      leak: typeof globalThis.leak, polluted: ({}).polluted, map: [1].map((x) => x * 2),
      toString: String({}), json: JSON.stringify({ a: 1 }), random: typeof Math.random(),
      stash: typeof ({}).stash,
    })`,
  ),
  tool(
    "frozen",
    `() => {
      const roots = [globalThis, Object.prototype, Array.prototype, Function.prototype, Math, JSON, Reflect,
        Promise.prototype, Error.prototype, Object.getPrototypeOf([][Symbol.iterator]()),
        Object.getPrototypeOf(function* () {}), Object.getPrototypeOf(async function () {}),
        Object.getPrototypeOf(Int8Array), Object.getPrototypeOf(new Map().entries())];
      return roots.every((r) => Object.isFrozen(r));
    }`,
  ),
  tool(
    "ordinaryCode",
    `() => {
      class NotFound extends Error { constructor(m) { super(m); this.name = 'NotFound'; } }
      const e = new Error(); e.message = 'set later';
      const o = { toString() { return 'own'; } }; const p = {}; p.toString = () => 'assigned';
      const counts = new Map([['a', 1]]); counts.set('b', 2);
      return [new NotFound('x').name, e.message, String(o), String(p), [...counts.keys()].join(''),
        [3, 1, 2].sort().join(''), /b(c)/.exec('abc')[1]];
    }`,
  ),
  tool(
    "leakCtx",
    "(args, ctx) => { Promise.resolve().then(() => ctx.run('DELETE FROM t')); return 'returned'; }",
  ),
  tool(
    "time",
    `(args, ctx) => ({ now: ctx.now(), date: new Date().toISOString(), dateNow: Date.now(),
      tz: new Date(2024, 0, 1).getTimezoneOffset(), local: new Date(2024, 0, 1, 10).toISOString() })`,
  ),
  tool(
    "chance",
    "(args, ctx) => ({ math: [Math.random(), Math.random()], ctx: ctx.random(), ids: [ctx.id('ord'), ctx.id()] })",
  ),
  tool("write", "(args, ctx) => ctx.run('INSERT INTO t (v) VALUES (?)', [ctx.id('row')])"),
  tool("read", "(args, ctx) => ctx.query('SELECT * FROM t ORDER BY id')"),
  tool("spin", "() => { let i = 0; while (true) i++; }"),
  tool(
    "leaveJobs",
    "() => { for (let i = 0; i < 100; i++) Promise.resolve().then(() => Math.random()); while (true) {} }",
  ),
  tool("asyncChance", "async (args, ctx) => { await null; return [Math.random(), ctx.now()]; }"),
];

let sandbox: QuickJsToolSandbox;
beforeAll(async () => {
  sandbox = await executor.load(TOOLS);
});

function freshHost(seed = "isolation") {
  const db = openBetterSqlite();
  db.raw.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
  return { db, host: createSeededHost(db, seed, "2024-06-01T08:00:00.000Z") };
}

describe("no way out", () => {
  it("finds no host capability behind any escape", () => {
    const { host } = freshHost();
    for (const name of Object.keys(ESCAPES)) {
      const outcome = sandbox.call(`escape_${name}`, {}, host);
      expect(outcome.ok, name).toBe(true);
      expect(outcome.ok && outcome.result, name).toMatchObject({ threw: expect.any(String) });
    }
    expect(sandbox.call("escape_functionCtor", {}, host)).toMatchObject({
      result: { threw: "TypeError: dynamic code evaluation is disabled in the sandbox" },
    });
    expect(sandbox.call("dynamicImport", {}, host)).toMatchObject({
      result: expect.stringMatching(/could not load module/),
    });
  });

  it("exposes only standard ECMAScript globals", () => {
    const { host } = freshHost();
    const outcome = sandbox.call("globals", {}, host);
    const names = outcome.ok && Array.isArray(outcome.result) ? outcome.result : [];
    expect(names.length).toBeGreaterThan(40);
    expect(names.filter((name) => typeof name !== "string" || !STANDARD_GLOBALS.has(name))).toEqual(
      [],
    );
  });

  it("runs tools in strict mode, so `this` is not the global object", () => {
    const { host } = freshHost();
    expect(sandbox.call("globalThisViaFunction", {}, host)).toMatchObject({ result: "undefined" });
  });
});

describe("hardening", () => {
  it("freezes every intrinsic, including those only reachable from instances", () => {
    expect(sandbox.call("frozen", {}, freshHost().host)).toMatchObject({ ok: true, result: true });
  });

  it("refuses attempts to change shared state, and later calls see nothing", () => {
    const { host } = freshHost();
    for (const name of [
      "setGlobal",
      "pollute",
      "replaceBuiltin",
      "replaceViaAccessor",
      "redefine",
      "mathRandom",
      "stashOnFail",
    ]) {
      expect(sandbox.call(name, {}, host), name).toMatchObject({
        ok: false,
        error: { kind: "runtime_error", name: "TypeError" },
      });
    }
    expect(sandbox.call("observe", {}, host)).toEqual({
      ok: true,
      result: {
        leak: "undefined",
        map: [2],
        toString: "[object Object]",
        json: '{"a":1}',
        random: "number",
        stash: "undefined",
      },
      fuel: 0,
    });
  });

  it("re-evaluates a tool per call, so closure state does not carry over", () => {
    const { host } = freshHost();
    expect(sandbox.call("closureCounter", {}, host)).toMatchObject({ result: 1 });
    expect(sandbox.call("closureCounter", {}, host)).toMatchObject({ result: 1 });
  });

  it("keeps ordinary code working: shadowing name, message and toString, Maps, sorting, regexps", () => {
    expect(sandbox.call("ordinaryCode", {}, freshHost().host)).toMatchObject({
      ok: true,
      result: ["NotFound", "set later", "own", "assigned", "ab", "123", "c"],
    });
  });

  it("drops the promise jobs of a stopped call, so they cannot draw from the next call's PRNG", () => {
    const { host } = freshHost("jobs");
    expect(sandbox.call("leaveJobs", {}, host, { fuel: 20 })).toMatchObject({
      error: { kind: "limit_exceeded", limit: "fuel" },
    });
    const expected = createSeededHost(openBetterSqlite(), "jobs", "2024-06-01T08:00:00.000Z");
    // Leftover jobs would run at the end of the next call, so the call after it would see the gap.
    for (let i = 0; i < 2; i++) {
      expect(sandbox.call("chance", {}, host)).toMatchObject({
        result: { math: [expected.random(), expected.random()], ctx: expected.random() },
      });
    }
  });

  it("gives a ctx no power once its call has returned", () => {
    const { db, host } = freshHost();
    db.run("INSERT INTO t (v) VALUES ('kept')");
    expect(sandbox.call("leakCtx", {}, host)).toMatchObject({ ok: true, result: "returned" });
    expect(db.query("SELECT count(*) AS n FROM t")).toEqual([{ n: 1 }]);
  });
});

describe("determinism", () => {
  it("reads the host's virtual clock for ctx.now, Date.now and new Date, in UTC", () => {
    const { host } = freshHost();
    expect(sandbox.call("time", {}, host)).toMatchObject({
      result: {
        now: "2024-06-01T08:00:00.000Z",
        date: "2024-06-01T08:00:00.000Z",
        dateNow: Date.parse("2024-06-01T08:00:00.000Z"),
        tz: 0,
        local: "2024-01-01T10:00:00.000Z",
      },
    });
    host.clock.advance(90_000);
    expect(sandbox.call("time", {}, host)).toMatchObject({
      result: { date: "2024-06-01T08:01:30.000Z" },
    });
  });

  it("draws Math.random and ctx.random from the host PRNG", () => {
    const { host } = freshHost("chance");
    const expected = createSeededHost(openBetterSqlite(), "chance", "2024-06-01T08:00:00.000Z");
    expect(sandbox.call("chance", {}, host)).toMatchObject({
      result: {
        math: [expected.random(), expected.random()],
        ctx: expected.random(),
        ids: [expected.id("ord"), expected.id()],
      },
    });
  });

  it("gives byte-identical outcomes from two fresh sandboxes with the same seed", async () => {
    const script: [string, Record<string, Json>][] = [
      ["chance", {}],
      ["write", {}],
      ["write", {}],
      ["time", {}],
      ["spin", {}],
      ["asyncChance", {}],
      ["read", {}],
      ["pollute", {}],
      ["chance", {}],
    ];
    const run = async (): Promise<string> => {
      const fresh = await createQuickJsExecutor(wasm, { fuel: 50 }).load(TOOLS);
      const { host } = freshHost("replay");
      const outcomes: ExecutionOutcome[] = script.map(([name, args]) =>
        fresh.call(name, args, host),
      );
      fresh.dispose();
      return JSON.stringify(outcomes);
    };
    const first = await run();
    expect(first).toContain("limit_exceeded");
    expect(await run()).toBe(first);
  });
});
