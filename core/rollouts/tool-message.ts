// The `role: "tool"` message that answers one tool call, the same for the agent loop and for the
// conversations rebuilt from the built-in policies: the answer's text (a text result as itself,
// see core/episode/tool-answer-text.ts), capped so one huge result cannot swamp the conversation.
import { toolAnswerText } from "../episode/tool-answer-text";
import type { ToolOutcome } from "../episode/tool-runner";
import type { ToolMessage } from "../llm/chat-schemas";

/** The most characters one tool message carries; longer text is cut and marked. */
export const MAX_TOOL_MESSAGE_CHARS = 16_384;

export function toolMessage(toolCallId: string, outcome: ToolOutcome): ToolMessage {
  return { role: "tool", tool_call_id: toolCallId, content: capped(toolAnswerText(outcome)) };
}

/** `text` cut to MAX_TOOL_MESSAGE_CHARS with a note saying how much was left out. */
export function capped(text: string): string {
  if (text.length <= MAX_TOOL_MESSAGE_CHARS) return text;
  let head = text.slice(0, MAX_TOOL_MESSAGE_CHARS);
  // Never end on half of a surrogate pair: the message must stay valid UTF-16.
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  return `${head}\n[truncated: ${head.length} of ${text.length} characters shown]`;
}
