// The version new work starts on (an episode, a rollout batch, a synthesis job): 404 when there is
// none, 410 `environment_yanked` when it was withdrawn. Reading a yanked version stays possible
// elsewhere; only new work is refused.
import { and, inArray, isNotNull, sql } from "drizzle-orm";
import { AppError } from "../../core/base/errors";
import type { CatalogDb } from "./catalog-db";
import { environmentVersions } from "./schema";
import { findVersion, type VersionRecord } from "./version-repository";

/** `version` absent or `latest`: the latest live version, which skips yanked ones. */
export async function requireLiveVersion(
  db: CatalogDb,
  name: string,
  version?: string,
): Promise<VersionRecord> {
  const found = await findVersion(db, name, version);
  if (!found) {
    throw new AppError(
      "not_found",
      version && version !== "latest"
        ? `No version ${version} of environment "${name}".`
        : `No environment named "${name}".`,
      { environment: version ? `${name}@${version}` : name },
    );
  }
  if (found.yankedAt !== null)
    throw yankedError(found, version === undefined || version === "latest");
  return found;
}

export function yankedError(found: VersionRecord, latest: boolean): AppError {
  const message = latest
    ? `Every version of "${found.name}" was yanked; it takes no new episodes, rollouts or synthesis.`
    : `${found.name}@${found.version} was yanked at ${found.yankedAt}; it takes no new episodes, rollouts or synthesis. See GET /v1/environments/${found.name} for its live versions.`;
  return new AppError("environment_yanked", message, {
    environment: `${found.name}@${found.version}`,
    yankedAt: found.yankedAt,
  });
}

/** Of these `name@version`s, the yanked ones with when they were yanked. */
export async function yankedAmong(
  db: CatalogDb,
  refs: readonly { name: string; version: string }[],
): Promise<Map<string, string>> {
  const ids = [...new Set(refs.map((r) => `${r.name}@${r.version}`))];
  if (ids.length === 0) return new Map();
  // Version ids are `name@version`; one statement binds them all as a JSON array.
  const rows = await db
    .select({ id: environmentVersions.id, yankedAt: environmentVersions.yankedAt })
    .from(environmentVersions)
    .where(
      and(
        isNotNull(environmentVersions.yankedAt),
        inArray(environmentVersions.id, sql`(select value from json_each(${JSON.stringify(ids)}))`),
      ),
    );
  return new Map(rows.flatMap((row) => (row.yankedAt === null ? [] : [[row.id, row.yankedAt]])));
}
