// The nested JSON importer: documents flattened into related tables with foreign keys, loaded with
// the real seed loader (foreign keys enforced), and exported back to the exact original JSON.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { openBetterSqlite } from "../../catalog/better-sqlite-database";
import { datasetFile } from "../../catalog/datasets/dataset-files";
import { loadSchemaAndSeed } from "../../core/episode/seed-loader";
import { ImportedDataSchema } from "../../core/import/imported-data";
import { exportDocuments } from "../../core/import/nested-json-export";
import { importNestedJson } from "../../core/import/nested-json-import";
import { DocumentMappingSchema } from "../../core/import/nested-json-mapping";

const TAU2_RETAIL = datasetFile("tau2", "retail/db.json");

function count(db: ReturnType<typeof openBetterSqlite>, table: string): number {
  return Number(db.query(`SELECT count(*) AS n FROM "${table}"`)[0]?.n);
}

/** Import, load into SQLite with foreign keys on, export from the database and from the seed. */
function roundTrip(document: unknown) {
  const data = importNestedJson(JSON.stringify(document));
  const db = openBetterSqlite();
  db.transaction(() => loadSchemaAndSeed(db, data.schemaSql, data.seed));
  expect(db.query("PRAGMA foreign_key_check")).toEqual([]);
  // The mapping is stored data: it must survive JSON and parse back.
  const mapping = DocumentMappingSchema.parse(JSON.parse(JSON.stringify(data.mapping)));
  return {
    data,
    db,
    fromDb: exportDocuments(db, mapping),
    fromSeed: exportDocuments(data.seed, mapping),
  };
}

