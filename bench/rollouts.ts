// `npm run bench:rollouts`: rollouts per second through the queues. Starts its own `wrangler dev`,
// publishes chinook and nyc-flights, synthesizes tasks on both, then runs the same tasks twice: with
// the built-in `oracle` policy (the platform's overhead alone; its mean reward must be 1) and with
// a scripted OpenAI-compatible agent that waits a fixed latency per completion (the concurrency
// the platform sustains while the model is the slow part). Prints a table, writes JSON.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SynthesisJobReport } from "../cli/api-schemas";
import { REPO_ROOT } from "../cli/config";
import { step } from "../cli/dev/console";
import { type Platform, startPlatform } from "../cli/dev/ephemeral-platform";
import { SCRIPTED_MODEL, startScriptedPolicyServer } from "../test/support/scripted-policy";
import { benchMain } from "./bench-main";
import type { Cleanup } from "./cleanup";
import { httpTarget } from "./http-target";
import { machineInfo, markdownTable } from "./markdown";
import {
  type BenchTargets,
  batchRollouts,
  type CreateBatchRequest,
  createPolicy,
  type RolloutBatch,
  runBatch,
} from "./rollouts-api";
import { batchFigures } from "./rollouts-figures";
import {
  parseRolloutOptions,
  ROLLOUTS_USAGE,
  type RolloutBenchOptions,
  tasksNeeded,
} from "./rollouts-options";
import { type PolicyRun, rolloutRows } from "./rollouts-report";
import { oneToolTurnScript, publishEnvironments, synthesizeTasks } from "./rollouts-setup";
import { soloRollouts } from "./rollouts-solo";

const RESULTS_DIR = join(REPO_ROOT, "bench", "results");
const BATCH_TIMEOUT_MS = 240_000;
const SOLO_TIMEOUT_MS = 60_000;
/** A batch where no rollout ends for this long is stuck (a queue delivery takes ~5 s here). */
const STALL_MS = 60_000;
const PROGRESS_EVERY_MS = 5_000;
/** The scripted agent's turns: one with a tool call, one with the answer. */
const COMPLETIONS_PER_ROLLOUT = 2;
const SCRIPTED_MAX_TURNS = 4;
const WRANGLER_TAIL_LINES = 30;
const POLL_TIMEOUT_MS = 5_000;

