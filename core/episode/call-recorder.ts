// Where runToolCall writes a finished step: the call log row and the updated episode record,
// both inside the call's transaction.
import type { Result } from "../result";
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

export interface CallRecorder {
  find(idempotencyKey: string): Result<ToolCallResult> | null;
  append(record: EpisodeRecord, call: RecordedCall): void;
}
