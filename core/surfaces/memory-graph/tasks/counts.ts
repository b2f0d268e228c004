// Programmatic questions over the memory, answered by loops over a group of entities ("the people
// who work at Helios Robotics"): how many there are, who has the most observations, how many
// observations they hold in all or how many hold more than some number, which entity of a type
// the most others relate to, and which entities of another type the group is linked to (a set).

import { lit } from "../../../tasks/programs/program-code";
import { open, search } from "./code";
import { groupCode, groupTools, type MemoryGroup, memoryGroups } from "./groups";
import type { MemoryLens } from "./lens";
import { entitiesOfType, entityTypes, type MemoryGraph } from "./model";
import { type MemoryCandidate, type MemoryTemplate, memoryDraft } from "./template";
import { howManyFrom, relationWords, typeWords } from "./words";

const canGroup = (lens: MemoryLens) => Boolean(lens.search_nodes && lens.open_nodes);

/** "How many people work at Helios Robotics?" / "How many projects does Helios Robotics develop?" */
function howMany(group: MemoryGroup): string {
  const t = typeWords(group.type);
  if (group.relation === undefined) return `How many ${t.many} are linked to ${group.anchor.name}?`;
  if (group.direction === "in") {
    return `How many ${t.many} ${relationWords(group.relation).many} ${group.anchor.name}?`;
  }
  return howManyFrom(group.type, group.anchor.name, group.relation);
}

export const countGroup: MemoryTemplate = {
  name: "count-group",
  kind: "programmatic",
  candidates({ lens, graph }) {
    if (!canGroup(lens)) return [];
    return memoryGroups(graph).map((group) => ({
      key: `count:${group.key}`,
      writes: 0,
      render: () =>
        memoryDraft(
          "programmatic",
          howMany(group),
          [...groupCode(lens, group), "return members.length;"],
          { answerMatch: { kind: "numeric", tolerance: 0 }, hidden: [], tools: groupTools(lens) },
          { chainLength: 2, branching: 2, writes: 0, hiddenIds: 0 },
        ),
    }));
  },
};

const largeGroups = (graph: MemoryGraph, least: number) =>
  memoryGroups(graph).filter((g) => g.members.length >= least);

/** "Among the people who work at Helios Robotics, who has the most observations?" */
export const mostObservations: MemoryTemplate = {
  name: "most-observations",
  kind: "programmatic",
  candidates({ lens, graph }) {
    if (!canGroup(lens)) return [];
    return largeGroups(graph, 2).flatMap((group): MemoryCandidate[] => {
      const counts = group.members.map((m) => m.observations.length);
      const best = Math.max(...counts);
      if (counts.filter((c) => c === best).length !== 1) return [];
      const who = typeWords(group.type).who === "who" ? "who" : "which one";
      return [
        {
          key: `most-notes:${group.key}`,
          writes: 0,
          render: () =>
            memoryDraft(
              "programmatic",
              `Among ${group.phrase}, ${who} has the most observations? Answer with the name.`,
              [
                ...groupCode(lens, group),
                "let best = null;",
                "for (const m of members) {",
                "  if (best === null || m.observations.length > best.observations.length) best = m;",
                "}",
                "return best.name;",
              ],
              { answerMatch: { kind: "exact" }, hidden: [], tools: groupTools(lens) },
              { chainLength: 2, branching: 3, writes: 0, hiddenIds: 0 },
            ),
        },
      ];
    });
  },
};

/** "How many observations do the people who work at Helios Robotics have in total?" */
export const totalObservations: MemoryTemplate = {
  name: "total-observations",
  kind: "programmatic",
  candidates({ lens, graph }) {
    if (!canGroup(lens)) return [];
    return largeGroups(graph, 2).map((group) => ({
      key: `total-notes:${group.key}`,
      writes: 0,
      render: () =>
        memoryDraft(
          "programmatic",
          `How many observations do ${group.phrase} have in total?`,
          [
            ...groupCode(lens, group),
            "let total = 0;",
            "for (const m of members) total += m.observations.length;",
            "return total;",
          ],
          { answerMatch: { kind: "numeric", tolerance: 0 }, hidden: [], tools: groupTools(lens) },
          { chainLength: 2, branching: 2, writes: 0, hiddenIds: 0 },
        ),
    }));
  },
};

/** Whole numbers n with some members holding more than n observations and some not. */
export function observationThresholds(group: MemoryGroup): number[] {
  const counts = group.members.map((m) => m.observations.length);
  return [...new Set(counts)].sort((a, b) => a - b).slice(0, -1);
}

/** "How many of the people linked to Project Atlas have more than 3 observations?" */
export const countAbove: MemoryTemplate = {
  name: "count-above",
  kind: "programmatic",
  candidates({ lens, graph }) {
    if (!canGroup(lens)) return [];
    return largeGroups(graph, 3).flatMap((group) =>
      observationThresholds(group)
        // The answer must not be the number the question states.
        .filter((n) => group.members.filter((m) => m.observations.length > n).length !== n)
        .map((n) => ({
          key: `above:${group.key}:${n}`,
          writes: 0,
          render: () =>
            memoryDraft(
              "programmatic",
              `How many of ${group.phrase} have more than ${n} observation${n === 1 ? "" : "s"}?`,
              [
                ...groupCode(lens, group),
                "let n = 0;",
                `for (const m of members) if (m.observations.length > ${n}) n += 1;`,
                "return n;",
              ],
              {
                answerMatch: { kind: "numeric", tolerance: 0 },
                hidden: [],
                tools: groupTools(lens),
              },
              { chainLength: 2, branching: 3, writes: 0, hiddenIds: 0 },
            ),
        })),
    );
  },
};

