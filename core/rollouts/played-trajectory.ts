// The conversation of a rollout played without a model (the built-in `oracle` and `random`
// policies), in the same OpenAI shape as the agent loop writes: one assistant turn per call, its
// tool message formatted by the same code, then the final answer as JSON text (or DONE).
import type { Json } from "../base/json";
import type { ExecutedCall } from "../episode/tool-runner";
import type { AgentMessage } from "../llm/chat-schemas";
import { toolMessage } from "./tool-message";

export function messagesFromCalls(
  systemPrompt: string,
  instruction: string,
  calls: readonly ExecutedCall[],
  answer: Json | null,
): AgentMessage[] {
  const messages: AgentMessage[] = [
    { role: "system", content: systemPrompt },
    { role: "user", content: instruction },
  ];
  for (const [i, call] of calls.entries()) {
    const id = `call_${i}`;
    messages.push(
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id,
            type: "function",
            function: { name: call.tool, arguments: JSON.stringify(call.args) },
          },
        ],
      },
      toolMessage(id, call.outcome),
    );
  }
  messages.push({ role: "assistant", content: answer === null ? "DONE" : JSON.stringify(answer) });
  return messages;
}
