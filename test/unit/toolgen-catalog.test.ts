// Schema-driven tools for the real Chinook and NYC flights databases, and for a small synthetic
// database with the schema quirks they lack (spaced names, views, BLOBs, CHECKs, an empty table):
// generated from the loaded episode database, then every one admitted by its own tests in the
// QuickJS sandbox.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedFromSqlite } from "../../catalog/sqlite-source";
import { ToolSpecSchema } from "../../core/environment/spec";
import { tradingDatabase } from "../fixtures/trading-database";
import {
  type Generated,
  generateAndAdmit,
  interpolatesArguments,
} from "../support/database-harness";
import { datasets } from "../support/datasets";

function kinds(g: Generated): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of g.report.tables)
    for (const tool of t.tools) out[tool.kind] = (out[tool.kind] ?? 0) + 1;
  return out;
}

function tool(g: Generated, name: string) {
  const found = g.tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

function expectAllAdmitted(g: Generated) {
  expect(g.admission.results.filter((r) => !r.passed)).toEqual([]);
  expect(g.admission.problems).toEqual([]);
  expect(g.admission.admitted).toBe(true);
  expect(g.admission.totals.admittedTools).toBe(g.tools.length);
}

function expectWellFormed(g: Generated) {
  const names = g.tools.map((t) => t.name);
  expect(new Set(names).size).toBe(names.length);
  for (const t of g.tools) {
    expect(ToolSpecSchema.safeParse(t).success, t.name).toBe(true);
    expect(t.name).toMatch(/^[a-z][a-z0-9_]{0,63}$/);
    expect(t.implementation.startsWith(`function ${t.name}(args, ctx) {`)).toBe(true);
    expect(interpolatesArguments(t.implementation), t.name).toBe(false);
    expect(t.inputSchema.additionalProperties, t.name).toBe(false);
  }
}

describe("toolgen: chinook", () => {
  let g: Generated;
  beforeAll(async () => {
    const { schemaSql, seed } = seedFromSqlite(datasets.chinook);
    g = await generateAndAdmit(schemaSql, seed);
  });
  afterAll(() => g?.close());

  it("admits every generated tool", () => {
    expectAllAdmitted(g);
    expect(g.admission.totals.tests).toBeGreaterThanOrEqual(180);
  });

  it("generates each kind of tool per table", () => {
    expect(kinds(g)).toEqual({
      get: 11,
      search: 11,
      find: 2,
      list: 11,
      create: 11,
      update: 10,
      delete: 5,
      count: 4,
      sum: 5,
    });
    expect(g.tools).toHaveLength(70);
    expectWellFormed(g);
  });

  it("names tools after the entities", () => {
    const names = g.tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "get_invoice_line",
        "search_invoice_lines",
        "find_customer_by_email",
        "list_invoices_of_customer",
        "list_customers_by_support_rep",
        "list_employees_by_reports_to",
        "list_playlist_tracks_of_playlist",
        "create_track",
        "update_customer",
        "delete_playlist_track",
        "sum_invoice_total_by_customer",
        "count_tracks_by_media_type",
        "count_customers_by_support_rep",
      ]),
    );
  });

  it("writes proper JSON Schemas", () => {
    expect(tool(g, "get_invoice_line").inputSchema).toEqual({
      type: "object",
      properties: {
        invoice_line_id: { description: "the invoice line's invoice line id", type: "integer" },
      },
      required: ["invoice_line_id"],
      additionalProperties: false,
    });
    const create = tool(g, "create_customer").inputSchema;
    expect(create.required).toEqual(["first_name", "last_name", "email"]);
    expect(create.properties).toMatchObject({
      first_name: { type: "string", maxLength: 40 },
      company: { type: ["string", "null"], maxLength: 80 },
      support_rep_id: { type: ["integer", "null"] },
    });
    expect(create.properties).not.toHaveProperty("customer_id");
    const composite = tool(g, "get_playlist_track").inputSchema;
    expect(composite.required).toEqual(["playlist_id", "track_id"]);
  });

  it("tests lookups, writes and refusals from the real rows", () => {
    const get = tool(g, "get_invoice_line");
    expect(get.tests.map((t) => t.expect.error?.code ?? "ok")).toEqual(["ok", "ok", "not_found"]);
    const del = tool(g, "delete_playlist");
    expect(del.tests.map((t) => t.expect.error?.code ?? "ok")).toEqual([
      "ok",
      "conflict",
      "not_found",
    ]);
    const create = tool(g, "create_invoice");
    expect(create.tests.map((t) => t.expect.error?.code ?? "ok")).toEqual([
      "ok",
      "invalid_arguments",
      "constraint_foreign_key",
    ]);
    expect(create.tests[0]?.expect.changes).toEqual({
      Invoice: { inserted: 1, updated: 0, deleted: 0 },
    });
    const sum = tool(g, "sum_invoice_total_by_customer");
    expect(sum.tests[0]).toMatchObject({
      args: { customer_id: 1 },
      expect: { result: { count: 7, sum: 39.62 } },
    });
  });

  it("reports what it left out, and why", () => {
    const album = g.report.tables.find((t) => t.table === "Album");
    expect(album?.skipped).toEqual([
      { kind: "delete", reason: "every album is still referenced, so no delete can be tested" },
    ]);
    const playlistTrack = g.report.tables.find((t) => t.table === "PlaylistTrack");
    expect(playlistTrack?.skipped.map((s) => s.kind)).toEqual(["update"]);
    expect(g.report.totals).toMatchObject({ tables: 11, tools: 70, skipped: 7 });
  });

  it("leaves the seeded database untouched", () => {
    expect(g.db.query("SELECT COUNT(*) AS n FROM Invoice")).toEqual([{ n: 412 }]);
    expect(g.db.query("SELECT COUNT(*) AS n FROM _aw_changes")).toEqual([{ n: 0 }]);
  });
});

