// The sandbox boundary: generated tool code runs behind `Executor`, never in the host isolate.
// One backend per file (quickjs-executor.ts today; a Worker Loader backend can follow).

import type { Json } from "../base/json";
import type { SqlDatabase } from "../episode/sql-database";
import type { ToolOutcome } from "../episode/tool-runner";

/** What the guest's `ctx` reaches on the host; all synchronous and deterministic. */
export interface ToolHost {
  db: SqlDatabase;
  /** The episode's virtual clock, ISO 8601. */
  now(): string;
  /** The episode's seeded PRNG, in [0, 1). */
  random(): number;
  /** A deterministic identifier drawn from the episode's seed, e.g. `ord_3f9a1c2b`. */
  id(prefix?: string): string;
  /**
   * Calls one of the environment's tools for the guest's `ctx.call`. Only a solution program's
   * host has it (core/tasks/solution-runner.ts); ordinary tools reach data through SQL alone.
   */
  call?(tool: string, args: Record<string, Json>): ToolOutcome;
}

export interface ExecutionLimits {
  /** Interrupt-handler ticks a call may use before it is stopped. */
  fuel: number;
  memoryBytes: number;
  stackBytes: number;
  /** Size of the JSON result a call may return. */
  resultBytes: number;
}

export type ExecutionError =
  | { kind: "tool_error"; code: string; message: string; details?: Json }
  | {
      kind: "limit_exceeded";
      limit: "fuel" | "memory" | "stack" | "result_size";
      message: string;
    }
  | { kind: "runtime_error"; name: string; message: string };

export type ExecutionOutcome =
  | { ok: true; result: Json; fuel: number }
  | { ok: false; error: ExecutionError; fuel: number };

export interface LoadableTool {
  name: string;
  /**
   * What the tool declared. A `read` tool's SQL may not write (`read_only`); either way the host's
   * SQL guard (sql-guard.ts) refuses the platform's tables, schema changes other than CREATE TABLE
   * of a new table, and statements too costly for the call's fuel. Absent (solution programs,
   * tests of the sandbox itself): treated as `write`.
   */
  effect?: "read" | "write";
  /**
   * JavaScript source of one function expression, `(args, ctx) => result` or
   * `function name(args, ctx) { ... }` (async allowed; a trailing `;` is fine). It runs in strict
   * mode, re-evaluated on every call, and gets `args` (the call's JSON arguments) and a frozen `ctx`:
   *
   * - `ctx.query(sql, params?)` → row objects; `ctx.one(sql, params?)` → the first row or `null`;
   *   `ctx.run(sql, params?)` → `{ changes, lastInsertRowid }`. Params are bound, never spliced:
   *   strings, finite numbers, `null` (`undefined` too), booleans (as 1/0), `{ $base64 }` for a
   *   BLOB. BLOB columns come back as `{ $base64: "..." }`. A SQL failure throws an Error whose
   *   `code` is `constraint_unique`, `constraint_foreign_key`, `constraint_not_null`,
   *   `constraint_check` or `sql_error` (see sql-errors.ts), or, for a statement the host's guard
   *   refused before running it, `sql_refused`, `read_only` or `limit_exceeded` (with `details`);
   *   uncaught, it is the call's tool_error.
   * - `ctx.fail(code, message?, details?)` throws; the call's outcome is
   *   `{ kind: "tool_error", code, message, details }` (details must be JSON).
   * - `ctx.now()` → the virtual clock as ISO 8601; `new Date()` and `Date.now()` read it too (UTC).
   * - `ctx.random()` → [0, 1) from the episode's PRNG, the same stream as `Math.random()`.
   * - `ctx.id(prefix?)` → a deterministic unique id such as `ord_3f9a1c2b`.
   * - `ctx.call(tool, args?)` → the tool's JSON result, for solution programs only (their host has
   *   `call`; elsewhere it throws). `args` is a plain object, copied as JSON. A failing tool throws
   *   a `ToolError` with its `code`, `message` and `details`; uncaught, it is the call's tool_error.
   *
   * The return value must be JSON-serialisable (`undefined` becomes `null`). There is no I/O, no
   * timers, no `eval` or `Function()`, and every intrinsic is frozen.
   */
  implementation: string;
}

/** The tools of one episode loaded into one VM, kept for the episode's life. */
export interface ToolSandbox {
  /**
   * Tools whose source did not load (a syntax error, not one function expression, not evaluating
   * to a function, or throwing / running out of a limit while evaluated), with the reason; calling
   * one gives a runtime_error named `LoadError`.
   */
  readonly loadErrors: ReadonlyMap<string, string>;
  /** Runs one tool synchronously, so the caller can wrap it in a storage transaction. */
  call(
    tool: string,
    args: Json,
    host: ToolHost,
    limits?: Partial<ExecutionLimits>,
  ): ExecutionOutcome;
  dispose(): void;
}

export interface Executor {
  load(tools: readonly LoadableTool[], limits?: Partial<ExecutionLimits>): Promise<ToolSandbox>;
}
