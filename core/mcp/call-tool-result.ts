// An episode's tool-call outcome as an MCP `CallToolResult`: the answer's text for every client
// (a text result as itself, anything else compact JSON: core/episode/tool-answer-text.ts),
// `structuredContent` when the result is an object (MCP requires an object there), and `isError`
// for failures, which carry `{"error":{code,message,details}}` like the episode's `role: tool` replies.

import type { Json } from "../base/json";
import { toolErrorText, toolResultText } from "../episode/tool-answer-text";
import type { ToolCallResult, ToolError } from "../episode/tool-call";

export interface CallToolResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  structuredContent?: { [key: string]: Json };
  isError: boolean;
  _meta?: Record<string, Json>;
}

export function callToolResultOf(call: ToolCallResult): CallToolResult {
  const meta = {
    "agent-world/step": call.step,
    "agent-world/fuel": call.fuel,
    "agent-world/at": call.at,
    "agent-world/replayed": call.replayed,
  };
  if (!call.ok) {
    const error = call.error ?? { code: "tool_error", message: "The tool failed." };
    return { ...toolErrorResult(error), _meta: meta };
  }
  const result = call.result ?? null;
  return {
    content: [{ type: "text", text: toolResultText(result) }],
    ...(isJsonObject(result) ? { structuredContent: result } : {}),
    isError: false,
    _meta: meta,
  };
}

export function toolErrorResult(error: ToolError): CallToolResult {
  return { content: [{ type: "text", text: toolErrorText(error) }], isError: true };
}

function isJsonObject(value: Json): value is { [key: string]: Json } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
