import { describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import { seedFromSqlite } from "../../catalog/sqlite-source";
import type { SeedData } from "../../core/environment/spec";
import { installChangeTracking, touchedTables } from "../../core/episode/change-tracking";
import { loadSchemaAndSeed } from "../../core/episode/seed-loader";
import { diffAgainstSeed, summarizeDiff } from "../../core/episode/state-diff";
import { datasets } from "../support/datasets";

function loaded(schemaSql: string, seed: SeedData) {
  const db = openBetterSqlite();
  db.transaction(() => loadSchemaAndSeed(db, schemaSql, seed));
  return db;
}

describe("diffAgainstSeed on Chinook", () => {
  const { schemaSql, seed } = seedFromSqlite(datasets.chinook);

  it("is empty right after loading", () => {
    expect(diffAgainstSeed(loaded(schemaSql, seed), seed)).toEqual({});
  });

  it("reports a sale: one invoice and two lines inserted, one customer updated", () => {
    const db = loaded(schemaSql, seed);
    db.run(
      "INSERT INTO Invoice (InvoiceId, CustomerId, InvoiceDate, BillingCountry, Total) VALUES (413, 1, '2025-01-06 09:00:00', 'Brazil', 1.98)",
    );
    db.run("INSERT INTO InvoiceLine VALUES (2241, 413, 1, 0.99, 1), (2242, 413, 2, 0.99, 1)");
    db.run("UPDATE Customer SET Phone = '+55 0', Fax = NULL WHERE CustomerId = 1");
    const diff = diffAgainstSeed(db, seed);
    expect(summarizeDiff(diff)).toEqual({
      Customer: { inserted: 0, updated: 1, deleted: 0 },
      Invoice: { inserted: 1, updated: 0, deleted: 0 },
      InvoiceLine: { inserted: 2, updated: 0, deleted: 0 },
    });
    const [update] = diff.Customer?.updated ?? [];
    expect(update?.key).toEqual({ CustomerId: 1 });
    expect(update?.changedColumns).toEqual(["Phone", "Fax"]);
    expect(update?.before.Phone).toBe("+55 (12) 3923-5555");
    expect(update?.after).toMatchObject({ Phone: "+55 0", Fax: null, FirstName: "Luís" });
    expect(diff.InvoiceLine?.inserted[0]).toEqual({
      InvoiceLineId: 2241,
      InvoiceId: 413,
      TrackId: 1,
      UnitPrice: 0.99,
      Quantity: 1,
    });
  });

  it("matches composite keys (PlaylistTrack) and reports deletes with the seed's row", () => {
    const db = loaded(schemaSql, seed);
    db.run("DELETE FROM PlaylistTrack WHERE PlaylistId = 1 AND TrackId = 3402");
    db.run("INSERT INTO PlaylistTrack VALUES (18, 1)");
    const diff = diffAgainstSeed(db, seed);
    expect(diff.PlaylistTrack).toEqual({
      inserted: [{ PlaylistId: 18, TrackId: 1 }],
      deleted: [{ PlaylistId: 1, TrackId: 3402 }],
      updated: [],
    });
  });

  it("looks only at the tables it is given, such as those change tracking saw", () => {
    const db = loaded(schemaSql, seed);
    installChangeTracking(db);
    db.run("UPDATE Artist SET Name = 'AC-DC' WHERE ArtistId = 1");
    db.run("UPDATE Genre SET Name = 'Rock!' WHERE GenreId = 1");
    expect(Object.keys(diffAgainstSeed(db, seed, ["Artist"]))).toEqual(["Artist"]);
    expect(Object.keys(diffAgainstSeed(db, seed, touchedTables(db)))).toEqual(["Artist", "Genre"]);
  });
});

describe("diffAgainstSeed edge cases", () => {
  it("treats a table without a key as a multiset of rows", () => {
    const seed: SeedData = {
      tables: {
        log: {
          columns: ["msg", "n"],
          rows: [
            ["a", 1],
            ["a", 1],
            ["b", 2],
          ],
        },
      },
    };
    const db = loaded("CREATE TABLE log (msg TEXT, n INTEGER)", seed);
    db.run("DELETE FROM log WHERE rowid = (SELECT max(rowid) FROM log WHERE msg = 'a')");
    db.run("INSERT INTO log VALUES ('c', 3)");
    db.run("UPDATE log SET n = 5 WHERE msg = 'b'");
    expect(diffAgainstSeed(db, seed)).toEqual({
      log: {
        inserted: [
          { msg: "b", n: 5 },
          { msg: "c", n: 3 },
        ],
        deleted: [
          { msg: "a", n: 1 },
          { msg: "b", n: 2 },
        ],
        updated: [],
      },
    });
  });

  it("does not report values SQLite converted on the way in (type affinity)", () => {
    const seed: SeedData = {
      tables: {
        t: {
          columns: ["id", "n", "s", "r", "b"],
          rows: [
            ["1", "42", 7, 2.5, { $base64: "AQ==" }],
            [2, " 3.0 ", 0.1, "x", null],
          ],
        },
      },
    };
    const db = loaded(
      "CREATE TABLE t (id INTEGER PRIMARY KEY, n NUMERIC, s TEXT, r REAL, b BLOB)",
      seed,
    );
    expect(diffAgainstSeed(db, seed)).toEqual({});
    db.run("UPDATE t SET b = x'02' WHERE id = 1");
    expect(diffAgainstSeed(db, seed).t?.updated[0]).toMatchObject({
      key: { id: 1 },
      before: { b: { $base64: "AQ==" } },
      after: { b: { $base64: "Ag==" } },
      changedColumns: ["b"],
    });
  });

  it("reports rows of a table the seed does not fill as inserted", () => {
    const db = loaded(
      "CREATE TABLE a (id INTEGER PRIMARY KEY); CREATE TABLE b (id INTEGER PRIMARY KEY)",
      {
        tables: { a: { columns: ["id"], rows: [[1]] } },
      },
    );
    db.run("INSERT INTO b VALUES (9)");
    expect(
      summarizeDiff(diffAgainstSeed(db, { tables: { a: { columns: ["id"], rows: [[1]] } } })),
    ).toEqual({
      b: { inserted: 1, updated: 0, deleted: 0 },
    });
  });
});
