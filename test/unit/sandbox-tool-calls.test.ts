// `ctx.call` at the sandbox boundary: results and tool errors crossing into the guest, argument
// checks, the fuel each call costs, and the refusal when the host has no `call` (ordinary tools).
import { readFileSync } from "node:fs";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import type { Json } from "../../core/base/json";
import type { ExecutedCall, ToolOutcome } from "../../core/episode/tool-runner";
import type { LoadableTool, ToolHost } from "../../core/sandbox/executor";
import { HOST_CALL_FUEL, REPLY_CHARS_PER_FUEL } from "../../core/sandbox/limits";
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
const tool = (name: string, implementation: string): LoadableTool => ({ name, implementation });

const PROGRAMS = [
  tool("echo", "(args, ctx) => ctx.call('echo', { n: 1, nested: [true, null] })"),
  tool("noArgs", "(args, ctx) => ctx.call('echo')"),
  tool(
    "copied",
    "(args, ctx) => ctx.call('echo', { when: new Date(0), skip: () => 1, u: undefined })",
  ),
  tool(
    "catches",
    `(args, ctx) => {
       try { ctx.call('missing', {}); return 'no error'; }
       catch (e) {
         return { name: e.name, code: e.code, message: e.message, details: e.details,
                  isError: e instanceof Error };
       }
     }`,
  ),
  tool("uncaught", "(args, ctx) => ctx.call('missing', { id: 7 })"),
  tool("badName", "(args, ctx) => ctx.call(42, {})"),
  tool("arrayArgs", "(args, ctx) => ctx.call('echo', [1])"),
  tool("toJsonArgs", "(args, ctx) => ctx.call('echo', { toJSON: () => 5 })"),
  tool(
    "loop",
    "(args, ctx) => { for (let i = 0; i < args.n; i++) ctx.call('echo', { i }); return args.n; }",
  ),
  tool("big", "(args, ctx) => ctx.call('big', { n: args.n }).length"),
  tool(
    "crash",
    "(args, ctx) => { try { ctx.call('crash', {}); } catch (e) { return e.name + ': ' + e.message; } }",
  ),
];

let sandbox: QuickJsToolSandbox;
let calls: ExecutedCall[];
let host: ToolHost;

// The host's side of `ctx.call`: a few canned tools, every call recorded.
function answer(name: string, args: Record<string, Json>): ToolOutcome {
  if (name === "echo") return { ok: true, result: { echoed: args } };
  if (name === "big") return { ok: true, result: "x".repeat(Number(args.n)) };
  if (name === "crash") throw new Error("the runner broke");
  return {
    ok: false,
    error: { code: "not_found", message: `no tool ${name}`, details: { tool: name } },
  };
}

beforeAll(async () => {
  sandbox = await createQuickJsExecutor(wasm).load(PROGRAMS);
});

beforeEach(() => {
  calls = [];
  const seeded = createSeededHost(openBetterSqlite(), "tool-calls", "2024-05-01T09:30:00.000Z");
  host = {
    ...seeded,
    call(name, args) {
      const outcome = answer(name, args);
      calls.push({ tool: name, args, outcome });
      return outcome;
    },
  };
});

const run = (name: string, args: Json = {}, on: ToolHost = host) => sandbox.call(name, args, on);

describe("ctx.call", () => {
  it("hands the tool's result to the guest and the arguments, as JSON, to the host", () => {
    expect(run("echo")).toMatchObject({
      ok: true,
      result: { echoed: { n: 1, nested: [true, null] } },
    });
    expect(run("noArgs")).toMatchObject({ ok: true, result: { echoed: {} } });
    expect(run("copied")).toMatchObject({
      ok: true,
      result: { echoed: { when: "1970-01-01T00:00:00.000Z" } },
    });
    expect(calls.map((c) => c.tool)).toEqual(["echo", "echo", "echo"]);
  });

  it("throws a failed tool as a ToolError the program can catch", () => {
    expect(run("catches")).toEqual({
      ok: true,
      result: {
        name: "ToolError",
        code: "not_found",
        message: "no tool missing",
        details: { tool: "missing" },
        isError: true,
      },
      fuel: expect.any(Number),
    });
  });

  it("makes an uncaught tool error the program's tool_error, details included", () => {
    expect(run("uncaught")).toMatchObject({
      ok: false,
      error: {
        kind: "tool_error",
        code: "not_found",
        message: "no tool missing",
        details: { tool: "missing" },
      },
    });
    expect(calls).toEqual([
      { tool: "missing", args: { id: 7 }, outcome: answer("missing", { id: 7 }) },
    ]);
  });

  it("refuses a tool name that is not a string and args that are not a plain object", () => {
    for (const name of ["badName", "arrayArgs", "toJsonArgs"]) {
      expect(run(name)).toMatchObject({
        ok: false,
        error: { kind: "runtime_error", name: "TypeError" },
      });
    }
    expect(calls).toEqual([]);
  });

  it("turns a host that throws into an Error in the guest", () => {
    expect(run("crash")).toMatchObject({ ok: true, result: "Error: the runner broke" });
  });

  it("is refused when the host has no call: ordinary tools reach data through SQL only", () => {
    const { call: _omitted, ...toolHost } = host;
    expect(run("echo", {}, toolHost)).toMatchObject({
      ok: false,
      error: {
        kind: "runtime_error",
        name: "Error",
        message: "ctx.call is only available to solution programs",
      },
    });
  });

  it("charges HOST_CALL_FUEL per call plus the size of the reply", () => {
    const few = run("loop", { n: 1 });
    const many = run("loop", { n: 41 });
    expect(many.fuel - few.fuel).toBeGreaterThanOrEqual(40 * HOST_CALL_FUEL);
    const small = run("big", { n: 10 });
    const large = run("big", { n: 40 * REPLY_CHARS_PER_FUEL });
    expect(large).toMatchObject({ ok: true, result: 40 * REPLY_CHARS_PER_FUEL });
    expect(large.fuel - small.fuel).toBeGreaterThanOrEqual(40);
    expect(run("loop", { n: 1_000_000 })).toMatchObject({
      ok: false,
      error: { kind: "limit_exceeded", limit: "fuel" },
    });
  });
});
