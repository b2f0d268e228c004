// `npm run bench:catalog` options. Publishing stops at `--environments` or after
// `--publish-seconds`, whichever comes first; the figures say how many were published.

import { parseArgs } from "node:util";
import { MAX_TOOLS } from "./catalog-variants";
import { intFlag } from "./int-flag";

export interface CatalogOptions {
  environments: number;
  toolsPerEnv: number;
  concurrency: number;
  /** Time budget for publishing; what fits is measured, nothing is extrapolated. */
  publishSeconds: number;
  /** Timed requests per read subject, at c=1. */
  requests: number;
  help: boolean;
}

export const CATALOG_USAGE = `usage: npm run bench:catalog [-- [--environments N] [--tools-per-env N]
                                  [--concurrency N] [--publish-seconds S] [--requests N]]

Starts its own wrangler dev (temporary state, throwaway admin key), publishes generated
environments through POST /v1/environments (every tool test runs on admission), then times
listing, a deep cursor page, search and the domain filter. Prints a table and writes
bench/results/catalog-<timestamp>.json.`;

const DEFAULTS = {
  environments: 10_000,
  "tools-per-env": 10,
  concurrency: 16,
  "publish-seconds": 360,
  requests: 200,
};
const LIMITS: Record<keyof typeof DEFAULTS, [number, number]> = {
  environments: [1, 100_000],
  "tools-per-env": [1, MAX_TOOLS],
  concurrency: [1, 64],
  "publish-seconds": [1, 3600],
  requests: [1, 10_000],
};

export function parseCatalogOptions(argv: string[]): CatalogOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      environments: { type: "string" },
      "tools-per-env": { type: "string" },
      concurrency: { type: "string" },
      "publish-seconds": { type: "string" },
      requests: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  const pick = (name: keyof typeof DEFAULTS): number =>
    intFlag(name, values[name], DEFAULTS[name], LIMITS[name]);
  return {
    environments: pick("environments"),
    toolsPerEnv: pick("tools-per-env"),
    concurrency: pick("concurrency"),
    publishSeconds: pick("publish-seconds"),
    requests: pick("requests"),
    help: values.help === true,
  };
}
