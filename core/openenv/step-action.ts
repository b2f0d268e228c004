// What `POST .../openenv/step` accepts as `action`, and its one normal form. Four spellings of the
// same call are in use: ours `{tool, arguments}`, OpenEnv's MCP actions `{type:"call_tool",
// tool_name, arguments}` and `{type:"list_tools"}`, and an OpenAI Chat Completions tool call.
// The shape is checked here (a bad shape is a 400); the arguments are checked by the tool's input
// schema inside the episode (bad arguments are a step whose observation carries the error).
import { z } from "zod";
import type { Json } from "../base/json";
import { readArgumentsText } from "../base/json-arguments";
import type { ToolError } from "../episode/tool-call";

const Metadata = z.record(z.string(), z.unknown()).optional();

const ToolAction = z.strictObject({
  tool: z.string().min(1),
  arguments: z.unknown().optional(),
  metadata: Metadata,
});

const CallToolAction = z.strictObject({
  type: z.literal("call_tool").optional(),
  tool_name: z.string().min(1),
  arguments: z.unknown().optional(),
  metadata: Metadata,
});

const ListToolsAction = z.strictObject({ type: z.literal("list_tools"), metadata: Metadata });

/** Loose: SDKs add fields (`index`, `call_id`) to the tool calls they hand over. */
const OpenAIToolCallAction = z.looseObject({
  id: z.string().optional(),
  type: z.literal("function").optional(),
  function: z.looseObject({ name: z.string().min(1), arguments: z.unknown().optional() }),
});

export const ActionSchema = z.union(
  [ToolAction, CallToolAction, ListToolsAction, OpenAIToolCallAction],
  {
    error:
      'action must be {tool, arguments}, {type:"call_tool", tool_name, arguments}, {type:"list_tools"}, or an OpenAI tool call {type:"function", function:{name, arguments}}',
  },
);

/** OpenEnv's StepRequest: extra fields are allowed; `request_id` doubles as the idempotency key. */
export const StepRequestSchema = z.looseObject({
  action: ActionSchema,
  request_id: z.string().min(1).max(200).optional(),
  timeout_s: z.number().positive().optional(),
});

export type Action = z.infer<typeof ActionSchema>;
export type StepRequest = z.infer<typeof StepRequestSchema>;

export type StepAction =
  | { kind: "call"; tool: string; args: unknown }
  | { kind: "list_tools" }
  /** An OpenAI tool call whose `arguments` string is not JSON: the model's mistake, shown to it. */
  | { kind: "unparsable"; tool: string; error: ToolError };

export function toStepAction(action: Action): StepAction {
  // The OpenAI variant first: it is a loose object, so the other checks would match it too.
  if ("function" in action) return fromOpenAI(action.function.name, action.function.arguments);
  if ("tool" in action) return { kind: "call", tool: action.tool, args: action.arguments ?? {} };
  if ("tool_name" in action) {
    return { kind: "call", tool: action.tool_name, args: action.arguments ?? {} };
  }
  return { kind: "list_tools" };
}

function fromOpenAI(tool: string, raw: unknown): StepAction {
  if (typeof raw !== "string") return { kind: "call", tool, args: raw ?? {} };
  const args = readArgumentsText(raw, tool);
  if (args.ok) return { kind: "call", tool, args: args.value };
  const { code, message, details } = args.error;
  // The reader's details are plain JSON: a reason, a limit, a path, the text's start.
  return { kind: "unparsable", tool, error: { code, message, details: details as Json } };
}
