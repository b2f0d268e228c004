// better-sqlite3 behind the `SqlDatabase` port, so Node tests run the same code the EpisodeDO runs
// over `ctx.storage.sql`: BLOBs come back as Uint8Array, integers as numbers, `run` as plain numbers.
import { createRequire } from "node:module";
import type { SqlDatabase, SqlParam, SqlRow } from "../core/episode/sql-database";

/** The slice of better-sqlite3's API used here (the package ships no types, and none are installed). */
export interface RawStatement {
  readonly reader: boolean;
  all(...params: unknown[]): Record<string, unknown>[];
  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
}

export interface RawDatabase {
  prepare(sql: string): RawStatement;
  exec(sql: string): void;
  pragma(source: string): unknown;
  transaction<T>(fn: () => T): () => T;
  close(): void;
}

type RawDatabaseConstructor = new (source: string | Buffer) => RawDatabase;

const require = createRequire(import.meta.url);
const BetterSqlite = require("better-sqlite3") as RawDatabaseConstructor;

// Prepared statements are reused across calls, as the DO's SQL cache does; the bound keeps a test
// that generates many distinct statements from growing without limit.
const STATEMENT_CACHE_SIZE = 256;

export type BetterSqliteDatabase = SqlDatabase & {
  raw: RawDatabase;
  transaction<T>(fn: () => T): T;
};

/** `source` is a file path, `:memory:`, or the bytes of a database file to open in memory (a copy). */
export function openBetterSqlite(source: string | Uint8Array = ":memory:"): BetterSqliteDatabase {
  const raw = new BetterSqlite(typeof source === "string" ? source : Buffer.from(source));
  raw.pragma("foreign_keys = ON");
  const statements = new Map<string, RawStatement>();

  const prepare = (sql: string): RawStatement => {
    const cached = statements.get(sql);
    if (cached) return cached;
    const statement = raw.prepare(sql);
    if (statements.size >= STATEMENT_CACHE_SIZE) {
      const oldest = statements.keys().next();
      if (!oldest.done) statements.delete(oldest.value);
    }
    statements.set(sql, statement);
    return statement;
  };

  return {
    raw,
    query(sql, params = []) {
      const statement = prepare(sql);
      const bound = params.map(toBound);
      if (!statement.reader) {
        statement.run(...bound);
        return [];
      }
      return statement.all(...bound).map(toRow);
    },
    run(sql, params = []) {
      const info = prepare(sql).run(...params.map(toBound));
      return { changes: info.changes, lastInsertRowid: Number(info.lastInsertRowid) };
    },
    transaction<T>(fn: () => T): T {
      return raw.transaction(fn)();
    },
  };
}

function toBound(value: SqlParam): unknown {
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  return value;
}

function toRow(row: Record<string, unknown>): SqlRow {
  const out: SqlRow = {};
  for (const [column, value] of Object.entries(row)) out[column] = fromSqlite(value);
  return out;
}

function fromSqlite(value: unknown): SqlParam {
  // Buffer is a Uint8Array subclass; copy it into a plain one so callers never see Node types.
  if (value instanceof Uint8Array) return new Uint8Array(value);
  if (value === null || typeof value === "number" || typeof value === "string") return value;
  if (typeof value === "bigint") return value;
  throw new TypeError(`unexpected SQLite value of type ${typeof value}`);
}
