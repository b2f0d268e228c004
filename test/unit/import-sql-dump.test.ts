// importSqlDump: a dump of Chinook (by Python's sqlite3 iterdump) matches the Chinook file, and bad dumps fail clearly,
// leaving nothing behind once the caller's transaction rolls back.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import { sqliteDumpPath } from "../../catalog/datasets/sqlite-dump";
import { seedFromSqlite } from "../../catalog/sqlite-source";
import { AppError } from "../../core/base/errors";
import { loadSchemaAndSeed } from "../../core/episode/seed-loader";
import { computeStateDigest } from "../../core/episode/state-digest";
import { importSqlDump, SqlDumpReportSchema } from "../../core/import/sql-dump-import";
import { datasets } from "../support/datasets";

const chinookDump = readFileSync(sqliteDumpPath(datasets.chinook), "utf8");

/** What a caller does: one transaction around the import, on an empty scratch database. */
function importInTransaction(text: string | Uint8Array, options = {}) {
  const scratch = openBetterSqlite();
  try {
    const result = scratch.transaction(() => importSqlDump(text, scratch, options));
    return { result, scratch };
  } catch (error) {
    return { error, scratch };
  }
}

function userObjects(db: ReturnType<typeof openBetterSqlite>): unknown[] {
  return db.query("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'");
}

function rowCount(seed: { tables: Record<string, { rows: unknown[] }> }): number {
  return Object.values(seed.tables).reduce((sum, t) => sum + t.rows.length, 0);
}

function appError(error: unknown): AppError {
  expect(error).toBeInstanceOf(AppError);
  if (!(error instanceof AppError)) throw error;
  return error;
}

