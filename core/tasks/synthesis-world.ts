// Everything synthesis needs from the place it runs (a scratch EpisodeDO, or Node in tests and
// benchmarks): the environment's tools, fresh copies of its initial state to run on, and the
// sandbox for solution programs. Built once per shard from the loaded database.
import type { SeedData, ToolSpec } from "../environment/spec";
import { touchedTables } from "../episode/change-tracking";
import type { SqlDatabase } from "../episode/sql-database";
import { diffAgainstSeed, type StateDiff } from "../episode/state-diff";
import type { ToolRunner } from "../episode/tool-runner";
import type { Executor, ToolSandbox } from "../sandbox/executor";
import { createSeededHost } from "../sandbox/seeded-host";
import { createEpisodeRunner } from "./episode-runner";
import { loadSolutions, type SolutionSet } from "./solution-runner";

export interface EpisodeSeed {
  seed: string;
  clockStart: string;
}

export interface SynthesisWorld {
  environment: { name: string; version: string; contentHash: string };
  tools: readonly ToolSpec[];
  clockStart: string;
  /** The database at its initial state (for sampling values; never written outside `fresh`). */
  db: SqlDatabase;
  /** Runs `fn` on a fresh copy of the initial state, then undoes everything it did. */
  fresh<T>(episode: EpisodeSeed, fn: (runner: ToolRunner) => T): { value: T; changes: StateDiff };
  /** The program-side host (clock, randomness, ids) for an episode seed. */
  programHost(episode: EpisodeSeed): {
    now(): string;
    random(): number;
    id(prefix?: string): string;
  };
  loadPrograms(programs: readonly string[]): Promise<SolutionSet>;
}

export interface WorldDeps {
  environment: SynthesisWorld["environment"];
  tools: readonly ToolSpec[];
  clockStart: string;
  db: SqlDatabase;
  seed: SeedData;
  executor: Executor;
  /** The environment's tools loaded once for the whole shard. */
  sandbox: ToolSandbox;
  /** Runs `fn` in a transaction that is always rolled back. */
  inRollback<T>(fn: () => T): T;
  /** Runs `fn` in a (nested) transaction; a throw undoes only its writes. */
  transaction<T>(fn: () => T): T;
}

export function createSynthesisWorld(deps: WorldDeps): SynthesisWorld {
  const runtimeTools = deps.tools.map(({ tests: _, ...tool }) => tool);
  return {
    environment: deps.environment,
    tools: deps.tools,
    clockStart: deps.clockStart,
    db: deps.db,
    fresh(episode, fn) {
      return deps.inRollback(() => {
        const runner = createEpisodeRunner({
          sandbox: deps.sandbox,
          tools: runtimeTools,
          db: deps.db,
          episode,
          transaction: deps.transaction,
        });
        const value = fn(runner);
        const changes = diffAgainstSeed(deps.db, deps.seed, touchedTables(deps.db));
        return { value, changes };
      });
    },
    programHost(episode) {
      const host = createSeededHost(deps.db, `program:${episode.seed}`, episode.clockStart);
      return { now: () => host.now(), random: () => host.random(), id: (p) => host.id(p) };
    },
    loadPrograms: (programs) => loadSolutions(deps.executor, programs),
  };
}
