// A SQLite file built from installed dataset files, kept beside them in .cache/datasets/derived/
// under a name that carries the digest of its inputs, so a changed input builds a new file and an
// unchanged one is built once. Written to a temporary name and renamed: parallel test workers that
// build the same file never read a half-written one.
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { type BetterSqliteDatabase, openBetterSqlite } from "../better-sqlite-database";
import { datasetsCacheDir } from "./dataset-files";

export function derivedSqlite(
  name: string,
  inputsKey: string,
  build: (db: BetterSqliteDatabase) => void,
): string {
  const digest = createHash("sha256").update(inputsKey).digest("hex").slice(0, 16);
  const dir = join(datasetsCacheDir, "derived");
  const path = join(dir, `${name}-${digest}.sqlite`);
  if (existsSync(path)) return path;
  mkdirSync(dir, { recursive: true });
  const partial = `${path}.${process.pid}.${randomUUID()}.partial`;
  rmSync(partial, { force: true });
  const db = openBetterSqlite(partial);
  try {
    db.transaction(() => build(db));
  } catch (error) {
    db.raw.close();
    rmSync(partial, { force: true });
    throw error;
  }
  db.raw.close();
  renameSync(partial, path);
  return path;
}
