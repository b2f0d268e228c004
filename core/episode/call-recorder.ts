// Where runToolCall writes a finished step: the call log row and the updated episode record,
// both inside the call's transaction.
import type { Result } from "../base/result";
import type { EpisodeRecord } from "./episode-init";
import type { ToolCallResult } from "./tool-call";

export interface RecordedCall {
  step: number;
  tool: string;
  args: unknown;
  idempotencyKey?: string;
  at: string;
  response: Result<ToolCallResult>;
  fuel: number;
  durationMs: number;
}

/** The call stored under an idempotency key: what was asked and what it answered. */
export interface StoredCall {
  tool: string;
  args: unknown;
  response: Result<ToolCallResult>;
}

export interface CallRecorder {
  find(idempotencyKey: string): StoredCall | null;
  append(record: EpisodeRecord, call: RecordedCall): void;
}
