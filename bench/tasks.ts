// Task synthesis benchmark: verified tasks per second (graph and programmatic) on Chinook and
// NYC flights through the same core the scratch EpisodeDO runs, on one core in Node; then the mean
// reward of the built-in policies on the kept tasks (oracle: 1.0 on every task; random far below).
// Usage: npm run bench:tasks [-- --count 50] [--env chinook,nyc-flights | --env all]
import { readdirSync } from "node:fs";
import { parseArgs } from "node:util";
import { createPrng } from "../core/sandbox/determinism";
import { randomPolicy } from "../core/tasks/policies/random-policy";
import { scoreEpisode } from "../core/tasks/score-episode";
import { SynthesisShardSchema } from "../core/tasks/synthesis-request";
import { synthesizeTasks } from "../core/tasks/synthesize";
import type { Task } from "../core/tasks/task";
import { catalogSpec, type NodeWorld, nodeWorld } from "../test/support/synthesis-harness";
import { intFlag } from "./int-flag";

const { values } = parseArgs({ options: { count: { type: "string" }, env: { type: "string" } } });
const count = intFlag("count", values.count, 50, [1, 200]);
const environments =
  values.env === "all"
    ? readdirSync(new URL("../catalog/dist/", import.meta.url))
        .filter((f) => f.endsWith(".json") && f !== "index.json")
        .map((f) => f.replace(/\.json$/, ""))
        .sort()
    : (values.env ?? "chinook,nyc-flights").split(",");

async function oracleReward(env: NodeWorld, task: Task): Promise<number> {
  const programs = await env.world.loadPrograms([task.solution.program]);
  try {
    const run = env.world.fresh(task.episode, (runner) =>
      programs.run(0, runner, env.world.programHost(task.episode)),
    );
    return run.value.ok ? scoreEpisode(task, run.changes, run.value.answer).reward : 0;
  } finally {
    programs.dispose();
  }
}

function randomReward(env: NodeWorld, task: Task): number {
  const tools = env.spec.tools.filter((t) => task.tools.includes(t.name));
  const run = env.world.fresh(task.episode, (runner) =>
    randomPolicy(runner, tools, createPrng(task.id), 6),
  );
  return scoreEpisode(task, run.changes, undefined).reward;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

console.log(
  `| environment | strategy | kept / asked | candidates | seconds | verified tasks/s | oracle mean | random mean |`,
);
console.log(`|---|---|---|---|---|---|---|---|`);
for (const name of environments) {
  const env = await nodeWorld(catalogSpec(name));
  for (const strategy of ["graph", "programmatic"] as const) {
    const started = performance.now();
    const { tasks, report } = await synthesizeTasks(
      env.world,
      SynthesisShardSchema.parse({ count, strategy, seed: `bench-${name}-${strategy}` }),
    );
    const seconds = (performance.now() - started) / 1000;
    const oracle: number[] = [];
    const random: number[] = [];
    for (const task of tasks) {
      oracle.push(await oracleReward(env, task));
      random.push(randomReward(env, task));
    }
    console.log(
      `| ${name} | ${strategy} | ${tasks.length} / ${count} | ${report.attempts} | ${seconds.toFixed(2)} | ${(tasks.length / seconds).toFixed(1)} | ${mean(oracle).toFixed(3)} | ${mean(random).toFixed(3)} |`,
    );
  }
  env.close();
}
