// The EpisodeDO's own bookkeeping tables (prefixed `_aw_`, never part of digests or diffs): the
// episode record, its tools, and a tombstone left when an episode expires or is deleted.
import {
  type EpisodeRecord,
  EpisodeRecordSchema,
  type RuntimeToolDef,
} from "../../core/episode/episode-init";
import type { SqlDatabase } from "../../core/episode/sql-database";
import { CALL_LOG_DDL } from "./call-log";

const DDL = [
  "CREATE TABLE IF NOT EXISTS _aw_episode (id INTEGER PRIMARY KEY CHECK (id = 1), record TEXT NOT NULL, tools TEXT NOT NULL)",
  CALL_LOG_DDL,
];
const TOMBSTONE_DDL =
  "CREATE TABLE IF NOT EXISTS _aw_tombstone (id INTEGER PRIMARY KEY CHECK (id = 1), status TEXT NOT NULL, at TEXT NOT NULL, owner_key_id TEXT)";

/**
 * `ownerKeyId`: whose episode it was, so only that key (or an admin) hears "expired"; null in a
 * tombstone written before owners were kept there.
 */
export type Tombstone = { status: "expired" | "deleted"; at: string; ownerKeyId: string | null };

export function ensureEpisodeTables(db: SqlDatabase): void {
  for (const ddl of DDL) db.run(ddl);
}

export function readEpisode(
  db: SqlDatabase,
): { record: EpisodeRecord; tools: RuntimeToolDef[] } | null {
  const row = db.query("SELECT record, tools FROM _aw_episode WHERE id = 1")[0];
  if (!row) return null;
  return {
    record: EpisodeRecordSchema.parse(JSON.parse(String(row.record))),
    tools: JSON.parse(String(row.tools)) as RuntimeToolDef[],
  };
}

export function writeEpisode(
  db: SqlDatabase,
  record: EpisodeRecord,
  tools: readonly RuntimeToolDef[],
): void {
  db.run("INSERT OR REPLACE INTO _aw_episode (id, record, tools) VALUES (1, ?, ?)", [
    JSON.stringify(record),
    JSON.stringify(tools),
  ]);
}

export function updateRecord(db: SqlDatabase, record: EpisodeRecord): void {
  db.run("UPDATE _aw_episode SET record = ? WHERE id = 1", [JSON.stringify(record)]);
}

export function readTombstone(db: SqlDatabase): Tombstone | null {
  const exists = db.query(
    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_aw_tombstone'",
  );
  if (exists.length === 0) return null;
  // `*`: a tombstone table made before owner_key_id existed has no such column.
  const row = db.query("SELECT * FROM _aw_tombstone WHERE id = 1")[0];
  if (!row) return null;
  const owner = row.owner_key_id;
  return {
    status: row.status as Tombstone["status"],
    at: String(row.at),
    ownerKeyId: typeof owner === "string" ? owner : null,
  };
}

export function writeTombstone(db: SqlDatabase, tombstone: Tombstone): void {
  db.run(TOMBSTONE_DDL);
  db.run(
    "INSERT OR REPLACE INTO _aw_tombstone (id, status, at, owner_key_id) VALUES (1, ?, ?, ?)",
    [tombstone.status, tombstone.at, tombstone.ownerKeyId],
  );
}
