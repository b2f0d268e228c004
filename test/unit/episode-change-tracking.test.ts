import { describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import { seedFromSqlite } from "../../catalog/sqlite-source";
import {
  changeLog,
  clearChanges,
  installChangeTracking,
  touchedTables,
  trackingCreatedTables,
} from "../../core/episode/change-tracking";
import { loadSchemaAndSeed } from "../../core/episode/seed-loader";
import { datasets } from "../support/datasets";

describe("change tracking", () => {
  const { schemaSql, seed } = seedFromSqlite(datasets.northwind);

  function tracked() {
    const db = openBetterSqlite();
    db.transaction(() => {
      loadSchemaAndSeed(db, schemaSql, seed);
      installChangeTracking(db);
    });
    return db;
  }

  it("starts empty after seeding and names the tables a write touched", () => {
    const db = tracked();
    expect(touchedTables(db)).toEqual([]);
    db.run(`UPDATE "Order Details" SET Quantity = Quantity + 1 WHERE OrderID = 10248`);
    db.run("INSERT INTO Shippers (CompanyName) VALUES ('Fast')");
    db.run("DELETE FROM Shippers WHERE CompanyName = 'Fast'");
    expect(touchedTables(db)).toEqual(["Order Details", "Shippers"]);
    expect(changeLog(db)).toEqual([
      { table: "Order Details", op: "update" },
      { table: "Shippers", op: "insert" },
      { table: "Shippers", op: "delete" },
    ]);
  });

  it("keeps one log row per table and operation however many rows change", () => {
    const db = tracked();
    db.run(`UPDATE "Order Details" SET Quantity = Quantity + 1`);
    expect(Number(db.query("SELECT count(*) AS n FROM _aw_changes")[0]?.n)).toBe(1);
  });

  it("reads nothing as a write, forgets on clear, and installs twice without harm", () => {
    const db = tracked();
    installChangeTracking(db);
    db.query("SELECT * FROM Products");
    expect(touchedTables(db)).toEqual([]);
    db.run("UPDATE Products SET UnitsInStock = 0 WHERE ProductID = 1");
    expect(touchedTables(db)).toEqual(["Products"]);
    clearChanges(db);
    expect(touchedTables(db)).toEqual([]);
  });

  it("tracks tables a call creates: empty ones from their first write, filled ones at once", () => {
    const db = tracked();
    const answer = trackingCreatedTables(db, () => {
      db.run("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)");
      db.run("CREATE TABLE cheap AS SELECT ProductID FROM Products WHERE UnitPrice < 5");
      return "made";
    });
    expect(answer).toBe("made");
    expect(changeLog(db)).toEqual([{ table: "cheap", op: "insert" }]);
    clearChanges(db);
    trackingCreatedTables(db, () => db.run("INSERT INTO notes (text) VALUES ('x')"));
    db.run("UPDATE notes SET text = 'y'");
    expect(changeLog(db)).toEqual([
      { table: "notes", op: "insert" },
      { table: "notes", op: "update" },
    ]);
  });

  it("leaves tables a call creates alone where tracking is not installed", () => {
    const db = openBetterSqlite();
    trackingCreatedTables(db, () => db.run("CREATE TABLE t AS SELECT 1 AS x"));
    db.run("INSERT INTO t VALUES (2)");
    expect(touchedTables(db)).toEqual([]);
    expect(db.query("SELECT name FROM sqlite_master WHERE type = 'trigger'")).toEqual([]);
  });

  it("reports nothing before it is installed", () => {
    const db = openBetterSqlite();
    expect(touchedTables(db)).toEqual([]);
    clearChanges(db);
  });
});
