// A tool call's arguments written as JSON text (OpenAI `function.arguments`), read by the strict
// reader. Shared by the tool_calls route, OpenEnv's OpenAI-style action and the rollout agent loop,
// so a model's text is judged the same way on every face.
import type { Json } from "./json";
import { readJson } from "./json-input";
import { fail, ok, type Result } from "./result";

/**
 * `""` means no arguments (some servers send it); the tool's schema still judges `{}`. A refusal
 * is `invalid_arguments` with the reader's code as `reason` and its details (limit, path).
 */
export function readArgumentsText(text: string, tool: string): Result<Json> {
  if (text.trim() === "") return ok({});
  const read = readJson(text);
  if (read.ok) return read;
  const { code, message, details } = read.error;
  const detail = typeof details === "object" && details !== null ? details : {};
  const what =
    code === "invalid_json"
      ? `are not valid JSON (${"reason" in detail ? String(detail.reason) : message}).`
      : `are refused: ${message}`;
  return fail("invalid_arguments", `The arguments for "${tool}" ${what}`, {
    ...detail,
    reason: code,
    arguments: text.slice(0, 200),
  });
}
