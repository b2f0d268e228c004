// `name@version` (or `latest`) of the catalog, or the 404 that says which part is missing: the
// environment, or only that version of it.
import { AppError } from "../../core/base/errors";
import type { CatalogDb } from "./catalog-db";
import { getEnvironment } from "./environment-repository";
import { findVersion, type VersionRecord } from "./version-repository";

export async function requireVersion(
  db: CatalogDb,
  name: string,
  version: string,
): Promise<VersionRecord> {
  const found = await findVersion(db, name, version);
  if (found) return found;
  if (version === "latest" || !(await getEnvironment(db, name))) throw environmentNotFound(name);
  throw new AppError("not_found", `Environment \`${name}\` has no version ${version}.`, {
    name,
    version,
  });
}

export function environmentNotFound(name: string): AppError {
  return new AppError("not_found", `No environment named \`${name}\`.`, { name });
}
