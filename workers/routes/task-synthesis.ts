// Synthesis jobs: `POST /v1/tasks/synthesize` resolves the environment version, records a job and
// fans it out over the synthesis queue as shards of at most 25 tasks; `GET /v1/tasks/jobs/{id}`
// follows it (shards done, tasks kept so far, and the report once every shard has finished).
import { createRoute } from "@hono/zod-openapi";
import { AppError } from "../../core/base/errors";
import { parseEnvironmentRef } from "../../core/environment/spec";
import { canAccess } from "../auth/owner-access";
import { catalogDb } from "../catalog/catalog-db";
import { requireLiveVersion } from "../catalog/live-version";
import {
  getSynthesisJob,
  insertSynthesisJob,
  newSynthesisJobId,
  type SynthesisJob,
  type SynthesisMessage,
} from "../catalog/synthesis-jobs";
import { callerOf } from "../episodes/episode-client";
import { createRouter } from "../router";
import { errorResponses } from "../schemas/error-schemas";
import {
  SynthesisJobParams,
  SynthesisJobResponseSchema,
  SynthesizeBodySchema,
} from "../schemas/task-schemas";

/** Queues accept at most 100 messages per sendBatch. */
const SEND_BATCH_MAX = 100;

export const taskSynthesisRoutes = createRouter();

taskSynthesisRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/tasks/synthesize",
    tags: ["Tasks"],
    summary: "Synthesize verifiable tasks on an environment version",
    description:
      "Answers 202 with a job at once; shards of up to 25 tasks run in parallel over a queue, each validated by executing its reference solution. Follow the job at `GET /v1/tasks/jobs/{id}`.",
    security: [{ apiKey: [] }],
    request: {
      body: { content: { "application/json": { schema: SynthesizeBodySchema } }, required: true },
    },
    responses: {
      202: {
        description: "The queued job",
        content: { "application/json": { schema: SynthesisJobResponseSchema } },
      },
      ...errorResponses(400, 401, 403, 404, 410, 413),
    },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const { name, version } = parseEnvironmentRef(body.environment);
    const db = catalogDb(c.env.CATALOG);
    // A yanked version takes no new synthesis (410); `name` alone skips yanked versions.
    const found = await requireLiveVersion(db, name, version);
    const id = newSynthesisJobId();
    const job = await insertSynthesisJob(db, {
      id,
      ownerKeyId: callerOf(c.get("auth")).keyId,
      environmentName: found.name,
      environmentVersion: found.version,
      contentHash: found.contentHash,
      request: {
        count: body.count,
        strategy: body.strategy,
        difficulty: body.difficulty ?? {},
        seed: body.seed ?? id,
        rewrite: body.rewrite,
      },
    });
    const messages = Array.from({ length: job.shardsTotal }, (_, shard) => ({
      body: { jobId: id, shard } satisfies SynthesisMessage,
    }));
    for (let i = 0; i < messages.length; i += SEND_BATCH_MAX) {
      await c.env.SYNTHESIS_QUEUE.sendBatch(messages.slice(i, i + SEND_BATCH_MAX));
    }
    return c.json(jobResponse(new URL(c.req.url).origin, job), 202);
  },
);

taskSynthesisRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/tasks/jobs/{id}",
    tags: ["Tasks"],
    summary: "A synthesis job: status, shards done of total, tasks kept so far, and the report",
    description: "Only the key that started the job (or an admin key) sees it; others get 404.",
    security: [{ apiKey: [] }],
    request: { params: SynthesisJobParams },
    responses: {
      200: {
        description: "The job",
        content: { "application/json": { schema: SynthesisJobResponseSchema } },
      },
      ...errorResponses(401, 403, 404),
    },
  }),
  async (c) => {
    const job = await getSynthesisJob(catalogDb(c.env.CATALOG), c.req.valid("param").id);
    // Another key's job is answered exactly like a missing one.
    if (!job || !canAccess(callerOf(c.get("auth")), job.ownerKeyId)) {
      throw new AppError("not_found", "No such synthesis job.");
    }
    return c.json(jobResponse(new URL(c.req.url).origin, job), 200);
  },
);

function jobResponse(origin: string, job: SynthesisJob) {
  return {
    job: {
      id: job.id,
      status: job.status,
      environment: {
        name: job.environmentName,
        version: job.environmentVersion,
        contentHash: job.contentHash,
      },
      request: job.request,
      shards: { total: job.shardsTotal, done: job.shardsDone, failed: job.shardsFailed },
      kept: job.kept,
      report: job.report,
      createdAt: job.createdAt,
      updatedAt: job.updatedAt,
    },
    links: {
      self: `${origin}/v1/tasks/jobs/${job.id}`,
      tasks: `${origin}/v1/tasks?job=${job.id}`,
      export: `${origin}/v1/tasks/export?job=${job.id}`,
    },
  };
}
