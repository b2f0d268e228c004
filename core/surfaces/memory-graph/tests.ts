// Unit tests of the knowledge-graph tools, computed from the seeded graph independently of the
// guest code: exact results for reads (the subgraph rules of the real server, worked out here),
// the rows each write adds or removes, and the failures of a missing entity or an oversized batch.

import type { Json } from "../../base/json";
import type { ToolTest } from "../../environment/spec";
import { changesOf, expectError, expectResult, type TableCounts } from "../kit/tool-test-kit";
import type { GraphRole } from "./roles";
import { GRAPH_TABLES, type GraphEntity, type GraphRelation, type KnowledgeGraph } from "./seed";
import { GRAPH_LIMITS } from "./tools";

type Counts = Partial<Record<keyof typeof GRAPH_TABLES, [inserted: number, deleted: number]>>;

const ok = (name: string, args: Record<string, Json>, result: Json, counts?: Counts): ToolTest =>
  expectResult(name, args, result, "exact", counts ? changes(counts) : undefined);
const fails = expectError;

/** The graph's writes add or remove rows, never update them. */
function changes(counts: Counts) {
  const full: TableCounts<keyof typeof GRAPH_TABLES> = {};
  for (const [table, [inserted, deleted]] of Object.entries(counts) as [
    keyof typeof GRAPH_TABLES,
    [number, number],
  ][]) {
    full[table] = [inserted, 0, deleted];
  }
  return changesOf(GRAPH_TABLES, full);
}

/** The entities `keep` selects, with the relations whose both ends are among them. */
export function subgraph(graph: KnowledgeGraph, keep: (e: GraphEntity) => boolean): KnowledgeGraph {
  const entities = graph.entities.filter(keep);
  const names = new Set(entities.map((e) => e.name));
  return {
    entities,
    relations: graph.relations.filter((r) => names.has(r.from) && names.has(r.to)),
  };
}

export function searchGraph(graph: KnowledgeGraph, query: string): KnowledgeGraph {
  const q = query.toLowerCase();
  const has = (text: string) => text.toLowerCase().includes(q);
  return subgraph(graph, (e) => has(e.name) || has(e.entityType) || e.observations.some(has));
}

const json = (graph: KnowledgeGraph): Json => JSON.parse(JSON.stringify(graph)) as Json;
const rel = (r: GraphRelation): Json => ({ from: r.from, to: r.to, relationType: r.relationType });

/** The seeded entity that most relations touch (ties: the first): a rich subject for tests. */
function hub(graph: KnowledgeGraph): GraphEntity {
  const degree = (e: GraphEntity) =>
    graph.relations.filter((r) => r.from === e.name || r.to === e.name).length;
  const [first, ...rest] = graph.entities;
  if (!first) throw new Error("the seeded graph has no entities");
  return rest.reduce((best, e) => (degree(e) > degree(best) ? e : best), first);
}

function firstPerson(graph: KnowledgeGraph): GraphEntity {
  const found = graph.entities.find((e) => e.entityType === "person" && e.observations.length > 1);
  if (!found) throw new Error("the seeded graph has no person with two observations");
  return found;
}

