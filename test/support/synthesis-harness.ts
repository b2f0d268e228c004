// A synthesis world in Node, the way the scratch EpisodeDO builds one: a catalog environment
// (catalog/dist/<name>.json) loaded into better-sqlite3, its tools in the real QuickJS sandbox,
// fresh copies as rolled-back transactions.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { EnvironmentSpec } from "../../core/environment/spec";
import { DEFAULT_CLOCK_START } from "../../core/episode/episode-init";
import { createQuickJsExecutor } from "../../core/sandbox/quickjs-executor";
import { scoreEpisode } from "../../core/tasks/score-episode";
import { createSynthesisWorld, type SynthesisWorld } from "../../core/tasks/synthesis-world";
import type { Task } from "../../core/tasks/task";
import { loadDatabase, rolledBack } from "./database-harness";

const WasmModule = WebAssembly.Module as unknown as new (bytes: Uint8Array) => WebAssembly.Module;

export interface NodeWorld {
  world: SynthesisWorld;
  spec: EnvironmentSpec;
  close(): void;
}

export function catalogSpec(name: string): EnvironmentSpec {
  const path = fileURLToPath(new URL(`../../catalog/dist/${name}.json`, import.meta.url));
  return JSON.parse(readFileSync(path, "utf8")) as EnvironmentSpec;
}

export function nodeExecutor() {
  const require = createRequire(import.meta.url);
  return createQuickJsExecutor(
    new WasmModule(readFileSync(require.resolve("quickjs-wasi/quickjs.wasm"))),
  );
}

export async function nodeWorld(spec: EnvironmentSpec): Promise<NodeWorld> {
  const db = loadDatabase(spec.schemaSql, spec.seed);
  const executor = nodeExecutor();
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
export async function oracleScore(env: NodeWorld, task: Task): Promise<number> {
  const programs = await env.world.loadPrograms([task.solution.program]);
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
