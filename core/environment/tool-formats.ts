// One tool, three wire formats agents use: OpenAI Chat Completions, OpenAI Responses, and MCP.

import type { Json } from "../base/json";
import type { RuntimeTool } from "./spec";

export type ToolFormat = "openai" | "responses" | "mcp";

export interface OpenAIChatTool {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, Json> };
}

export interface OpenAIResponsesTool {
  type: "function";
  name: string;
  description: string;
  parameters: Record<string, Json>;
  strict: false;
}

export interface McpTool {
  name: string;
  description: string;
  inputSchema: Record<string, Json>;
  outputSchema?: Record<string, Json>;
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean };
}

type DescribedTool = Pick<
  RuntimeTool,
  "name" | "description" | "inputSchema" | "outputSchema" | "effect"
>;

export function toOpenAIChatTool(tool: DescribedTool): OpenAIChatTool {
  return {
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
  };
}

export function toOpenAIResponsesTool(tool: DescribedTool): OpenAIResponsesTool {
  return {
    type: "function",
    name: tool.name,
    description: tool.description,
    parameters: tool.inputSchema,
    strict: false,
  };
}

export function toMcpTool(tool: DescribedTool): McpTool {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    annotations: {
      readOnlyHint: tool.effect === "read",
      destructiveHint: tool.effect === "write",
      idempotentHint: tool.effect === "read",
    },
  };
}

export function formatTools(tools: readonly DescribedTool[], format: ToolFormat): unknown[] {
  if (format === "openai") return tools.map(toOpenAIChatTool);
  if (format === "responses") return tools.map(toOpenAIResponsesTool);
  return tools.map(toMcpTool);
}
