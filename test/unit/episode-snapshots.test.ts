import { describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import { seedFromSqlite } from "../../catalog/sqlite-source";
import type { SeedData } from "../../core/environment/spec";
import { installChangeTracking, touchedTables } from "../../core/episode/change-tracking";
import { loadSchemaAndSeed, loadSeedRows } from "../../core/episode/seed-loader";
import {
  clearUserData,
  dropSnapshot,
  listSnapshots,
  restoreSnapshot,
  takeSnapshot,
} from "../../core/episode/snapshots";
import { computeStateDigest } from "../../core/episode/state-digest";
import { tradingDatabase } from "../fixtures/trading-database";
import { datasets } from "../support/datasets";

function loaded(schemaSql: string, seed: SeedData) {
  const db = openBetterSqlite();
  db.transaction(() => loadSchemaAndSeed(db, schemaSql, seed));
  return db;
}

describe("snapshots on NYC flights", () => {
  const { schemaSql, seed } = seedFromSqlite(datasets.nycFlights);

  it("restores the exact contents after writes to parents and children", async () => {
    const db = loaded(schemaSql, seed);
    const initial = await computeStateDigest(db);
    const info = db.transaction(() => takeSnapshot(db, "Step 0 / before"));
    expect(info).toMatchObject({ id: "Step 0 / before", tables: 5 });
    db.run("DELETE FROM flights WHERE carrier = 'HA'");
    db.run("DELETE FROM airlines WHERE carrier = 'HA'");
    db.run("UPDATE weather SET temp = NULL WHERE origin = 'JFK'");
    db.run("INSERT INTO airlines (carrier, name) VALUES ('ZZ', 'New')");
    expect(await computeStateDigest(db)).not.toBe(initial);
    expect(db.transaction(() => restoreSnapshot(db, "Step 0 / before"))).toBe(true);
    expect(await computeStateDigest(db)).toBe(initial);
  });

  it("lists oldest first, replaces a snapshot taken again under the same id, and drops", () => {
    const db = loaded(schemaSql, seed);
    takeSnapshot(db, "a");
    takeSnapshot(db, "B");
    takeSnapshot(db, "b");
    expect(listSnapshots(db).map((s) => s.id)).toEqual(["a", "B", "b"]);
    db.run("UPDATE airlines SET name = 'Hawaiian' WHERE carrier = 'HA'");
    takeSnapshot(db, "a");
    expect(listSnapshots(db).map((s) => s.id)).toEqual(["B", "b", "a"]);
    expect(dropSnapshot(db, "B")).toBe(true);
    expect(dropSnapshot(db, "B")).toBe(false);
    expect(restoreSnapshot(db, "B")).toBe(false);
    expect(listSnapshots(db).map((s) => s.id)).toEqual(["b", "a"]);
    const copies = db.query(
      "SELECT name FROM sqlite_master WHERE name LIKE '\\_aw\\_snap\\_%' ESCAPE '\\'",
    );
    expect(copies).toHaveLength(2 * 5);
  });

  it("marks restored tables as touched, so a diff restricted to them still sees them", () => {
    const db = loaded(schemaSql, seed);
    installChangeTracking(db);
    takeSnapshot(db, "s");
    expect(touchedTables(db)).toEqual([]);
    restoreSnapshot(db, "s");
    expect(touchedTables(db)).toContain("flights");
  });
});

describe("snapshots on spaced names, BLOBs and AUTOINCREMENT (synthetic trading database)", () => {
  const { schemaSql, seed } = tradingDatabase();

  it("restores the exact contents after writes to parents and children", async () => {
    const db = loaded(schemaSql, seed);
    const initial = await computeStateDigest(db);
    const info = db.transaction(() => takeSnapshot(db, "Step 0 / before"));
    expect(info).toMatchObject({ id: "Step 0 / before", tables: 8 });
    db.run(`DELETE FROM "Order Lines" WHERE OrderID = 5001`);
    db.run("DELETE FROM Orders WHERE OrderID = 5001");
    db.run("UPDATE Categories SET Picture = x'00' WHERE CategoryID = 1");
    db.run("INSERT INTO Categories (CategoryName) VALUES ('New')");
    expect(await computeStateDigest(db)).not.toBe(initial);
    expect(db.transaction(() => restoreSnapshot(db, "Step 0 / before"))).toBe(true);
    expect(await computeStateDigest(db)).toBe(initial);
  });

  it("brings back AUTOINCREMENT counters, so the next id is the same as before", () => {
    const db = loaded(schemaSql, seed);
    db.transaction(() => takeSnapshot(db, "s"));
    db.run("INSERT INTO Categories (CategoryName) VALUES ('a')");
    const firstId = db.query("SELECT max(CategoryID) AS id FROM Categories")[0]?.id;
    db.transaction(() => restoreSnapshot(db, "s"));
    db.run("INSERT INTO Categories (CategoryName) VALUES ('b')");
    expect(db.query("SELECT max(CategoryID) AS id FROM Categories")[0]?.id).toBe(firstId);
  });
});

describe("clearUserData", () => {
  const { schemaSql, seed } = seedFromSqlite(datasets.chinook);

  it("empties every table despite foreign keys, and reloading the seed gives the initial digest", async () => {
    const db = loaded(schemaSql, seed);
    const initial = await computeStateDigest(db);
    db.run("INSERT INTO Artist (ArtistId, Name) VALUES (276, 'New')");
    const deleted = db.transaction(() => clearUserData(db));
    expect(deleted).toBe(15_608);
    expect(db.query("SELECT count(*) AS n FROM Track")[0]?.n).toBe(0);
    db.transaction(() => loadSeedRows(db, seed));
    expect(await computeStateDigest(db)).toBe(initial);
  });

  it("keeps rowids of tables without an INTEGER PRIMARY KEY through a snapshot", () => {
    const db = loaded("CREATE TABLE note (body TEXT)", {
      tables: { note: { columns: ["body"], rows: [["a"], ["b"], ["c"]] } },
    });
    db.run("DELETE FROM note WHERE body = 'b'");
    takeSnapshot(db, "s");
    db.run("DELETE FROM note");
    db.run("INSERT INTO note VALUES ('z')");
    restoreSnapshot(db, "s");
    expect(db.query("SELECT rowid AS id, body FROM note ORDER BY rowid")).toEqual([
      { id: 1, body: "a" },
      { id: 3, body: "c" },
    ]);
  });
});
