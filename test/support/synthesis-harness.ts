// A synthesis world in Node, the way the scratch EpisodeDO builds one: a catalog environment
// (catalog/dist/<name>.json) loaded into better-sqlite3, its tools in the real QuickJS sandbox,
// fresh copies as rolled-back transactions.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { EnvironmentSpec } from "../../core/environment/spec";
import { DEFAULT_CLOCK_START } from "../../core/episode/episode-init";
import { scoreEpisode } from "../../core/tasks/score-episode";
import { createSynthesisWorld, type SynthesisWorld } from "../../core/tasks/synthesis-world";
import type { Task } from "../../core/tasks/task";
import { loadDatabase, rolledBack } from "./database-harness";
import { nodeQuickJs } from "./node-quickjs";

export interface NodeWorld {
  world: SynthesisWorld;
  spec: EnvironmentSpec;
  close(): void;
}

export function catalogSpec(name: string): EnvironmentSpec {
  const path = fileURLToPath(new URL(`../../catalog/dist/${name}.json`, import.meta.url));
  return JSON.parse(readFileSync(path, "utf8")) as EnvironmentSpec;
}

/** The QuickJS executor in Node (kept under this name for the tests that import it). */
export const nodeExecutor = nodeQuickJs;

export async function nodeWorld(spec: EnvironmentSpec): Promise<NodeWorld> {
  const db = loadDatabase(spec.schemaSql, spec.seed);
  const executor = nodeQuickJs();
  const sandbox = await executor.load(spec.tools);
  const world = createSynthesisWorld({
    environment: { name: spec.name, version: spec.version, contentHash: "test" },
    tools: spec.tools,
    clockStart: spec.clockStart ?? DEFAULT_CLOCK_START,
    db,
    seed: spec.seed,
    executor,
    sandbox,
    inRollback: (fn) => rolledBack(db, fn),
    transaction: (fn) => db.transaction(fn),
  });
  return {
    world,
    spec,
    close() {
      sandbox.dispose();
      db.raw.close();
    },
  };
}

/** The reward a task's own reference solution earns on a fresh copy (-1 when it fails to run). */
export function oracleScore(env: NodeWorld, task: Task): Promise<number> {
  return programScore(env, task, task.solution.program);
}

/** The reward `program` earns on `task` from a fresh copy (-1 when it fails to run). */
export async function programScore(env: NodeWorld, task: Task, program: string): Promise<number> {
  const programs = await env.world.loadPrograms([program]);
  try {
    const run = env.world.fresh(task.episode, (runner) =>
      programs.run(0, runner, env.world.programHost(task.episode)),
    );
    if (!run.value.ok) return -1;
    return scoreEpisode(task, run.changes, run.value.answer).reward;
  } finally {
    programs.dispose();
  }
}
