// Publishing one environment version: refuse a key that does not own the environment, refuse a
// used version with other content, run every tool's unit tests in a scratch EpisodeDO, and only
// then write the catalog atomically. Used by the publish route and by discovery jobs.

import { AppError } from "../../core/base/errors";
import { contentHash } from "../../core/base/json";
import { unwrap } from "../../core/base/result";
import type { AdmissionReport } from "../../core/environment/admission";
import type { EnvironmentSpec } from "../../core/environment/spec";
import { structureHash } from "../../core/environment/structure-hash";
import type { Caller } from "../../durable-objects/episode-rpc";
import type { AppEnv } from "../env";
import { scratchEpisodeStub } from "../episodes/episode-client";
import { catalogDb } from "./catalog-db";
import { requireEnvironmentOwner } from "./environment-owner";
import { insertPublishedVersion } from "./publish-version";
import { putSeed } from "./seed-store";
import type { ToolTestResult } from "./tool-test-result";
import { findVersion } from "./version-repository";

export interface PublishOutcome {
  name: string;
  version: string;
  contentHash: string;
  /** False: the same content was already published under this name and version (no-op). */
  created: boolean;
  tools: number;
  tests: { total: number; passed: number };
}

/** `publisher`: the key publishing; the first version's publisher owns the environment. */
export async function publishEnvironment(
  env: AppEnv,
  spec: EnvironmentSpec,
  publisher: Caller,
): Promise<PublishOutcome> {
  const hash = await contentHash(spec);
  const db = catalogDb(env.CATALOG);
  // Before admission, so a key that may not publish here spends nothing. A new name has no owner
  // yet: this publish makes its key the owner.
  await requireEnvironmentOwner(db, spec.name, publisher, "publish a version of");
  const summary = {
    name: spec.name,
    version: spec.version,
    contentHash: hash,
    tools: spec.tools.length,
  };
  const existing = await findVersion(db, spec.name, spec.version);
  if (existing) {
    if (existing.yankedAt !== null) {
      throw new AppError(
        "conflict",
        `${spec.name}@${spec.version} was yanked at ${existing.yankedAt}; a yanked version stays yanked, publish a new version.`,
        { name: spec.name, version: spec.version, yankedAt: existing.yankedAt },
      );
    }
    if (existing.contentHash !== hash) {
      throw new AppError(
        "conflict",
        `${spec.name}@${spec.version} is already published with different content; publish a new version.`,
        { contentHash: existing.contentHash },
      );
    }
    const total = spec.tools.reduce((n, tool) => n + tool.tests.length, 0);
    return { ...summary, created: false, tests: { total, passed: total } };
  }

  const seedLocation = await putSeed(env, hash, spec.seed);
  const report = unwrap(
    await scratchEpisodeStub(env).admit({
      contentHash: hash,
      schemaSql: spec.schemaSql,
      seedRef: seedLocation.seedKey
        ? { r2Key: seedLocation.seedKey }
        : { inline: seedLocation.seedInline ?? "" },
      tools: spec.tools,
    }),
  );
  if (!report.admitted) {
    const failed = report.results.filter((r) => !r.passed);
    const why =
      failed.length > 0
        ? `${failed.length} of ${report.results.length} tool tests failed`
        : `${report.problems.length} tool problem(s): ${report.problems.slice(0, 3).join("; ")}`;
    throw new AppError("admission_failed", `${why}; nothing was published.`, {
      failures: failed,
      problems: report.problems,
    });
  }
  const published = await insertPublishedVersion(db, {
    spec,
    contentHash: hash,
    structureHash: await structureHash(spec),
    testResults: report.results.map(toStoredResult),
    publishedBy: publisher.keyId,
    ...seedLocation,
  });
  const passed = report.results.filter((r) => r.passed).length;
  return {
    ...summary,
    created: published.created,
    tests: { total: report.results.length, passed },
  };
}

function toStoredResult(result: AdmissionReport["results"][number]): ToolTestResult {
  return { tool: result.tool, test: result.test, passed: result.passed, fuel: result.fuel };
}