describe("importNestedJson on tau2-retail", () => {
  const text = readFileSync(TAU2_RETAIL, "utf8");
  const original: unknown = JSON.parse(text);
  const data = importNestedJson(text, { sourceName: "tau2-retail/db.json" });
  const db = openBetterSqlite();
  db.transaction(() => loadSchemaAndSeed(db, data.schemaSql, data.seed));

  it("makes human tables keyed by their ids, children keyed by parent key + position or map key", () => {
    const tables = Object.fromEntries(
      data.report.tables.map((t) => [t.name, { key: t.primaryKey, source: t.source }]),
    );
    expect(tables).toEqual({
      products: { key: ["product_id"], source: "$.products.*" },
      product_variants: { key: ["product_id", "item_id"], source: "$.products.*.variants.*" },
      product_variant_options: {
        key: ["product_id", "item_id", "key"],
        source: "$.products.*.variants.*.options.*",
      },
      users: { key: ["user_id"], source: "$.users.*" },
      user_payment_methods: { key: ["user_id", "id"], source: "$.users.*.payment_methods.*" },
      user_orders: { key: ["user_id", "position"], source: "$.users.*.orders[*]" },
      orders: { key: ["order_id"], source: "$.orders.*" },
      order_items: { key: ["order_id", "position"], source: "$.orders.*.items[*]" },
      order_item_options: {
        key: ["order_id", "item_position", "key"],
        source: "$.orders.*.items[*].options.*",
      },
      order_fulfillments: { key: ["order_id", "position"], source: "$.orders.*.fulfillments[*]" },
      order_fulfillment_tracking_id: {
        key: ["order_id", "fulfillment_position", "position"],
        source: "$.orders.*.fulfillments[*].tracking_id[*]",
      },
      order_fulfillment_item_ids: {
        key: ["order_id", "fulfillment_position", "position"],
        source: "$.orders.*.fulfillments[*].item_ids[*]",
      },
      order_payment_history: {
        key: ["order_id", "position"],
        source: "$.orders.*.payment_history[*]",
      },
    });
  });

  it("flattens nested objects into parent__child columns and links references by foreign key", () => {
    const users = data.report.tables.find((t) => t.name === "users");
    expect(users?.columns.map((c) => c.name)).toContain("address__city");
    expect(users?.columns.find((c) => c.name === "name__first_name")?.originalName).toBe(
      "name.first_name",
    );
    const foreignKeys = (table: string) =>
      db
        .query(`PRAGMA foreign_key_list("${table}")`)
        .map((fk) => `${fk.from}->${fk.table}.${fk.to}`);
    expect(foreignKeys("orders")).toEqual(["user_id->users.user_id"]);
    expect(foreignKeys("order_items").sort()).toEqual([
      "order_id->orders.order_id",
      "product_id->products.product_id",
    ]);
    expect(foreignKeys("order_item_options").sort()).toEqual([
      "item_position->order_items.position",
      "order_id->order_items.order_id",
    ]);
  });

  it("loads with foreign keys enforced and sensible row counts", () => {
    expect(db.query("PRAGMA foreign_keys")).toEqual([{ foreign_keys: 1 }]);
    expect(db.query("PRAGMA foreign_key_check")).toEqual([]);
    expect(count(db, "products")).toBe(50);
    expect(count(db, "users")).toBe(500);
    expect(count(db, "orders")).toBe(1000);
    expect(count(db, "user_orders")).toBe(1000);
    expect(count(db, "product_variants")).toBeGreaterThan(50);
    expect(count(db, "order_items")).toBeGreaterThan(1000);
    expect(count(db, "user_payment_methods")).toBeGreaterThanOrEqual(500);
    for (const table of data.report.tables) expect(count(db, table.name)).toBe(table.rowCount);
    expect(
      db.query("SELECT status, count(*) AS n FROM orders GROUP BY status ORDER BY n DESC LIMIT 1"),
    ).toEqual([{ status: expect.any(String), n: expect.any(Number) }]);
  });

  it("returns data that matches the published schemas", () => {
    expect(() => ImportedDataSchema.parse(data)).not.toThrow();
  });

  it("exports back to the original document, from the database and from the seed", () => {
    expect(exportDocuments(db, data.mapping)).toStrictEqual(original);
    expect(exportDocuments(data.seed, data.mapping)).toStrictEqual(original);
  });

  it("exports what the database holds after a change", () => {
    const copy = openBetterSqlite();
    copy.transaction(() => loadSchemaAndSeed(copy, data.schemaSql, data.seed));
    copy.run(`UPDATE orders SET status = 'cancelled' WHERE order_id = '#W2611340'`);
    const exported = exportDocuments(copy, data.mapping);
    expect(exported).toMatchObject({ orders: { "#W2611340": { status: "cancelled" } } });
  });
});