export function graphToolTests(role: GraphRole, arg: string, graph: KnowledgeGraph): ToolTest[] {
  const a = (value: Json): Record<string, Json> => ({ [arg]: value });
  const person = firstPerson(graph);
  const center = hub(graph);
  const [firstRelation] = graph.relations;
  if (!firstRelation) throw new Error("the seeded graph has no relations");
  const tooMany = Array.from({ length: GRAPH_LIMITS.maxItems + 1 }, (_, i) => `Entity ${i}`);
  switch (role) {
    case "create_entities": {
      const nadia = {
        name: "Nadia Petrova",
        entityType: "person",
        observations: [
          "Battery systems engineer at Voltera Batteries",
          "Met Maya Chen at RoboBusiness 2024",
        ],
      };
      const compass = { name: "Project Compass", entityType: "project", observations: [] };
      return [
        ok(
          "creates the new entities and skips an existing name and a repeat within the batch",
          a([
            nadia,
            { name: person.name, entityType: "person", observations: ["A second copy"] },
            compass,
            { ...nadia, observations: ["Repeated in the same batch"] },
          ]),
          { entities: [nadia, compass] },
          { entities: [2, 0], observations: [2, 0] },
        ),
        ok(
          "returns no entities when every name exists",
          a([{ name: center.name, entityType: center.entityType, observations: [] }]),
          { entities: [] },
        ),
        fails(
          `refuses more than ${GRAPH_LIMITS.maxItems} entities`,
          a(tooMany.map((name) => ({ name, entityType: "person", observations: [] }))),
          "invalid_argument",
        ),
      ];
    }
    case "create_relations": {
      const fresh = { from: person.name, to: center.name, relationType: "advises" };
      return [
        ok(
          "creates a new relation and skips one that exists",
          a([fresh, rel(firstRelation), fresh]),
          { relations: [fresh] },
          { relations: [1, 0] },
        ),
        fails(
          "refuses a relation to an entity that does not exist",
          a([fresh, { from: person.name, to: "Nobody In Particular", relationType: "knows" }]),
          "not_found",
        ),
      ];
    }
    case "add_observations": {
      const note = "Asked to be introduced to the Voltera Batteries team";
      const [known] = person.observations;
      return [
        ok(
          "adds the observations the entity does not have yet and reports them",
          a([{ entityName: person.name, contents: [known ?? "", note] }]),
          { results: [{ entityName: person.name, addedObservations: [note] }] },
          { observations: [1, 0] },
        ),
        fails(
          "fails for an entity that does not exist",
          a([{ entityName: "Nobody In Particular", contents: [note] }]),
          "not_found",
        ),
      ];
    }
    case "delete_entities": {
      const touching = graph.relations.filter(
        (r) => r.from === center.name || r.to === center.name,
      );
      return [
        ok(
          "deletes an entity with its observations and relations, ignoring unknown names",
          a([center.name, "Nobody In Particular"]),
          { success: true, message: "Entities deleted successfully" },
          {
            entities: [0, 1],
            observations: [0, center.observations.length],
            relations: [0, touching.length],
          },
        ),
      ];
    }
    case "delete_observations": {
      const [, second] = person.observations;
      return [
        ok(
          "deletes the named observation and ignores what is not there",
          a([
            { entityName: person.name, observations: [second ?? "", "Never observed"] },
            { entityName: "Nobody In Particular", observations: ["Anything"] },
          ]),
          { success: true, message: "Observations deleted successfully" },
          { observations: [0, 1] },
        ),
      ];
    }
    case "delete_relations":
      return [
        ok(
          "deletes a relation and ignores one that does not exist",
          a([rel(firstRelation), { ...firstRelation, relationType: "never_related" }]),
          { success: true, message: "Relations deleted successfully" },
          { relations: [0, 1] },
        ),
      ];
    case "read_graph":
      return [ok("reads every entity and relation in order", {}, json(graph))];
    case "search_nodes": {
      const type = center.entityType.toUpperCase();
      return [
        ok(
          "matches names, types and observations case-insensitively",
          a("SEATTLE"),
          json(searchGraph(graph, "SEATTLE")),
        ),
        ok(`matches the type ${type}`, a(type), json(searchGraph(graph, type))),
        ok("finds nothing for text no entity has", a("zeppelin"), { entities: [], relations: [] }),
      ];
    }
    case "open_nodes": {
      const names = [center.name, person.name, "Nobody In Particular"];
      const wanted = new Set(names);
      return [
        ok(
          "opens the named entities with the relations between them",
          a(names),
          json(subgraph(graph, (e) => wanted.has(e.name))),
        ),
      ];
    }
  }
}
