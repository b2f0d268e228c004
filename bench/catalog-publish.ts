// The publishing phase of the catalog-scale benchmark: generated variants POSTed to
// /v1/environments by a fixed number of workers, until all are published or the time budget ends.

import { variantSpec } from "./catalog-variants";
import type { HttpAnswer, HttpTarget } from "./http-target";
import { type LatencySummary, summarize } from "./stats";

export interface PublishFigures {
  requested: number;
  attempted: number;
  published: number;
  failed: number;
  /** Publishes sent again because wrangler restarted the Worker mid-request (a reload). */
  retriedAfterRestart: number;
  firstError?: string;
  toolsPublished: number;
  concurrency: number;
  seconds: number;
  environmentsPerSecond: number;
  toolsPerSecond: number;
  latency: LatencySummary;
  /** Names of the environments published, in publication order. */
  names: string[];
}

export interface PublishPlan {
  environments: number;
  toolsPerEnv: number;
  concurrency: number;
  budgetMs: number;
  /** Called now and then with the count published so far. */
  onProgress?: (published: number, elapsedMs: number) => void;
}

const PROGRESS_EVERY = 250;
const MAX_RETRIES = 2;

const restarted = (answer: HttpAnswer) =>
  answer.status === 503 && answer.body.includes("restarted mid-request");

export async function publishVariants(api: HttpTarget, plan: PublishPlan): Promise<PublishFigures> {
  const latencies: number[] = [];
  const names: string[] = [];
  let next = 0;
  let failed = 0;
  let retriedAfterRestart = 0;
  let firstError: string | undefined;
  const t0 = performance.now();
  const deadline = t0 + plan.budgetMs;

  const worker = async () => {
    while (next < plan.environments && performance.now() < deadline) {
      const spec = variantSpec(next++, plan.toolsPerEnv);
      const body = JSON.stringify(spec);
      try {
        let start = performance.now();
        let answer = await api.send("POST", "/v1/environments", body);
        // wrangler rebuilt the Worker (someone saved a file): not the platform's failure; retry.
        for (let retry = 0; retry < MAX_RETRIES && restarted(answer); retry++) {
          retriedAfterRestart++;
          start = performance.now();
          answer = await api.send("POST", "/v1/environments", body);
        }
        const ms = performance.now() - start;
        if (answer.status === 201 || answer.status === 200) {
          latencies.push(ms);
          names.push(spec.name);
          if (names.length % PROGRESS_EVERY === 0) {
            plan.onProgress?.(names.length, performance.now() - t0);
          }
        } else {
          failed++;
          firstError ??= `${spec.name}: HTTP ${answer.status} ${answer.body.slice(0, 400)}`;
        }
      } catch (err) {
        failed++;
        firstError ??= `${spec.name}: ${err instanceof Error ? err.message : String(err)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: plan.concurrency }, worker));
  const seconds = (performance.now() - t0) / 1000;
  return {
    requested: plan.environments,
    attempted: next,
    published: names.length,
    failed,
    retriedAfterRestart,
    ...(firstError === undefined ? {} : { firstError }),
    toolsPublished: names.length * plan.toolsPerEnv,
    concurrency: plan.concurrency,
    seconds,
    environmentsPerSecond: names.length / seconds,
    toolsPerSecond: (names.length * plan.toolsPerEnv) / seconds,
    latency: summarize(latencies),
    names,
  };
}
