// Graph tasks that change the memory after finding what to change: add or delete an observation
// of an entity the user points at without naming it, delete such an entity, add a newcomer
// related to it, move a relation to another entity, or remove the relations between two entities
// whose kinds the user does not say. Each finds a name or a relation type with one call and feeds
// it to the write; that value is hidden from the instruction.

import { lit } from "../../../tasks/programs/program-code";
import {
  addObservation,
  createEntity,
  createRelation,
  deleteEntities,
  deleteObservations,
  deleteRelations,
  open,
} from "./code";
import type { Finder } from "./finders";
import type { MemoryLens } from "./lens";
import { observationMention } from "./mentions";
import { relationsBetween } from "./model";
import { NEWCOMER_TYPES, newcomer, newNote } from "./notes";
import { type MemoryCandidate, type MemoryTemplate, memoryDraft } from "./template";
import { objectPronoun, quoted, relationWords, typeWords, withArticle } from "./words";

const finderTools = (lens: MemoryLens, finder: Finder) =>
  finder.by === "relation"
    ? [lens.read_graph.name]
    : lens.search_nodes
      ? [lens.search_nodes.name]
      : [];

/** "Add the observation "Reviewed Q3" to the person who leads Project Atlas." */
export const noteFound: MemoryTemplate = {
  name: "note-found",
  kind: "graph",
  candidates({ lens, finders }) {
    const add = lens.add_observations;
    if (!add) return [];
    return finders.map((finder) => ({
      key: `note:${finder.key}`,
      writes: 1,
      render(rng) {
        const note = newNote(rng, finder.entity);
        if (!note) return { reason: "no_new_note", detail: `${finder.entity.name} has every note` };
        const instruction =
          rng.next() < 0.5
            ? `Add the observation ${quoted(note)} to ${finder.phrase}.`
            : `Find ${finder.phrase} and record the observation ${quoted(note)} on ${objectPronoun(finder.entity.type)}.`;
        return memoryDraft(
          "graph",
          instruction,
          [...finder.code(lens), addObservation(lens, "found.name", lit(note)), "return null;"],
          { hidden: [finder.entity.name], tools: [...finderTools(lens, finder), add.name] },
          { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 },
        );
      },
    }));
  },
};

/** "Delete the observation about "Boeing" from the person who reports to Laura Kim." */
export const forgetFoundNote: MemoryTemplate = {
  name: "forget-found-note",
  kind: "graph",
  candidates({ lens, finders }) {
    const remove = lens.delete_observations;
    if (!remove) return [];
    return finders.flatMap((finder) =>
      finder.entity.observations.flatMap((observation): MemoryCandidate[] => {
        const phrase = observationMention(finder.entity, observation);
        if (!phrase || finder.phrase.includes(quoted(phrase))) return [];
        return [
          {
            key: `forget:${finder.key}:${observation}`,
            writes: 1,
            render: () =>
              memoryDraft(
                "graph",
                `Delete the observation about ${quoted(phrase)} from ${finder.phrase}.`,
                [
                  ...finder.code(lens),
                  `const note = found.observations.find((o) => o.toLowerCase().includes(${lit(phrase.toLowerCase())}));`,
                  deleteObservations(lens, "found.name", "[note]"),
                  "return null;",
                ],
                {
                  hidden: [finder.entity.name, observation],
                  tools: [...finderTools(lens, finder), remove.name],
                },
                { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 },
              ),
          },
        ];
      }),
    );
  },
};

/** "Delete the project whose observations mention "Humble" from the memory." */
export const deleteFound: MemoryTemplate = {
  name: "delete-found",
  kind: "graph",
  candidates({ lens, finders }) {
    const remove = lens.delete_entities;
    if (!remove) return [];
    return finders.map((finder) => ({
      key: `delete:${finder.key}`,
      writes: 1,
      render: () =>
        memoryDraft(
          "graph",
          `Delete ${finder.phrase} from the memory, with ${finder.entity.type === "person" ? "their" : "its"} observations and relations.`,
          [...finder.code(lens), deleteEntities(lens, "[found.name]"), "return null;"],
          { hidden: [finder.entity.name], tools: [...finderTools(lens, finder), remove.name] },
          { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 },
        ),
    }));
  },
};

