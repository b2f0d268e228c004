// The memory as task synthesis knows it: the entities, their observations and the relations of the
// initial graph, read once through the server's own read-graph tool on a fresh copy, with the
// questions templates ask of it (who is related to whom, which entities of a type, what a search
// for a text would match, following the server's case-insensitive substring search).
import type { Json } from "../../../base/json";
import type { ToolRunner } from "../../../episode/tool-runner";
import type { MemoryLens } from "./lens";

export interface MemoryEntity {
  name: string;
  type: string;
  observations: string[];
}

export interface MemoryRelation {
  from: string;
  to: string;
  type: string;
  /** Whether it is the last relation created (a new relation takes the next position). */
  last: boolean;
}

export interface MemoryGraph {
  entities: MemoryEntity[];
  relations: MemoryRelation[];
  byName: ReadonlyMap<string, MemoryEntity>;
}

const text = (value: Json | undefined): string | undefined =>
  typeof value === "string" ? value : undefined;

const records = (value: Json | undefined) =>
  Array.isArray(value)
    ? value.filter(
        (item): item is Record<string, Json> =>
          item !== null && typeof item === "object" && !Array.isArray(item),
      )
    : [];

/** The graph the read-graph tool answers, or an empty one when it fails. */
export function readMemory(lens: MemoryLens, runner: ToolRunner): MemoryGraph {
  const outcome = runner.call(lens.read_graph.name, {});
  const result =
    outcome.ok && outcome.result !== null && typeof outcome.result === "object"
      ? (outcome.result as Record<string, Json>)
      : {};
  const entities = records(result.entities).flatMap((e): MemoryEntity[] => {
    const name = text(e.name);
    const type = text(e.entityType);
    if (name === undefined || type === undefined) return [];
    const observations = Array.isArray(e.observations)
      ? e.observations.filter((o): o is string => typeof o === "string")
      : [];
    return [{ name, type, observations }];
  });
  const listed = records(result.relations).flatMap((r) => {
    const from = text(r.from);
    const to = text(r.to);
    const type = text(r.relationType);
    return from === undefined || to === undefined || type === undefined ? [] : [{ from, to, type }];
  });
  const relations = listed.map((r, i) => ({ ...r, last: i === listed.length - 1 }));
  return { entities, relations, byName: new Map(entities.map((e) => [e.name, e])) };
}

export function entitiesOfType(graph: MemoryGraph, type: string): MemoryEntity[] {
  return graph.entities.filter((e) => e.type === type);
}

export function entityTypes(graph: MemoryGraph): string[] {
  return [...new Set(graph.entities.map((e) => e.type))];
}

/** The relation types in the graph, each once, in first-seen order. */
export function relationTypes(graph: MemoryGraph): string[] {
  return [...new Set(graph.relations.map((r) => r.type))];
}

export function typeOf(graph: MemoryGraph, name: string): string | undefined {
  return graph.byName.get(name)?.type;
}

/** Entities a search for `query` matches: name, type or an observation contains it, any case. */
export function searchMatches(graph: MemoryGraph, query: string): MemoryEntity[] {
  const q = query.toLowerCase();
  const has = (s: string) => s.toLowerCase().includes(q);
  return graph.entities.filter((e) => has(e.name) || has(e.type) || e.observations.some(has));
}

/** Relations between two entities, in either direction. */
export function relationsBetween(graph: MemoryGraph, a: string, b: string): MemoryRelation[] {
  return graph.relations.filter(
    (r) => (r.from === a && r.to === b) || (r.from === b && r.to === a),
  );
}

export function touching(graph: MemoryGraph, name: string): MemoryRelation[] {
  return graph.relations.filter((r) => r.from === name || r.to === name);
}

/** Entities linked to `name` by any relation, either direction, each once. */
export function neighbours(graph: MemoryGraph, name: string): string[] {
  const out = new Set<string>();
  for (const r of touching(graph, name)) out.add(r.from === name ? r.to : r.from);
  out.delete(name);
  return [...out];
}
