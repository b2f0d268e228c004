// extractDatabase over the SqlDatabase port: a synthetic database with spaced names, views and BLOB
// pictures, and the real NYC flights and Chinook files, round-trip through schemaSql + seed to the
// same state digest.
import { describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import { seedFromSqlite } from "../../catalog/sqlite-source";
import { loadSchemaAndSeed } from "../../core/episode/seed-loader";
import { computeStateDigest } from "../../core/episode/state-digest";
import { describeDatabaseTables, extractDatabase } from "../../core/import/database-extract";
import { openTradingDatabase } from "../fixtures/trading-database";
import { datasets } from "../support/datasets";

function reloaded(source: { schemaSql: string; seed: Parameters<typeof loadSchemaAndSeed>[2] }) {
  const db = openBetterSqlite();
  db.transaction(() => loadSchemaAndSeed(db, source.schemaSql, source.seed));
  return db;
}

describe("extractDatabase", () => {
  it("round-trips spaced names, views and BLOBs to the same digest", async () => {
    const original = openTradingDatabase();
    const extracted = extractDatabase(original);
    expect(extracted.schemaSql).toMatch(/CREATE TABLE \[?"?Order Lines/i);
    expect(extracted.schemaSql).toMatch(/CREATE VIEW/i);
    const blobs = Object.values(extracted.seed.tables)
      .flatMap((t) => t.rows.flat())
      .filter((v) => v !== null && typeof v === "object");
    expect(blobs.length).toBeGreaterThan(0);
    const copy = reloaded(extracted);
    expect(await computeStateDigest(copy)).toBe(await computeStateDigest(original));
    // Extracting the copy again gives the same text: nothing drifts on a second pass.
    expect(extractDatabase(copy)).toEqual(extracted);
    original.raw.close();
  });

  it("round-trips nyc-flights (NULLs, REALs, a composite key) to the same digest", async () => {
    const original = openBetterSqlite(datasets.nycFlights);
    const extracted = extractDatabase(original);
    expect(extracted.seed.tables.flights?.rows).toHaveLength(6099);
    expect(extracted.seed.tables.flights?.rows.some((row) => row.includes(null))).toBe(true);
    const copy = reloaded(extracted);
    expect(await computeStateDigest(copy)).toBe(await computeStateDigest(original));
    expect(extractDatabase(copy)).toEqual(extracted);
    original.raw.close();
    copy.raw.close();
  });

  it("is what seedFromSqlite returns for a file", () => {
    const db = openBetterSqlite(datasets.chinook);
    expect(extractDatabase(db)).toEqual(seedFromSqlite(datasets.chinook));
    db.raw.close();
  });

  it("leaves out internal tables and reports keys and foreign keys", () => {
    const db = openBetterSqlite();
    db.raw.exec(`
      CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
      CREATE TABLE child (a INTEGER, b TEXT, parent_id INTEGER REFERENCES parent,
        PRIMARY KEY (a, b)) WITHOUT ROWID;
      CREATE TABLE _aw_meta (k TEXT);
      CREATE TABLE auto (id INTEGER PRIMARY KEY AUTOINCREMENT, v BLOB);
      INSERT INTO parent VALUES (2, 'two'), (1, 'one');
      INSERT INTO child VALUES (2, 'x', 1), (1, 'y', 2);
      INSERT INTO auto (v) VALUES (x'00ff');
      CREATE TRIGGER t AFTER INSERT ON parent BEGIN UPDATE parent SET name = upper(new.name) WHERE id = new.id; END;`);
    const { schemaSql, seed } = extractDatabase(db);
    expect(schemaSql).not.toMatch(/_aw_meta|sqlite_sequence/);
    expect(schemaSql).toMatch(/CREATE TRIGGER t/);
    expect(Object.keys(seed.tables).sort()).toEqual(["auto", "child", "parent"]);
    expect(seed.tables.parent?.rows).toEqual([
      [1, "one"],
      [2, "two"],
    ]);
    expect(seed.tables.child?.rows).toEqual([
      [1, "y", 2],
      [2, "x", 1],
    ]);
    expect(seed.tables.auto?.rows).toEqual([[1, { $base64: "AP8=" }]]);
    const child = describeDatabaseTables(db, seed).find((t) => t.name === "child");
    expect(child).toMatchObject({
      rowCount: 2,
      primaryKey: ["a", "b"],
      foreignKeys: [{ columns: ["parent_id"], table: "parent", references: ["id"] }],
    });
  });
});
