// The rollout benchmark's setup on a fresh platform: chinook and nyc-flights published through the
// API, tasks synthesized on both (half each), and the scripted agent's turns for every task.
import { REPO_ROOT } from "../cli/config";
import { prepareCatalog } from "../cli/dev/prepare-catalog";
import { outcomeLines, publishCatalog } from "../cli/dev/publish-catalog";
import type { Task } from "../core/tasks/task";
import type { Script } from "../test/support/scripted-policy";
import {
  type BenchTargets,
  getTask,
  jobTaskIds,
  type SynthesisJob,
  synthesize,
} from "./rollouts-api";

export const ENVIRONMENTS = ["chinook", "nyc-flights"] as const;
const PUBLISH_TIMEOUT_MS = 120_000;
const SYNTHESIS_TIMEOUT_MS = 180_000;
/** Synthesis may keep fewer tasks than asked (duplicates, rejected candidates): ask for more. */
const SYNTHESIS_MARGIN = 1.25;
const READ_CONCURRENCY = 8;

export async function publishEnvironments(baseUrl: string, adminKey: string): Promise<void> {
  const entries = (await prepareCatalog(REPO_ROOT)) ?? [];
  const wanted = entries.filter((e) => (ENVIRONMENTS as readonly string[]).includes(e.name));
  if (wanted.length !== ENVIRONMENTS.length) {
    throw new Error(`catalog/dist lacks ${ENVIRONMENTS.join(" or ")} (npm run catalog:build)`);
  }
  const outcomes = await publishCatalog(baseUrl, adminKey, wanted, {
    concurrency: wanted.length,
    fetch: (input, init) =>
      fetch(input, { ...init, signal: AbortSignal.timeout(PUBLISH_TIMEOUT_MS) }),
  });
  const failed = outcomes.filter((o) => o.status === "failed");
  if (failed.length > 0) {
    throw new Error(`publishing failed:\n${failed.flatMap(outcomeLines).join("\n")}`);
  }
}

export interface SynthesizedTasks {
  /** `needed` tasks (or all that were kept, when fewer), alternating between environments. */
  tasks: Task[];
  jobs: SynthesisJob[];
  seconds: number;
}

/** Synthesizes tasks on both environments at once (`mixed` strategy, fixed seeds). */
export async function synthesizeTasks(
  targets: BenchTargets,
  needed: number,
): Promise<SynthesizedTasks> {
  const { api } = targets;
  const started = performance.now();
  const perEnvironment = Math.min(
    5000,
    Math.ceil((needed / ENVIRONMENTS.length) * SYNTHESIS_MARGIN) + 2,
  );
  const jobs = await Promise.all(
    ENVIRONMENTS.map((environment) =>
      synthesize(
        targets,
        {
          environment,
          count: perEnvironment,
          strategy: "mixed",
          seed: `bench-rollouts-${environment}`,
        },
        SYNTHESIS_TIMEOUT_MS,
      ),
    ),
  );
  const idLists = await Promise.all(jobs.map((job) => jobTaskIds(api, job.id)));
  const ids = alternate(idLists).slice(0, needed);
  const tasks = await mapLimited(ids, READ_CONCURRENCY, (id) => getTask(api, id));
  return { tasks, jobs, seconds: (performance.now() - started) / 1000 };
}

/**
 * The scripted agent's turns for a task: one turn calling the first tool of the reference solution
 * with its arguments (so the call does real work on the episode), then the gold answer (or DONE).
 * Two completions per rollout, whatever the task.
 */
export function oneToolTurnScript(task: Task): Script {
  const first = task.solution.calls[0];
  const answer = task.groundTruth.answer;
  return {
    match: task.instruction,
    turns: [
      ...(first ? [{ toolCalls: [{ name: first.tool, arguments: first.args }] }] : []),
      { content: answer === undefined ? "DONE" : JSON.stringify(answer.value) },
    ],
  };
}

/** [a1, b1, a2, b2, ...], then the longer list's rest. */
function alternate<T>(lists: readonly T[][]): T[] {
  const out: T[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) {
    for (const list of lists) {
      const item = list[i];
      if (item !== undefined) out.push(item);
    }
  }
  return out;
}

async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) {
      const item = items[i];
      if (item !== undefined) out[i] = await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
