// The shape of one benchmark run, as printed and as written to bench/results/<timestamp>.json.
import type { BenchOptions } from "./bench-options";
import type { LatencySummary } from "./stats";

export interface ThroughputFigures {
  concurrency: number;
  callsPerSecond: number;
  completed: number;
  errors: number;
  firstError?: string;
  latency: LatencySummary;
  /** The load generator's own CPU use, in % of one core, while it drove this load. */
  clientCpuPercent: number;
}

export interface LatencyFigures {
  latency: LatencySummary;
  errors: number;
  firstError?: string;
  /** The server's own `durationMs` for the call, when it reports one. */
  serverMs?: LatencySummary;
}

export interface BenchResults {
  startedAt: string;
  durationSeconds: number;
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    platform: string;
    loadAverage: number[];
  };
  setup: {
    platform: string;
    floor: string;
    tool: string;
    rows: number;
    /** Times wrangler rebuilt the Worker during the run (a file saved in the tree): noise. */
    wranglerReloads: number;
    floorMatchesPlatform: boolean;
    mcpMatchesPlatform: boolean | null;
  };
  options: Omit<BenchOptions, "help">;
  latencyC1: {
    platform: LatencyFigures;
    floor: LatencyFigures;
    mcp: LatencyFigures | { notMeasured: string };
    platformHealth: LatencyFigures;
    /** `GET /v1/episodes/:id`: auth + Worker -> DO RPC, no tool. */
    episodeInfo: LatencyFigures;
    floorHealth: LatencyFigures;
  };
  throughput: { platform: ThroughputFigures; floor: ThroughputFigures };
  episodes: {
    coldCreateMs: number;
    create: LatencySummary;
    delete: LatencySummary;
    /** The first tool call on each fresh episode (the sandbox loads the tools then). */
    firstToolCall: LatencySummary;
  };
  targets: { p50RatioWithin5x: boolean; createUnder100ms: boolean };
  notes: string[];
}
