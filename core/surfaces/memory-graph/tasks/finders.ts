// The ways a user points at an entity without naming it, and how a solution finds it: by a
// relation to a named entity ("the person who leads Project Atlas", "the organization Maya Chen
// works at": read the graph, follow the one such relation) or by a phrase of its observations
// ("the person whose observations mention "Georgia Tech"": search the memory). Only finders that
// single out one entity are listed; the found entity's name is what the task hides.

import { lit } from "../../../tasks/programs/program-code";
import { readGraph, search } from "./code";
import type { MemoryLens } from "./lens";
import { uniqueMentions } from "./mentions";
import type { MemoryEntity, MemoryGraph, MemoryRelation } from "./model";
import { quoted, relatedFrom, typeWords, whoRelatesTo } from "./words";

export interface Finder {
  key: string;
  /** "the person who leads Project Atlas" */
  phrase: string;
  entity: MemoryEntity;
  /** How it was found: through a relation (the graph is then in `graph`) or a search. */
  by: "relation" | "mention";
  /** The relation followed, for relation finders. */
  relation?: MemoryRelation;
  /** Statements that leave the entity, as the server answers it, in `found`. */
  code(lens: MemoryLens): string[];
}

/** Every finder the memory allows: relation ends that are unique for their type, quoted phrases. */
export function memoryFinders(lens: MemoryLens, graph: MemoryGraph): Finder[] {
  const finders: Finder[] = [];
  for (const r of graph.relations) {
    const from = graph.byName.get(r.from);
    const to = graph.byName.get(r.to);
    if (!from || !to || from === to) continue;
    const sources = graph.relations.filter(
      (o) => o.type === r.type && o.to === r.to && graph.byName.get(o.from)?.type === from.type,
    );
    if (sources.length === 1) finders.push(relationFinder(r, from, "in"));
    const targets = graph.relations.filter(
      (o) => o.type === r.type && o.from === r.from && graph.byName.get(o.to)?.type === to.type,
    );
    if (targets.length === 1) finders.push(relationFinder(r, to, "out"));
  }
  if (lens.search_nodes) {
    for (const entity of graph.entities) {
      for (const mention of uniqueMentions(graph, entity)) {
        finders.push({
          key: `mention:${mention.phrase}`,
          phrase: `the ${typeWords(entity.type).one} whose observations mention ${quoted(mention.phrase)}`,
          entity,
          by: "mention",
          code: (l) => [
            `const found = ${search(l, lit(mention.phrase))}.entities.find((e) => e.entityType === ${lit(entity.type)} && e.observations.some((o) => o.toLowerCase().includes(${lit(mention.phrase.toLowerCase())})));`,
          ],
        });
      }
    }
  }
  return finders;
}

/**
 * `found` is the relation's source ("in": the one entity of its type that relates so to the
 * target) or its target ("out": the one entity of its type the source relates so to).
 */
function relationFinder(r: MemoryRelation, entity: MemoryEntity, side: "in" | "out"): Finder {
  const known = side === "in" ? r.to : r.from;
  const [knownEnd, foundEnd] = side === "in" ? ["to", "from"] : ["from", "to"];
  return {
    key: `relation:${side}:${r.type}:${known}:${entity.type}`,
    phrase:
      side === "in"
        ? whoRelatesTo(entity.type, r.type, known)
        : relatedFrom(entity.type, known, r.type),
    entity,
    by: "relation",
    relation: r,
    code: (lens) => [
      `const graph = ${readGraph(lens)};`,
      `const link = graph.relations.find((r) => r.relationType === ${lit(r.type)} && r.${knownEnd} === ${lit(known)} && graph.entities.some((e) => e.name === r.${foundEnd} && e.entityType === ${lit(entity.type)}));`,
      `const found = graph.entities.find((e) => e.name === link.${foundEnd});`,
    ],
  };
}
