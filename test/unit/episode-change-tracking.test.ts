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
import { tradingDatabase } from "../fixtures/trading-database";
import { datasets } from "../support/datasets";

function tracked(source: { schemaSql: string; seed: Parameters<typeof loadSchemaAndSeed>[2] }) {
  const db = openBetterSqlite();
  db.transaction(() => {
    loadSchemaAndSeed(db, source.schemaSql, source.seed);
    installChangeTracking(db);
  });
  return db;
}

describe("change tracking", () => {
  const flights = seedFromSqlite(datasets.nycFlights);

  it("starts empty after seeding and names the tables a write touched", () => {
    const db = tracked(flights);
    expect(touchedTables(db)).toEqual([]);
    db.run("UPDATE weather SET temp = temp + 1 WHERE origin = 'JFK' AND day = 1");
    db.run("INSERT INTO airlines (carrier, name) VALUES ('ZZ', 'Fast')");
    db.run("DELETE FROM airlines WHERE carrier = 'ZZ'");
    expect(touchedTables(db)).toEqual(["airlines", "weather"]);
    expect(changeLog(db)).toEqual([
      { table: "weather", op: "update" },
      { table: "airlines", op: "insert" },
      { table: "airlines", op: "delete" },
    ]);
  });

  it("names a table with a space in its name", () => {
    const db = tracked(tradingDatabase());
    db.run(`UPDATE "Order Lines" SET Quantity = Quantity + 1 WHERE OrderID = 5001`);
    db.run("INSERT INTO Shippers (CompanyName) VALUES ('Fast')");
    expect(touchedTables(db)).toEqual(["Order Lines", "Shippers"]);
    expect(changeLog(db)).toEqual([
      { table: "Order Lines", op: "update" },
      { table: "Shippers", op: "insert" },
    ]);
  });

  it("keeps one log row per table and operation however many rows change", () => {
    const db = tracked(flights);
    db.run("UPDATE flights SET dep_delay = dep_delay + 1");
    expect(Number(db.query("SELECT count(*) AS n FROM _aw_changes")[0]?.n)).toBe(1);
  });

  it("reads nothing as a write, forgets on clear, and installs twice without harm", () => {
    const db = tracked(flights);
    installChangeTracking(db);
    db.query("SELECT * FROM planes");
    expect(touchedTables(db)).toEqual([]);
    db.run("UPDATE planes SET seats = 0 WHERE tailnum = 'N10156'");
    expect(touchedTables(db)).toEqual(["planes"]);
    clearChanges(db);
    expect(touchedTables(db)).toEqual([]);
  });

  it("tracks tables a call creates: empty ones from their first write, filled ones at once", () => {
    const db = tracked(flights);
    const answer = trackingCreatedTables(db, () => {
      db.run("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)");
      db.run("CREATE TABLE late AS SELECT id FROM flights WHERE dep_delay > 120");
      return "made";
    });
    expect(answer).toBe("made");
    expect(changeLog(db)).toEqual([{ table: "late", op: "insert" }]);
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