describe("importNestedJson round trips tricky documents", () => {
  const documents: Record<string, unknown> = {
    "empty arrays, nulls and missing keys": [
      { id: 1, tags: [], note: null, score: 1 },
      { id: 2, tags: ["a", "b"], extra: true },
      { id: 3, note: "x", score: null },
    ],
    "arrays of scalars and nested arrays": {
      matrix: [[1, 2], [3], []],
      mixed: [1, "1", true, null, { a: 1 }, [2]],
      strings: ["x", "", "y"],
      empty: [],
    },
    "keys with spaces, dots, quotes and unicode": {
      "a.b": { "c d": 1, 'q"uote': "v", e__f: 2 },
      a_b: { c_d: 3 },
      ключ: "значение",
      "": "empty key",
    },
    "numeric strings vs numbers, integers vs reals": [
      { v: "1", n: 1, r: 1.5, big: 2 ** 60, neg: -3 },
      { v: 1, n: 2, r: 2, big: 1e300, neg: -0.25 },
      { v: "01", n: 3, r: 3.25, big: 12 },
    ],
    "booleans, with nulls": [{ flag: true }, { flag: false }, { flag: null }],
    "maps keyed by id, with and without an id field": {
      items: { a: { id: "a", n: 1 }, b: { id: "b", n: 2 } },
      keyed: Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`k${i}`, { n: i }])),
      counts: Object.fromEntries(
        Array.from({ length: 70 }, (_, i) => [`c${i}`, i % 3 === 0 ? null : i]),
      ),
      pair: { x: { id: "not x", n: 1 }, y: { id: "y", n: 2 } },
    },
    "deep nesting": {
      orders: {
        o1: {
          order_id: "o1",
          items: [{ sku: "a", opts: { color: "red" } }, { sku: "b" }],
          fulfillments: [{ tracking: ["t1", "t2"], lines: [{ n: 1, parts: [[1], [2, 3]] }] }],
        },
        o2: { order_id: "o2", items: [], fulfillments: [] },
      },
    },
    "objects and collections that are sometimes null or missing": [
      { a: { x: 1 }, list: [1], map: { k: { id: "k" } } },
      { a: null, list: null, map: null },
      {},
      { a: {}, list: [], map: {} },
    ],
    "a field that changes shape": [{ a: { x: 1 } }, { a: [1] }, { a: "s" }, { a: 1 }],
    "a root array of scalars": [3, 1, 2, 1],
    "an empty root array": [],
    "an empty object inside records": [
      { o: {}, n: 1 },
      { o: {}, n: 2 },
    ],
    "a key named like a generated column": [
      { a: { b: 1 }, a__b: 2, position: "p", key: "k", a__present: 1 },
    ],
    "strings that hold NUL and newlines": { s: "a\u0000b\nc", t: ["\r\n", "\u0000"] },
  };

  it.each(Object.entries(documents))("%s", (_name, document) => {
    const { fromDb, fromSeed } = roundTrip(document);
    expect(fromDb).toStrictEqual(document);
    expect(fromSeed).toStrictEqual(document);
  });

  it("keeps `__proto__` as an ordinary key", () => {
    const document: unknown = JSON.parse('{"__proto__": {"x": 1}, "rows": [{"__proto__": 2}]}');
    const { fromDb } = roundTrip(document);
    expect(JSON.stringify(fromDb)).toBe(JSON.stringify(document));
    expect(Object.getPrototypeOf(fromDb)).toBe(Object.prototype);
  });

  it("adds a presence column for an object that is sometimes absent, and reports its fields nullable", () => {
    const { data, db } = roundTrip([{ a: { x: 1 } }, { a: null }, {}]);
    expect(db.query("SELECT a__present, a__x FROM document ORDER BY position")).toEqual([
      { a__present: 1, a__x: 1 },
      { a__present: 0, a__x: null },
      { a__present: null, a__x: null },
    ]);
    const columns = data.report.tables[0]?.columns ?? [];
    expect(columns.find((c) => c.name === "a__x")).toMatchObject({
      type: "INTEGER",
      nullable: true,
    });
  });

  it("reports ISO dates as DATE / DATETIME while storing them as TEXT", () => {
    const { data } = roundTrip([
      { d: "2024-01-02", t: "2024-01-02T03:04:05Z", s: "2024-01-02 and more" },
      { d: "2024-02-29", t: "2024-01-03", s: "x" },
    ]);
    const types = data.report.tables[0]?.columns.map((c) => [c.name, c.type, c.sqlType]);
    expect(types).toEqual([
      ["position", "INTEGER", "INTEGER"],
      ["d", "DATE", "TEXT"],
      ["t", "DATETIME", "TEXT"],
      ["s", "TEXT", "TEXT"],
    ]);
  });

  it("stores a field that is both null and missing as JSON text, and says so", () => {
    const { data, db } = roundTrip([{ n: 1 }, { n: null }, {}]);
    expect(db.query("SELECT n FROM document ORDER BY position")).toEqual([
      { n: "1" },
      { n: "null" },
      { n: null },
    ]);
    expect(data.report.tables[0]?.warnings.join()).toMatch(/column n: .* stored as JSON text/);
  });
});

describe("importNestedJson refuses", () => {
  it.each([
    ["42", /expected a JSON object or array at the top level, got a number/],
    ['"text"', /got a string/],
    ["null", /got null/],
    ["{}", /holds no values/],
    ['{"a": 1,}', /is not valid JSON at line 1, column 9/],
  ])("%s", (json, message) => {
    expect(() => importNestedJson(json)).toThrow(message);
  });
});
