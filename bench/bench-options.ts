// `npm run bench` options. The defaults keep a whole run under ~2 minutes on a 2-core machine;
// `--quick` is a smoke test of the harness, not a measurement.

import { parseArgs } from "node:util";
import { intFlag } from "./int-flag";

export interface BenchOptions {
  /** Timed calls per subject at concurrency 1 (after the warm-up). */
  calls: number;
  warmup: number;
  /** Interleaved rounds the calls are split into. */
  rounds: number;
  concurrency: number;
  /** Seconds of closed-loop load per subject at `concurrency`. */
  seconds: number;
  /** Episodes opened (and deleted) for the creation benchmark. */
  creations: number;
  help: boolean;
}

export const BENCH_USAGE = `usage: npm run bench [-- [--quick] [--calls N] [--warmup N] [--rounds N]
                         [--concurrency N] [--seconds S] [--creations N]]

Starts its own wrangler dev (temporary state, throwaway admin key) and a floor server, measures
a Chinook tool call on both, prints the figures and writes bench/results/<timestamp>.json.`;

const DEFAULTS = {
  calls: 2000,
  warmup: 200,
  rounds: 4,
  concurrency: 32,
  seconds: 10,
  creations: 30,
};
const QUICK = { calls: 100, warmup: 20, rounds: 2, concurrency: 8, seconds: 2, creations: 5 };

const LIMITS: Record<keyof typeof DEFAULTS, [number, number]> = {
  calls: [10, 100_000],
  warmup: [0, 10_000],
  rounds: [1, 20],
  concurrency: [1, 256],
  seconds: [1, 120],
  creations: [2, 500],
};

export function parseBenchOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: "boolean" },
      calls: { type: "string" },
      warmup: { type: "string" },
      rounds: { type: "string" },
      concurrency: { type: "string" },
      seconds: { type: "string" },
      creations: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  const base = values.quick ? QUICK : DEFAULTS;
  const pick = (name: keyof typeof DEFAULTS): number =>
    intFlag(name, values[name], base[name], LIMITS[name]);
  return {
    calls: pick("calls"),
    warmup: pick("warmup"),
    rounds: pick("rounds"),
    concurrency: pick("concurrency"),
    seconds: pick("seconds"),
    creations: pick("creations"),
    help: values.help === true,
  };
}
