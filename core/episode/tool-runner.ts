// How synthesis, solution programs and built-in policies call an environment's tools: one
// synchronous call at a time against whatever state the caller set up (a rolled-back transaction
// in a scratch object, or a live episode).
import type { Json } from "../base/json";

export type ToolOutcome =
  | { ok: true; result: Json }
  | { ok: false; error: { code: string; message: string; details?: Json } };

export interface ToolRunner {
  call(tool: string, args: Record<string, Json>): ToolOutcome;
}

export interface ExecutedCall {
  tool: string;
  args: Record<string, Json>;
  outcome: ToolOutcome;
}

/** A runner that remembers every call it forwards, in order. */
export function recordingRunner(inner: ToolRunner): ToolRunner & { calls: ExecutedCall[] } {
  const calls: ExecutedCall[] = [];
  return {
    calls,
    call(tool, args) {
      const outcome = inner.call(tool, args);
      calls.push({ tool, args, outcome });
      return outcome;
    },
  };
}