describe("toolgen: nyc-flights", () => {
  let g: Generated;
  beforeAll(async () => {
    const { schemaSql, seed } = seedFromSqlite(datasets.nycFlights);
    g = await generateAndAdmit(schemaSql, seed);
  });
  afterAll(() => g?.close());

  it("admits every generated tool", () => {
    expectAllAdmitted(g);
    expect(g.admission.totals.tests).toBeGreaterThanOrEqual(100);
  });

  it("generates each kind of tool per table, following only the declared keys", () => {
    expect(kinds(g)).toEqual({
      get: 5,
      search: 5,
      list: 3,
      create: 5,
      update: 5,
      delete: 5,
      count: 6,
      sum: 4,
    });
    expect(g.tools).toHaveLength(38);
    expectWellFormed(g);
    expect(g.report.totals).toMatchObject({ tables: 5, tools: 38, skipped: 0 });
    expect(g.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        "get_weather",
        "list_flights_by_carrier",
        "list_flights_by_origin",
        "list_weathers_by_origin",
        "count_planes_by_engine",
        "delete_weather",
      ]),
    );
    // dest and tailnum are plain columns (the data has values no parent row holds): no relation.
    expect(
      g.tools.map((t) => t.name).filter((n) => /dest|tailnum|plane_by|of_plane/.test(n)),
    ).toEqual([]);
    expect(tool(g, "get_weather").inputSchema.required).toEqual(["origin", "time_hour"]);
  });

  it("takes enums from low-cardinality columns, formats from the values, nulls from the schema", () => {
    expect(tool(g, "search_airports").inputSchema.properties).toMatchObject({
      dst: { type: "string", enum: ["A", "N", "U"] },
      limit: { type: "integer", minimum: 1, maximum: 50 },
      offset: { type: "integer", minimum: 0 },
    });
    expect(tool(g, "search_planes").inputSchema.properties).toMatchObject({
      engine: { type: "string", enum: expect.arrayContaining(["Turbo-fan", "Turbo-jet"]) },
    });
    expect(tool(g, "search_flights").inputSchema.properties).toMatchObject({
      time_hour_from: { type: "string", format: "date-time" },
    });
    const create = tool(g, "create_flight").inputSchema;
    expect(create.properties).toMatchObject({
      dep_delay: { type: ["integer", "null"] },
      tailnum: { type: ["string", "null"] },
      carrier: { type: "string" },
    });
    expect(create.required).toContain("carrier");
    expect(create.required).not.toContain("dep_delay");
    expect(create.properties).not.toHaveProperty("id");
  });

  it("refuses duplicates, unknown parents and referenced deletes with the right codes", () => {
    const codes = (name: string) => tool(g, name).tests.map((t) => t.expect.error?.code ?? "ok");
    expect(codes("create_weather")).toEqual([
      "ok",
      "invalid_arguments",
      "constraint_unique",
      "constraint_foreign_key",
    ]);
    expect(codes("create_flight")).toContain("constraint_foreign_key");
    expect(codes("create_airline")).toContain("constraint_unique");
    expect(codes("delete_airline")).toEqual(["ok", "conflict", "not_found"]);
    // Nothing refers to a flight, so there is no conflict to test.
    expect(codes("delete_flight")).toEqual(["ok", "not_found"]);
  });

  it("leaves the seeded database untouched", () => {
    expect(g.db.query("SELECT COUNT(*) AS n FROM flights")).toEqual([{ n: 6099 }]);
    expect(g.db.query("SELECT COUNT(*) AS n FROM _aw_changes")).toEqual([{ n: 0 }]);
  });
});

