// The synchronous SQL surface tools and the episode runtime use. The EpisodeDO adapts
// `ctx.storage.sql` to it; Node tests adapt better-sqlite3. Parameters only, never interpolation.

export type SqlParam = null | number | string | bigint | ArrayBuffer | Uint8Array;
export type SqlRow = Record<string, SqlParam>;

export interface SqlDatabase {
  /** Runs a statement and returns its rows as objects keyed by column name. */
  query(sql: string, params?: readonly SqlParam[]): SqlRow[];
  /** Runs a statement that writes; returns the rows changed and the last inserted rowid. */
  run(sql: string, params?: readonly SqlParam[]): { changes: number; lastInsertRowid: number };
}
