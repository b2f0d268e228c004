// An episode's tools as MCP `tools/list` entries. MCP (and the official SDK clients, which reject
// the whole list otherwise) requires an output schema to be an object schema, so any other output
// schema is left out: the result still arrives as JSON text.

import { type McpTool, toMcpTool } from "../environment/tool-formats";
import type { EpisodeToolDescription } from "../episode/episode-port";

export function mcpToolsOf(tools: readonly EpisodeToolDescription[]): McpTool[] {
  return tools.map((tool) => {
    const { outputSchema, ...rest } = toMcpTool(tool);
    return outputSchema?.type === "object" ? { ...rest, outputSchema } : rest;
  });
}
