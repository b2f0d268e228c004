// Host SQL errors as stable codes a tool can branch on, the same whether SQLite runs in a Durable
// Object (`ctx.storage.sql`) or in better-sqlite3.
//
//   SQLite failure                                   code
//   UNIQUE or PRIMARY KEY constraint failed          constraint_unique
//   FOREIGN KEY constraint failed                    constraint_foreign_key
//   NOT NULL constraint failed                       constraint_not_null
//   CHECK constraint failed                          constraint_check
//   anything else (syntax, no such table, ...)       sql_error
//
// Statements the host's guard refuses before SQLite runs them (sql-guard.ts) have their own codes:
// `sql_refused` (a reserved name, a schema change, PRAGMA, recursion, ...), `read_only` (a write
// from a `read` tool) and `limit_exceeded` (too costly for one statement or the call's fuel).
//
// better-sqlite3 sets `code` (SQLITE_CONSTRAINT_UNIQUE, ...); workerd only has the message, with a
// `: SQLITE_CONSTRAINT` suffix. The message is matched first, then the code, and the suffix is
// dropped so both backends give the guest the same text.

export type SqlErrorCode =
  | "constraint_unique"
  | "constraint_foreign_key"
  | "constraint_not_null"
  | "constraint_check"
  | "sql_error";

export const SQL_ERROR_CODES: readonly SqlErrorCode[] = [
  "constraint_unique",
  "constraint_foreign_key",
  "constraint_not_null",
  "constraint_check",
  "sql_error",
];

const BY_MESSAGE: readonly (readonly [RegExp, SqlErrorCode])[] = [
  [/\b(UNIQUE|PRIMARY KEY) constraint failed/i, "constraint_unique"],
  [/\bFOREIGN KEY constraint failed/i, "constraint_foreign_key"],
  [/\bNOT NULL constraint failed/i, "constraint_not_null"],
  [/\bCHECK constraint failed/i, "constraint_check"],
];

const BY_SQLITE_CODE: Readonly<Record<string, SqlErrorCode>> = {
  SQLITE_CONSTRAINT_UNIQUE: "constraint_unique",
  SQLITE_CONSTRAINT_PRIMARYKEY: "constraint_unique",
  SQLITE_CONSTRAINT_ROWID: "constraint_unique",
  SQLITE_CONSTRAINT_FOREIGNKEY: "constraint_foreign_key",
  SQLITE_CONSTRAINT_NOTNULL: "constraint_not_null",
  SQLITE_CONSTRAINT_CHECK: "constraint_check",
};

const MAX_MESSAGE_CHARS = 1_000;

export interface SqlFailure {
  code: SqlErrorCode;
  message: string;
}

export function describeSqlError(error: unknown): SqlFailure {
  const raw = error instanceof Error ? error.message : String(error);
  const message = raw.replace(/:\s*SQLITE_[A-Z_]+\s*$/, "").slice(0, MAX_MESSAGE_CHARS);
  for (const [pattern, code] of BY_MESSAGE) {
    if (pattern.test(message)) return { code, message };
  }
  const sqliteCode =
    error !== null && typeof error === "object" && "code" in error ? error.code : undefined;
  const code = typeof sqliteCode === "string" ? BY_SQLITE_CODE[sqliteCode] : undefined;
  return { code: code ?? "sql_error", message };
}
