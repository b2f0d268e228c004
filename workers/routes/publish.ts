// Publishing an environment version: validate the spec, refuse a used version with other content,
// run every tool's unit tests in a scratch EpisodeDO, and only then write the catalog atomically.
import { createRoute, z } from "@hono/zod-openapi";
import type { AdmissionReport } from "../../core/environment/admission";
import { EnvironmentSpecSchema } from "../../core/environment/spec";
import { AppError } from "../../core/errors";
import { contentHash } from "../../core/json";
import { unwrap } from "../../core/result";
import { requireScope } from "../auth/require-scope";
import { catalogDb } from "../catalog/catalog-db";
import { insertPublishedVersion } from "../catalog/publish-version";
import { putSeed } from "../catalog/seed-store";
import type { ToolTestResult } from "../catalog/tool-test-result";
import { findVersion } from "../catalog/version-repository";
import { scratchEpisodeStub } from "../episodes/episode-client";
import { createRouter } from "../router";
import { errorResponses } from "../schemas/error-schemas";

export const publishRoutes = createRouter();

const PublishedSchema = z
  .object({
    name: z.string(),
    version: z.string(),
    contentHash: z.string(),
    created: z
      .boolean()
      .openapi({ description: "false: the same content was already published (no-op)" }),
    tools: z.number().int(),
    tests: z.object({ total: z.number().int(), passed: z.number().int() }),
  })
  .openapi("Published");

publishRoutes.use("/v1/environments", async (c, next) => {
  if (c.req.method === "POST") return requireScope("catalog:write")(c, next);
  return next();
});

publishRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/environments",
    tags: ["Catalog"],
    summary: "Publish an environment version (admitted only if every tool's unit tests pass)",
    description:
      "Versions are immutable and content-hashed: the same content again is a no-op (200, created: false); other content under a used version is 409. If any tool test fails the answer is 422 `admission_failed` listing each failing test with expected vs actual.",
    security: [{ apiKey: [] }],
    request: {
      body: { content: { "application/json": { schema: EnvironmentSpecSchema } }, required: true },
    },
    responses: {
      201: {
        description: "Published",
        content: { "application/json": { schema: PublishedSchema } },
      },
      200: {
        description: "Already published with the same content",
        content: { "application/json": { schema: PublishedSchema } },
      },
      ...errorResponses(400, 401, 403, 409, 413, 422),
    },
  }),
  async (c) => {
    const spec = c.req.valid("json");
    const hash = await contentHash(spec);
    const db = catalogDb(c.env.CATALOG);
    const existing = await findVersion(db, spec.name, spec.version);
    const testCount = spec.tools.reduce((n, tool) => n + tool.tests.length, 0);
    const summary = {
      name: spec.name,
      version: spec.version,
      contentHash: hash,
      tools: spec.tools.length,
    };
    if (existing) {
      if (existing.contentHash !== hash) {
        throw new AppError(
          "conflict",
          `${spec.name}@${spec.version} is already published with different content; publish a new version.`,
          {
            contentHash: existing.contentHash,
          },
        );
      }
      return c.json(
        { ...summary, created: false, tests: { total: testCount, passed: testCount } },
        200,
      );
    }

    const seedLocation = await putSeed(c.env, hash, spec.seed);
    const scratch = scratchEpisodeStub(c.env);
    const report = unwrap(
      await scratch.admit({
        contentHash: hash,
        schemaSql: spec.schemaSql,
        seedRef: seedLocation.seedKey
          ? { r2Key: seedLocation.seedKey }
          : { inline: seedLocation.seedInline ?? "" },
        tools: spec.tools,
      }),
    );
    if (!report.admitted) {
      throw new AppError("admission_failed", admissionMessage(report), {
        failures: report.results.filter((r) => !r.passed),
        problems: report.problems,
      });
    }
    const published = await insertPublishedVersion(db, {
      spec,
      contentHash: hash,
      testResults: report.results.map(toStoredResult),
      ...seedLocation,
    });
    const passed = report.results.filter((r) => r.passed).length;
    return c.json(
      { ...summary, created: published.created, tests: { total: report.results.length, passed } },
      published.created ? 201 : 200,
    );
  },
);

function admissionMessage(report: AdmissionReport): string {
  const failed = report.results.filter((r) => !r.passed).length;
  return `${failed} of ${report.results.length} tool tests failed; nothing was published.`;
}

function toStoredResult(result: AdmissionReport["results"][number]): ToolTestResult {
  return { tool: result.tool, test: result.test, passed: result.passed, fuel: result.fuel };
}
