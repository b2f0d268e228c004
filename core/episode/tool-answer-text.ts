// The text a model reads for one tool answer, the same on every face (the agent loop and built-in
// policies' conversations, the `tool_calls` route, MCP `content`): a text result is its own text,
// anything else compact JSON, a failure `{"error":{code,message,details?}}` as compact JSON.
// Encoding a text result as JSON would hand the model a quoted literal with escaped newlines.
import type { Json } from "../base/json";

export interface ToolAnswerError {
  code: string;
  message: string;
  /** JSON-ready: tool errors carry Json, the platform's own failures plain data. */
  details?: unknown;
}

export type ToolAnswer = { ok: true; result?: Json } | { ok: false; error: ToolAnswerError };

export function toolResultText(result: Json | undefined): string {
  return typeof result === "string" ? result : JSON.stringify(result ?? null);
}

export function toolErrorText(error: ToolAnswerError): string {
  const { code, message, details } = error;
  return JSON.stringify({
    error: { code, message, ...(details === undefined ? {} : { details }) },
  });
}

export function toolAnswerText(answer: ToolAnswer): string {
  return answer.ok ? toolResultText(answer.result) : toolErrorText(answer.error);
}
