// Groups of entities a user names by a relation to one entity ("the people who work at Helios
// Robotics", "the projects Helios Robotics develops", "the people linked to Project Atlas") and
// how a program collects them: search the memory for the type, open those entities together with
// the anchor (an opened set comes back with the relations among its members), keep the members
// related to the anchor. Without search and open tools, the program reads the whole graph.

import { lit } from "../../../tasks/programs/program-code";
import { linkTest, open, readGraph, search } from "./code";
import type { MemoryLens } from "./lens";
import {
  entitiesOfType,
  entityTypes,
  type MemoryEntity,
  type MemoryGraph,
  relationTypes,
} from "./model";
import { groupPhrase } from "./words";

export interface MemoryGroup {
  key: string;
  /** The entity they are related to. */
  anchor: MemoryEntity;
  type: string;
  /** Undefined: linked by any relation, either way. */
  relation: string | undefined;
  /** "in": members relate to the anchor; "out": the anchor relates to them. */
  direction: "in" | "out" | "any";
  members: MemoryEntity[];
  /** "the people who work at Helios Robotics" */
  phrase: string;
}

/** Every group of one or more members, anchored on each entity. */
export function memoryGroups(graph: MemoryGraph): MemoryGroup[] {
  const groups: MemoryGroup[] = [];
  for (const anchor of graph.entities) {
    for (const type of entityTypes(graph)) {
      const candidates = entitiesOfType(graph, type).filter((e) => e !== anchor);
      const add = (relation: string | undefined, direction: MemoryGroup["direction"]) => {
        const members = candidates.filter((e) =>
          graph.relations.some(
            (r) =>
              (relation === undefined || r.type === relation) &&
              ((direction !== "out" && r.from === e.name && r.to === anchor.name) ||
                (direction !== "in" && r.from === anchor.name && r.to === e.name)),
          ),
        );
        if (members.length === 0) return;
        groups.push({
          key: `${anchor.name}:${type}:${relation ?? "*"}:${direction}`,
          anchor,
          type,
          relation,
          direction,
          members,
          phrase: groupPhrase(type, anchor.name, relation, direction === "out" ? "out" : "in"),
        });
      };
      add(undefined, "any");
      for (const relation of relationTypes(graph)) {
        add(relation, "in");
        add(relation, "out");
      }
    }
  }
  // A relation group with the same members as its anchor's "linked to" group of that type asks
  // the same question with the same calls (search the type, open it with the anchor): keep one.
  return groups.filter(
    (g) =>
      g.relation === undefined ||
      !groups.some(
        (o) =>
          o.relation === undefined &&
          o.anchor === g.anchor &&
          o.type === g.type &&
          o.members.length === g.members.length,
      ),
  );
}

/** The tools the group's code calls. */
export function groupTools(lens: MemoryLens): string[] {
  return lens.search_nodes && lens.open_nodes
    ? [lens.search_nodes.name, lens.open_nodes.name]
    : [lens.read_graph.name];
}

/** Statements leaving the group's members (entities as the server answers them) in `varName`. */
export function groupCode(lens: MemoryLens, group: MemoryGroup, varName = "members"): string[] {
  const anchor = lit(group.anchor.name);
  const test = linkTest(
    "e.name",
    anchor,
    group.relation,
    group.direction === "in" ? "out" : group.direction === "out" ? "in" : "any",
  );
  const keep = `(e) => e.entityType === ${lit(group.type)} && e.name !== ${anchor} && view.relations.some((r) => ${test})`;
  if (lens.search_nodes && lens.open_nodes) {
    return [
      `const candidates = ${search(lens, lit(group.type))}.entities.filter((e) => e.entityType === ${lit(group.type)}).map((e) => e.name);`,
      `const view = ${open(lens, `[...candidates, ${anchor}]`)};`,
      `const ${varName} = view.entities.filter(${keep});`,
    ];
  }
  return [`const view = ${readGraph(lens)};`, `const ${varName} = view.entities.filter(${keep});`];
}
