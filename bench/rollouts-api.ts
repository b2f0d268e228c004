// The platform calls the rollout benchmark makes, each answer parsed with the server's own response
// schema: synthesize tasks and wait for the job, read the tasks, name a policy, start a rollout
// batch and follow it to the end, and page through its rollouts.
import type { z } from "zod";
import type { Task } from "../core/tasks/task";
import { PolicyResponseSchema } from "../workers/schemas/policy-schemas";
import {
  type CreateRolloutsRequest,
  RolloutBatchResponseSchema,
  RolloutPageSchema,
  type RolloutSummarySchema,
} from "../workers/schemas/rollout-schemas";
import {
  SynthesisJobResponseSchema,
  TaskListSchema,
  TaskResponseSchema,
} from "../workers/schemas/task-schemas";
import type { HttpTarget } from "./http-target";

export type RolloutBatch = z.infer<typeof RolloutBatchResponseSchema>["batch"];
export type RolloutSummary = z.infer<typeof RolloutSummarySchema>;
export type SynthesisJob = z.infer<typeof SynthesisJobResponseSchema>["job"];
/** A `POST /v1/rollouts` body; the server fills in the defaults. */
export type CreateBatchRequest = Partial<CreateRolloutsRequest> &
  Pick<CreateRolloutsRequest, "policy">;

/**
 * Two clients of the same platform: `polls` gives up on an unanswered request after a few seconds
 * and asks again (under wrangler dev a GET can wait out a whole queue delivery: tens of seconds),
 * `api` waits as long as a real request may take.
 */
export interface BenchTargets {
  api: HttpTarget;
  polls: HttpTarget;
}

const POLL_MS = 250;
const PAGE_LIMIT = 100;
/** Answers a busy local server may give without anything being wrong: ask again. */
const TRANSIENT = new Set([502, 503, 504]);

/** Sends one request and parses the answer, which must have status `expected`. */
export async function call<S extends z.ZodType>(
  api: HttpTarget,
  schema: S,
  expected: number,
  method: string,
  path: string,
  body?: unknown,
): Promise<z.infer<S>> {
  const answer = await api.send(
    method,
    path,
    body === undefined ? undefined : JSON.stringify(body),
  );
  if (answer.status !== expected) {
    throw new Error(`${method} ${path}: HTTP ${answer.status} ${answer.body.slice(0, 600)}`);
  }
  return schema.parse(JSON.parse(answer.body));
}

/** A GET that polls: a dropped connection or a 5xx from a busy local server is asked again. */
async function poll<S extends z.ZodType>(
  api: HttpTarget,
  schema: S,
  path: string,
  deadline: number,
): Promise<z.infer<S>> {
  for (;;) {
    const answer = await api.send("GET", path).catch((err: unknown) => {
      if (performance.now() > deadline) throw err;
      return undefined;
    });
    if (answer?.status === 200) return schema.parse(JSON.parse(answer.body));
    if (answer !== undefined && (!TRANSIENT.has(answer.status) || performance.now() > deadline)) {
      throw new Error(`GET ${path}: HTTP ${answer.status} ${answer.body.slice(0, 600)}`);
    }
    await sleep(POLL_MS);
  }
}

/** Starts a synthesis job and waits until it has finished (done or failed). */
export async function synthesize(
  targets: BenchTargets,
  request: { environment: string; count: number; strategy: string; seed: string },
  timeoutMs: number,
): Promise<SynthesisJob> {
  const { api, polls } = targets;
  const deadline = performance.now() + timeoutMs;
  let { job } = await call(
    api,
    SynthesisJobResponseSchema,
    202,
    "POST",
    "/v1/tasks/synthesize",
    request,
  );
  while (job.status === "queued" || job.status === "running") {
    if (performance.now() > deadline) {
      throw new Error(`synthesis job ${job.id} on ${request.environment} is still ${job.status}`);
    }
    await sleep(POLL_MS);
    ({ job } = await poll(polls, SynthesisJobResponseSchema, `/v1/tasks/jobs/${job.id}`, deadline));
  }
  return job;
}

