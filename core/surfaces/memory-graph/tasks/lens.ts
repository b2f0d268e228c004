// How task synthesis sees a knowledge-graph memory (the MCP importer's graph surface, e.g.
// @modelcontextprotocol/server-memory over `graph_entities`): which tool plays each graph
// operation and what it calls its one argument, found with the importer's own role rules, so
// templates can say "search the memory" or "add an observation" whatever the server named them.
import type { ToolSpec } from "../../../environment/spec";
import { listUserTableNames } from "../../../episode/schema-introspection";
import type { SqlDatabase } from "../../../episode/sql-database";
import type { JsonObject } from "../../../mcp/spec-schema";
import { type GraphRole, looksLikeKnowledgeGraph, matchGraphRole } from "../roles";
import { GRAPH_TABLES } from "../seed";

export interface MemoryTool {
  name: string;
  /** The tool's one argument ("" for reading the whole graph). */
  arg: string;
}

/** The tool of each role the server has; it always reads the whole graph. */
export type MemoryLens = Partial<Record<GraphRole, MemoryTool>> & { read_graph: MemoryTool };

/** The lens, or undefined when the tools are not the graph surface's over `graph_entities`. */
export function memoryLens(db: SqlDatabase, tools: readonly ToolSpec[]): MemoryLens | undefined {
  if (!listUserTableNames(db).includes(GRAPH_TABLES.entities)) return undefined;
  const roles: Partial<Record<GraphRole, MemoryTool>> = {};
  for (const tool of tools) {
    const match = matchGraphRole({
      original: { name: tool.name, description: tool.description, inputSchema: tool.inputSchema },
      schema: tool.inputSchema as JsonObject,
    });
    if (match?.ok && !roles[match.role]) roles[match.role] = { name: tool.name, arg: match.arg };
  }
  const read = roles.read_graph;
  if (!read || !looksLikeKnowledgeGraph(Object.keys(roles) as GraphRole[])) return undefined;
  return { ...roles, read_graph: read };
}
