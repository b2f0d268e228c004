// One tool call on an episode, start to finish: replay by idempotency key, step limit, the virtual
// clock, argument validation, the sandboxed call inside one transaction (a failing tool leaves no
// partial writes), and the call log. Pure: the EpisodeDO supplies storage and the sandbox.

import type { Json } from "../base/json";
import { validateArguments } from "../base/json-schema/validate-arguments";
import { fail, ok, type Result } from "../base/result";
import type { ExecutionError, ExecutionOutcome, ToolSandbox } from "../sandbox/executor";
import type { SeededHost, SeededHostState } from "../sandbox/seeded-host";
import type { CallRecorder } from "./call-recorder";
import { trackingCreatedTables } from "./change-tracking";
import { CLOCK_STEP_MS, type EpisodeRecord, type RuntimeToolDef } from "./episode-init";
import { replayStored } from "./idempotent-replay";
import type { SqlDatabase } from "./sql-database";
import type { ToolCallResult, ToolError } from "./tool-call";

export interface ToolCallRequest {
  tool: string;
  args: unknown;
  idempotencyKey?: string;
}

export interface ToolCallDeps {
  sandbox: () => ToolSandbox;
  /** The episode's database: tables a call creates get change tracking here. */
  db: SqlDatabase;
  tools: ReadonlyMap<string, RuntimeToolDef>;
  record: EpisodeRecord;
  recorder: CallRecorder;
  /** Runs `fn` in one storage transaction; a throw rolls everything back. */
  transaction<T>(fn: () => T): T;
  /** The episode's host (clock, randomness, ids) restored from the record's state. */
  restoreHost(state: SeededHostState): SeededHost;
  wallClockMs(): number;
}

class RollbackCall extends Error {
  constructor(readonly outcome: Extract<ExecutionOutcome, { ok: false }>) {
    super("rollback");
  }
}

export function runToolCall(deps: ToolCallDeps, request: ToolCallRequest): Result<ToolCallResult> {
  const { record, recorder } = deps;
  if (request.idempotencyKey) {
    const stored = recorder.find(request.idempotencyKey);
    if (stored) return replayStored(stored, { ...request, idempotencyKey: request.idempotencyKey });
  }
  if (record.step >= record.limits.maxSteps) {
    return fail(
      "step_limit_reached",
      `The episode reached its limit of ${record.limits.maxSteps} steps.`,
      {
        maxSteps: record.limits.maxSteps,
      },
    );
  }
  const started = deps.wallClockMs();
  const host = deps.restoreHost(record.host);
  host.clock.advance(CLOCK_STEP_MS);
  const step = record.step + 1;
  const at = host.now();
  const base = { episodeId: record.episodeId, step, tool: request.tool, at, replayed: false };
  const nextRecord = (): EpisodeRecord => ({ ...record, step, host: host.state() });
  const finish = (response: Result<ToolCallResult>, fuel: number, durationMs: number) =>
    recorder.append(nextRecord(), { ...request, step, at, response, fuel, durationMs });

  const rejection = rejectCall(deps.tools, request);
  if (rejection) {
    deps.transaction(() => finish(rejection, 0, deps.wallClockMs() - started));
    return rejection;
  }

  const args = request.args as Json;
  try {
    return deps.transaction(() => {
      const readOnly = deps.tools.get(request.tool)?.effect === "read";
      const before = readOnly ? totalChanges(deps.db) : 0;
      const outcome = trackingCreatedTables(deps.db, () =>
        deps.sandbox().call(request.tool, args, host),
      );
      if (!outcome.ok) throw new RollbackCall(outcome);
      // The guard refuses a read tool's writes before they run; this is the backstop, whatever
      // got past it: a read call that changed a row is rolled back as a tool error.
      if (readOnly && totalChanges(deps.db) !== before)
        throw new RollbackCall(readOnlyBreach(outcome.fuel));
      const durationMs = deps.wallClockMs() - started;
      const response = ok<ToolCallResult>({
        ...base,
        ok: true,
        result: outcome.result,
        fuel: outcome.fuel,
        durationMs,
      });
      finish(response, outcome.fuel, durationMs);
      return response;
    });
  } catch (err) {
    if (!(err instanceof RollbackCall)) throw err;
    const { error, fuel } = err.outcome;
    const durationMs = deps.wallClockMs() - started;
    const response = ok<ToolCallResult>({
      ...base,
      ok: false,
      error: toToolError(error),
      fuel,
      durationMs,
    });
    deps.transaction(() => finish(response, fuel, durationMs));
    return response;
  }
}

function totalChanges(db: SqlDatabase): number {
  return Number(db.query("SELECT total_changes() AS n")[0]?.n ?? 0);
}

function readOnlyBreach(fuel: number): Extract<ExecutionOutcome, { ok: false }> {
  const message =
    "This tool is declared `effect: read` but its call changed the database; the change was rolled back.";
  return {
    ok: false,
    fuel,
    error: {
      kind: "tool_error",
      code: "read_only",
      message,
      details: { reason: "read_only_tool" },
    },
  };
}

function rejectCall(tools: ReadonlyMap<string, RuntimeToolDef>, request: ToolCallRequest) {
  const tool = tools.get(request.tool);
  if (!tool) {
    return fail("not_found", `This environment has no tool named "${request.tool}".`, {
      tool: request.tool,
      available: [...tools.keys()],
    });
  }
  const verdict = validateArguments(tool.inputSchema, request.args);
  if (!verdict.valid) {
    return fail(
      "invalid_arguments",
      `The arguments for "${request.tool}" do not match its input schema.`,
      {
        errors: verdict.errors,
      },
    );
  }
  return null;
}

export function toToolError(error: ExecutionError): ToolError {
  switch (error.kind) {
    case "tool_error":
      return {
        code: error.code,
        message: error.message,
        ...(error.details === undefined ? {} : { details: error.details }),
      };
    case "limit_exceeded":
      return { code: "limit_exceeded", message: error.message, details: { limit: error.limit } };
    case "runtime_error":
      return { code: "runtime_error", message: `${error.name}: ${error.message}` };
  }
}
