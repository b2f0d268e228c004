// Solution programs on the real Chinook environment: programs in their own QuickJS VM calling the
// real tools through the episode runner (runToolCall on better-sqlite3), on fresh copies of the seed
// made with rolled-back transactions, as synthesis runs them.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BetterSqliteDatabase } from "../../catalog/better-sqlite-database";
import { buildEnvironment } from "../../catalog/build-environment";
import { chinook } from "../../catalog/chinook/environment";
import type { EnvironmentSpec } from "../../core/environment/spec";
import { touchedTables } from "../../core/episode/change-tracking";
import { CLOCK_STEP_MS, type RuntimeToolDef } from "../../core/episode/episode-init";
import { diffAgainstSeed } from "../../core/episode/state-diff";
import type { ToolSandbox } from "../../core/sandbox/executor";
import { createQuickJsExecutor } from "../../core/sandbox/quickjs-executor";
import { createSeededHost } from "../../core/sandbox/seeded-host";
import { createEpisodeRunner } from "../../core/tasks/episode-runner";
import { loadSolutions, PROGRAM_LIMITS, type SolutionSet } from "../../core/tasks/solution-runner";
import { loadDatabase, rolledBack } from "../support/database-harness";

// The Workers types in tsconfig declare WebAssembly.Module abstract; in Node it is constructible.
const WasmModule = WebAssembly.Module as unknown as new (bytes: Uint8Array) => WebAssembly.Module;
const executor = createQuickJsExecutor(
  new WasmModule(readFileSync(new URL(import.meta.resolve("quickjs-wasi/quickjs.wasm")))),
);

const EPISODE = { seed: "solution-runner-test", clockStart: "2026-01-05T09:00:00.000Z" };
const NO_ARGS = { type: "object", properties: {}, additionalProperties: false };

const extraTool = (
  name: string,
  effect: "read" | "write",
  implementation: string,
): RuntimeToolDef => ({ name, description: name, inputSchema: NO_ARGS, effect, implementation });

const EXTRA_TOOLS = [
  // An ordinary tool that tries ctx.call: only solution programs may.
  extraTool("sneaky", "read", "(args, ctx) => ctx.call('get_customer', { customerId: 1 })"),
  // Writes, then fails: none of its writes may survive, even inside the caller's transaction.
  extraTool(
    "write_then_fail",
    "write",
    `(args, ctx) => {
       ctx.run("INSERT INTO Playlist (Name) VALUES ('Doomed')");
       ctx.fail("changed_my_mind", "wrote a playlist, then failed");
     }`,
  ),
  extraTool("clock", "read", "(args, ctx) => ctx.now()"),
];

const PROGRAMS = {
  maxInvoice: `(args, ctx) => {
    const found = ctx.call("find_customer", { email: "luisg@embraer.com.br" });
    const customerId = found.customers[0].customerId;
    const list = ctx.call("list_customer_invoices", { customerId, limit: 50 });
    let best = 0;
    for (const invoice of list.invoices) if (invoice.total > best) best = invoice.total;
    return best;
  }`,
  caught: `(args, ctx) => {
    try {
      return ctx.call("get_customer", { customerId: 9999 });
    } catch (err) {
      return { caught: err.code, name: err.name, message: err.message };
    }
  }`,
  uncaught: `(args, ctx) => ctx.call("get_customer", { customerId: 9999 })`,
  spins: "() => { while (true) {} }",
  throws: `() => { throw new Error("the program gave up"); }`,
  unknownTool: `(args, ctx) => {
    try { ctx.call("launch_rocket", {}); }
    catch (err) { return { code: err.code, available: err.details.available.length }; }
  }`,
  queries: `(args, ctx) => ctx.query("SELECT * FROM Customer")`,
  sneaky: `(args, ctx) => ctx.call("sneaky", {})`,
  sells: `(args, ctx) => {
    const [customer] = ctx.call("find_customer", { email: "luisg@embraer.com.br" }).customers;
    const invoice = ctx.call("create_invoice", {
      customerId: customer.customerId,
      lines: [{ trackId: 1 }, { trackId: 2, quantity: 2 }],
    });
    const playlist = ctx.call("create_playlist", { name: "Bought " + invoice.invoiceId, trackIds: [1, 2] });
    return { invoiceId: invoice.invoiceId, date: invoice.invoiceDate, total: invoice.total,
             playlist: playlist.playlistId, id: ctx.id("run"), now: ctx.now() };
  }`,
  clock: `(args, ctx) => {
    const seen = [ctx.call("clock", {})];
    try { ctx.call("clock", { extra: 1 }); } catch (err) { seen.push(err.code); }
    seen.push(ctx.call("clock", {}));
    return seen;
  }`,
  halfFails: `(args, ctx) => {
    ctx.call("create_playlist", { name: "Kept" });
    let refused = null;
    try { ctx.call("write_then_fail", {}); }
    catch (err) { refused = err.code; }
    return refused;
  }`,
  badSource: "(args, ctx) => {",
} as const;
type ProgramName = keyof typeof PROGRAMS;
const NAMES = Object.keys(PROGRAMS) as ProgramName[];

