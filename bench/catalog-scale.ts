// `npm run bench:catalog`: the catalog at scale. Starts its own `wrangler dev`, publishes generated
// environments through the real API (each version's tool tests run in a scratch Durable Object),
// then times list, a deep cursor page, search and the domain filter. Prints a table, writes JSON.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../cli/config";
import { step } from "../cli/dev/console";
import { startPlatform } from "../cli/dev/ephemeral-platform";
import { benchMain } from "./bench-main";
import { CATALOG_USAGE, type CatalogOptions, parseCatalogOptions } from "./catalog-options";
import { type PublishFigures, publishVariants } from "./catalog-publish";
import { measureReads, type ReadFigures, readSubjects } from "./catalog-reads";
import type { Cleanup } from "./cleanup";
import { httpTarget } from "./http-target";
import { machineInfo, markdownTable } from "./markdown";

const RESULTS_DIR = join(REPO_ROOT, "bench", "results");
const READS_MAX_MS = 90_000;

async function bench(options: CatalogOptions, cleanup: Cleanup): Promise<number> {
  const startedAt = new Date();
  const t0 = performance.now();
  step("starting wrangler dev on a free port (temporary state, throwaway admin key)…");
  const platform = await startPlatform(REPO_ROOT);
  cleanup.add(platform.stop);
  const api = httpTarget(platform.baseUrl, {
    headers: { authorization: `Bearer ${platform.adminKey}` },
    maxSockets: options.concurrency + 2,
    timeoutMs: 60_000,
  });
  cleanup.add(async () => api.close());

  step(
    `publishing up to ${options.environments} environments x ${options.toolsPerEnv} tools at c=${options.concurrency} (budget ${options.publishSeconds} s)…`,
  );
  const publish = await publishVariants(api, {
    environments: options.environments,
    toolsPerEnv: options.toolsPerEnv,
    concurrency: options.concurrency,
    budgetMs: options.publishSeconds * 1000,
    onProgress: (n, ms) => step(`  ${n} published in ${(ms / 1000).toFixed(0)} s`),
  });
  if (publish.published === 0) throw new Error(`nothing was published: ${publish.firstError}`);

  step(`reads at c=1: ${options.requests} timed requests per subject, interleaved…`);
  const reads = await measureReads(
    api,
    readSubjects(publish.names),
    options.requests,
    READS_MAX_MS,
  );

  const notes: string[] = [];
  if (publish.published < publish.requested) {
    notes.push(
      `Published ${publish.published} of ${publish.requested} requested within the ${options.publishSeconds} s budget; the read figures are for a catalog of ${publish.published}. Nothing is extrapolated.`,
    );
  }
  if (publish.failed > 0)
    notes.push(`${publish.failed} publishes failed; first: ${publish.firstError}`);
  if (platform.reloads() > 0) notes.push(`wrangler reloaded ${platform.reloads()} times: rerun.`);
  const { names: _names, ...publishJson } = publish;
  const results = {
    startedAt: startedAt.toISOString(),
    durationSeconds: (performance.now() - t0) / 1000,
    machine: machineInfo(),
    options: { ...options, help: undefined },
    publish: publishJson,
    reads: Object.fromEntries(reads),
    notes,
  };
  console.log(`\n${markdownTable(rows(publish, reads))}`);
  for (const note of notes) console.log(`\nnote: ${note}`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `catalog-${startedAt.toISOString().replaceAll(":", "-")}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwritten to ${file} (${results.durationSeconds.toFixed(0)} s in all)`);
  return publish.failed > 0 ? 1 : 0;
}

const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");

function rows(p: PublishFigures, reads: Map<string, ReadFigures>): string[][] {
  const out = [
    ["metric", "value"],
    ["environments published (of requested)", `${p.published} (of ${p.requested})`],
    ["tools published (each with a passing test)", String(p.toolsPublished)],
    ["publish wall time (s)", f(p.seconds)],
    [`publish throughput at c=${p.concurrency} (environments/s)`, f(p.environmentsPerSecond, 2)],
    [`publish throughput at c=${p.concurrency} (tools/s)`, f(p.toolsPerSecond, 1)],
    ["publish latency p50 / p99 (ms)", `${f(p.latency.p50)} / ${f(p.latency.p99)}`],
    [
      "publish failures (retried after a wrangler reload)",
      `${p.failed} (${p.retriedAfterRestart})`,
    ],
  ];
  for (const [name, r] of reads) {
    out.push([
      `GET ${name} c=1 p50 / p99 (ms, n=${r.latency.count}, page ${r.firstPageSize})`,
      `${f(r.latency.p50, 2)} / ${f(r.latency.p99, 2)}${r.errors > 0 ? ` (${r.errors} errors)` : ""}`,
    ]);
  }
  return out;
}

process.exitCode = await benchMain(parseCatalogOptions, CATALOG_USAGE, bench).catch(
  (err: unknown) => {
    console.error(`✗ ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return 1;
  },
);
