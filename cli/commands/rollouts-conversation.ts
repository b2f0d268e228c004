// A trajectory's conversation as readable text: each message under its role, the tool calls an
// assistant turn made with their arguments, tool results (cut unless asked in full), the answer
// and the reward's named components.
import type { z } from "zod";
import type { Trajectory } from "../api-schemas";
import { compactJson, oneLine, truncate } from "../output";

type TrajectoryView = z.infer<typeof Trajectory>;

/** Longest system prompt, tool result or argument text shown unless `full`. */
const CUT_AT = { system: 300, tool: 400, arguments: 400 };

export function conversationLines(trajectory: TrajectoryView, full: boolean): string[] {
  const cut = (text: string, max: number) => (full ? text : truncate(text, max));
  /** Tool results name their call by id; the call said which tool it was. */
  const toolOfCall = new Map<string, string>();
  const lines: string[] = [];
  for (const message of trajectory.messages) {
    const content = message.content ?? "";
    if (message.role === "system") {
      lines.push("[system]", ...indent(cut(content, CUT_AT.system)));
    } else if (message.role === "tool") {
      const id = message.tool_call_id ?? "";
      lines.push(`[tool ${toolOfCall.get(id) ?? "?"}] ${id}`.trimEnd());
      lines.push(...indent(full ? content : truncate(oneLine(content), CUT_AT.tool)));
    } else {
      lines.push(`[${message.role}]`);
      if (content !== "") lines.push(...indent(content));
      for (const call of message.tool_calls ?? []) {
        toolOfCall.set(call.id, call.function.name);
        const args = cut(oneLine(call.function.arguments), CUT_AT.arguments);
        lines.push(`  -> ${call.function.name}(${args})  ${call.id}`);
      }
    }
  }
  return lines;
}

/** The answer, the reward and each component as `name  score x weight  detail`. */
export function rewardLines(trajectory: TrajectoryView): string[] {
  const lines = [
    `answer   ${trajectory.answer === null || trajectory.answer === undefined ? "(none)" : compactJson(trajectory.answer)}`,
    `reward   ${trajectory.reward.toFixed(3)}`,
  ];
  const components = Object.entries(trajectory.components).flatMap(([name, component]) =>
    component ? [[name, component] as const] : [],
  );
  const width = Math.max(0, ...components.map(([name]) => name.length));
  for (const [name, c] of components) {
    lines.push(
      `  ${name.padEnd(width)}  ${c.score.toFixed(3)} x ${c.weight}  ${oneLine(c.detail)}`,
    );
  }
  const { missing, unexpected } = trajectory.diff;
  lines.push(`changes  ${missing.length} missing, ${unexpected.length} unexpected`);
  return lines;
}

function indent(text: string): string[] {
  return text.split("\n").map((line) => `  ${line}`);
}
