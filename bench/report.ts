// Prints a run's figures as a markdown table (metric | platform | floor | platform/floor) that can
// be pasted into the README, and writes the whole run as JSON under bench/results/.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { markdownTable } from "./markdown";
import type { BenchResults, LatencyFigures } from "./results";

type Row = [metric: string, platform: string, floor: string, ratio: string];

const ms = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? "—" : value.toFixed(2);
const perSecond = (value: number) => Math.round(value).toLocaleString("en-US");
const ratio = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined || !(b > 0) || Number.isNaN(a)
    ? "—"
    : `${(a / b).toFixed(2)}x`;

export function resultRows(r: BenchResults): Row[] {
  const { platform, floor, mcp } = r.latencyC1;
  const rows: Row[] = [
    latencyRow("tool call c=1 p50 (ms)", platform, floor, "p50"),
    latencyRow("tool call c=1 p99 (ms)", platform, floor, "p99"),
    latencyRow("tool call c=1 mean (ms)", platform, floor, "mean"),
  ];
  if ("latency" in mcp) {
    rows.push(latencyRow("MCP tools/call c=1 p50 (ms)", mcp, floor, "p50"));
    rows.push(latencyRow("MCP tools/call c=1 p99 (ms)", mcp, floor, "p99"));
  } else {
    rows.push(["MCP tools/call c=1", `not measured (${mcp.notMeasured})`, "", ""]);
  }
  const t = r.throughput;
  rows.push([
    `calls/s at c=${t.platform.concurrency} (${t.platform.concurrency} episodes)`,
    perSecond(t.platform.callsPerSecond),
    perSecond(t.floor.callsPerSecond),
    ratio(t.platform.callsPerSecond, t.floor.callsPerSecond),
  ]);
  rows.push([
    `latency under c=${t.platform.concurrency} p50 (ms)`,
    ms(t.platform.latency.p50),
    ms(t.floor.latency.p50),
    ratio(t.platform.latency.p50, t.floor.latency.p50),
  ]);
  rows.push([
    `load generator CPU at c=${t.platform.concurrency} (% of one core)`,
    t.platform.clientCpuPercent.toFixed(0),
    t.floor.clientCpuPercent.toFixed(0),
    "",
  ]);
  rows.push([
    "time inside the server p50 (ms, its `durationMs`)",
    ms(platform.serverMs?.p50),
    ms(floor.serverMs?.p50),
    ratio(platform.serverMs?.p50, floor.serverMs?.p50),
  ]);
  rows.push(
    latencyRow(
      "GET /health c=1 p50 (ms, no tool work)",
      r.latencyC1.platformHealth,
      r.latencyC1.floorHealth,
      "p50",
    ),
  );
  rows.push([
    "GET /v1/episodes/:id c=1 p50 (ms, auth + DO round trip)",
    ms(r.latencyC1.episodeInfo.latency.p50),
    "",
    "",
  ]);
  const e = r.episodes;
  rows.push([
    `episode creation, first/cold (ms, ${r.setup.rows.toLocaleString("en-US")} rows)`,
    ms(e.coldCreateMs),
    "",
    "",
  ]);
  rows.push([
    `episode creation p50 / p99 (ms, n=${e.create.count})`,
    `${ms(e.create.p50)} / ${ms(e.create.p99)}`,
    "",
    "",
  ]);
  rows.push(["first tool call on a new episode p50 (ms)", ms(e.firstToolCall.p50), "", ""]);
  rows.push(["episode delete p50 (ms)", ms(e.delete.p50), "", ""]);
  return rows;
}

function latencyRow(
  metric: string,
  a: LatencyFigures,
  b: LatencyFigures,
  key: "p50" | "p99" | "mean",
): Row {
  return [metric, ms(a.latency[key]), ms(b.latency[key]), ratio(a.latency[key], b.latency[key])];
}

export function resultsTable(rows: readonly Row[]): string {
  return markdownTable([["metric", "platform", "floor", "platform/floor"], ...rows]);
}

export function printResults(r: BenchResults): void {
  const m = r.machine;
  console.log(
    [
      "",
      `Agent World bench, ${r.startedAt} (${r.durationSeconds.toFixed(0)} s)`,
      `machine   ${m.cpus} x ${m.cpuModel}, node ${m.node}, load ${m.loadAverage.map((l) => l.toFixed(2)).join(" ")}`,
      `platform  ${r.setup.platform}`,
      `floor     ${r.setup.floor}`,
      `call      ${r.setup.tool}; floor result ${r.setup.floorMatchesPlatform ? "identical to" : "DIFFERENT FROM"} the platform's`,
      "",
      resultsTable(resultRows(r)),
      "",
      `targets   tool call p50 within 5x of the floor: ${r.targets.p50RatioWithin5x ? "met" : "NOT met"}; ` +
        `episode creation under 100 ms: ${r.targets.createUnder100ms ? "met" : "NOT met"}`,
      ...r.notes.map((note) => `note      ${note}`),
    ].join("\n"),
  );
}

/** Writes the run as JSON (bench/results is git-ignored and outside Biome) and returns its path. */
export function writeResults(dir: string, r: BenchResults): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${r.startedAt.replace(/[:.]/g, "-")}.json`);
  writeFileSync(path, `${JSON.stringify(r, null, 2)}\n`);
  return path;
}
