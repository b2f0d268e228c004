// A ToolRunner that is a live episode in miniature: every call goes through `runToolCall`, the code
// the EpisodeDO runs, with the episode record and call log kept in memory. Same seed and clock start,
// same calls: the same results and the same state as on a real episode (validation, the virtual
// clock advancing CLOCK_STEP_MS per call, seeded ids and random numbers, all-or-nothing writes).

import type { Json } from "../base/json";
import type { Result } from "../base/result";
import type { CallRecorder } from "../episode/call-recorder";
import type { EpisodeRecord, RuntimeToolDef } from "../episode/episode-init";
import { runToolCall } from "../episode/run-tool-call";
import type { SqlDatabase } from "../episode/sql-database";
import type { ToolCallResult } from "../episode/tool-call";
import type { ToolOutcome, ToolRunner } from "../episode/tool-runner";
import type { ToolSandbox } from "../sandbox/executor";
import { createSeededHost, restoreSeededHost } from "../sandbox/seeded-host";

export interface EpisodeRunnerDeps {
  /** The environment's tools, loaded. */
  sandbox: ToolSandbox;
  tools: readonly RuntimeToolDef[];
  db: SqlDatabase;
  /** What the episodes bound to the task will use. */
  episode: { seed: string; clockStart: string };
  /**
   * Runs `fn` in one storage transaction that a throw rolls back, and that nests: the runner is
   * usually called inside an outer transaction the caller rolls back (better-sqlite3's
   * `db.transaction` and the DO's `ctx.storage.transactionSync` both nest with savepoints).
   */
  transaction<T>(fn: () => T): T;
}

/** Enough steps for any synthesis attempt; a real episode's cap is set when it is opened. */
const MAX_STEPS = 100_000;

export function createEpisodeRunner(deps: EpisodeRunnerDeps): ToolRunner {
  const tools = new Map(deps.tools.map((tool) => [tool.name, tool]));
  let record = initialRecord(deps);
  const recorder: CallRecorder = {
    // Solution programs send no idempotency keys, so there is never a stored answer to replay.
    find: () => null,
    append: (next) => {
      pending = next;
    },
  };
  // The record written with a call, kept once its transaction has returned (as the EpisodeDO does).
  let pending: EpisodeRecord | null = null;

  return {
    call(tool, args) {
      pending = null;
      const result = runToolCall(
        {
          sandbox: () => deps.sandbox,
          db: deps.db,
          tools,
          record,
          recorder,
          transaction: deps.transaction,
          restoreHost: (state) => restoreSeededHost(deps.db, state),
          wallClockMs: () => Date.now(),
        },
        { tool, args },
      );
      if (pending) record = pending;
      return toToolOutcome(result);
    },
  };
}

/**
 * A tool call's answer as a ToolOutcome: a rejection (`not_found`, `invalid_arguments`,
 * `step_limit_reached`) or a failed tool is `{ ok: false, error }`, a result `{ ok: true, result }`.
 */
export function toToolOutcome(result: Result<ToolCallResult>): ToolOutcome {
  if (!result.ok) return failure(result.error);
  const { value } = result;
  if (!value.ok) return failure(value.error ?? { code: "unknown", message: "the call failed" });
  return { ok: true, result: value.result ?? null };
}

function initialRecord(deps: EpisodeRunnerDeps): EpisodeRecord {
  const { seed, clockStart } = deps.episode;
  return {
    episodeId: "synthesis",
    ownerKeyId: "synthesis",
    environment: { name: "synthesis", version: "0", contentHash: "" },
    seedRef: { inline: "{}" },
    seed,
    clockStart,
    limits: { ttlSeconds: 7 * 24 * 3600, maxSteps: MAX_STEPS },
    createdAt: clockStart,
    expiresAt: clockStart,
    step: 0,
    host: createSeededHost(deps.db, seed, clockStart).state(),
    tables: 0,
    rows: 0,
  };
}

// Details cross the DO's RPC boundary as JSON; the copy gives them the same shape here.
function failure(error: { code: string; message: string; details?: unknown }): ToolOutcome {
  const details: Json | undefined =
    error.details === undefined ? undefined : JSON.parse(JSON.stringify(error.details) ?? "null");
  return {
    ok: false,
    error: {
      code: error.code,
      message: error.message,
      ...(details === undefined ? {} : { details }),
    },
  };
}
