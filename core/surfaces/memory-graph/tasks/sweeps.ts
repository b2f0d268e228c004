// Programmatic tasks that change many entries of the memory by a rule: add an observation to each
// of a group (or only to those with few observations, or to everything the group is linked to),
// delete every observation that mentions a phrase, remove every relation between an entity and
// entities of a type or every relation of a kind, delete a whole group. Each entity gets at most
// one new observation, so the order an agent works in cannot change the rows it leaves.

import { lit } from "../../../tasks/programs/program-code";
import {
  addObservation,
  deleteEntities,
  deleteObservations,
  deleteRelations,
  open,
  readGraph,
  search,
} from "./code";
import { linkedCode, linkedToGroup, linkedTypes, observationThresholds, otherThan } from "./counts";
import { groupCode, groupTools, memoryGroups } from "./groups";
import type { MemoryLens } from "./lens";
import { sharedMentions } from "./mentions";
import { entitiesOfType, entityTypes, relationTypes } from "./model";
import { newNoteForAll } from "./notes";
import { type MemoryCandidate, type MemoryTemplate, memoryDraft } from "./template";
import { quoted, relationWords, typeWords } from "./words";

const canGroup = (lens: MemoryLens) => Boolean(lens.search_nodes && lens.open_nodes);

/** "Add the observation "Reviewed Q3" to each of the people who work at Helios Robotics." */
export const noteGroup: MemoryTemplate = {
  name: "note-group",
  kind: "programmatic",
  candidates({ lens, graph }) {
    const add = lens.add_observations;
    if (!add) return [];
    return memoryGroups(graph)
      .filter((g) => g.members.length >= 2)
      .map((group) => ({
        key: `note-group:${group.key}`,
        writes: group.members.length,
        render(rng) {
          const note = newNoteForAll(rng, group.members);
          if (!note) return { reason: "no_new_note", detail: "every note is taken" };
          return memoryDraft(
            "programmatic",
            `Add the observation ${quoted(note)} to each of ${group.phrase}.`,
            [
              ...groupCode(lens, group),
              `for (const m of members) ${addObservation(lens, "m.name", lit(note))}`,
              "return null;",
            ],
            { hidden: [], tools: [...groupTools(lens), add.name] },
            {
              chainLength: 2 + group.members.length,
              branching: 2,
              writes: group.members.length,
              hiddenIds: 0,
            },
          );
        },
      }));
  },
};

/** "Add "Needs an update" to each of the people linked to Project Atlas with at most 2 observations." */
export const noteFew: MemoryTemplate = {
  name: "note-few",
  kind: "programmatic",
  candidates({ lens, graph }) {
    const add = lens.add_observations;
    if (!add) return [];
    return memoryGroups(graph)
      .filter((g) => g.members.length >= 2)
      .flatMap((group) =>
        observationThresholds(group).map((n): MemoryCandidate => {
          const few = group.members.filter((m) => m.observations.length <= n);
          return {
            key: `note-few:${group.key}:${n}`,
            writes: few.length,
            render(rng) {
              const note = newNoteForAll(rng, few);
              if (!note) return { reason: "no_new_note", detail: "every note is taken" };
              return memoryDraft(
                "programmatic",
                `Add the observation ${quoted(note)} to each of ${group.phrase} that has at most ${n} observation${n === 1 ? "" : "s"} so far.`,
                [
                  ...groupCode(lens, group),
                  "for (const m of members) {",
                  `  if (m.observations.length <= ${n}) ${addObservation(lens, "m.name", lit(note))}`,
                  "}",
                  "return null;",
                ],
                { hidden: [], tools: [...groupTools(lens), add.name] },
                { chainLength: 2 + few.length, branching: 3, writes: few.length, hiddenIds: 0 },
              );
            },
          };
        }),
      );
  },
};

/** "For every project linked to at least one of the people who work at Helios Robotics, add ..." */
export const noteLinked: MemoryTemplate = {
  name: "note-linked",
  kind: "programmatic",
  candidates({ lens, graph }) {
    const add = lens.add_observations;
    if (!add || !canGroup(lens)) return [];
    return memoryGroups(graph).flatMap((group) =>
      linkedTypes(graph, group).map((type): MemoryCandidate => {
        const targets = linkedToGroup(graph, group, type).flatMap((name) => {
          const e = graph.byName.get(name);
          return e ? [e] : [];
        });
        return {
          key: `note-linked:${group.key}:${type}`,
          writes: targets.length,
          render(rng) {
            const note = newNoteForAll(rng, targets);
            if (!note) return { reason: "no_new_note", detail: "every note is taken" };
            return memoryDraft(
              "programmatic",
              `For every ${typeWords(type).one} linked to at least one of ${group.phrase}${otherThan(group, type)}, add the observation ${quoted(note)}.`,
              [
                ...linkedCode(lens, group, type),
                `for (const name of linked) ${addObservation(lens, "name", lit(note))}`,
                "return null;",
              ],
              { hidden: [], tools: [...groupTools(lens), add.name] },
              {
                chainLength: 4 + targets.length,
                branching: 3,
                writes: targets.length,
                hiddenIds: 0,
              },
            );
          },
        };
      }),
    );
  },
};