describe("toolgen: schema quirks (synthetic trading database)", () => {
  let g: Generated;
  beforeAll(async () => {
    const { schemaSql, seed } = tradingDatabase();
    g = await generateAndAdmit(schemaSql, seed);
  });
  afterAll(() => g?.close());

  it("admits every generated tool", () => {
    expectAllAdmitted(g);
  });

  it("generates tools for tables (never views), names with spaces included", () => {
    expect(kinds(g)).toEqual({
      get: 7,
      search: 7,
      list: 6,
      create: 7,
      update: 7,
      delete: 3,
      count: 6,
      sum: 6,
    });
    expect(g.tools).toHaveLength(49);
    expectWellFormed(g);
    const tables = g.report.tables.map((t) => t.table);
    expect(tables).toContain("Order Lines");
    expect(tables).not.toContain("Order Lines Extended");
    expect(tables).not.toContain("Current Products");
    expect(g.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        "get_order_line",
        "list_order_lines_of_order",
        "delete_order_line",
        "create_order_line",
      ]),
    );
    expect(tool(g, "get_order_line").implementation).toContain('FROM \\"Order Lines\\"');
  });

  it("takes enums from low-cardinality columns and bounds from CHECK constraints", () => {
    const search = tool(g, "search_orders").inputSchema.properties;
    expect(search).toMatchObject({
      ship_region: {
        type: "string",
        enum: expect.arrayContaining(["Western Europe", "North America"]),
      },
      order_date_from: { type: "string", format: "date" },
      limit: { type: "integer", minimum: 1, maximum: 50 },
      offset: { type: "integer", minimum: 0 },
    });
    const create = tool(g, "create_order_line").inputSchema;
    expect(create.required).toEqual(["order_id", "product_id"]);
    expect(create.properties).toMatchObject({
      quantity: { type: "integer", minimum: 1 },
      discount: { type: "number", minimum: 0, maximum: 1 },
      unit_price: { type: "number", minimum: 0 },
    });
  });

  it("refuses duplicates, unknown parents and referenced deletes with the right codes", () => {
    const codes = (name: string) => tool(g, name).tests.map((t) => t.expect.error?.code ?? "ok");
    expect(codes("create_order_line")).toEqual([
      "ok",
      "invalid_arguments",
      "constraint_unique",
      "invalid_arguments",
      "constraint_foreign_key",
    ]);
    expect(codes("create_customer")).toContain("constraint_unique");
    expect(codes("delete_product")).toEqual(["ok", "conflict", "not_found"]);
  });

  it("leaves BLOBs out and reports empty tables", () => {
    const categories = g.report.tables.find((t) => t.table === "Categories");
    expect(categories?.notes).toEqual(["BLOB columns are not returned or written: Picture"]);
    expect(JSON.stringify(tool(g, "get_category").tests)).not.toContain("Picture");
    const empty = g.report.tables.find((t) => t.table === "Customer Groups");
    expect(empty?.tools).toEqual([]);
    expect(empty?.skipped[0]?.reason).toMatch(/no rows/);
  });
});