let spec: EnvironmentSpec;
let db: BetterSqliteDatabase;
let tools: RuntimeToolDef[];
let sandbox: ToolSandbox;
let solutions: SolutionSet;

beforeAll(async () => {
  spec = await buildEnvironment(chinook);
  db = loadDatabase(spec.schemaSql, spec.seed);
  tools = [...spec.tools.map(({ tests: _tests, ...tool }) => tool), ...EXTRA_TOOLS];
  sandbox = await executor.load(tools);
  solutions = await loadSolutions(executor, Object.values(PROGRAMS));
});

afterAll(() => {
  solutions?.dispose();
  sandbox?.dispose();
  db?.raw.close();
});

const runner = () =>
  createEpisodeRunner({
    sandbox,
    tools,
    db,
    episode: EPISODE,
    transaction: (fn) => db.transaction(fn),
  });
const programHost = () => createSeededHost(db, `program:${EPISODE.seed}`, EPISODE.clockStart);

/** Runs one program on a fresh copy of the seed, with the state change it made. */
function replay(name: ProgramName) {
  return rolledBack(db, () => {
    const run = solutions.run(NAMES.indexOf(name), runner(), programHost());
    return { run, changes: diffAgainstSeed(db, spec.seed, touchedTables(db)) };
  });
}

const plusSteps = (steps: number) =>
  new Date(Date.parse(EPISODE.clockStart) + steps * CLOCK_STEP_MS).toISOString();

