// Imports a SQLite SQL dump (`sqlite3 db .dump`) by running it into an empty scratch database and
// reading that back. Transaction control and PRAGMAs are skipped: a Durable Object refuses them,
// and the caller runs the whole import inside one transaction, so a thrown error leaves nothing.
import { z } from "zod";
import { AppError } from "../base/errors";
import { withDeferredForeignKeys } from "../episode/foreign-keys";
import { isInternalTableName } from "../episode/schema-introspection";
import type { SqlDatabase } from "../episode/sql-database";
import { splitSqlStatements } from "../episode/sql-statements";
import {
  DatabaseTableReportSchema,
  describeDatabaseTables,
  type ExtractedDatabase,
  extractDatabase,
} from "./database-extract";
import { sourceText } from "./source-text";

export const DEFAULT_MAX_DUMP_BYTES = 50 * 1024 * 1024;
const EXCERPT_CHARS = 200;

export interface SqlDumpImportOptions {
  /** Name for messages and the report, e.g. the file name. */
  sourceName?: string;
  /** Larger dumps are refused with `payload_too_large`; default 50 MB. */
  maxBytes?: number;
}

// Its own report, not `ImportReport`: a dump declares its types, nothing is inferred.
export const SqlDumpReportSchema = z.object({
  format: z.literal("sql-dump"),
  source: z.string(),
  /** Statements run against the scratch database. */
  statements: z.number().int().min(0),
  /** One line per kind of statement skipped, with how many and the first one's number. */
  notes: z.array(z.string()),
  tables: z.array(DatabaseTableReportSchema),
});
export type SqlDumpReport = z.infer<typeof SqlDumpReportSchema>;
export type ImportedSqlDump = ExtractedDatabase & { report: SqlDumpReport };

/** Runs `input` into `scratch` (which must be empty) and extracts it. Throws on any failure. */
export function importSqlDump(
  input: string | Uint8Array,
  scratch: SqlDatabase,
  options: SqlDumpImportOptions = {},
): ImportedSqlDump {
  const sourceName = options.sourceName ?? "dump.sql";
  assertWithinLimit(input, options.maxBytes ?? DEFAULT_MAX_DUMP_BYTES, sourceName);
  assertEmpty(scratch);
  const text = sourceText(input, sourceName);
  const skipped = new Map<string, { count: number; first: number }>();
  let run = 0;
  // Child rows may come before their parents (`.dump` writes tables in creation order under
  // `PRAGMA foreign_keys=OFF`); deferred checks accept that and still refuse dangling references.
  // Python's `iterdump` writes each table's rows right after its CREATE, alphabetically, so a
  // child's rows can come before its parent table exists: table definitions run first, then
  // everything else in the dump's order (indexes and triggers still after the rows).
  withDeferredForeignKeys(scratch, () => {
    let cursor = 0;
    const statements = splitSqlStatements(text).map(({ sql }, index) => {
      cursor = Math.max(cursor, text.indexOf(sql, cursor));
      return { sql, number: index + 1, line: lineAt(text, cursor) };
    });
    const ordered = [
      ...statements.filter((s) => isTableDefinition(s.sql)),
      ...statements.filter((s) => !isTableDefinition(s.sql)),
    ];
    for (const { sql, number, line } of ordered) {
      const reason = skipReason(sql, number, sourceName);
      if (reason) {
        const seen = skipped.get(reason);
        skipped.set(reason, { count: (seen?.count ?? 0) + 1, first: seen?.first ?? number });
        continue;
      }
      try {
        scratch.query(sql);
      } catch (error) {
        throw statementError(error, { sql, number, line, sourceName });
      }
      run++;
    }
  });
  const extracted = extractDatabase(scratch);
  if (extracted.schemaSql.trim() === "") {
    throw new AppError("validation_failed", `${sourceName} creates no tables.`, {
      source: sourceName,
    });
  }
  const notes = [...skipped].map(
    ([reason, { count, first }]) => `skipped ${count} statement(s), first #${first}: ${reason}`,
  );
  return {
    ...extracted,
    report: {
      format: "sql-dump",
      source: sourceName,
      statements: run,
      notes,
      tables: describeDatabaseTables(scratch, extracted.seed),
    },
  };
}

/** `CREATE TABLE name (...)`: a definition, not `CREATE TABLE name AS SELECT`, which reads rows. */
function isTableDefinition(sql: string): boolean {
  const head = /^\s*CREATE\s+(?:TEMP\s+|TEMPORARY\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?/i.exec(sql);
  if (!head) return false;
  const rest = sql.slice(head[0].length);
  return !/^(?:"(?:[^"]|"")*"|\[[^\]]*\]|`[^`]*`|[\w.$]+)\s+AS\b/i.test(rest);
}

