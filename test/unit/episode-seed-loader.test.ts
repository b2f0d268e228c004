// Loading real datasets (Chinook, NYC flights) and a synthetic one with spaced names, BLOBs and
// views through the planner into a fresh SQLite database.
import { describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import { seedFromSqlite } from "../../catalog/sqlite-source";
import type { SeedData } from "../../core/environment/spec";
import { listUserTables } from "../../core/episode/schema-introspection";
import { loadSchemaAndSeed, loadSeedRows } from "../../core/episode/seed-loader";
import { computeStateDigest, computeStateDigests } from "../../core/episode/state-digest";
import { openTradingDatabase, tradingDatabase } from "../fixtures/trading-database";
import { datasets } from "../support/datasets";

function count(db: ReturnType<typeof openBetterSqlite>, table: string): number {
  return Number(db.query(`SELECT count(*) AS n FROM "${table}"`)[0]?.n);
}

describe("loadSchemaAndSeed on Chinook", () => {
  const { schemaSql, seed } = seedFromSqlite(datasets.chinook);
  const source = openBetterSqlite(datasets.chinook);

  it("loads all 11 tables and 15,607 rows, with the source's counts and digest", async () => {
    const db = openBetterSqlite();
    const stats = db.transaction(() => loadSchemaAndSeed(db, schemaSql, seed));
    expect(stats).toMatchObject({ tables: 11, rows: 15_607 });
    for (const table of listUserTables(source))
      expect(count(db, table.name)).toBe(count(source, table.name));
    expect(await computeStateDigest(db)).toBe(await computeStateDigest(source));
    const indexes = db.query(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'IFK%'",
    );
    expect(indexes).toHaveLength(11);
  });

  it("loads a self-referencing table whose children come before their parents (Employee.ReportsTo)", async () => {
    const employees = seed.tables.Employee;
    if (!employees) throw new Error("no Employee table");
    const reversed: SeedData = {
      tables: { ...seed.tables, Employee: { ...employees, rows: [...employees.rows].reverse() } },
    };
    const db = openBetterSqlite();
    db.transaction(() => loadSchemaAndSeed(db, schemaSql, reversed));
    expect(db.query("SELECT count(*) AS n FROM Employee WHERE ReportsTo IS NOT NULL")[0]?.n).toBe(
      7,
    );
    expect(await computeStateDigest(db)).toBe(await computeStateDigest(source));
    expect(db.query("PRAGMA defer_foreign_keys")[0]?.defer_foreign_keys).toBe(0);
  });

  it("refuses rows that break a foreign key, and the transaction leaves nothing behind", () => {
    const db = openBetterSqlite();
    const tracks = seed.tables.Track;
    if (!tracks) throw new Error("no Track table");
    const bad = structuredClone(tracks);
    const albumColumn = bad.columns.indexOf("AlbumId");
    const first = bad.rows[0];
    if (!first) throw new Error("no tracks");
    first[albumColumn] = 999_999;
    expect(() =>
      db.transaction(() =>
        loadSchemaAndSeed(db, schemaSql, { tables: { ...seed.tables, Track: bad } }),
      ),
    ).toThrow(/foreign key/);
    expect(db.query("SELECT name FROM sqlite_master")).toEqual([]);
  });
});

describe("loadSchemaAndSeed on NYC flights", () => {
  const { schemaSql, seed } = seedFromSqlite(datasets.nycFlights);
  const source = openBetterSqlite(datasets.nycFlights);

  it("loads all 5 tables and 11,393 rows (NULLs and REALs included), equal to the source", async () => {
    const db = openBetterSqlite();
    const stats = db.transaction(() => loadSchemaAndSeed(db, schemaSql, seed));
    expect(stats).toMatchObject({ tables: 5, rows: 11_393 });
    for (const table of listUserTables(source))
      expect(count(db, table.name)).toBe(count(source, table.name));
    expect(await computeStateDigest(db)).toBe(await computeStateDigest(source));
    const nulls = "SELECT count(*) AS n FROM flights WHERE dep_time IS NULL";
    expect(db.query(nulls)[0]?.n).toBe(source.query(nulls)[0]?.n);
    expect(Number(db.query(nulls)[0]?.n)).toBeGreaterThan(0);
  });
});

describe("loadSchemaAndSeed on spaced names, BLOBs and views (synthetic trading database)", () => {
  const { schemaSql, seed } = tradingDatabase();
  const source = openTradingDatabase();

  it("loads tables with spaces in their names, BLOB pictures and views, equal to the source", async () => {
    const db = openBetterSqlite();
    const stats = db.transaction(() => loadSchemaAndSeed(db, schemaSql, seed));
    expect(stats.tables).toBe(8);
    for (const table of listUserTables(source))
      expect(count(db, table.name)).toBe(count(source, table.name));
    const [digest, expected] = [await computeStateDigests(db), await computeStateDigests(source)];
    expect(digest.tables["Order Lines"]).toEqual(expected.tables["Order Lines"]);
    expect(digest.digest).toBe(expected.digest);
    const picture = db.query("SELECT Picture FROM Categories WHERE CategoryID = 1")[0]?.Picture;
    const original = source.query("SELECT Picture FROM Categories WHERE CategoryID = 1")[0]
      ?.Picture;
    expect(picture).toBeInstanceOf(Uint8Array);
    expect(picture).toEqual(original);
    const view = db.query(`SELECT count(*) AS n FROM "Order Lines Extended"`)[0]?.n;
    expect(view).toBe(source.query(`SELECT count(*) AS n FROM "Order Lines Extended"`)[0]?.n);
    expect(Number(view)).toBeGreaterThan(0);
  });
});

describe("loadSchemaAndSeed with awkward names and triggers", () => {
  it("quotes reserved words, spaces, quotes and brackets in table and column names", async () => {
    const schemaSql = `CREATE TABLE "Order" ("select" TEXT PRIMARY KEY, "we""ird col" INTEGER, [Group By] REAL);
      CREATE TABLE [Order Details] ("order" TEXT REFERENCES "Order" ("select"), "values" BLOB);`;
    const seed: SeedData = {
      tables: {
        "Order Details": { columns: ["order", "values"], rows: [["a", { $base64: "AAEC" }]] },
        Order: {
          columns: ["select", 'we"ird col', "Group By"],
          rows: [
            ["a", 1, 2.5],
            ["b", null, -1],
          ],
        },
      },
    };
    const db = openBetterSqlite();
    db.transaction(() => loadSchemaAndSeed(db, schemaSql, seed));
    expect(db.query(`SELECT "we""ird col" AS w FROM "Order" ORDER BY "select"`)).toEqual([
      { w: 1 },
      { w: null },
    ]);
    expect(db.query(`SELECT hex("values") AS h FROM "Order Details"`)).toEqual([{ h: "000102" }]);
  });

  it("creates the environment's triggers after the rows, and reloading does not fire them", () => {
    const schemaSql = `CREATE TABLE item (id INTEGER PRIMARY KEY, qty INTEGER);
      CREATE TABLE total (id INTEGER PRIMARY KEY, n INTEGER);
      CREATE TRIGGER add_qty AFTER INSERT ON item BEGIN
        UPDATE total SET n = n + CASE WHEN new.qty > 0 THEN new.qty ELSE 0 END WHERE id = 1;
      END;`;
    const seed: SeedData = {
      tables: {
        item: {
          columns: ["id", "qty"],
          rows: [
            [1, 5],
            [2, 7],
          ],
        },
        total: { columns: ["id", "n"], rows: [[1, 12]] },
      },
    };
    const db = openBetterSqlite();
    db.transaction(() => loadSchemaAndSeed(db, schemaSql, seed));
    expect(db.query("SELECT n FROM total")).toEqual([{ n: 12 }]);
    db.run("INSERT INTO item VALUES (3, 1)");
    expect(db.query("SELECT n FROM total")).toEqual([{ n: 13 }]);
    db.transaction(() => {
      db.run("DELETE FROM item");
      db.run("DELETE FROM total");
      loadSeedRows(db, seed);
    });
    expect(db.query("SELECT n FROM total")).toEqual([{ n: 12 }]);
    expect(db.query("SELECT name FROM sqlite_master WHERE type = 'trigger'")).toEqual([
      { name: "add_qty" },
    ]);
  });
});
