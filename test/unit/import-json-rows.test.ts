// The JSON-rows importer: arrays of flat objects (and maps of them keyed by id) as one table; JSON
// that is not rows gets a clear error.
import { describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import { AppError } from "../../core/base/errors";
import { loadSchemaAndSeed } from "../../core/episode/seed-loader";
import { importJsonRows } from "../../core/import/json-rows-import";

describe("importJsonRows", () => {
  it("unions keys in first-seen order, infers types, and loads into SQLite", () => {
    const json = JSON.stringify([
      { id: 1, name: "Ann", score: 1, active: true, born: "1990-05-01" },
      { id: 2, name: "Bob", score: 2.5, active: false, tags: ["x"] },
      { id: 3, name: null, score: 3, active: null, born: "1991-01-01", tags: { a: 1 } },
    ]);
    const data = importJsonRows(json, { tableName: "people" });
    const [table] = data.report.tables;
    expect(table?.primaryKey).toEqual(["id"]);
    expect(table?.columns.map((c) => [c.name, c.type, c.nullable])).toEqual([
      ["id", "INTEGER", false],
      ["name", "TEXT", true],
      ["score", "REAL", false],
      ["active", "BOOLEAN", true],
      ["born", "DATE", true],
      ["tags", "JSON", true],
    ]);
    expect(data.seed.tables.people?.rows).toEqual([
      [1, "Ann", 1, 1, "1990-05-01", null],
      [2, "Bob", 2.5, 0, null, '["x"]'],
      [3, null, 3, null, "1991-01-01", '{"a":1}'],
    ]);
    expect(table?.warnings).toEqual([
      "column born: missing in 1 row(s), stored as NULL",
      "column tags: nested values (2 json) stored as JSON text",
      "column tags: missing in 1 row(s), stored as NULL",
    ]);
    const db = openBetterSqlite();
    db.transaction(() => loadSchemaAndSeed(db, data.schemaSql, data.seed));
    expect(db.query("SELECT count(*) AS n FROM people WHERE active = 1")).toEqual([{ n: 1 }]);
  });

  it("coerces mixed scalar types to TEXT with a warning", () => {
    const data = importJsonRows('[{"v":"a"},{"v":2},{"v":true}]', { tableName: "t" });
    expect(data.seed.tables.t?.rows).toEqual([["a"], ["2"], ["true"]]);
    expect(data.report.tables[0]?.warnings).toEqual([
      "column v: mixed types (1 text, 1 integer, 1 boolean) coerced to TEXT",
      "no primary key: no column named id / t_id / tid; stored as a rowid table",
    ]);
  });

  it("reads an object of rows keyed by id, keeping the key in a column", () => {
    const data = importJsonRows(
      { parsed: { a: { n: 1 }, b: { n: 2, key: "clash" } } },
      {
        tableName: "t",
      },
    );
    expect(data.seed.tables.t).toEqual({
      columns: ["key_2", "n", "key"],
      rows: [
        ["a", 1, null],
        ["b", 2, "clash"],
      ],
    });
  });

  it.each([
    ["[1,", 1, 4],
    ['{"a":\n tru}', 2, 2],
    ['["\\x"]', 1, 4],
    ["[1] 2", 1, 5],
  ])("finds the mistake in %j", (json, line, column) => {
    expect(() => importJsonRows(json)).toThrow(
      `data.json is not valid JSON at line ${line}, column ${column}.`,
    );
  });

  it("refuses a table wider than SQLite allows", () => {
    const row = Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`c${i}`, i]));
    expect(() => importJsonRows({ parsed: [row] }, { sourceName: "wide.json" })).toThrow(
      "wide.json: table wide would have 2001 columns; SQLite allows 2000.",
    );
  });

  it("accepts bytes with a BOM", () => {
    const bytes = new TextEncoder().encode('\uFEFF[{"id":"x"}]');
    expect(importJsonRows(bytes, { tableName: "t" }).seed.tables.t?.rows).toEqual([["x"]]);
  });

  it.each([
    ["42", /expected a JSON array of objects, got a number/],
    ['"rows"', /got a string/],
    ["null", /got null/],
    ["[1, 2]", /element 0 of the array is a number, not an object/],
    ['[{"a":1}, [2]]', /element 1 of the array is an array/],
    ['{"a": 1}', /key "a" holds a number/],
    ["{}", /has no keys/],
    ["[]", /no keys, so no columns/],
  ])("refuses %s", (json, message) => {
    expect(() => importJsonRows(json, { sourceName: "in.json" })).toThrow(message);
  });

  it("reports where a JSON syntax error is", () => {
    try {
      importJsonRows('[\n  {"a": 1},\n  {"a": }\n]', { sourceName: "broken.json" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      if (!(error instanceof AppError)) return;
      expect(error.code).toBe("validation_failed");
      expect(error.message).toBe("broken.json is not valid JSON at line 3, column 9.");
      expect(error.details).toMatchObject({ source: "broken.json", line: 3, column: 9 });
    }
  });
});
