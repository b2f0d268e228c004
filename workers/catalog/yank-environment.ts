// Withdrawing an environment (`DELETE /v1/environments/{name}[@version]`): its owner or an admin
// marks one version, or every version, yanked. A yanked version takes no new episodes, rollouts or
// synthesis; open episodes run on, and its metadata, tasks and rollouts stay readable. Yanking
// twice changes nothing: the first `yanked_at` is kept.
import { and, eq, isNull, type SQL } from "drizzle-orm";
import { AppError } from "../../core/base/errors";
import type { Caller } from "../../durable-objects/episode-rpc";
import type { CatalogDb } from "./catalog-db";
import { runBatch } from "./d1-batch";
import { requireEnvironmentOwner } from "./environment-owner";
import { latestVersionStatements } from "./publish-version";
import { environmentNotFound } from "./require-version";
import { environmentVersions } from "./schema";
import { findVersion, listVersions } from "./version-repository";

export interface YankOutcome {
  name: string;
  /** The versions this request named, each with when it was yanked. */
  yanked: { version: string; yankedAt: string }[];
  /** What `name` alone now opens; null when every version is yanked. */
  latestLiveVersion: string | null;
}

export async function yankEnvironment(
  db: CatalogDb,
  caller: Caller,
  ref: { name: string; version?: string | undefined },
  now: Date = new Date(),
): Promise<YankOutcome> {
  const { name, version } = ref;
  const versions = await listVersions(db, name);
  if (versions.length === 0) throw environmentNotFound(name);
  const targeted = version === undefined ? versions : versions.filter((v) => v.version === version);
  if (targeted.length === 0) {
    throw new AppError("not_found", `Environment \`${name}\` has no version ${version}.`, {
      name,
      version,
    });
  }
  await requireEnvironmentOwner(db, name, caller, "yank");
  if (targeted.some((v) => v.yankedAt === null)) {
    const at = now.toISOString();
    const which: SQL[] = [eq(environmentVersions.name, name), isNull(environmentVersions.yankedAt)];
    if (version !== undefined) which.push(eq(environmentVersions.version, version));
    // One transaction: the versions, then the environment row and search entry that follow them.
    await runBatch(db.$client, [
      db
        .update(environmentVersions)
        .set({ yankedAt: at })
        .where(and(...which)),
      ...latestVersionStatements(db, name, at),
    ]);
  }
  const after = await listVersions(db, name);
  const latest = await findVersion(db, name);
  return {
    name,
    yanked: after.flatMap((v) =>
      v.yankedAt !== null && targeted.some((t) => t.version === v.version)
        ? [{ version: v.version, yankedAt: v.yankedAt }]
        : [],
    ),
    latestLiveVersion: latest && latest.yankedAt === null ? latest.version : null,
  };
}
