// The knowledge-graph surface: servers that keep a graph of named entities with observations and
// typed relations between them, like @modelcontextprotocol/server-memory. Recognised by a general
// criterion (roles.ts): each tool's name says a graph operation (create/delete entities,
// relations or observations; read the graph; search or open nodes) and its one argument has that
// operation's shape (entities `{name, entityType, observations[]}`, relations `{from, to,
// relationType}`...), and the server both creates entities and relations and reads them back.
// The model is three tables (graph_entities, graph_observations in order, graph_relations unique
// by from/to/type), seeded with a realistic graph (seed.ts); each tool's JavaScript
// follows the real server's KnowledgeGraphManager (tools.ts).
import { isJsonObject } from "../../mcp/spec-schema";
import { fittingMatches, matchTools } from "../kit/role-matching";
import { importRoleSurface, roleTables } from "../kit/role-surface";
import type { McpSurface, SurfaceImport, SurfaceInput, SurfaceTool } from "../surface";
import {
  type GraphRole,
  type GraphRoleMatch,
  looksLikeKnowledgeGraph,
  matchGraphRole,
} from "./roles";
import { GRAPH_COLUMNS, GRAPH_SCHEMA_SQL, GRAPH_TABLES, graphRows, seedGraph } from "./seed";
import { graphToolTests } from "./tests";
import { GRAPH_LIMITS, graphEffect, graphImplementation } from "./tools";

/** The verb the import report shows, and the table each role works on first. */
const ROLES: Record<GraphRole, { verb: string; table: string }> = {
  create_entities: { verb: "create", table: GRAPH_TABLES.entities },
  create_relations: { verb: "create", table: GRAPH_TABLES.relations },
  add_observations: { verb: "create", table: GRAPH_TABLES.observations },
  delete_entities: { verb: "delete", table: GRAPH_TABLES.entities },
  delete_observations: { verb: "delete", table: GRAPH_TABLES.observations },
  delete_relations: { verb: "delete", table: GRAPH_TABLES.relations },
  read_graph: { verb: "list", table: GRAPH_TABLES.entities },
  search_nodes: { verb: "search", table: GRAPH_TABLES.entities },
  open_nodes: { verb: "get", table: GRAPH_TABLES.entities },
};

export const graphSurface: McpSurface = {
  name: "graph",
  recognise(input: SurfaceInput): SurfaceImport | undefined {
    const matched = matchTools(input.tools, matchGraphRole);
    const fitting = fittingMatches(matched).map((m) => m.role);
    if (!looksLikeKnowledgeGraph(fitting)) return undefined;
    return importGraph(input, matched);
  },
};

function importGraph(
  input: SurfaceInput,
  matched: readonly { tool: SurfaceTool; match: GraphRoleMatch }[],
): SurfaceImport {
  const graph = seedGraph();
  const rows = graphRows(graph);
  const table = roleTables(GRAPH_TABLES, GRAPH_COLUMNS, rows);
  return importRoleSurface(input, matched, {
    surface: "graph",
    schemaSql: GRAPH_SCHEMA_SQL,
    tables: [
      table("entities", "name"),
      table("observations", "entity, position"),
      table("relations", "from_entity, to_entity, relation_type"),
    ],
    roles: ROLES,
    tests: (match) => graphToolTests(match.role, match.arg, graph),
    // The server's output schemas describe its structured results, so they are kept.
    tool: (match, name, original) => ({
      ...(isJsonObject(original.outputSchema) && original.outputSchema.type === "object"
        ? { outputSchema: original.outputSchema }
        : {}),
      effect: graphEffect(match.role),
      implementation: graphImplementation(match.role, name, match.arg),
    }),
    notes: [
      `graph: a knowledge graph of ${graph.entities.length} entities (people, organizations, projects, events) with ${rows.observations.length} observations and ${graph.relations.length} relations; a call writes at most ${GRAPH_LIMITS.maxItems} items of ${GRAPH_LIMITS.maxChars} characters each`,
    ],
  });
}
