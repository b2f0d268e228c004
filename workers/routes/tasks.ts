// Stored tasks: list summaries (filtered, keyset-paged), read one whole, or export many as
// NDJSON, one full task per line, paged through D1 while the response streams.
import { createRoute, type z } from "@hono/zod-openapi";
import { AppError } from "../../core/base/errors";
import { parseEnvironmentRef } from "../../core/environment/spec";
import { catalogDb } from "../catalog/catalog-db";
import { decodeTaskCursor, encodeTaskCursor } from "../catalog/task-cursor";
import {
  getTask,
  listTaskRows,
  type TaskFilter,
  type TaskPageCursor,
  type TaskRow,
  taskOfRow,
} from "../catalog/task-repository";
import type { AppEnv } from "../env";
import { createRouter } from "../router";
import { errorResponses } from "../schemas/error-schemas";
import {
  TaskFilterQuery,
  TaskIdParams,
  TaskListQuery,
  TaskListSchema,
  TaskResponseSchema,
} from "../schemas/task-schemas";

const EXPORT_PAGE = 100;

export const taskRoutes = createRouter();

// Registered before `/v1/tasks/{id}`, which would otherwise take `export` for an id.
taskRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/tasks/export",
    tags: ["Tasks"],
    summary: "Export tasks as NDJSON: one full task per line",
    security: [{ apiKey: [] }],
    request: { query: TaskFilterQuery },
    responses: {
      // No `content` schema: the typed-response helpers know JSON and text only.
      200: { description: "`application/x-ndjson`: one Task JSON object per line" },
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => {
    const filter = filterOf(c.req.valid("query"));
    // A plain Response: the typed helpers only know JSON and text bodies.
    return new Response(exportStream(c.env, filter), {
      headers: { "content-type": "application/x-ndjson; charset=utf-8" },
    });
  },
);

taskRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/tasks",
    tags: ["Tasks"],
    summary: "List tasks (summaries), oldest first, by environment, kind, level or job",
    security: [{ apiKey: [] }],
    request: { query: TaskListQuery },
    responses: {
      200: { description: "A page", content: { "application/json": { schema: TaskListSchema } } },
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => {
    const query = c.req.valid("query");
    const after = query.cursor === undefined ? undefined : decodeTaskCursor(query.cursor);
    const rows = await listTaskRows(catalogDb(c.env.CATALOG), filterOf(query), {
      limit: query.limit + 1,
      ...(after ? { after } : {}),
    });
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return c.json(
      {
        tasks: page.map(summaryJson),
        nextCursor: rows.length > query.limit && last ? encodeTaskCursor(last) : null,
      },
      200,
    );
  },
);

taskRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/tasks/{id}",
    tags: ["Tasks"],
    summary: "A task: instruction, tools, reference solution, ground truth and verifier",
    security: [{ apiKey: [] }],
    request: { params: TaskIdParams },
    responses: {
      200: {
        description: "The task",
        content: { "application/json": { schema: TaskResponseSchema } },
      },
      ...errorResponses(401, 403, 404),
    },
  }),
  async (c) => {
    const task = await getTask(c.env, c.req.valid("param").id);
    if (!task) throw new AppError("not_found", "No such task.");
    return c.json(task, 200);
  },
);

function filterOf(query: z.infer<typeof TaskFilterQuery>): TaskFilter {
  return {
    ...(query.environment ? { environment: parseEnvironmentRef(query.environment) } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.level ? { level: query.level } : {}),
    ...(query.job ? { jobId: query.job } : {}),
  };
}

function summaryJson(row: TaskRow) {
  return {
    id: row.id,
    environment: { name: row.environmentName, version: row.environmentVersion },
    kind: row.kind,
    level: row.level,
    instruction: row.instruction,
    chainLength: row.chainLength,
    writes: row.writes,
    jobId: row.jobId,
    createdAt: row.createdAt,
  };
}

/** Pulls one D1 page per read, so memory holds a page, not the export. */
function exportStream(env: AppEnv, filter: TaskFilter): ReadableStream<Uint8Array> {
  const db = catalogDb(env.CATALOG);
  const encoder = new TextEncoder();
  let after: TaskPageCursor | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const rows = await listTaskRows(db, filter, {
        limit: EXPORT_PAGE,
        ...(after ? { after } : {}),
      });
      const lines = await Promise.all(
        rows.map(async (row) => `${JSON.stringify(await taskOfRow(env, row))}\n`),
      );
      if (lines.length) controller.enqueue(encoder.encode(lines.join("")));
      const last = rows[rows.length - 1];
      if (!last || rows.length < EXPORT_PAGE) controller.close();
      else after = { createdAt: last.createdAt, id: last.id };
    },
  });
}
