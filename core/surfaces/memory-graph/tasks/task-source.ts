// Task synthesis on knowledge-graph memories (the MCP importer's graph surface, e.g.
// @modelcontextprotocol/server-memory): the graph is read once through the server's own tool,
// every template lists the tasks it allows there, and each attempt drafts one not drafted before
// in this run, from a template chosen at random among those of the wanted kind that still have
// some. Graph tasks find an entity by a relation or a quoted phrase and read or change it;
// programmatic tasks loop over a group of entities (count, compare, sum, list, note, delete).
//
// Writes create at most one entity and one relation per task: the server numbers new entities
// and relations in creation order and the verifier compares those numbers, so two creations an
// agent may make in either order would leave different rows for the same correct work.
import type { ToolRunner } from "../../../episode/tool-runner";
import type { Prng } from "../../../sandbox/determinism";
import { type CandidatePools, drawFromPools, openPools } from "../../../tasks/candidate-pools";
import type { DraftAttempt, DraftTarget } from "../../../tasks/draft";
import { lensTaskSource } from "../../../tasks/lens-task-source";
import type { TaskKind } from "../../../tasks/task";
import { PROGRAM_COUNT_TEMPLATES } from "./counts";
import { GRAPH_EDIT_TEMPLATES } from "./edits";
import { memoryFinders } from "./finders";
import { GRAPH_FIND_TEMPLATES } from "./finds";
import { type MemoryLens, memoryLens } from "./lens";
import { readMemory } from "./model";
import { PROGRAM_SWEEP_TEMPLATES } from "./sweeps";
import type { MemoryCandidate, MemoryTemplate } from "./template";

export const MEMORY_TEMPLATES: readonly MemoryTemplate[] = [
  ...GRAPH_EDIT_TEMPLATES,
  ...GRAPH_FIND_TEMPLATES,
  ...PROGRAM_COUNT_TEMPLATES,
  ...PROGRAM_SWEEP_TEMPLATES,
];

/** One synthesis run's view: each template's candidates and which were drafted. */
export type MemorySession = CandidatePools<MemoryTemplate, MemoryCandidate>;

export function openMemorySession(lens: MemoryLens, runner: ToolRunner): MemorySession {
  const graph = readMemory(lens, runner);
  const ctx = { lens, graph, finders: memoryFinders(lens, graph) };
  return openPools(MEMORY_TEMPLATES, ctx);
}

/** One task of `kind` from a template that still has undrafted candidates making enough writes. */
export function memoryTask(
  session: MemorySession,
  rng: Prng,
  kind: TaskKind,
  target: DraftTarget,
): DraftAttempt {
  const usable = MEMORY_TEMPLATES.filter((t) => t.kind === kind);
  const most = Math.max(
    0,
    ...usable.flatMap((t) => session.pools.get(t) ?? []).map((c) => c.writes),
  );
  const exhausted =
    most < target.minWrites
      ? {
          reason: "too_few_writes",
          detail: `a memory ${kind} task here makes at most ${most} write(s), not ${target.minWrites}`,
        }
      : { reason: "exhausted", detail: `every memory ${kind} task was drafted` };
  return drawFromPools(session, usable, rng, exhausted, (c) => c.writes >= target.minWrites);
}

/** Environments whose tools are the knowledge-graph surface's (see lens.ts). */
export const graphMemoryTaskSource = lensTaskSource({
  name: "graph-memory",
  lens: memoryLens,
  // A recognised memory always creates entities and relations (see looksLikeKnowledgeGraph);
  // a shard asking for more writes than any task makes runs out of candidates and says so.
  unfit: () => () => undefined,
  drafter(lens) {
    let session: MemorySession | undefined;
    return ({ rng, runner }, kind, target) => {
      // Exploration only reads, and every attempt's copy is the initial graph: read it once.
      session ??= openMemorySession(lens, runner);
      return memoryTask(session, rng, kind, target);
    };
  },
});