/** "Which organization do the most people work at?" */
export const mostRelatedTo: MemoryTemplate = {
  name: "most-related-to",
  kind: "programmatic",
  candidates({ lens, graph }) {
    const search_ = lens.search_nodes;
    const open_ = lens.open_nodes;
    if (!search_ || !open_) return [];
    const patterns = new Map<string, { from: string; relation: string; to: string }>();
    for (const r of graph.relations) {
      const from = graph.byName.get(r.from)?.type;
      const to = graph.byName.get(r.to)?.type;
      if (from && to && from !== to) {
        patterns.set(`${from}:${r.type}:${to}`, { from, relation: r.type, to });
      }
    }
    return [...patterns.values()].flatMap((p): MemoryCandidate[] => {
      const targets = entitiesOfType(graph, p.to);
      const counts = targets.map(
        (t) =>
          graph.relations.filter(
            (r) =>
              r.type === p.relation && r.to === t.name && graph.byName.get(r.from)?.type === p.from,
          ).length,
      );
      const best = Math.max(...counts);
      const winners = counts.filter((c) => c === best).length;
      if (best < 2 || winners !== 1) return [];
      const words = relationWords(p.relation);
      const question = words.passive
        ? `Which ${typeWords(p.to).one} are the most ${typeWords(p.from).many} ${words.base}?`
        : `Which ${typeWords(p.to).one} do the most ${typeWords(p.from).many} ${words.base}?`;
      return [
        {
          key: `most-related:${p.from}:${p.relation}:${p.to}`,
          writes: 0,
          render: () =>
            memoryDraft(
              "programmatic",
              `${question} Answer with its name.`,
              [
                `const sources = ${search(lens, lit(p.from))}.entities.filter((e) => e.entityType === ${lit(p.from)}).map((e) => e.name);`,
                `const targets = ${search(lens, lit(p.to))}.entities.filter((e) => e.entityType === ${lit(p.to)}).map((e) => e.name);`,
                `const view = ${open(lens, "[...sources, ...targets]")};`,
                "const from = new Set(sources);",
                "let best = null;",
                "let most = 0;",
                "for (const target of targets) {",
                `  const n = view.relations.filter((r) => r.relationType === ${lit(p.relation)} && r.to === target && from.has(r.from)).length;`,
                "  if (n > most) { most = n; best = target; }",
                "}",
                "return best;",
              ],
              {
                answerMatch: { kind: "exact" },
                hidden: [],
                tools: [search_.name, open_.name],
              },
              { chainLength: 3, branching: 3, writes: 0, hiddenIds: 0 },
            ),
        },
      ];
    });
  },
};

/** The entities of `type` linked to a member of the group, other than the anchor and members. */
export function linkedToGroup(graph: MemoryGraph, group: MemoryGroup, type: string): string[] {
  const members = new Set(group.members.map((m) => m.name));
  const out = new Set<string>();
  for (const r of graph.relations) {
    for (const [near, far] of [
      [r.from, r.to],
      [r.to, r.from],
    ] as const) {
      if (!members.has(near) || members.has(far) || far === group.anchor.name) continue;
      if (graph.byName.get(far)?.type === type) out.add(far);
    }
  }
  return [...out].sort();
}

/** Statements leaving the names of `type` linked to the group's members in `linked`. */
export function linkedCode(lens: MemoryLens, group: MemoryGroup, type: string): string[] {
  return [
    ...groupCode(lens, group),
    `const others = ${search(lens, lit(type))}.entities.filter((e) => e.entityType === ${lit(type)}).map((e) => e.name);`,
    "const names = new Set(members.map((m) => m.name));",
    `const around = ${open(lens, "[...names, ...others]")};`,
    "const linked = new Set();",
    "for (const r of around.relations) {",
    `  for (const [near, far] of [[r.from, r.to], [r.to, r.from]]) {`,
    `    const kind = around.entities.find((e) => e.name === far)?.entityType;`,
    `    if (names.has(near) && !names.has(far) && far !== ${lit(group.anchor.name)} && kind === ${lit(type)}) linked.add(far);`,
    "  }",
    "}",
  ];
}

/** Types other than the group's own that its members are linked to. */
export function linkedTypes(graph: MemoryGraph, group: MemoryGroup): string[] {
  return entityTypes(graph).filter(
    (type) => type !== group.type && linkedToGroup(graph, group, type).length > 0,
  );
}

/** "List every organization linked to at least one of the people linked to Project Atlas." */
export const linkedSet: MemoryTemplate = {
  name: "linked-set",
  kind: "programmatic",
  candidates({ lens, graph }) {
    if (!canGroup(lens)) return [];
    return largeGroups(graph, 2).flatMap((group) =>
      linkedTypes(graph, group).map((type) => ({
        key: `linked:${group.key}:${type}`,
        writes: 0,
        render: () =>
          memoryDraft(
            "programmatic",
            `List every ${typeWords(type).one} linked to at least one of ${group.phrase}${otherThan(group, type)}. Answer with their names.`,
            [...linkedCode(lens, group, type), "return [...linked].sort();"],
            { answerMatch: { kind: "set" }, hidden: [], tools: groupTools(lens) },
            { chainLength: 4, branching: 3, writes: 0, hiddenIds: 0 },
          ),
      })),
    );
  },
};

/** ", other than Helios Robotics" when the anchor is of the listed type. */
export function otherThan(group: MemoryGroup, type: string): string {
  return group.anchor.type === type ? `, other than ${group.anchor.name}` : "";
}

export const PROGRAM_COUNT_TEMPLATES: readonly MemoryTemplate[] = [
  countGroup,
  mostObservations,
  totalObservations,
  countAbove,
  mostRelatedTo,
  linkedSet,
];
