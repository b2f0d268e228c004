// How task synthesis sees an environment built by the MCP importer's resource surface (a
// Kubernetes-style cluster behind kubectl tools): which tool does each operation, and what that
// tool calls each argument role (`resourceType` or `kind`, `labelSelector` or `selector`). A tool
// is recognised by the operation body the importer generated it from, so the lens agrees with
// the importer on every tool it made, whatever the server named it.
import type { ToolSpec } from "../../../environment/spec";
import { OPERATIONS, type OperationName, roleArguments } from "../operations";

export interface ResourceTool {
  name: string;
  /** Role (`kind`, `namespace`, `labelSelector`...) -> the tool's argument name. */
  args: Readonly<Record<string, string>>;
}

export interface ResourceLens {
  get: ResourceTool;
  logs: ResourceTool | undefined;
  scale: ResourceTool | undefined;
  patch: ResourceTool | undefined;
  rollout: ResourceTool | undefined;
  delete: ResourceTool | undefined;
  nodes: ResourceTool | undefined;
}

/** Roles the task programs pass to each tool; a tool without one of them is not used. */
const NEEDED: Partial<Record<OperationName, string[]>> = {
  get: ["kind", "name", "namespace", "allNamespaces", "labelSelector"],
  logs: ["kind", "name", "namespace", "container"],
  scale: ["kind", "name", "namespace", "replicas"],
  patch: ["kind", "name", "namespace", "patchData"],
  rollout: ["subCommand", "kind", "name", "namespace"],
  delete: ["kind", "name", "namespace"],
  nodes: ["operation", "nodeName"],
};

function operationOf(tool: ToolSpec): OperationName | undefined {
  const body = tool.implementation.trimEnd();
  const found = Object.values(OPERATIONS).find((op) => body.endsWith(`${op.body}}`));
  return found?.name;
}

/** The lens, or undefined when no tool of the environment lists a cluster's resources. */
export function resourceLens(tools: readonly ToolSpec[]): ResourceLens | undefined {
  const found = new Map<OperationName, ResourceTool>();
  for (const tool of tools) {
    const op = operationOf(tool);
    const needed = op ? NEEDED[op] : undefined;
    if (!op || !needed || found.has(op)) continue;
    const args = roleArguments(tool.inputSchema, OPERATIONS[op].roles);
    if (needed.every((role) => args[role] !== undefined)) found.set(op, { name: tool.name, args });
  }
  const get = found.get("get");
  if (!get) return undefined;
  return {
    get,
    logs: found.get("logs"),
    scale: found.get("scale"),
    patch: found.get("patch"),
    rollout: found.get("rollout"),
    delete: found.get("delete"),
    nodes: found.get("nodes"),
  };
}

/** The tools that change the cluster, by name. */
export function writeTools(lens: ResourceLens): string[] {
  return [lens.scale, lens.patch, lens.rollout, lens.delete, lens.nodes].flatMap((t) =>
    t ? [t.name] : [],
  );
}
