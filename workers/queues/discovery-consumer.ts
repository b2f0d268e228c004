// The discovery queue's consumer: import the job's source and generate its tools in a scratch
// EpisodeDO, assemble the spec, publish it (admission again) and record the report. At-least-once
// safe: a finished job is acknowledged without work, and publishing the same content twice is a
// no-op. A bad source fails the job with its reason; an unexpected error, or work past the
// message's deadline (message-deadline.ts), retries the message.

import { AppError } from "../../core/base/errors";
import { sha256Hex, toJsonValue } from "../../core/base/json";
import { unwrap } from "../../core/base/result";
import { EnvironmentSpecSchema } from "../../core/environment/spec";
import { structureHash } from "../../core/environment/structure-hash";
import { classifyWithLlm } from "../../core/import/taxonomy/llm-taxonomy";
import { classifySource } from "../../core/import/taxonomy/taxonomy";
import { LLM_NOT_CONFIGURED, llmConfigFrom } from "../../core/llm/llm-config";
import { createOpenAiClient } from "../../core/llm/openai-client";
import { seedRowsNotRun } from "../../core/mcp/import/llm-seed-rows";
import { callerOfKeyId } from "../auth/owner-access";
import { catalogDb } from "../catalog/catalog-db";
import {
  DiscoveryMessageSchema,
  finishImportJob,
  getImportJob,
  type ImportJob,
  startImportJob,
} from "../catalog/import-jobs";
import { publishEnvironment } from "../catalog/publish-environment";
import { findSameStructure } from "../catalog/version-repository";
import type { AppEnv } from "../env";
import { scratchEpisodeStub } from "../episodes/episode-client";
import { fetchSource } from "../imports/fetch-source";
import { loadServedDatabase } from "../imports/served-database";
import { ImportRequestSchema } from "../schemas/import-schemas";
import { sequentialDeadlines, withDeadline } from "./message-deadline";

export async function consumeDiscoveryBatch(
  batch: MessageBatch<unknown>,
  env: AppEnv,
): Promise<void> {
  const deadline = sequentialDeadlines(env, "discovery");
  for (const message of batch.messages) {
    const parsed = DiscoveryMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error("discovery: malformed message dropped", message.id);
      message.ack();
      continue;
    }
    const left = deadline();
    if (left === 0) {
      message.retry({ delaySeconds: 0 });
      continue;
    }
    try {
      const jobId = parsed.data.jobId;
      await withDeadline(runImportJob(env, jobId), left, `discovery job ${jobId}`);
      message.ack();
    } catch (err) {
      console.error(`discovery: job ${parsed.data.jobId} will be retried`, err);
      message.retry({ delaySeconds: Math.min(60, 5 * 2 ** message.attempts) });
    }
  }
}

export async function runImportJob(env: AppEnv, jobId: string): Promise<void> {
  const db = catalogDb(env.CATALOG);
  const job = await getImportJob(db, jobId);
  if (!job || job.status === "published" || job.status === "duplicate" || job.status === "failed")
    return;
  await startImportJob(db, job);
  const started = performance.now();
  try {
    const { spec, report } = await discover(env, job);
    const twin = await findSameStructure(db, await structureHash(spec), spec.name);
    if (twin) {
      // Same schema and tools as a published environment: link to it, publish nothing.
      await finishImportJob(db, job.id, {
        status: "duplicate",
        environment: `${twin.name}@${twin.version}`,
        report: toJsonValue({
          ...report,
          duplicateOf: `${twin.name}@${twin.version}`,
          seconds: (performance.now() - started) / 1000,
        }),
      });
      return;
    }
    // Published for the key that queued the job: it owns a new environment, and needs to own
    // (or be an admin for) an existing one.
    const outcome = await publishEnvironment(env, spec, await callerOfKeyId(db, job.createdBy));
    await finishImportJob(db, job.id, {
      status: "published",
      environment: `${outcome.name}@${outcome.version}`,
      report: toJsonValue({
        ...report,
        published: outcome,
        seconds: (performance.now() - started) / 1000,
      }),
    });
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    await finishImportJob(db, job.id, {
      status: "failed",
      report: { seconds: (performance.now() - started) / 1000 },
      error: toJsonValue(err.toJSON().error),
    });
  }
}