/** "Add Priya Nair, a person, ... and record that Priya Nair works at the organization Maya Chen works at." */
export const relateNewcomer: MemoryTemplate = {
  name: "relate-newcomer",
  kind: "graph",
  candidates({ lens, graph, finders }) {
    const create = lens.create_entities;
    const relate = lens.create_relations;
    if (!create || !relate) return [];
    // Kinds of relation the memory already has between a type and the found entity's type.
    const patterns = new Map<string, { type: string; relation: string; newcomerFirst: boolean }>();
    for (const r of graph.relations) {
      const from = graph.byName.get(r.from)?.type;
      const to = graph.byName.get(r.to)?.type;
      if (!from || !to) continue;
      if (NEWCOMER_TYPES.includes(from)) {
        patterns.set(`in:${from}:${r.type}:${to}`, {
          type: from,
          relation: r.type,
          newcomerFirst: true,
        });
      }
      if (NEWCOMER_TYPES.includes(to)) {
        patterns.set(`out:${from}:${r.type}:${to}`, {
          type: to,
          relation: r.type,
          newcomerFirst: false,
        });
      }
    }
    return finders.flatMap((finder) =>
      [...patterns.entries()]
        .filter(([key]) =>
          key.startsWith("in:")
            ? key.endsWith(`:${finder.entity.type}`)
            : key.startsWith(`out:${finder.entity.type}:`),
        )
        .map(([key, p]) => ({
          key: `newcomer:${finder.key}:${key}`,
          writes: 2,
          render(rng) {
            const who = newcomer(rng, graph, p.type);
            if (!who) return { reason: "no_newcomer", detail: `no new ${p.type} name left` };
            const words = relationWords(p.relation).one;
            const fact = p.newcomerFirst
              ? `${who.name} ${words} ${finder.phrase}`
              : `${finder.phrase} ${words} ${who.name}`;
            const [fromCode, toCode] = p.newcomerFirst
              ? [lit(who.name), "found.name"]
              : ["found.name", lit(who.name)];
            return memoryDraft(
              "graph",
              `Add ${who.name}, ${withArticle(typeWords(p.type).one)}, to the memory with the observation ${quoted(who.note)}, and record that ${fact} (with the relation type the memory already uses for that).`,
              [
                ...finder.code(lens),
                createEntity(lens, who.name, p.type, who.note),
                createRelation(lens, fromCode, toCode, lit(p.relation)),
                "return null;",
              ],
              {
                hidden: [finder.entity.name],
                tools: [...finderTools(lens, finder), create.name, relate.name],
              },
              { chainLength: 3, branching: 0, writes: 2, hiddenIds: 1 },
            );
          },
        })),
    );
  },
};

/** "Remove the relation from Tomás García to Cargoline Logistics and add the same kind to Voltera Batteries." */
export const moveRelation: MemoryTemplate = {
  name: "move-relation",
  kind: "graph",
  candidates({ lens, graph }) {
    const view = lens.open_nodes;
    const remove = lens.delete_relations;
    const relate = lens.create_relations;
    if (!view || !remove || !relate) return [];
    return graph.relations.flatMap((r): MemoryCandidate[] => {
      const target = graph.byName.get(r.to);
      // The last relation moved by delete-then-create takes its own position back; created first,
      // the next one: the two orders would leave different rows, so it is not moved.
      if (!target || r.last || r.from === r.to) return [];
      if (relationsBetween(graph, r.from, r.to).length !== 1) return [];
      const others = graph.entities.filter(
        (c) =>
          c.type === target.type &&
          c !== target &&
          c.name !== r.from &&
          relationsBetween(graph, r.from, c.name).length === 0,
      );
      return others.map((c) => ({
        key: `move:${r.from}:${r.to}:${c.name}`,
        writes: 2,
        render: () =>
          memoryDraft(
            "graph",
            `${r.from} is no longer connected to ${r.to} but to ${c.name}, in the same way. Update the memory: remove the relation from ${r.from} to ${r.to} and add the same kind of relation from ${r.from} to ${c.name}.`,
            [
              `const view = ${open(lens, lit([r.from, r.to]))};`,
              `const old = view.relations.find((r) => r.from === ${lit(r.from)} && r.to === ${lit(r.to)});`,
              deleteRelations(lens, "[old]"),
              createRelation(lens, lit(r.from), lit(c.name), "old.relationType"),
              "return null;",
            ],
            { hidden: [r.type], tools: [view.name, remove.name, relate.name] },
            { chainLength: 3, branching: 0, writes: 2, hiddenIds: 1 },
          ),
      }));
    });
  },
};

/** "Remove every relation between Maya Chen and Arjun Mehta from the memory." */
export const unlinkPair: MemoryTemplate = {
  name: "unlink-pair",
  kind: "graph",
  candidates({ lens, graph }) {
    const view = lens.open_nodes;
    const remove = lens.delete_relations;
    if (!view || !remove) return [];
    const pairs = new Map<string, [string, string]>();
    for (const r of graph.relations) {
      if (r.from === r.to) continue;
      const pair: [string, string] = r.from < r.to ? [r.from, r.to] : [r.to, r.from];
      pairs.set(pair.join("\u0000"), pair);
    }
    return [...pairs.values()].map(([a, b]) => ({
      key: `unlink:${a}:${b}`,
      writes: 1,
      render: (rng) => {
        const [first, second] = rng.next() < 0.5 ? [a, b] : [b, a];
        return memoryDraft(
          "graph",
          `Remove every relation between ${first} and ${second} from the memory, whichever way it points.`,
          [
            `const view = ${open(lens, lit([first, second]))};`,
            `const links = view.relations.filter((r) => r.from !== r.to);`,
            deleteRelations(lens, "links"),
            "return null;",
          ],
          {
            hidden: [...new Set(relationsBetween(graph, a, b).map((r) => r.type))],
            tools: [view.name, remove.name],
          },
          { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 },
        );
      },
    }));
  },
};

export const GRAPH_EDIT_TEMPLATES: readonly MemoryTemplate[] = [
  noteFound,
  forgetFoundNote,
  deleteFound,
  relateNewcomer,
  moveRelation,
  unlinkPair,
];
