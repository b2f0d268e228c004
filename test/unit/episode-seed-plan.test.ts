// The planner alone: every statement stays within 100 bound parameters and 100 KB (text plus
// bound values) unless a single row is bigger, and every row is planned exactly once.
import { describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import type { SeedData, SqlValue } from "../../core/environment/spec";
import { planSeedInserts } from "../../core/episode/seed-loader";
import { bytesToBase64, utf8Length } from "../../core/episode/sql-values";

/** mulberry32: a small seeded PRNG, so the "random" tables are the same on every run. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomValue(rand: () => number): SqlValue {
  const pick = rand();
  if (pick < 0.1) return null;
  if (pick < 0.3) return Math.floor(rand() * 2 ** 40) - 2 ** 39;
  if (pick < 0.4) return rand() * 1000;
  if (pick < 0.5) {
    const bytes = new Uint8Array(Math.floor(rand() * 3000));
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(rand() * 256);
    return { $base64: bytesToBase64(bytes) };
  }
  if (pick < 0.505) return "é'\"😀\u0000".repeat(Math.floor(rand() * 30_000));
  return "x'y".repeat(Math.floor(rand() * 100));
}

function randomSeed(seed: number): SeedData {
  const rand = prng(seed);
  const tables: SeedData["tables"] = {};
  const count = 1 + Math.floor(rand() * 4);
  for (let t = 0; t < count; t++) {
    const width = 1 + Math.floor(rand() * (rand() < 0.3 ? 260 : 12));
    const columns = Array.from({ length: width }, (_, i) => `c ${i} "q"`);
    const rows = Array.from({ length: Math.floor(rand() * (width > 100 ? 30 : 150)) }, () =>
      columns.map(() => randomValue(rand)),
    );
    tables[`t ${seed} ${t}`] = { columns, rows };
  }
  return { tables };
}

function statementBytes(sql: string, params: readonly unknown[]): number {
  let bytes = utf8Length(sql);
  for (const p of params) {
    if (typeof p === "string") bytes += utf8Length(p);
    else if (p instanceof Uint8Array) bytes += p.byteLength;
    else bytes += 8;
  }
  return bytes;
}

describe("planSeedInserts", () => {
  it("keeps every statement within 100 parameters and 100 KB, for 40 random seeds", () => {
    let oversizedSingles = 0;
    for (let s = 1; s <= 40; s++) {
      const seed = randomSeed(s);
      const plan = planSeedInserts(seed);
      for (const statement of plan) {
        expect(statement.params.length).toBeLessThanOrEqual(100);
        if (statement.rows > 1)
          expect(statementBytes(statement.sql, statement.params)).toBeLessThanOrEqual(100_000);
        else if (statementBytes(statement.sql, statement.params) > 100_000) oversizedSingles++;
        // A big value is bound, never inlined: the SQL text itself stays within the limit.
        expect(utf8Length(statement.sql)).toBeLessThanOrEqual(100_000);
      }
      for (const [name, table] of Object.entries(seed.tables)) {
        const planned = plan.filter((p) => p.table === name).reduce((n, p) => n + p.rows, 0);
        expect(planned).toBe(table.rows.length);
      }
    }
    expect(oversizedSingles).toBeGreaterThan(0);
  });

  it("writes NULLs and safe integers as literals and binds the rest", () => {
    const [statement] = planSeedInserts({
      tables: { Order: { columns: ["a", "b", "c", "d"], rows: [[null, -42, 1.5, "x"]] } },
    });
    expect(statement?.sql).toBe(`INSERT INTO "Order" ("a", "b", "c", "d") VALUES (NULL,-42,?,?)`);
    expect(statement?.params).toEqual([1.5, "x"]);
  });

  it("follows the given table order, then the seed's", () => {
    const seed: SeedData = {
      tables: {
        child: { columns: ["id"], rows: [[1]] },
        parent: { columns: ["id"], rows: [[1]] },
        other: { columns: ["id"], rows: [[1]] },
      },
    };
    expect(planSeedInserts(seed, { order: ["parent", "child"] }).map((p) => p.table)).toEqual([
      "parent",
      "child",
      "other",
    ]);
  });

  it("refuses a row whose literals alone would pass 100 KB, rather than send it", () => {
    const columns = Array.from({ length: 250 }, (_, i) => `c${i}`);
    const row = columns.map(() => "y".repeat(1_000));
    expect(() => planSeedInserts({ tables: { wide: { columns, rows: [row] } } })).toThrow(
      /too many long values/,
    );
  });

  it("rejects a row with the wrong number of values", () => {
    expect(() => planSeedInserts({ tables: { t: { columns: ["a", "b"], rows: [[1]] } } })).toThrow(
      /1 values for 2 columns/,
    );
  });

  it("round-trips random wide tables through SQLite exactly", () => {
    for (const s of [3, 7, 11, 19]) {
      const seed = randomSeed(s);
      const db = openBetterSqlite();
      for (const [name, table] of Object.entries(seed.tables)) {
        const cols = table.columns.map((c) => `"${c.replaceAll('"', '""')}"`).join(", ");
        db.run(`CREATE TABLE "${name}" (${cols})`);
      }
      for (const statement of planSeedInserts(seed)) db.run(statement.sql, statement.params);
      for (const [name, table] of Object.entries(seed.tables)) {
        const rows = db.query(`SELECT * FROM "${name}" ORDER BY rowid`);
        expect(rows.length).toBe(table.rows.length);
        rows.forEach((row, i) => {
          const values = table.columns.map((c) => {
            const v = row[c] ?? null;
            return v instanceof Uint8Array ? { $base64: bytesToBase64(v) } : v;
          });
          expect(values).toEqual(table.rows[i]);
        });
      }
    }
  });
});
