// `SqlDatabase` over a Durable Object's synchronous SQLite (`ctx.storage.sql`).
import type { SqlDatabase, SqlParam, SqlRow } from "../../core/episode/sql-database";

export function doSqlDatabase(sql: SqlStorage): SqlDatabase {
  return {
    query(query, params = []) {
      return sql.exec(query, ...params.map(toBinding)).toArray() as SqlRow[];
    },
    run(query, params = []) {
      sql.exec(query, ...params.map(toBinding));
      const row = sql
        .exec<{ changes: number; rowid: number }>(
          "SELECT changes() AS changes, last_insert_rowid() AS rowid",
        )
        .one();
      return { changes: row.changes, lastInsertRowid: row.rowid };
    },
  };
}

function toBinding(value: SqlParam): SqlStorageValue {
  if (typeof value === "bigint") return Number(value);
  if (value instanceof Uint8Array) {
    return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength) as ArrayBuffer;
  }
  return value;
}
