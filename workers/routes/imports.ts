// Discovery jobs: `POST /v1/environments/imports` stores the source in R2, records a job and
// queues it; the discovery consumer imports, generates and tests tools, and publishes.
import { createRoute } from "@hono/zod-openapi";
import { AppError } from "../../core/base/errors";
import { canAccess } from "../auth/owner-access";
import { requireScope } from "../auth/require-scope";
import { catalogDb } from "../catalog/catalog-db";
import { getImportJob, type ImportJob, insertImportJob } from "../catalog/import-jobs";
import { callerOf } from "../episodes/episode-client";
import { createRouter } from "../router";
import { errorResponses } from "../schemas/error-schemas";
import { ImportBodySchema, ImportJobParams, ImportJobSchema } from "../schemas/import-schemas";

export const importRoutes = createRouter();

importRoutes.use("/v1/environments/imports", requireScope("catalog:write"));
importRoutes.use("/v1/environments/imports/*", requireScope("catalog:write"));

importRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/environments/imports",
    tags: ["Discovery"],
    summary: "Import a source (CSV, JSON, nested JSON, SQLite dump) into a new environment",
    description:
      "Answers 202 with a job at once; the job imports the source, generates tools with unit tests from its rows, admits them and publishes. Follow it at `GET /v1/environments/imports/{id}`.",
    security: [{ apiKey: [] }],
    request: {
      body: { content: { "application/json": { schema: ImportBodySchema } }, required: true },
    },
    responses: {
      202: {
        description: "The queued job",
        content: { "application/json": { schema: ImportJobSchema } },
      },
      ...errorResponses(400, 401, 403, 413),
    },
  }),
  async (c) => {
    const { source, ...rest } = c.req.valid("json");
    const { content, ...sourceMeta } = source;
    const id = newJobId();
    const sourceKey = `imports/${id}/${sourceMeta.filename.replace(/[^A-Za-z0-9._-]/g, "_")}`;
    // Without content the consumer fetches `url` and stores it under the same key.
    if (content !== undefined) await c.env.ARTIFACTS.put(sourceKey, content);
    const job = await insertImportJob(catalogDb(c.env.CATALOG), {
      id,
      request: { ...rest, source: sourceMeta },
      sourceKey,
      createdBy: callerOf(c.get("auth")).keyId,
    });
    await c.env.DISCOVERY_QUEUE.send({ jobId: id });
    return c.json(jobJson(job), 202);
  },
);

importRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/environments/imports/{id}",
    tags: ["Discovery"],
    summary: "A discovery job: status, and the report (tables, rows, tools generated and left out)",
    description: "Only the key that started the job (or an admin key) sees it; others get 404.",
    security: [{ apiKey: [] }],
    request: { params: ImportJobParams },
    responses: {
      200: { description: "The job", content: { "application/json": { schema: ImportJobSchema } } },
      ...errorResponses(401, 403, 404),
    },
  }),
  async (c) => {
    const job = await getImportJob(catalogDb(c.env.CATALOG), c.req.valid("param").id);
    // Another key's job is answered exactly like a missing one.
    if (!job || !canAccess(callerOf(c.get("auth")), job.createdBy)) {
      throw new AppError("not_found", "No such import job.");
    }
    return c.json(jobJson(job), 200);
  },
);

function jobJson(job: ImportJob) {
  const { sourceKey: _key, createdBy: _by, ...visible } = job;
  return visible;
}

function newJobId(): string {
  const alphabet = "0123456789abcdefghjkmnpqrstvwxyz";
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return `imp_${[...bytes].map((b) => alphabet[b % 32]).join("")}`;
}
