// The JavaScript of each knowledge-graph tool, written after the KnowledgeGraphManager of
// @modelcontextprotocol/server-memory: creating skips entities and relations that exist (and
// repeats within the batch) and returns only the new ones; a relation or observation naming a
// missing entity fails the whole call; deletes are silent about what is not there, and deleting
// an entity deletes its observations and relations; search matches names, types and observations
// case-insensitively; search and open return the matching entities with the relations among them.
// Results are the server's structuredContent. Each call's work is bounded by GRAPH_LIMITS.
import type { ToolSpec } from "../../environment/spec";
import type { GraphRole } from "./roles";

/** Per-call bounds; the real server has none, an episode's tool call must. */
export const GRAPH_LIMITS = {
  /** Entities, relations, observation groups or names one call may write or delete. */
  maxItems: 100,
  /** Observations one entity may be given in one call. */
  maxObservations: 100,
  /** Characters of one name, type or observation. */
  maxChars: 10_000,
} as const;

const HELPERS = `
  const many = (list, what) => {
    if (list.length > C.maxItems) ctx.fail("invalid_argument", "At most " + C.maxItems + " " + what + " can be given in one call");
  };
  const checkText = (text, what) => {
    if (text.length > C.maxChars) ctx.fail("invalid_argument", what + " is longer than " + C.maxChars + " characters");
  };
  const checkTexts = (list, what) => {
    if (list.length > C.maxObservations) ctx.fail("invalid_argument", "At most " + C.maxObservations + " observations can be given for one entity in one call");
    list.forEach((text) => checkText(text, what));
  };
  const exists = (name) => ctx.one("SELECT 1 AS found FROM graph_entities WHERE name = ?", [name]) !== null;
  const missing = (name) => ctx.fail("not_found", "Entity with name " + name + " not found", { entityName: name });
  const loadGraph = () => {
    const entities = ctx.query("SELECT name, entity_type FROM graph_entities ORDER BY position")
      .map((e) => ({ name: e.name, entityType: e.entity_type, observations: [] }));
    const byName = new Map(entities.map((e) => [e.name, e]));
    for (const o of ctx.query("SELECT entity, content FROM graph_observations ORDER BY entity, position")) {
      const e = byName.get(o.entity);
      if (e !== undefined) e.observations.push(o.content);
    }
    const relations = ctx.query("SELECT from_entity, to_entity, relation_type FROM graph_relations ORDER BY position")
      .map((r) => ({ from: r.from_entity, to: r.to_entity, relationType: r.relation_type }));
    return { entities, relations };
  };
  // The kept entities, with the relations whose both ends are kept.
  const subgraph = (graph, keep) => {
    const entities = graph.entities.filter(keep);
    const names = new Set(entities.map((e) => e.name));
    return { entities, relations: graph.relations.filter((r) => names.has(r.from) && names.has(r.to)) };
  };`;

const CREATE_ENTITIES = `
  const given = args[ARG];
  many(given, "entities");
  const created = [];
  const seen = new Set();
  for (const e of given) {
    checkText(e.name, "An entity name");
    checkText(e.entityType, "An entity type");
    checkTexts(e.observations, "An observation");
    if (seen.has(e.name)) continue;
    seen.add(e.name);
    if (exists(e.name)) continue;
    ctx.run("INSERT INTO graph_entities (name, entity_type, position) SELECT ?, ?, COALESCE(MAX(position), 0) + 1 FROM graph_entities", [e.name, e.entityType]);
    if (e.observations.length > 0) {
      ctx.run("INSERT INTO graph_observations (entity, position, content) SELECT ?, key + 1, value FROM json_each(?)", [e.name, JSON.stringify(e.observations)]);
    }
    created.push({ name: e.name, entityType: e.entityType, observations: e.observations });
  }
  return { entities: created };`;

const CREATE_RELATIONS = `
  const given = args[ARG];
  many(given, "relations");
  const known = new Set();
  for (const r of given) {
    checkText(r.relationType, "A relation type");
    for (const name of [r.from, r.to]) {
      if (known.has(name)) continue;
      if (!exists(name)) missing(name);
      known.add(name);
    }
  }
  const created = [];
  for (const r of given) {
    const run = ctx.run("INSERT OR IGNORE INTO graph_relations (from_entity, to_entity, relation_type, position) SELECT ?, ?, ?, COALESCE(MAX(position), 0) + 1 FROM graph_relations", [r.from, r.to, r.relationType]);
    if (run.changes > 0) created.push({ from: r.from, to: r.to, relationType: r.relationType });
  }
  return { relations: created };`;

