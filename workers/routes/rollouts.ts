// Rollout batches and rollouts (`/v1/rollouts`): start a batch (202; the queue plays it), follow
// its progress, cancel it, page through its rollouts, export its trajectories as JSONL, and read
// one rollout with its trajectory. A batch belongs to the key that started it (admins see all).
import { createRoute, z } from "@hono/zod-openapi";
import { catalogDb } from "../catalog/catalog-db";
import { callerOf } from "../episodes/episode-client";
import { keyLimitsOf } from "../limits/key-limits";
import { cancelBatch, getOwnedBatch, listBatches } from "../rollouts/batch-repository";
import { createRolloutBatch } from "../rollouts/create-batch";
import { exportTrajectories } from "../rollouts/export-stream";
import { reviveStalledBatch } from "../rollouts/revive-stalled";
import { getOwnedRollout, listRollouts } from "../rollouts/rollout-repository";
import { batchView, rolloutView } from "../rollouts/rollout-views";
import { getTrajectory } from "../rollouts/trajectory-store";
import { createRouter } from "../router";
import { errorResponses } from "../schemas/error-schemas";
import {
  BatchIdParams,
  CreateRolloutsBody,
  RolloutBatchResponseSchema,
  RolloutIdParams,
  RolloutPageSchema,
  RolloutResponseSchema,
  RolloutStatusSchema,
} from "../schemas/rollout-schemas";

const BatchListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

const BatchListSchema = z
  .object({ batches: z.array(RolloutBatchResponseSchema) })
  .openapi("RolloutBatchList");

const RolloutPageQuery = z.object({
  status: RolloutStatusSchema.optional(),
  cursor: z
    .string()
    .regex(/^ro_[a-z0-9]+$/)
    .optional()
    .openapi({ description: "`nextCursor` of the last page" }),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const ExportQuery = z.object({
  status: z.enum(["done", "all"]).default("done").openapi({
    description: "`done`: scored rollouts only; `all`: every rollout with a stored trajectory",
  }),
});

export const rolloutRoutes = createRouter();

rolloutRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/rollouts",
    tags: ["Rollouts"],
    summary: "Start a batch: one rollout per (task, sample), played over the rollouts queue",
    description:
      "Answers 202 with the batch at once. Follow it at `links.self`, cancel it at `links.cancel`, export its trajectories as JSONL at `links.export`.",
    security: [{ apiKey: [] }],
    request: {
      body: { content: { "application/json": { schema: CreateRolloutsBody } }, required: true },
    },
    responses: {
      202: {
        description: "The queued batch",
        content: { "application/json": { schema: RolloutBatchResponseSchema } },
      },
      ...errorResponses(400, 401, 403, 404, 410, 413),
    },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const caller = callerOf(c.get("auth"));
    // Admin keys have no cap on rollouts in flight; every other key has MAX_ROLLOUTS_IN_FLIGHT_PER_KEY.
    const cap = caller.admin ? undefined : keyLimitsOf(c.env).maxRolloutsInFlight;
    const batch = await createRolloutBatch(c.env, body, caller.keyId, cap);
    const view = await batchView(catalogDb(c.env.CATALOG), new URL(c.req.url).origin, batch);
    return c.json(view, 202);
  },
);

rolloutRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/rollouts/batches",
    tags: ["Rollouts"],
    summary: "Your rollout batches, newest first, with their progress",
    security: [{ apiKey: [] }],
    request: { query: BatchListQuery },
    responses: {
      200: {
        description: "The batches",
        content: { "application/json": { schema: BatchListSchema } },
      },
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => {
    const db = catalogDb(c.env.CATALOG);
    const origin = new URL(c.req.url).origin;
    const rows = await listBatches(db, callerOf(c.get("auth")).keyId, c.req.valid("query").limit);
    return c.json(
      { batches: await Promise.all(rows.map((row) => batchView(db, origin, row))) },
      200,
    );
  },
);

rolloutRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/rollouts/batches/{id}",
    tags: ["Rollouts"],
    summary: "A batch: rollouts per status, mean reward and pass rate, per environment and kind",
    security: [{ apiKey: [] }],
    request: { params: BatchIdParams },
    responses: {
      200: {
        description: "The batch",
        content: { "application/json": { schema: RolloutBatchResponseSchema } },
      },
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => {
    const db = catalogDb(c.env.CATALOG);
    const batch = await getOwnedBatch(db, c.req.valid("param").id, callerOf(c.get("auth")));
    if (batch.status === "running") await reviveStalledBatch(c.env, db, batch.id);
    return c.json(await batchView(db, new URL(c.req.url).origin, batch), 200);
  },
);

rolloutRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/rollouts/batches/{id}/cancel",
    tags: ["Rollouts"],
    summary: "Cancel a batch: queued rollouts are cancelled, running ones stop at their next turn",
    description: "Idempotent; a batch that already finished stays as it is.",
    security: [{ apiKey: [] }],
    request: { params: BatchIdParams },
    responses: {
      200: {
        description: "The batch after cancelling",
        content: { "application/json": { schema: RolloutBatchResponseSchema } },
      },
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => {
    const db = catalogDb(c.env.CATALOG);
    const { id } = c.req.valid("param");
    const caller = callerOf(c.get("auth"));
    await getOwnedBatch(db, id, caller);
    await cancelBatch(db, id);
    return c.json(
      await batchView(db, new URL(c.req.url).origin, await getOwnedBatch(db, id, caller)),
      200,
    );
  },
);

rolloutRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/rollouts/batches/{id}/rollouts",
    tags: ["Rollouts"],
    summary: "A batch's rollouts (summary rows) in id order, by status",
    security: [{ apiKey: [] }],
    request: { params: BatchIdParams, query: RolloutPageQuery },
    responses: {
      200: {
        description: "A page",
        content: { "application/json": { schema: RolloutPageSchema } },
      },
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => {
    const db = catalogDb(c.env.CATALOG);
    const batch = await getOwnedBatch(db, c.req.valid("param").id, callerOf(c.get("auth")));
    const query = c.req.valid("query");
    const rows = await listRollouts(db, batch.id, {
      status: query.status,
      after: query.cursor,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return c.json(
      {
        rollouts: page.map(rolloutView),
        nextCursor: rows.length > query.limit && last ? last.id : null,
      },
      200,
    );
  },
);

rolloutRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/rollouts/batches/{id}/export",
    tags: ["Rollouts"],
    summary: "Export a batch's trajectories as JSONL: one Trajectory per line, in rollout id order",
    security: [{ apiKey: [] }],
    request: { params: BatchIdParams, query: ExportQuery },
    responses: {
      // No `content` schema: the typed-response helpers know JSON and text only.
      200: { description: "`application/x-ndjson`: one Trajectory JSON object per line" },
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => {
    const db = catalogDb(c.env.CATALOG);
    const batch = await getOwnedBatch(db, c.req.valid("param").id, callerOf(c.get("auth")));
    const { status } = c.req.valid("query");
    const stream = exportTrajectories(c.env, batch.id, status === "all" ? undefined : status);
    return new Response(stream, {
      headers: {
        "content-type": "application/x-ndjson; charset=utf-8",
        "content-disposition": `attachment; filename="${batch.id}.jsonl"`,
      },
    });
  },
);

rolloutRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/rollouts/{id}",
    tags: ["Rollouts"],
    summary: "A rollout: its summary row and, once stored, its trajectory",
    security: [{ apiKey: [] }],
    request: { params: RolloutIdParams },
    responses: {
      200: {
        description: "The rollout",
        content: { "application/json": { schema: RolloutResponseSchema } },
      },
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => {
    const row = await getOwnedRollout(
      catalogDb(c.env.CATALOG),
      c.req.valid("param").id,
      callerOf(c.get("auth")),
    );
    const trajectory = row.trajectoryKey ? await getTrajectory(c.env, row.trajectoryKey) : null;
    return c.json({ rollout: rolloutView(row), trajectory }, 200);
  },
);