async function bench(options: RolloutBenchOptions, cleanup: Cleanup): Promise<number> {
  const startedAt = new Date();
  const t0 = performance.now();
  const notes: string[] = [];

  step("starting wrangler dev on a free port (temporary state, throwaway admin key)…");
  const platform = await startPlatform(REPO_ROOT);
  cleanup.add(platform.stop);
  const targets = benchTargets(platform, cleanup);
  const explained = explainFailures(platform);

  step("publishing chinook and nyc-flights (their tool tests run on admission)…");
  await publishEnvironments(platform.baseUrl, platform.adminKey);
  const needed = tasksNeeded(options);
  step(`synthesizing ${needed} tasks (mixed), half on each environment…`);
  const synthesis = await synthesizeTasks(targets, needed);
  const { tasks } = synthesis;
  if (tasks.length === 0) throw new Error("synthesis kept no task");
  if (tasks.length < needed) {
    notes.push(
      `Synthesis kept ${tasks.length} of the ${needed} tasks needed: each batch has ${tasks.length * options.groupSize} rollouts, not ${options.rollouts}.`,
    );
  }
  for (const job of synthesis.jobs) {
    const report = SynthesisJobReport.safeParse(job.report);
    const seconds = report.success ? report.data.seconds : undefined;
    step(`  ${job.environment.name}: kept ${job.kept}${seconds ? ` in ${seconds} s` : ""}`);
  }
  const taskIds = tasks.map((t) => t.id);
  const perEnvironment = countBy(tasks.map((t) => t.environment.name));
  step(`  using ${tasks.length} tasks: ${JSON.stringify(perEnvironment)}`);

  const run = async (label: string, policy: CreateBatchRequest): Promise<PolicyRun> => {
    const request = { ...policy, tasks: taskIds, groupSize: options.groupSize };
    step(`${label}: ${tasks.length * options.groupSize} rollouts…`);
    const followed = await explained(
      runBatch(
        targets,
        { ...request, maxConcurrency: options.maxConcurrency },
        { timeoutMs: BATCH_TIMEOUT_MS, stallMs: STALL_MS, onProgress: progressPrinter(label) },
      ),
    );
    const batch = batchFigures(followed, await batchRollouts(targets.api, followed.batch.id));
    if (options.solo === 0) return { batch, solo: null };
    step(`${label}: ${options.solo} batches of one rollout, one after another…`);
    const solo = await explained(
      soloRollouts(targets, policy, taskIds, options.solo, {
        timeoutMs: SOLO_TIMEOUT_MS,
        stallMs: STALL_MS,
      }),
    );
    return { batch, solo };
  };

  const oracle = await run("oracle", { policy: "oracle" });
  const oracleCorrect =
    oracle.batch.meanReward === 1 &&
    oracle.batch.done === oracle.batch.total &&
    (oracle.solo?.rewards.every((r) => r === 1) ?? true);
  if (!oracleCorrect) {
    const b = oracle.batch;
    notes.push(
      `The oracle's mean reward is ${b.meanReward ?? "null"} over ${b.done} of ${b.total} rollouts done (${b.failed} failed; solo rewards ${JSON.stringify(oracle.solo?.rewards ?? [])}), not 1.000 over all: the platform scored a reference solution wrong or lost rollouts.${b.firstError ? ` First error: ${b.firstError}` : ""}`,
    );
  }

  step(`scripted agent on a local OpenAI-compatible server, ${options.latencyMs} ms/completion…`);
  const agent = await startScriptedPolicyServer({ latencyMs: options.latencyMs });
  cleanup.add(() => agent.close());
  for (const task of tasks) agent.addScript(oneToolTurnScript(task));
  const policyName = `bench-scripted-${Date.now().toString(36)}`;
  await createPolicy(targets.api, {
    name: policyName,
    baseUrl: agent.baseUrl,
    model: SCRIPTED_MODEL,
    timeoutSeconds: 60,
  });
  const scripted = await run("scripted", { policy: policyName, maxTurns: SCRIPTED_MAX_TURNS });
  const completions = agent.requestSummaries({ model: SCRIPTED_MODEL }).length;
  const expectedCompletions =
    (scripted.batch.done + (scripted.solo?.done ?? 0)) * COMPLETIONS_PER_ROLLOUT;
  const modelFloorSeconds =
    (scripted.batch.total * COMPLETIONS_PER_ROLLOUT * options.latencyMs) / 1000;
  if (scripted.batch.failed > 0) {
    notes.push(
      `${scripted.batch.failed} scripted rollouts failed; first error: ${scripted.batch.firstError}`,
    );
  }
  if (completions !== expectedCompletions) {
    notes.push(
      `The scripted server answered ${completions} completions, not the ${expectedCompletions} expected (${COMPLETIONS_PER_ROLLOUT} per rollout done): retries or failed rollouts.`,
    );
  }
  if (platform.reloads() > 0) notes.push(`wrangler reloaded ${platform.reloads()} times: rerun.`);

  const results = {
    startedAt: startedAt.toISOString(),
    durationSeconds: (performance.now() - t0) / 1000,
    machine: machineInfo(),
    options: { ...options, help: undefined },
    tasks: {
      count: tasks.length,
      perEnvironment,
      kinds: countBy(tasks.map((t) => t.kind)),
      synthesisSeconds: synthesis.seconds,
      jobs: synthesis.jobs.map((j) => ({
        id: j.id,
        environment: j.environment.name,
        kept: j.kept,
      })),
    },
    oracle: { ...oracle, rewardIsOne: oracleCorrect },
    scripted: {
      ...scripted,
      latencyMs: options.latencyMs,
      completionsServed: completions,
      /** Rollouts x completions x latency: the model's own time, one rollout at a time. */
      modelOneAtATimeSeconds: modelFloorSeconds,
    },
    notes,
  };
  const extras = { latencyMs: options.latencyMs, completions, modelFloorSeconds };
  console.log(`\n${markdownTable(rolloutRows(oracle, scripted, extras))}`);
  for (const note of notes) console.log(`\nnote: ${note}`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `rollouts-${startedAt.toISOString().replaceAll(":", "-")}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwritten to ${file} (${results.durationSeconds.toFixed(0)} s in all)`);
  if (!oracleCorrect) console.error("\n✗ the oracle's mean reward is not 1.000");
  return oracleCorrect && scripted.batch.failed === 0 ? 0 : 1;
}

/** `api` waits as long as a request may take; `polls` gives up after a few seconds and asks again. */
function benchTargets(platform: Platform, cleanup: Cleanup): BenchTargets {
  const headers = { authorization: `Bearer ${platform.adminKey}` };
  const api = httpTarget(platform.baseUrl, { headers, maxSockets: 16, timeoutMs: 120_000 });
  const polls = httpTarget(platform.baseUrl, {
    headers,
    maxSockets: 2,
    timeoutMs: POLL_TIMEOUT_MS,
  });
  cleanup.add(async () => {
    api.close();
    polls.close();
  });
  return { api, polls };
}

/** A failure says whether wrangler reloaded (a teammate saved a file) and what it logged last. */
function explainFailures(platform: Platform): <T>(work: Promise<T>) => Promise<T> {
  return (work) =>
    work.catch((err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      const reloads = platform.reloads();
      // The request log is mostly our own polls: leave those out.
      const tail = platform
        .tail()
        .filter((line) => !line.includes("[wrangler:info] GET "))
        .slice(-WRANGLER_TAIL_LINES);
      const lines = [
        message,
        ...(reloads > 0 ? [`wrangler reloaded ${reloads} times during the run: rerun.`] : []),
        ...(tail.length > 0 ? ["wrangler's last lines (GET requests left out):", ...tail] : []),
      ];
      throw new Error(lines.join("\n"));
    });
}

function progressPrinter(label: string): (batch: RolloutBatch) => void {
  let last = performance.now();
  return (batch) => {
    if (performance.now() - last < PROGRESS_EVERY_MS) return;
    last = performance.now();
    const p = batch.progress;
    step(
      `  ${label}: ${p.done} done, ${p.failed} failed, ${p.running} running, ${p.queued} queued of ${p.total}`,
    );
  };
}

function countBy(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}

process.exitCode = await benchMain(parseRolloutOptions, ROLLOUTS_USAGE, bench).catch(
  (err: unknown) => {
    console.error(`✗ ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return 1;
  },
);
