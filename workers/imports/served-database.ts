// `dataFrom` of an MCP import: the published environment whose schema and seed rows the server's SQL
// tools run on (core/surfaces/sql/surface.ts), read from the catalog like an episode reads
// it, with the provenance the new environment inherits from it.
import { AppError } from "../../core/base/errors";
import { type Provenance, parseEnvironmentRef } from "../../core/environment/spec";
import { servedDatabaseProvenance } from "../../core/surfaces/sql/provenance";
import type { SurfaceDatabase } from "../../core/surfaces/surface";
import { catalogDb } from "../catalog/catalog-db";
import { requireVersion } from "../catalog/require-version";
import { loadSeed } from "../catalog/seed-store";
import type { AppEnv } from "../env";

export interface ServedDatabase {
  database: SurfaceDatabase;
  /** Says which environment the rows come from, then that environment's own sources. */
  provenance: Provenance[];
  /** Where that environment's episodes start their clock (its rows' dates lead up to it). */
  clockStart: string | null;
}

/** Fails with `not_found` (the job fails, naming `ref`) when the environment is not published. */
export async function loadServedDatabase(env: AppEnv, ref: string): Promise<ServedDatabase> {
  const { name, version } = parseEnvironmentRef(ref);
  let found: Awaited<ReturnType<typeof requireVersion>>;
  try {
    found = await requireVersion(catalogDb(env.CATALOG), name, version ?? "latest");
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== "not_found") throw err;
    throw new AppError(
      "not_found",
      `dataFrom names ${ref}, which is not in the catalog: ${err.message} Publish it first, or name a published environment.`,
      { dataFrom: ref },
    );
  }
  const source = `${found.name}@${found.version}`;
  const seed = await loadSeed(env, found);
  return {
    database: { source, schemaSql: found.schemaSql, seed },
    provenance: servedDatabaseProvenance(source, found.provenance, found.contentHash),
    clockStart: found.clockStart,
  };
}
