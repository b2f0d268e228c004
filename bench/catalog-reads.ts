// The reading phase of the catalog-scale benchmark: list (first page and a deep cursor page),
// search and the domain filter, one request at a time, interleaved so noise hits all alike.
import { encodeCursor } from "../workers/catalog/search";
import { DOMAINS, WORDS } from "./catalog-variants";
import type { HttpTarget } from "./http-target";
import { type LatencySummary, summarize } from "./stats";

export interface ReadFigures {
  path: string;
  latency: LatencySummary;
  errors: number;
  firstError?: string;
  /** Environments on the first answer's page (shows the request did real work). */
  firstPageSize: number;
}

const LIMIT = 50;
const WARMUP = 10;

/** Request paths per subject; each subject cycles through its paths. */
export function readSubjects(names: readonly string[]): Map<string, string[]> {
  const sorted = [...names].sort();
  const deep = sorted[Math.floor(sorted.length * 0.9)] ?? sorted[0] ?? "a";
  return new Map([
    ["list first page", [`/v1/environments?limit=${LIMIT}`]],
    [
      "list deep cursor page (90%)",
      [`/v1/environments?limit=${LIMIT}&cursor=${encodeCursor({ n: deep })}`],
    ],
    ["search ?q=<word>", WORDS.map((w) => `/v1/environments?limit=${LIMIT}&q=${w}`)],
    ["filter ?domain=", DOMAINS.map((d) => `/v1/environments?limit=${LIMIT}&domain=${d}`)],
  ]);
}

export async function measureReads(
  api: HttpTarget,
  subjects: Map<string, string[]>,
  requests: number,
  budgetMs: number,
): Promise<Map<string, ReadFigures>> {
  const samples = new Map<string, number[]>();
  const figures = new Map<string, ReadFigures>();
  for (const [name, paths] of subjects) {
    samples.set(name, []);
    figures.set(name, {
      path: paths[0] ?? "",
      latency: summarize([]),
      errors: 0,
      firstPageSize: 0,
    });
  }
  const deadline = performance.now() + budgetMs;
  for (let i = -WARMUP; i < requests && performance.now() < deadline; i++) {
    for (const [name, paths] of subjects) {
      const path = paths[(i + WARMUP) % paths.length] ?? "";
      const f = figures.get(name);
      const s = samples.get(name);
      if (f === undefined || s === undefined) continue;
      const start = performance.now();
      try {
        const answer = await api.send("GET", path, undefined);
        const ms = performance.now() - start;
        if (answer.status !== 200) {
          f.errors++;
          f.firstError ??= `HTTP ${answer.status} ${answer.body.slice(0, 300)}`;
        } else if (i >= 0) {
          s.push(ms);
        } else if (i === -WARMUP) {
          f.firstPageSize = pageSize(answer.body);
        }
      } catch (err) {
        f.errors++;
        f.firstError ??= err instanceof Error ? err.message : String(err);
      }
    }
  }
  for (const [name, f] of figures) f.latency = summarize(samples.get(name) ?? []);
  return figures;
}

function pageSize(body: string): number {
  const parsed: unknown = JSON.parse(body);
  if (typeof parsed === "object" && parsed !== null && "environments" in parsed) {
    const list = parsed.environments;
    if (Array.isArray(list)) return list.length;
  }
  return 0;
}
