// The episode's call log: one row per step with arguments, outcome, fuel and timing. Written in the
// same transaction as the call's effects; an idempotency key maps a retry to the stored answer,
// and the stored tool and arguments tell a retry from a different request under the same key.
import { z } from "zod";
import { JsonSchema } from "../../core/base/json";
import type { Result } from "../../core/base/result";
import type { StoredCall } from "../../core/episode/call-recorder";
import type { SqlDatabase } from "../../core/episode/sql-database";
import type { ToolCallResult } from "../../core/episode/tool-call";

// `seq` orders the whole history; `step` restarts after a reset or a snapshot restore.
export const CALL_LOG_DDL = `CREATE TABLE IF NOT EXISTS _aw_calls (
  seq INTEGER PRIMARY KEY,
  step INTEGER NOT NULL,
  tool TEXT NOT NULL,
  args TEXT NOT NULL,
  ok INTEGER NOT NULL,
  response TEXT NOT NULL,
  fuel INTEGER NOT NULL,
  duration_ms REAL NOT NULL,
  at TEXT NOT NULL,
  idempotency_key TEXT UNIQUE
)`;

export interface CallLogEntry {
  step: number;
  tool: string;
  args: unknown;
  response: Result<ToolCallResult>;
  fuel: number;
  durationMs: number;
  at: string;
  idempotencyKey?: string;
}

export const CallLogRowSchema = z.object({
  seq: z.number(),
  step: z.number(),
  tool: z.string(),
  args: JsonSchema,
  ok: z.boolean(),
  result: JsonSchema.optional(),
  error: z
    .object({ code: z.string(), message: z.string(), details: z.unknown().optional() })
    .optional(),
  fuel: z.number(),
  durationMs: z.number(),
  at: z.string(),
  idempotencyKey: z.string().optional(),
});
export type CallLogRow = z.infer<typeof CallLogRowSchema>;

export function appendCall(db: SqlDatabase, entry: CallLogEntry): void {
  db.run(
    `INSERT INTO _aw_calls (step, tool, args, ok, response, fuel, duration_ms, at, idempotency_key)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      entry.step,
      entry.tool,
      JSON.stringify(entry.args ?? null),
      entry.response.ok && entry.response.value.ok ? 1 : 0,
      JSON.stringify(entry.response),
      entry.fuel,
      entry.durationMs,
      entry.at,
      entry.idempotencyKey ?? null,
    ],
  );
}

/** The stored call: its tool and arguments are the request's fingerprint, compared on reuse. */
export function findByIdempotencyKey(db: SqlDatabase, key: string): StoredCall | null {
  const row = db.query("SELECT tool, args, response FROM _aw_calls WHERE idempotency_key = ?", [
    key,
  ])[0];
  if (!row || typeof row.response !== "string") return null;
  return {
    tool: String(row.tool),
    args: JSON.parse(String(row.args)),
    response: JSON.parse(row.response) as Result<ToolCallResult>,
  };
}

/** Calls after sequence number `afterSeq`, oldest first. */
export function listCalls(db: SqlDatabase, afterSeq: number, limit: number): CallLogRow[] {
  const rows = db.query(
    `SELECT seq, step, tool, args, response, fuel, duration_ms, at, idempotency_key
     FROM _aw_calls WHERE seq > ? ORDER BY seq LIMIT ?`,
    [afterSeq, limit],
  );
  return rows.map((row) => {
    const response = JSON.parse(String(row.response)) as Result<ToolCallResult>;
    const outcome = response.ok
      ? { ok: response.value.ok, result: response.value.result, error: response.value.error }
      : { ok: false, error: response.error };
    return CallLogRowSchema.parse({
      seq: row.seq,
      step: row.step,
      tool: row.tool,
      args: JSON.parse(String(row.args)),
      ...outcome,
      fuel: row.fuel,
      durationMs: row.duration_ms,
      at: row.at,
      ...(row.idempotency_key ? { idempotencyKey: row.idempotency_key } : {}),
    });
  });
}

/** A reset or restore starts a new trajectory: earlier idempotency keys must not replay into it. */
export function forgetIdempotencyKeys(db: SqlDatabase): void {
  db.run("UPDATE _aw_calls SET idempotency_key = NULL WHERE idempotency_key IS NOT NULL");
}
