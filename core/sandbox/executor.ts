// The sandbox boundary: generated tool code runs behind `Executor`, never in the host isolate.
// One backend per file (quickjs-executor.ts today; a Worker Loader backend can follow).

import type { SqlDatabase } from "../episode/sql-database";
import type { Json } from "../json";

/** What the guest's `ctx` reaches on the host; all synchronous and deterministic. */
export interface ToolHost {
  db: SqlDatabase;
  /** The episode's virtual clock, ISO 8601. */
  now(): string;
  /** The episode's seeded PRNG, in [0, 1). */
  random(): number;
  /** A deterministic identifier drawn from the episode's seed, e.g. `ord_3f9a1c2b`. */
  id(prefix?: string): string;
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
  implementation: string;
}

/** The tools of one episode loaded into one VM, kept for the episode's life. */
export interface ToolSandbox {
  /** Tools whose source did not compile, with the reason; calling them gives a runtime_error. */
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