/** Why a statement is not run, or null to run it. Throws for statements that would mislead. */
function skipReason(sql: string, number: number, sourceName: string): string | null {
  const first = firstWord(sql);
  if (["BEGIN", "COMMIT", "END", "SAVEPOINT", "RELEASE"].includes(first)) {
    return "transaction control (the import runs inside the caller's transaction)";
  }
  if (first === "ROLLBACK") {
    // `sqlite3 .dump` ends with `ROLLBACK; -- due to errors` when it could not read the database.
    throw new AppError(
      "validation_failed",
      `${sourceName}: statement ${number} is ROLLBACK, so the dump asks for its own changes to be undone (sqlite3 writes it when the dump hit errors). Dump the database again.`,
      { source: sourceName, statement: number },
    );
  }
  if (first === "PRAGMA") return "PRAGMA (database settings are not part of the data)";
  if (first === "ANALYZE" || first === "VACUUM") return "maintenance (ANALYZE/VACUUM)";
  const target = writeTarget(sql, first);
  if (target === null || !isInternalTableName(target)) return null;
  const lower = target.toLowerCase();
  if (lower === "sqlite_master" || lower === "sqlite_schema") {
    throw new AppError(
      "validation_failed",
      `${sourceName}: statement ${number} writes SQLite's schema table directly (a dump of a virtual table made with writable_schema), which cannot be imported.`,
      { source: sourceName, statement: number, sql: sql.slice(0, EXCERPT_CHARS) },
    );
  }
  return `write to internal table ${target} (kept by SQLite or the platform, not user data)`;
}

function firstWord(sql: string): string {
  return (sql.match(/^[A-Za-z_]+/)?.[0] ?? "").toUpperCase();
}

/** The table an INSERT/REPLACE/DELETE/UPDATE writes, unquoted; null for any other statement. */
function writeTarget(sql: string, first: string): string | null {
  if (!["INSERT", "REPLACE", "DELETE", "UPDATE"].includes(first)) return null;
  const match = sql.match(
    /^(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|DELETE\s+FROM|UPDATE(?:\s+OR\s+\w+)?)\s+(?:(?:main|"main")\s*\.\s*)?("(?:[^"]|"")+"|\[[^\]]+\]|`[^`]+`|'(?:[^']|'')+'|\w+)/i,
  );
  const name = match?.[1];
  if (name === undefined) return null;
  const quote = name.charAt(0);
  if (quote === '"' || quote === "`" || quote === "'") {
    return name.slice(1, -1).replaceAll(quote + quote, quote);
  }
  return quote === "[" ? name.slice(1, -1) : name;
}

function statementError(
  error: unknown,
  where: { sql: string; number: number; line: number; sourceName: string },
): AppError {
  const reason = error instanceof Error ? error.message : String(error);
  const excerpt = where.sql.slice(0, EXCERPT_CHARS);
  const more = where.sql.length > EXCERPT_CHARS ? "..." : "";
  return new AppError(
    "validation_failed",
    `${where.sourceName}: statement ${where.number} (line ${where.line}) failed: ${reason}. Statement: ${excerpt}${more}`,
    {
      source: where.sourceName,
      statement: where.number,
      line: where.line,
      sql: excerpt,
      reason,
    },
  );
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

function assertWithinLimit(input: string | Uint8Array, maxBytes: number, sourceName: string): void {
  const bytes = typeof input === "string" ? utf8Length(input, maxBytes) : input.byteLength;
  if (bytes <= maxBytes) return;
  throw new AppError(
    "payload_too_large",
    `${sourceName} is larger than the ${maxBytes}-byte limit for SQL dumps.`,
    { source: sourceName, limitBytes: maxBytes },
  );
}

/** UTF-8 length without encoding a copy; stops counting once past `cap`. */
function utf8Length(text: string, cap: number): number {
  if (text.length > cap) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length && bytes <= cap; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    // A surrogate pair is 4 bytes in UTF-8: 2 for each half.
    else if (code >= 0xd800 && code < 0xe000) bytes += 2;
    else bytes += 3;
  }
  return bytes;
}

function assertEmpty(scratch: SqlDatabase): void {
  const objects = scratch
    .query("SELECT name FROM sqlite_master")
    .map((row) => String(row.name))
    .filter((name) => !isInternalTableName(name));
  if (objects.length === 0) return;
  throw new AppError("conflict", "The scratch database for a SQL dump import must be empty.", {
    objects: objects.slice(0, 10),
  });
}