/** The ids of the tasks a synthesis job kept, oldest first. */
export async function jobTaskIds(api: HttpTarget, jobId: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ job: jobId, limit: String(PAGE_LIMIT) });
    if (cursor !== null) query.set("cursor", cursor);
    const page = await call(api, TaskListSchema, 200, "GET", `/v1/tasks?${query}`);
    ids.push(...page.tasks.map((t) => t.id));
    cursor = page.nextCursor;
  } while (cursor !== null);
  return ids;
}

export async function getTask(api: HttpTarget, id: string): Promise<Task> {
  return call(api, TaskResponseSchema, 200, "GET", `/v1/tasks/${encodeURIComponent(id)}`);
}

/** Names an OpenAI-compatible endpoint as a policy (no API key: the scripted server wants none). */
export async function createPolicy(
  api: HttpTarget,
  policy: { name: string; baseUrl: string; model: string; timeoutSeconds: number },
): Promise<void> {
  await call(api, PolicyResponseSchema, 201, "POST", "/v1/policies", policy);
}

export interface FollowedBatch {
  batch: RolloutBatch;
  /** performance.now() when the POST was sent, when its 202 came, and when a poll saw it end. */
  sentAt: number;
  acceptedAt: number;
  endSeenAt: number;
}

/**
 * Creates a batch and polls it until it is no longer running. `onProgress` gets each poll's batch.
 * The batch is cancelled, and the call fails, when it runs past `timeoutMs` or no rollout has
 * ended for `stallMs` (under wrangler dev a reload loses the queue's pending messages).
 */
export async function runBatch(
  targets: BenchTargets,
  request: CreateBatchRequest,
  options: { timeoutMs: number; stallMs: number; onProgress?: (batch: RolloutBatch) => void },
): Promise<FollowedBatch> {
  const { api, polls } = targets;
  const sentAt = performance.now();
  const created = await call(api, RolloutBatchResponseSchema, 202, "POST", "/v1/rollouts", request);
  const acceptedAt = performance.now();
  const deadline = acceptedAt + options.timeoutMs;
  let batch = created.batch;
  let ended = 0;
  let endedChangedAt = acceptedAt;
  const path = new URL(created.links.self).pathname;
  while (batch.status === "running") {
    const now = performance.now();
    const stalled = now - endedChangedAt > options.stallMs;
    if (now > deadline || stalled) {
      await api.send("POST", new URL(created.links.cancel).pathname).catch(() => undefined);
      const p = batch.progress;
      const why = stalled
        ? `had no rollout end for ${options.stallMs / 1000} s`
        : `was still running after ${options.timeoutMs / 1000} s`;
      throw new Error(
        `batch ${batch.id} (${request.policy}) ${why}: ${p.done} done, ${p.failed} failed, ` +
          `${p.running} running, ${p.queued} queued of ${p.total}; cancelled`,
      );
    }
    await sleep(POLL_MS);
    ({ batch } = await poll(polls, RolloutBatchResponseSchema, path, deadline));
    const p = batch.progress;
    if (p.done + p.failed + p.cancelled !== ended) {
      ended = p.done + p.failed + p.cancelled;
      endedChangedAt = performance.now();
    }
    options.onProgress?.(batch);
  }
  return { batch, sentAt, acceptedAt, endSeenAt: performance.now() };
}

/** Every rollout of a batch, in the server's page order. */
export async function batchRollouts(api: HttpTarget, batchId: string): Promise<RolloutSummary[]> {
  const rollouts: RolloutSummary[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(PAGE_LIMIT) });
    if (cursor !== null) query.set("cursor", cursor);
    const page = await call(
      api,
      RolloutPageSchema,
      200,
      "GET",
      `/v1/rollouts/batches/${batchId}/rollouts?${query}`,
    );
    rollouts.push(...page.rollouts);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return rollouts;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