const ADD_OBSERVATIONS = `
  const given = args[ARG];
  many(given, "observation groups");
  const results = given.map((o) => {
    checkTexts(o.contents, "An observation");
    if (!exists(o.entityName)) missing(o.entityName);
    const rows = ctx.query("SELECT position, content FROM graph_observations WHERE entity = ?", [o.entityName]);
    const present = new Set(rows.map((r) => r.content));
    const top = rows.reduce((max, r) => Math.max(max, r.position), 0);
    const added = o.contents.filter((content) => !present.has(content));
    if (added.length > 0) {
      ctx.run("INSERT INTO graph_observations (entity, position, content) SELECT ?, ? + key + 1, value FROM json_each(?)", [o.entityName, top, JSON.stringify(added)]);
    }
    return { entityName: o.entityName, addedObservations: added };
  });
  return { results };`;

const DELETE_ENTITIES = `
  const names = args[ARG];
  many(names, "entity names");
  const list = JSON.stringify(names);
  ctx.run("DELETE FROM graph_observations WHERE entity IN (SELECT value FROM json_each(?))", [list]);
  ctx.run("DELETE FROM graph_relations WHERE from_entity IN (SELECT value FROM json_each(?)) OR to_entity IN (SELECT value FROM json_each(?))", [list, list]);
  ctx.run("DELETE FROM graph_entities WHERE name IN (SELECT value FROM json_each(?))", [list]);
  return { success: true, message: "Entities deleted successfully" };`;

const DELETE_OBSERVATIONS = `
  const given = args[ARG];
  many(given, "observation groups");
  for (const d of given) {
    if (d.observations.length === 0) continue;
    ctx.run("DELETE FROM graph_observations WHERE entity = ? AND content IN (SELECT value FROM json_each(?))", [d.entityName, JSON.stringify(d.observations)]);
  }
  return { success: true, message: "Observations deleted successfully" };`;

const DELETE_RELATIONS = `
  const given = args[ARG];
  many(given, "relations");
  for (const r of given) {
    ctx.run("DELETE FROM graph_relations WHERE from_entity = ? AND to_entity = ? AND relation_type = ?", [r.from, r.to, r.relationType]);
  }
  return { success: true, message: "Relations deleted successfully" };`;

const READ_GRAPH = `
  return loadGraph();`;

const SEARCH_NODES = `
  const query = args[ARG].toLowerCase();
  const has = (text) => text.toLowerCase().includes(query);
  return subgraph(loadGraph(), (e) => has(e.name) || has(e.entityType) || e.observations.some(has));`;

const OPEN_NODES = `
  const wanted = new Set(args[ARG]);
  return subgraph(loadGraph(), (e) => wanted.has(e.name));`;

const BODIES: Record<GraphRole, string> = {
  create_entities: CREATE_ENTITIES,
  create_relations: CREATE_RELATIONS,
  add_observations: ADD_OBSERVATIONS,
  delete_entities: DELETE_ENTITIES,
  delete_observations: DELETE_OBSERVATIONS,
  delete_relations: DELETE_RELATIONS,
  read_graph: READ_GRAPH,
  search_nodes: SEARCH_NODES,
  open_nodes: OPEN_NODES,
};

const READS: ReadonlySet<GraphRole> = new Set(["read_graph", "search_nodes", "open_nodes"]);

export function graphEffect(role: GraphRole): ToolSpec["effect"] {
  return READS.has(role) ? "read" : "write";
}

/** `function name(args, ctx) { const C = {...}; const ARG = "..."; helpers; body }`. */
export function graphImplementation(role: GraphRole, functionName: string, arg: string): string {
  return [
    `function ${functionName}(args, ctx) {`,
    `  const C = ${JSON.stringify(GRAPH_LIMITS)};`,
    `  const ARG = ${JSON.stringify(arg)};`,
    `  ${HELPERS.trim()}`,
    `  ${BODIES[role].trim()}`,
    "}",
  ].join("\n");
}
