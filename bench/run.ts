// `npm run bench`: the platform (its own `wrangler dev`) against a floor (bare Node + better-sqlite3
// running the same tool code), on one Chinook tool call: latency at c=1 over HTTP and MCP,
// throughput at c=32 over 32 episodes, and episode creation. Prints a table, writes JSON.
import { join } from "node:path";
import { chinookSqlitePath } from "../catalog/chinook/dataset";
import { REPO_ROOT } from "../cli/config";
import { step } from "../cli/dev/console";
import { startPlatform } from "../cli/dev/ephemeral-platform";
import { assembleResults } from "./assemble-results";
import { benchMain } from "./bench-main";
import { BENCH_USAGE, type BenchOptions, parseBenchOptions } from "./bench-options";
import type { Cleanup } from "./cleanup";
import { openCallEpisodes } from "./episodes";
import { startFloorServer } from "./floor-process";
import { httpTarget } from "./http-target";
import { measureCreation } from "./measure-creation";
import { measureSubjects } from "./measure-latency";
import { measureLoad } from "./measure-throughput";
import { ENVIRONMENT, publishChinook } from "./publish-chinook";
import { printResults, writeResults } from "./report";
import { checkSameWork } from "./same-work";
import {
  type Call,
  episodeInfoCall,
  floorToolCall,
  healthCall,
  platformMcpCall,
  platformToolCall,
} from "./workload";

const root = REPO_ROOT;
const DATABASE = chinookSqlitePath();
const RESULTS_DIR = join(root, "bench", "results");
/** Time budgets: every loop also stops at its count, whichever comes first. */
const CREATION_MAX_MS = 60_000;
const ROUND_MAX_MS = 30_000;

async function bench(options: BenchOptions, cleanup: Cleanup): Promise<number> {
  const startedAt = new Date();
  const t0 = performance.now();

  step("starting wrangler dev on a free port (temporary state, throwaway admin key)…");
  const platform = await startPlatform(root);
  cleanup.add(platform.stop);
  step(`wrangler dev is up at ${platform.baseUrl}; publishing ${ENVIRONMENT}…`);
  const entry = await publishChinook(root, platform.baseUrl, platform.adminKey);
  step("starting the floor server…");
  const floorServer = await startFloorServer(root, entry.file, DATABASE);
  cleanup.add(floorServer.stop);

  const sockets = options.concurrency + 4;
  const api = httpTarget(platform.baseUrl, {
    headers: { authorization: `Bearer ${platform.adminKey}` },
    maxSockets: sockets,
  });
  const floor = httpTarget(floorServer.baseUrl, { maxSockets: sockets });
  cleanup.add(async () => {
    api.close();
    floor.close();
  });

  step(`episode creation: ${options.creations} episodes, one at a time, then deleted…`);
  const creation = await measureCreation(api, ENVIRONMENT, options.creations, CREATION_MAX_MS);
  step(`opening ${options.concurrency} episodes for the tool calls…`);
  const episodes = await openCallEpisodes(api, ENVIRONMENT, options.concurrency);
  const [mainEpisode] = episodes.ids;
  if (mainEpisode === undefined) throw new Error("no episode opened");

  const platformCall = platformToolCall(api, mainEpisode);
  const floorCall = floorToolCall(floor);
  const mcpCall = platformMcpCall(api, mainEpisode);
  const same = await checkSameWork(platformCall, floorCall, mcpCall);

  const reloadsBefore = platform.reloads();
  const subjects = new Map<string, Call>([["platform", platformCall]]);
  if (same.mcp.available) subjects.set("mcp", mcpCall);
  subjects.set("floor", floorCall);
  subjects.set("platformHealth", healthCall(api));
  subjects.set("episodeInfo", episodeInfoCall(api, mainEpisode));
  subjects.set("floorHealth", healthCall(floor));
  step(
    `c=1: ${options.calls} timed calls each (${[...subjects.keys()].join(", ")}) in ${options.rounds} interleaved rounds, after ${options.warmup} warm-up calls…`,
  );
  const c1 = await measureSubjects(subjects, {
    warmup: options.warmup,
    calls: options.calls,
    rounds: options.rounds,
    roundMaxMs: ROUND_MAX_MS,
  });

  step(
    `c=${options.concurrency}: ${options.seconds} s per server in ${options.rounds} interleaved rounds…`,
  );
  const load = await measureLoad(
    new Map([
      ["platform", episodes.ids.map((id) => platformToolCall(api, id))],
      ["floor", episodes.ids.map(() => floorToolCall(floor))],
    ]),
    { seconds: options.seconds, rounds: options.rounds, warmupSeconds: 1 },
  );

  const results = assembleResults({
    startedAt,
    durationSeconds: (performance.now() - t0) / 1000,
    options,
    baseUrl: platform.baseUrl,
    same,
    creation,
    firstCallMs: episodes.firstCallMs,
    c1,
    load,
    reloadsMeasuring: platform.reloads() - reloadsBefore,
    reloadsTotal: platform.reloads(),
  });
  printResults(results);
  console.log(`\nwritten to ${writeResults(RESULTS_DIR, results)}`);
  return 0;
}

process.exitCode = await benchMain(parseBenchOptions, BENCH_USAGE, bench).catch((err: unknown) => {
  console.error(`✗ ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return 1;
});
