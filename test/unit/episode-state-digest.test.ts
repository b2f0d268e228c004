import { describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import { seedFromSqlite } from "../../catalog/sqlite-source";
import type { SeedData } from "../../core/environment/spec";
import { loadSchemaAndSeed } from "../../core/episode/seed-loader";
import { computeStateDigest, computeStateDigests } from "../../core/episode/state-digest";
import { datasets } from "../support/datasets";

function shuffled<T>(items: readonly T[]): T[] {
  // Reversal plus interleaving: a fixed, very different order.
  const reversed = [...items].reverse();
  return [...reversed.filter((_, i) => i % 2 === 0), ...reversed.filter((_, i) => i % 2 === 1)];
}

function loaded(schemaSql: string, seed: SeedData) {
  const db = openBetterSqlite();
  db.transaction(() => loadSchemaAndSeed(db, schemaSql, seed));
  return db;
}

describe("computeStateDigest", () => {
  const { schemaSql, seed } = seedFromSqlite(datasets.chinook);

  it("is the same whatever order the rows went in", async () => {
    const reordered: SeedData = {
      tables: Object.fromEntries(
        Object.entries(seed.tables).map(([name, t]) => [name, { ...t, rows: shuffled(t.rows) }]),
      ),
    };
    expect(await computeStateDigest(loaded(schemaSql, reordered))).toBe(
      await computeStateDigest(loaded(schemaSql, seed)),
    );
  });

  it("changes when any one value changes, and only that table's digest moves", async () => {
    const db = loaded(schemaSql, seed);
    const before = await computeStateDigests(db);
    db.run("UPDATE Track SET Milliseconds = Milliseconds + 1 WHERE TrackId = 3503");
    const after = await computeStateDigests(db);
    expect(after.digest).not.toBe(before.digest);
    const moved = Object.keys(after.tables).filter(
      (t) => after.tables[t]?.digest !== before.tables[t]?.digest,
    );
    expect(moved).toEqual(["Track"]);
    db.run("UPDATE Track SET Milliseconds = Milliseconds - 1 WHERE TrackId = 3503");
    expect((await computeStateDigests(db)).digest).toBe(before.digest);
  });

  it("tells text from numbers and BLOBs from text, but an integral REAL equals its INTEGER", async () => {
    const digestOf = async (value: string) => {
      const db = openBetterSqlite();
      db.run("CREATE TABLE t (v)");
      db.run(`INSERT INTO t VALUES (${value})`);
      return computeStateDigest(db);
    };
    expect(await digestOf("1")).toBe(await digestOf("1.0"));
    expect(await digestOf("1")).not.toBe(await digestOf("'1'"));
    expect(await digestOf("'a'")).not.toBe(await digestOf("x'61'"));
    expect(await digestOf("x'00'")).not.toBe(await digestOf("x'01'"));
    expect(await digestOf("NULL")).not.toBe(await digestOf("''"));
  });

  it("orders rows of tables without a key by every column, duplicates included", async () => {
    const build = async (rows: string[]) => {
      const db = openBetterSqlite();
      db.run("CREATE TABLE log (a TEXT COLLATE NOCASE, b)");
      for (const r of rows) db.run(`INSERT INTO log VALUES ${r}`);
      return computeStateDigest(db);
    };
    const rows = ["('a', 1)", "('A', 1)", "('a', 1)", "(NULL, x'00')"];
    expect(await build(rows)).toBe(await build([...rows].reverse()));
    expect(await build(rows)).not.toBe(await build(rows.slice(1)));
  });

  it("ignores our internal tables", async () => {
    const db = loaded(schemaSql, seed);
    const before = await computeStateDigest(db);
    db.run("CREATE TABLE _aw_scratch (x)");
    db.run("INSERT INTO _aw_scratch VALUES (1)");
    expect(await computeStateDigest(db)).toBe(before);
  });
});