describe("solution programs", () => {
  it("chains tool calls: finds a customer by email, lists the invoices, returns the max total", () => {
    const { run, changes } = replay("maxInvoice");
    const [gold] = db.query("SELECT MAX(Total) AS best FROM Invoice WHERE CustomerId = 1");
    expect(run).toMatchObject({ ok: true, answer: gold?.best });
    if (!run.ok) return;
    expect(run.calls.map(({ tool, args }) => ({ tool, args }))).toEqual([
      { tool: "find_customer", args: { email: "luisg@embraer.com.br" } },
      { tool: "list_customer_invoices", args: { customerId: 1, limit: 50 } },
    ]);
    expect(run.calls[0]?.outcome).toMatchObject({
      ok: true,
      result: { matches: 1, customers: [{ customerId: 1, firstName: "Luís" }] },
    });
    expect(run.calls[1]?.outcome).toMatchObject({ ok: true, result: { customerId: 1, total: 7 } });
    expect(changes).toEqual({});
  });

  it("lets a program catch a tool error and read its code", () => {
    const { run } = replay("caught");
    expect(run).toMatchObject({
      ok: true,
      answer: { caught: "not_found", name: "ToolError", message: "No customer with id 9999." },
      calls: [{ tool: "get_customer", outcome: { ok: false, error: { code: "not_found" } } }],
    });
  });

  it("makes an uncaught tool error the program's tool_error outcome", () => {
    expect(replay("uncaught").run).toEqual({
      ok: false,
      error: { kind: "tool_error", code: "not_found", message: "No customer with id 9999." },
      calls: [
        {
          tool: "get_customer",
          args: { customerId: 9999 },
          outcome: {
            ok: false,
            error: { code: "not_found", message: "No customer with id 9999." },
          },
        },
      ],
    });
  });

  it("stops a program that never ends on its fuel, and reports a thrown Error", () => {
    expect(replay("spins").run).toMatchObject({
      ok: false,
      error: {
        kind: "limit_exceeded",
        limit: "fuel",
        message: expect.stringContaining(String(PROGRAM_LIMITS.fuel)),
      },
    });
    expect(replay("throws").run).toEqual({
      ok: false,
      error: { kind: "runtime_error", name: "Error", message: "the program gave up" },
      calls: [],
    });
  });

  it("hands the runner's not_found for an unknown tool to the program", () => {
    expect(replay("unknownTool").run).toMatchObject({
      ok: true,
      answer: { code: "not_found", available: tools.length },
      calls: [{ tool: "launch_rocket", outcome: { ok: false, error: { code: "not_found" } } }],
    });
  });

  it("refuses ctx.query in a program, and ctx.call in an ordinary tool", () => {
    expect(replay("queries").run).toMatchObject({
      ok: false,
      error: {
        kind: "tool_error",
        code: "sql_error",
        message: expect.stringContaining("only through ctx.call"),
      },
      calls: [],
    });
    expect(replay("sneaky").run).toMatchObject({
      ok: false,
      error: {
        kind: "tool_error",
        code: "runtime_error",
        message: "Error: ctx.call is only available to solution programs",
      },
    });
  });

  it("reports a program whose source does not load by its index", () => {
    const index = NAMES.indexOf("badSource");
    expect([...solutions.loadErrors.keys()]).toEqual([index]);
    expect(solutions.loadErrors.get(index)).toMatch(/^SyntaxError/);
    expect(replay("badSource").run).toMatchObject({
      ok: false,
      error: { kind: "runtime_error", name: "LoadError" },
    });
    expect(() => solutions.run(NAMES.length, runner(), programHost())).toThrow(RangeError);
  });

  it("replays a writing program on fresh copies with identical answers and state changes", () => {
    const first = replay("sells");
    const second = replay("sells");
    expect(second).toEqual(first);
    expect(first.run).toMatchObject({
      ok: true,
      // The invoice was the second call: the episode clock had advanced two steps.
      answer: { date: plusSteps(2).slice(0, 19).replace("T", " "), total: 2.97 },
    });
    expect(Object.keys(first.changes).sort()).toEqual([
      "Invoice",
      "InvoiceLine",
      "Playlist",
      "PlaylistTrack",
    ]);
    expect(first.changes.InvoiceLine?.inserted).toHaveLength(2);
    expect(db.query("SELECT COUNT(*) AS n FROM Invoice")).toEqual([{ n: 412 }]);
  });

  it("keeps no partial writes of a failing call inside the caller's transaction", () => {
    const { run, changes } = replay("halfFails");
    expect(run).toMatchObject({ ok: true, answer: "changed_my_mind" });
    expect(changes.Playlist?.inserted).toEqual([{ PlaylistId: 19, Name: "Kept" }]);
    expect(db.query("SELECT COUNT(*) AS n FROM Playlist")).toEqual([{ n: 18 }]);
  });

  it("advances the episode clock CLOCK_STEP_MS per call, rejected calls included, as episodes do", () => {
    const { run } = replay("clock");
    expect(run).toMatchObject({
      ok: true,
      answer: [plusSteps(1), "invalid_arguments", plusSteps(3)],
    });
    if (!run.ok) return;
    expect(run.calls[1]?.outcome).toMatchObject({
      ok: false,
      error: { code: "invalid_arguments", details: { errors: expect.any(Array) } },
    });
  });
});
