// Reads a real SQLite file into an environment's `schemaSql` + `seed` (BLOBs as `$base64`): opens it
// with better-sqlite3 (Node only) and hands it to the runtime-neutral `extractDatabase`.
import { type ExtractedDatabase, extractDatabase } from "../core/import/database-extract";
import { openBetterSqlite } from "./better-sqlite-database";

export function seedFromSqlite(path: string): ExtractedDatabase {
  const db = openBetterSqlite(path);
  try {
    return extractDatabase(db);
  } finally {
    db.raw.close();
  }
}
