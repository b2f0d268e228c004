// A SQL dump of a SQLite file, written by Python's `sqlite3.Connection.iterdump` (the standard
// library's port of the sqlite3 shell's `.dump`): a real dump producer's output, for the SQL dump
// importer's tests and benchmark. Written once beside the file as `<file>.sql`.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, renameSync } from "node:fs";

const DUMP = `
import sqlite3, sys
source, target = sys.argv[1], sys.argv[2]
with open(target, "w", encoding="utf-8") as out:
    for line in sqlite3.connect(source).iterdump():
        out.write(line + "\\n")
`;

export function sqliteDumpPath(sqlitePath: string): string {
  const path = `${sqlitePath}.sql`;
  if (existsSync(path)) return path;
  const partial = `${path}.${process.pid}.${randomUUID()}.partial`;
  const result = spawnSync(process.env.PYTHON ?? "python3", ["-c", DUMP, sqlitePath, partial], {
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(`could not dump ${sqlitePath} with python3: ${result.error ?? result.stderr}`);
  }
  renameSync(partial, path);
  return path;
}
