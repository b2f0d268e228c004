// A tool call's `arguments` as the model wrote them (JSON text) read into the object a tool takes.
// Text that is not a JSON object never reaches the episode: the model gets an error to fix instead.
import type { Json } from "../base/json";
import { readArgumentsText } from "../base/json-arguments";
import type { ToolOutcome } from "../episode/tool-runner";
import type { AssistantToolCall } from "../llm/chat-schemas";

export const INVALID_JSON_ARGUMENTS = "invalid_json_arguments";

export type ParsedArguments =
  | { ok: true; args: Record<string, Json> }
  | { ok: false; outcome: Extract<ToolOutcome, { ok: false }> };

export function parseToolArguments(call: AssistantToolCall): ParsedArguments {
  const { name, arguments: text } = call.function;
  // Some servers send "" for a call without arguments; the tool's schema still judges `{}`.
  if (text.trim() === "") return { ok: true, args: {} };
  // The strict reader: too deep, 1e400 or a `__proto__` key is refused like text that is not JSON.
  const read = readArgumentsText(text, name);
  if (!read.ok) return invalid(`${read.error.message} Send a JSON object.`);
  const value = read.value;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    const got = value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;
    return invalid(`The arguments for "${name}" must be a JSON object, not ${got}.`);
  }
  return { ok: true, args: value as Record<string, Json> };
}

function invalid(message: string): ParsedArguments {
  return { ok: false, outcome: { ok: false, error: { code: INVALID_JSON_ARGUMENTS, message } } };
}
