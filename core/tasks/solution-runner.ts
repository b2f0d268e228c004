// Runs solution programs: JavaScript `(args, ctx) => answer` that reaches the environment only
// through `ctx.call(tool, args)`. The programs are loaded into their own sandbox VM (never the one
// holding the environment's tools, which `ctx.call` reaches through a ToolRunner), each call they
// make is recorded in order, and a program that fails is an outcome, not a throw.

import type { Json } from "../base/json";
import type { SqlDatabase } from "../episode/sql-database";
import { type ExecutedCall, recordingRunner, type ToolRunner } from "../episode/tool-runner";
import type {
  ExecutionError,
  ExecutionLimits,
  Executor,
  ToolHost,
  ToolSandbox,
} from "../sandbox/executor";

/**
 * Programs loop over tool results, so they get ten times a tool's fuel. Each `ctx.call` costs one
 * tick plus one per 2 KiB of result; the tool's own work is charged to the tool's own limits.
 */
export const PROGRAM_LIMITS: Partial<ExecutionLimits> = { fuel: 20_000 };

/** The clock, randomness and ids a program sees directly (`ctx.now`, `Math.random`, `ctx.id`). */
export interface ProgramHost {
  now(): string;
  random(): number;
  id(prefix?: string): string;
}

export type SolutionRun =
  | { ok: true; answer: Json; calls: ExecutedCall[] }
  | { ok: false; error: ExecutionError; calls: ExecutedCall[] };

export interface SolutionSet {
  /** Programs whose source did not load, by index, with the reason; running one fails. */
  readonly loadErrors: ReadonlyMap<number, string>;
  /** Runs program `index` with `{}` as its args, its `ctx.call` going to `runner`. */
  run(index: number, runner: ToolRunner, host: ProgramHost): SolutionRun;
  dispose(): void;
}

export async function loadSolutions(
  executor: Executor,
  programs: readonly string[],
): Promise<SolutionSet> {
  const sandbox = await executor.load(
    programs.map((implementation, index) => ({ name: programName(index), implementation })),
    PROGRAM_LIMITS,
  );
  const loadErrors = new Map<number, string>();
  programs.forEach((_, index) => {
    const reason = sandbox.loadErrors.get(programName(index));
    if (reason !== undefined) loadErrors.set(index, reason);
  });
  return {
    loadErrors,
    run: (index, runner, host) => {
      if (!Number.isInteger(index) || index < 0 || index >= programs.length) {
        throw new RangeError(`no solution program ${index}: ${programs.length} were loaded`);
      }
      return runProgram(sandbox, programName(index), runner, host);
    },
    dispose: () => sandbox.dispose(),
  };
}

function runProgram(
  sandbox: ToolSandbox,
  name: string,
  runner: ToolRunner,
  host: ProgramHost,
): SolutionRun {
  const recording = recordingRunner(runner);
  const programHost: ToolHost = {
    db: NO_DATABASE,
    now: () => host.now(),
    random: () => host.random(),
    id: (prefix) => host.id(prefix),
    call: (tool, args) => recording.call(tool, args),
  };
  const outcome = sandbox.call(name, {}, programHost, PROGRAM_LIMITS);
  if (outcome.ok) return { ok: true, answer: outcome.result, calls: recording.calls };
  return { ok: false, error: outcome.error, calls: recording.calls };
}

function programName(index: number): string {
  return `solution_${index}`;
}

const SQL_REFUSED =
  "solution programs reach data only through ctx.call(tool, args); ctx.query, ctx.one and ctx.run are not available";

/** What a program's `ctx.query/one/run` reach: every statement is refused (a `sql_error`). */
const NO_DATABASE: SqlDatabase = {
  query() {
    throw new Error(SQL_REFUSED);
  },
  run() {
    throw new Error(SQL_REFUSED);
  },
};
