// Graph tasks that answer a question about an entity the user points at by a phrase of its
// observations: search the memory for the phrase, then read the graph for the found entity's
// relations (which entity it works at, who leads it, how many it is linked to). The found
// entity's name is hidden; the answer is a name or a count.

import { lit } from "../../../tasks/programs/program-code";
import { readGraph } from "./code";
import type { Finder } from "./finders";
import type { MemoryLens } from "./lens";
import { entityTypes, type MemoryGraph, touching } from "./model";
import { type MemoryCandidate, type MemoryTemplate, memoryDraft } from "./template";
import { objectPronoun, pronoun, typeWords, whichFrom, whichTo } from "./words";

const mentionFinders = (finders: readonly Finder[]) => finders.filter((f) => f.by === "mention");

const searchTool = (lens: MemoryLens) => (lens.search_nodes ? [lens.search_nodes.name] : []);

/** "Find the person whose observations mention "Georgia Tech". Which organization do they work at?" */
export const mentionedRelated: MemoryTemplate = {
  name: "mentioned-related",
  kind: "graph",
  candidates({ lens, graph, finders }) {
    return mentionFinders(finders).flatMap((finder) =>
      touching(graph, finder.entity.name).flatMap((r): MemoryCandidate[] => {
        const outward = r.from === finder.entity.name;
        const other = graph.byName.get(outward ? r.to : r.from);
        if (
          !other ||
          other === finder.entity ||
          !unique(graph, finder.entity.name, r.type, other.type, outward)
        ) {
          return [];
        }
        const [near, far] = outward ? ["from", "to"] : ["to", "from"];
        const question = outward
          ? whichFrom(other.type, r.type, pronoun(finder.entity.type))
          : whichTo(other.type, r.type, objectPronoun(finder.entity.type));
        return [
          {
            key: `related:${finder.key}:${r.from}:${r.type}:${r.to}`,
            writes: 0,
            render: () =>
              memoryDraft(
                "graph",
                `Find ${finder.phrase}. ${question} Answer with the name.`,
                [
                  ...finder.code(lens),
                  `const graph = ${readGraph(lens)};`,
                  `const link = graph.relations.find((r) => r.relationType === ${lit(r.type)} && r.${near} === found.name && graph.entities.some((e) => e.name === r.${far} && e.entityType === ${lit(other.type)}));`,
                  `return link.${far};`,
                ],
                {
                  answerMatch: { kind: "exact" },
                  hidden: [finder.entity.name],
                  tools: [...searchTool(lens), lens.read_graph.name],
                },
                { chainLength: 2, branching: 0, writes: 0, hiddenIds: 1 },
              ),
          },
        ];
      }),
    );
  },
};

/** Whether `name` has exactly one relation of `type` with an entity of `otherType` that way. */
function unique(
  graph: MemoryGraph,
  name: string,
  type: string,
  otherType: string,
  outward: boolean,
): boolean {
  const matches = graph.relations.filter(
    (r) =>
      r.type === type &&
      (outward ? r.from === name : r.to === name) &&
      graph.byName.get(outward ? r.to : r.from)?.type === otherType,
  );
  return matches.length === 1;
}

/** "Find the person whose observations mention "Boeing". How many people are they linked to?" */
export const mentionedLinkCount: MemoryTemplate = {
  name: "mentioned-link-count",
  kind: "graph",
  candidates({ lens, graph, finders }) {
    return mentionFinders(finders).flatMap((finder) => {
      const links = touching(graph, finder.entity.name);
      if (links.length === 0) return [];
      const subject = pronoun(finder.entity.type);
      const be = subject === "they" ? "are" : "is";
      const perType = entityTypes(graph).filter((type) =>
        links.some(
          (r) => graph.byName.get(r.from === finder.entity.name ? r.to : r.from)?.type === type,
        ),
      );
      const all: MemoryCandidate = {
        key: `links:${finder.key}`,
        writes: 0,
        render: () =>
          memoryDraft(
            "graph",
            `Find ${finder.phrase}. How many relations in the memory involve ${objectPronoun(finder.entity.type)}, either way?`,
            [
              ...finder.code(lens),
              `const graph = ${readGraph(lens)};`,
              "return graph.relations.filter((r) => r.from === found.name || r.to === found.name).length;",
            ],
            {
              answerMatch: { kind: "numeric", tolerance: 0 },
              hidden: [finder.entity.name],
              tools: [...searchTool(lens), lens.read_graph.name],
            },
            { chainLength: 2, branching: 1, writes: 0, hiddenIds: 1 },
          ),
      };
      const byType = perType.map(
        (type): MemoryCandidate => ({
          key: `links:${finder.key}:${type}`,
          writes: 0,
          render: () =>
            memoryDraft(
              "graph",
              `Find ${finder.phrase}. How many different ${typeWords(type).many} ${be} ${subject} linked to, by a relation either way?`,
              [
                ...finder.code(lens),
                `const graph = ${readGraph(lens)};`,
                `const kind = new Map(graph.entities.map((e) => [e.name, e.entityType]));`,
                "const linked = new Set();",
                "for (const r of graph.relations) {",
                "  const other = r.from === found.name ? r.to : r.to === found.name ? r.from : null;",
                `  if (other !== null && other !== found.name && kind.get(other) === ${lit(type)}) linked.add(other);`,
                "}",
                "return linked.size;",
              ],
              {
                answerMatch: { kind: "numeric", tolerance: 0 },
                hidden: [finder.entity.name],
                tools: [...searchTool(lens), lens.read_graph.name],
              },
              { chainLength: 2, branching: 2, writes: 0, hiddenIds: 1 },
            ),
        }),
      );
      return [all, ...byType];
    });
  },
};

export const GRAPH_FIND_TEMPLATES: readonly MemoryTemplate[] = [
  mentionedRelated,
  mentionedLinkCount,
];
