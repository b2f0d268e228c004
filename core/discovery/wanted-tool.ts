// A tool a real source names but the deterministic importers could not implement (an MCP
// server's tool whose shape is not get/list/search/create/update/delete of an entity). The coding
// agent is asked to implement it under its real name, description and input schema, and what it
// writes is held to them: the admitted tool carries the source's own description and schema.

import type { Json } from "../base/json";
import type { ToolSpec } from "../environment/spec";

export interface WantedTool {
  name: string;
  description: string;
  inputSchema: Record<string, Json>;
}

/** The model's tool under the wanted contract, or unchanged when no wanted tool has its name. */
export function holdToWanted(tool: ToolSpec, wanted: readonly WantedTool[]): ToolSpec {
  const contract = wanted.find((w) => w.name === tool.name);
  if (!contract) return tool;
  return { ...tool, description: contract.description, inputSchema: contract.inputSchema };
}
