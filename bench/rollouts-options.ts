// `npm run bench:rollouts` options: how many rollouts each batch runs, in groups of how many samples
// per task, the scripted model's latency per completion, and the batches' concurrency cap.
import { parseArgs } from "node:util";
import { intFlag } from "./int-flag";

export interface RolloutBenchOptions {
  /** Rollouts per batch, rounded up to whole groups (tasks x group size). */
  rollouts: number;
  groupSize: number;
  /** What the scripted OpenAI-compatible server waits before each completion. */
  latencyMs: number;
  /** The batches' `maxConcurrency`. */
  maxConcurrency: number;
  /** One-rollout batches run one after another per policy, for the overhead of a rollout alone. */
  solo: number;
  help: boolean;
}

export const ROLLOUTS_USAGE = `usage: npm run bench:rollouts [-- [--rollouts N] [--group-size N] [--latency-ms MS]
                                   [--max-concurrency N] [--solo N]]

Starts its own wrangler dev (temporary state, throwaway admin key), publishes chinook and
nyc-flights, synthesizes rollouts/group-size tasks on them (half each), then runs two batches
of the same tasks through the rollouts queue: the built-in \`oracle\` policy (platform overhead
alone; its mean reward must be 1), and a policy on a scripted OpenAI-compatible server that
waits --latency-ms per completion and plays one tool-call turn then an answer. Prints a table
and writes bench/results/rollouts-<timestamp>.json. Then, per policy, --solo batches of one
rollout each, one after another: the overhead of a rollout with nothing else running.

  --rollouts N         rollouts per batch (default 400)
  --group-size N       samples per task (default 8)
  --latency-ms MS      scripted model latency per completion (default 200)
  --max-concurrency N  the batches' concurrency cap (default 200)
  --solo N             one-rollout batches per policy (default 10; 0 skips them)`;

const DEFAULTS = {
  rollouts: 400,
  "group-size": 8,
  "latency-ms": 200,
  "max-concurrency": 200,
  solo: 10,
};
const LIMITS: Record<keyof typeof DEFAULTS, [number, number]> = {
  // One batch holds at most 1,000 task ids and 10,000 rollouts (MAX_BATCH_ROLLOUTS).
  rollouts: [1, 10_000],
  "group-size": [1, 64],
  "latency-ms": [0, 60_000],
  "max-concurrency": [1, 1000],
  solo: [0, 100],
};

export function parseRolloutOptions(argv: string[]): RolloutBenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      rollouts: { type: "string" },
      "group-size": { type: "string" },
      "latency-ms": { type: "string" },
      "max-concurrency": { type: "string" },
      solo: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  const pick = (name: keyof typeof DEFAULTS): number =>
    intFlag(name, values[name], DEFAULTS[name], LIMITS[name]);
  const options = {
    rollouts: pick("rollouts"),
    groupSize: pick("group-size"),
    latencyMs: pick("latency-ms"),
    maxConcurrency: pick("max-concurrency"),
    solo: pick("solo"),
    help: values.help === true,
  };
  if (Math.ceil(options.rollouts / options.groupSize) > 1000) {
    throw new Error("--rollouts / --group-size must be at most 1,000 tasks (one batch's limit)");
  }
  return options;
}

/** Tasks one batch needs: `rollouts` rounded up to whole groups. */
export function tasksNeeded(options: RolloutBenchOptions): number {
  return Math.ceil(options.rollouts / options.groupSize);
}