describe("importSqlDump", () => {
  it("imports a real dump of Chinook to the same rows and digest as the .sqlite file", async () => {
    const { result } = importInTransaction(chinookDump, { sourceName: "chinook.sql" });
    if (!result) throw new Error("import failed");
    const file = seedFromSqlite(datasets.chinook);
    expect(Object.keys(result.seed.tables)).toHaveLength(11);
    expect(rowCount(result.seed)).toBe(15_607);
    expect(rowCount(result.seed)).toBe(rowCount(file.seed));

    const fromDump = openBetterSqlite();
    fromDump.transaction(() => loadSchemaAndSeed(fromDump, result.schemaSql, result.seed));
    const fromFile = openBetterSqlite(datasets.chinook);
    expect(await computeStateDigest(fromDump)).toBe(await computeStateDigest(fromFile));

    expect(SqlDumpReportSchema.parse(result.report)).toEqual(result.report);
    expect(result.report.tables.find((t) => t.name === "Track")).toMatchObject({
      rowCount: 3503,
      primaryKey: ["TrackId"],
    });
    // 11 CREATE TABLE, 11 CREATE INDEX, one INSERT per row; BEGIN and COMMIT are skipped.
    expect(result.report.statements).toBe(11 + 11 + 15_607);
    expect(result.report.notes).toEqual([
      expect.stringMatching(/^skipped 2 statement\(s\), first #1: /),
    ]);
  });

  it("accepts a BOM and CRLF line endings, as Windows tools write them", () => {
    const bytes = new TextEncoder().encode(`\uFEFF${chinookDump.replaceAll("\n", "\r\n")}`);
    const { result } = importInTransaction(bytes);
    expect(result && rowCount(result.seed)).toBe(15_607);
  });

  it("skips BEGIN/COMMIT, PRAGMAs and sqlite_sequence writes; keeps ';' and quotes in strings", () => {
    const dump = [
      "PRAGMA foreign_keys=OFF;",
      "BEGIN TRANSACTION;",
      "CREATE TABLE note (id INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT, parent INTEGER REFERENCES note(id));",
      // A child before its parent: .dump writes rows in table order under foreign_keys=OFF.
      "INSERT INTO note VALUES(1,'it''s; \"quoted\" -- not a comment',2);",
      "INSERT INTO note VALUES(2,'line one\r\nline two; /* not a comment */',NULL);",
      "DELETE FROM sqlite_sequence;",
      "INSERT INTO sqlite_sequence VALUES('note',2);",
      "CREATE TRIGGER note_touch AFTER UPDATE ON note BEGIN SELECT 1; END;",
      "COMMIT;",
    ].join("\n");
    const { result } = importInTransaction(dump);
    if (!result) throw new Error("import failed");
    expect(result.seed.tables.note?.rows).toEqual([
      [1, `it's; "quoted" -- not a comment`, 2],
      [2, "line one\r\nline two; /* not a comment */", null],
    ]);
    expect(result.schemaSql).toMatch(/CREATE TRIGGER note_touch/);
    expect(result.report.statements).toBe(4);
    expect(result.report.notes).toHaveLength(3);
    expect(result.report.notes.join("\n")).toMatch(
      /PRAGMA.*\n.*transaction|transaction.*\n.*PRAGMA/s,
    );
  });

  it("creates every table before rows: a child's rows may come before its parent's CREATE", () => {
    // Python's iterdump order: tables alphabetically, each CREATE followed by its rows; no PRAGMA.
    const dump = [
      "BEGIN TRANSACTION;",
      'CREATE TABLE "album" (id INTEGER PRIMARY KEY, artist INTEGER NOT NULL REFERENCES "artist"(id));',
      'INSERT INTO "album" VALUES(1,7);',
      'CREATE TABLE "artist" (id INTEGER PRIMARY KEY, name TEXT);',
      "INSERT INTO \"artist\" VALUES(7,'AC/DC');",
      'CREATE TABLE "copy" AS SELECT * FROM "artist";',
      'CREATE TRIGGER "artist_touch" AFTER INSERT ON "artist" BEGIN SELECT RAISE(FAIL, \'late\'); END;',
      "COMMIT;",
    ].join("\n");
    const { result } = importInTransaction(dump);
    if (!result) throw new Error("import failed");
    expect(result.seed.tables.album?.rows).toEqual([[1, 7]]);
    // AS SELECT reads rows, so it keeps its place after them; the trigger came after every insert.
    expect(result.seed.tables.copy?.rows).toEqual([[7, "AC/DC"]]);
    expect(result.report.statements).toBe(6);

    const dangling = dump.replace("VALUES(1,7)", "VALUES(1,8)");
    expect(appError(importInTransaction(dangling).error).message).toMatch(/foreign key|reference/i);
  });

  it("refuses a syntax error with the statement's number, line, text and SQLite's message", () => {
    const dump = [
      "BEGIN TRANSACTION;",
      "CREATE TABLE a (id INTEGER PRIMARY KEY);",
      "INSERT INTO a VALUES(1);",
      "INSERT INTO a VALUES(2,,3);",
      "COMMIT;",
    ].join("\n");
    const { error, scratch } = importInTransaction(dump, { sourceName: "bad.sql" });
    const e = appError(error);
    expect(e.code).toBe("validation_failed");
    expect(e.message).toMatch(/bad\.sql: statement 4 \(line 4\) failed: .*syntax error/);
    expect(e.message).toContain("INSERT INTO a VALUES(2,,3)");
    expect(e.details).toMatchObject({ statement: 4, line: 4, sql: "INSERT INTO a VALUES(2,,3)" });
    expect(userObjects(scratch)).toEqual([]);
  });

  it("cuts the quoted statement to 200 characters", () => {
    const long = `INSERT INTO nowhere VALUES('${"x".repeat(500)}');`;
    const e = appError(importInTransaction(long).error);
    expect(e.details).toMatchObject({ statement: 1, sql: long.slice(0, 200) });
    expect(e.message).toMatch(/no such table: nowhere/);
  });

  it("refuses dangling foreign keys, a ROLLBACK, and a dump that creates nothing", () => {
    const dangling = importInTransaction(
      "CREATE TABLE p (id INTEGER PRIMARY KEY); CREATE TABLE c (p INTEGER REFERENCES p(id)); INSERT INTO c VALUES (9);",
    );
    expect(appError(dangling.error).message).toMatch(/foreign key/);
    expect(userObjects(dangling.scratch)).toEqual([]);
    const rolledBack = importInTransaction("BEGIN; CREATE TABLE t (x); ROLLBACK; -- due to errors");
    expect(appError(rolledBack.error).message).toMatch(/statement 3 is ROLLBACK/);
    expect(appError(importInTransaction("PRAGMA foreign_keys=OFF;").error).message).toMatch(
      /creates no tables/,
    );
  });

  it("refuses a dump over the size limit before running anything", () => {
    const { error, scratch } = importInTransaction("CREATE TABLE t (x);", { maxBytes: 10 });
    const e = appError(error);
    expect(e.code).toBe("payload_too_large");
    expect(e.status).toBe(413);
    expect(userObjects(scratch)).toEqual([]);
    // Multi-byte text counts in UTF-8 bytes, not characters.
    const accented = "CREATE TABLE t (x); -- é";
    expect(appError(importInTransaction(accented, { maxBytes: accented.length }).error).code).toBe(
      "payload_too_large",
    );
    expect(importInTransaction(new Uint8Array(11), { maxBytes: 10 }).error).toBeInstanceOf(
      AppError,
    );
  });

  it("refuses a scratch database that is not empty", () => {
    const scratch = openBetterSqlite();
    scratch.run("CREATE TABLE already (x)");
    expect(appError(tryImport(scratch)).code).toBe("conflict");
  });
});

function tryImport(scratch: ReturnType<typeof openBetterSqlite>): unknown {
  try {
    importSqlDump("CREATE TABLE t (x);", scratch);
  } catch (error) {
    return error;
  }
  return undefined;
}