/** "Delete every observation that mentions "2024" from the organizations in the memory." */
export const forgetMentions: MemoryTemplate = {
  name: "forget-mentions",
  kind: "programmatic",
  candidates({ lens, graph }) {
    const remove = lens.delete_observations;
    const find = lens.search_nodes;
    if (!remove || !find) return [];
    return sharedMentions(graph).flatMap((mention) => {
      const scopes: (string | undefined)[] = [undefined, ...entityTypes(graph)];
      const seen = new Set<string>();
      return scopes.flatMap((type): MemoryCandidate[] => {
        const hits = mention.hits.filter((h) => type === undefined || h.entity.type === type);
        const entities = new Set(hits.map((h) => h.entity.name));
        const same = [...entities].sort().join("\u0000");
        if (hits.length === 0 || seen.has(same)) return [];
        seen.add(same);
        const where =
          type === undefined
            ? `in the memory that mentions ${quoted(mention.phrase)}`
            : `that mentions ${quoted(mention.phrase)} from the ${typeWords(type).many} in the memory`;
        const keep = type === undefined ? "" : ` && e.entityType === ${lit(type)}`;
        return [
          {
            key: `forget:${mention.phrase}:${type ?? "*"}`,
            writes: entities.size,
            render: () =>
              memoryDraft(
                "programmatic",
                `Delete every observation ${where}.`,
                [
                  `const found = ${search(lens, lit(mention.phrase))}.entities;`,
                  "for (const e of found) {",
                  `  const notes = e.observations.filter((o) => o.toLowerCase().includes(${lit(mention.phrase.toLowerCase())}));`,
                  `  if (notes.length > 0${keep}) ${deleteObservations(lens, "e.name", "notes")}`,
                  "}",
                  "return null;",
                ],
                { hidden: [], tools: [find.name, remove.name] },
                {
                  chainLength: 1 + entities.size,
                  branching: 3,
                  writes: entities.size,
                  hiddenIds: 0,
                },
              ),
          },
        ];
      });
    });
  },
};

/** "Remove every relation between Helios Robotics and any person from the memory." */
export const unlinkType: MemoryTemplate = {
  name: "unlink-type",
  kind: "programmatic",
  candidates({ lens, graph }) {
    const remove = lens.delete_relations;
    const find = lens.search_nodes;
    const view = lens.open_nodes;
    if (!remove || !find || !view) return [];
    return graph.entities.flatMap((anchor) =>
      entityTypes(graph).flatMap((type): MemoryCandidate[] => {
        const ofType = new Set(entitiesOfType(graph, type).map((e) => e.name));
        ofType.delete(anchor.name);
        const links = graph.relations.filter(
          (r) =>
            (r.from === anchor.name && ofType.has(r.to)) ||
            (r.to === anchor.name && ofType.has(r.from)),
        );
        if (links.length < 2) return [];
        const a = lit(anchor.name);
        return [
          {
            key: `unlink-type:${anchor.name}:${type}`,
            writes: 1,
            render: () =>
              memoryDraft(
                "programmatic",
                `Remove every relation between ${anchor.name} and any ${typeWords(type).one} from the memory, whichever way it points.`,
                [
                  `const names = ${search(lens, lit(type))}.entities.filter((e) => e.entityType === ${lit(type)} && e.name !== ${a}).map((e) => e.name);`,
                  "const ofType = new Set(names);",
                  `const view = ${open(lens, `[...names, ${a}]`)};`,
                  "const links = [];",
                  "for (const r of view.relations) {",
                  `  if ((r.from === ${a} && ofType.has(r.to)) || (r.to === ${a} && ofType.has(r.from))) links.push(r);`,
                  "}",
                  deleteRelations(lens, "links"),
                  "return null;",
                ],
                { hidden: [], tools: [find.name, view.name, remove.name] },
                { chainLength: 3, branching: 2, writes: 1, hiddenIds: 0 },
              ),
          },
        ];
      }),
    );
  },
};

/** "Delete every "reports to" relation in the memory." */
export const unlinkKind: MemoryTemplate = {
  name: "unlink-kind",
  kind: "programmatic",
  candidates({ lens, graph }) {
    const remove = lens.delete_relations;
    if (!remove) return [];
    return relationTypes(graph).flatMap((type): MemoryCandidate[] => {
      const count = graph.relations.filter((r) => r.type === type).length;
      if (count < 2) return [];
      return [
        {
          key: `unlink-kind:${type}`,
          writes: 1,
          render: () =>
            memoryDraft(
              "programmatic",
              `Delete every ${quoted(relationWords(type).one)} relation in the memory.`,
              [
                `const graph = ${readGraph(lens)};`,
                "const links = [];",
                `for (const r of graph.relations) if (r.relationType === ${lit(type)}) links.push(r);`,
                deleteRelations(lens, "links"),
                "return null;",
              ],
              { hidden: [], tools: [lens.read_graph.name, remove.name] },
              { chainLength: 2, branching: 2, writes: 1, hiddenIds: 0 },
            ),
        },
      ];
    });
  },
};

/** "Delete the projects Helios Robotics develops from the memory." */
export const deleteGroup: MemoryTemplate = {
  name: "delete-group",
  kind: "programmatic",
  candidates({ lens, graph }) {
    const remove = lens.delete_entities;
    if (!remove) return [];
    return memoryGroups(graph)
      .filter((g) => g.members.length >= 2)
      .map((group) => ({
        key: `delete-group:${group.key}`,
        writes: 1,
        render: () =>
          memoryDraft(
            "programmatic",
            `Delete ${group.phrase} from the memory, with their observations and relations.`,
            [
              ...groupCode(lens, group),
              "const names = [];",
              "for (const m of members) names.push(m.name);",
              deleteEntities(lens, "names"),
              "return null;",
            ],
            { hidden: [], tools: [...groupTools(lens), remove.name] },
            { chainLength: 3, branching: 2, writes: 1, hiddenIds: 0 },
          ),
      }));
  },
};

export const PROGRAM_SWEEP_TEMPLATES: readonly MemoryTemplate[] = [
  noteGroup,
  noteFew,
  noteLinked,
  forgetMentions,
  unlinkType,
  unlinkKind,
  deleteGroup,
];