async function discover(env: AppEnv, job: ImportJob) {
  const request = ImportRequestSchema.parse(job.request);
  const { content, sha256, retrievedAt } = await sourceOf(env, job.sourceKey, request.source.url);
  // An MCP server whose tools run SQL serves a published environment's tables and rows.
  const served = request.dataFrom ? await loadServedDatabase(env, request.dataFrom) : undefined;
  const llm = request.llm
    ? llmConfigFrom({
        LLM_BASE_URL: env.LLM_BASE_URL,
        LLM_MODEL: env.LLM_MODEL,
        LLM_API_KEY: env.LLM_API_KEY,
      })
    : null;
  const discovered = unwrap(
    await scratchEpisodeStub(env).discover(
      {
        format: request.source.format,
        content,
        sourceName: request.source.filename,
        ...(request.source.tableName ? { tableName: request.source.tableName } : {}),
        ...(served ? { database: served.database } : {}),
      },
      llm ? { llm, ...(request.theme ? { theme: request.theme } : {}) } : undefined,
    ),
  );
  const llmReport = !request.llm
    ? { status: "not requested" }
    : llm
      ? { status: "ran", model: llm.model, ...discovered.coding }
      : { status: "not configured", message: LLM_NOT_CONFIGURED };
  // MCP imports only: who wrote the entity tables' rows (other formats bring their own rows).
  const seedRows =
    request.source.format !== "mcp-spec"
      ? undefined
      : !request.llm
        ? seedRowsNotRun("not requested")
        : !llm
          ? seedRowsNotRun("not configured")
          : discovered.seedRows;
  const rows = Object.values(discovered.seed.tables).reduce((n, t) => n + t.rows.length, 0);
  const keywords = request.category
    ? { category: request.category, matched: [] }
    : classifySource([
        request.source.filename,
        ...Object.entries(discovered.seed.tables).flatMap(([table, t]) => [table, ...t.columns]),
      ]);
  // With the LLM asked for and no category given, the model files it; the rules are the fallback.
  const byLlm =
    llm && !request.category
      ? await classifyWithLlm(createOpenAiClient(llm), {
          sourceName: request.source.filename,
          tables: Object.fromEntries(
            Object.entries(discovered.seed.tables).map(([table, t]) => [table, t.columns]),
          ),
          ...(request.theme ? { theme: request.theme } : {}),
        })
      : null;
  const classification = byLlm?.ok ? { ...keywords, category: byLlm.category } : keywords;
  const spec = EnvironmentSpecSchema.parse({
    name: request.name,
    version: request.version,
    title: request.title ?? request.name,
    description:
      request.description ??
      (served
        ? `Imported from ${request.source.filename}, whose SQL tools run on the database of ${served.database.source}: ${Object.keys(discovered.seed.tables).length} tables (${Object.keys(discovered.seed.tables).join(", ").slice(0, 4000)}), ${rows} rows.`
        : `Imported from ${request.source.filename}: ${Object.keys(discovered.seed.tables).length} tables, ${rows} rows.`),
    category: classification.category,
    provenance: [
      {
        kind: request.source.url ? "url" : "dataset",
        name: request.source.filename,
        ...(request.source.url ? { url: request.source.url } : {}),
        license: request.license,
        sha256,
        retrievedAt,
      },
      ...(served?.provenance ?? []),
      { kind: "generated", name: "agent-world schema-driven tool generation", license: "MIT" },
    ],
    schemaSql: discovered.schemaSql,
    seed: discovered.seed,
    ...(served?.clockStart ? { clockStart: served.clockStart } : {}),
    tools: discovered.tools,
  });
  const report = {
    category: {
      ...classification.category,
      assignedBy: request.category
        ? "request"
        : byLlm?.ok
          ? "llm"
          : classification.matched.length
            ? "keywords"
            : "default",
      matched: classification.matched,
      ...(byLlm?.ok ? { reason: byLlm.reason } : {}),
      ...(byLlm && !byLlm.ok ? { llmError: byLlm.error } : {}),
    },
    tables: Object.keys(discovered.seed.tables).length,
    rows,
    import: discovered.importReport,
    tools: { generated: discovered.tools.length, leftOut: discovered.leftOut },
    llm: llmReport,
    ...(seedRows ? { seedRows } : {}),
    ...(served ? { database: served.database.source } : {}),
  };
  return { spec, report };
}

/**
 * The uploaded source, or the one at `url`, fetched once and kept (a retry reads it back). Kept
 * only if nothing is stored yet: when two copies of the job fetched it at once, the one that
 * stores second reads back the first one's, so both build the same spec (same `retrievedAt`,
 * same content hash) and the later publish is a no-op instead of a version conflict.
 */
async function sourceOf(env: AppEnv, key: string, url: string | undefined) {
  const stored = await storedSource(env, key);
  if (stored) return stored;
  if (!url) throw new AppError("validation_failed", "The uploaded source is missing.");
  const fetched = await fetchSource(url, {
    timeoutMs: Number(env.SOURCE_FETCH_TIMEOUT_MS),
    maxBytes: Number(env.SOURCE_MAX_BYTES),
  });
  const put = await env.ARTIFACTS.put(key, fetched.content, {
    onlyIf: { etagDoesNotMatch: "*" },
    customMetadata: { url, retrievedAt: fetched.retrievedAt, contentType: fetched.contentType },
  });
  if (put) return fetched;
  const first = await storedSource(env, key);
  if (!first) throw new AppError("internal", `The source kept at ${key} vanished.`);
  return first;
}

async function storedSource(env: AppEnv, key: string) {
  const stored = await env.ARTIFACTS.get(key);
  if (!stored) return null;
  const content = await stored.text();
  const retrievedAt = stored.customMetadata?.retrievedAt ?? stored.uploaded.toISOString();
  return { content, sha256: await sha256Hex(content), retrievedAt };
}
