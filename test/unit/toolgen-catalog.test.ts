// Schema-driven tools for the real Chinook and Northwind databases: generated from the loaded
// episode database, then every one admitted by its own tests in the QuickJS sandbox.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedFromSqlite } from "../../catalog/sqlite-source";
import { ToolSpecSchema } from "../../core/environment/spec";
import {
  type Generated,
  generateAndAdmit,
  interpolatesArguments,
} from "../support/database-harness";

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
    const { schemaSql, seed } = seedFromSqlite("catalog/chinook/Chinook_Sqlite.sqlite");
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

describe("toolgen: northwind", () => {
  let g: Generated;
  beforeAll(async () => {
    const { schemaSql, seed } = seedFromSqlite("test/fixtures/northwind.db");
    g = await generateAndAdmit(schemaSql, seed);
  });
  afterAll(() => g?.close());

  it("admits every generated tool", () => {
    expectAllAdmitted(g);
  });

  it("generates tools for tables (never views), names with spaces included", () => {
    expect(kinds(g)).toEqual({
      get: 11,
      search: 11,
      list: 11,
      create: 11,
      update: 10,
      delete: 4,
      count: 10,
      sum: 6,
    });
    expect(g.tools).toHaveLength(74);
    expectWellFormed(g);
    expect(g.report.tables.map((t) => t.table)).not.toContain("Invoices");
    expect(g.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        "get_order_detail",
        "list_order_details_of_order",
        "delete_order_detail",
        "create_order_detail",
      ]),
    );
    expect(tool(g, "get_order_detail").implementation).toContain('FROM \\"Order Details\\"');
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
    const create = tool(g, "create_order_detail").inputSchema;
    expect(create.required).toEqual(["order_id", "product_id"]);
    expect(create.properties).toMatchObject({
      quantity: { type: "integer", minimum: 1 },
      discount: { type: "number", minimum: 0, maximum: 1 },
      unit_price: { type: "number", minimum: 0 },
    });
  });

  it("refuses duplicates, unknown parents and referenced deletes with the right codes", () => {
    const codes = (name: string) => tool(g, name).tests.map((t) => t.expect.error?.code ?? "ok");
    expect(codes("create_order_detail")).toEqual([
      "ok",
      "invalid_arguments",
      "constraint_unique",
      "invalid_arguments",
      "constraint_foreign_key",
    ]);
    expect(codes("create_customer")).toContain("constraint_unique");
    expect(codes("delete_territory")).toEqual(["ok", "conflict", "not_found"]);
  });

  it("leaves BLOBs out and reports empty tables", () => {
    const categories = g.report.tables.find((t) => t.table === "Categories");
    expect(categories?.notes).toEqual(["BLOB columns are not returned or written: Picture"]);
    expect(JSON.stringify(tool(g, "get_category").tests)).not.toContain("Picture");
    const empty = g.report.tables.find((t) => t.table === "CustomerDemographics");
    expect(empty?.tools).toEqual([]);
    expect(empty?.skipped[0]?.reason).toMatch(/no rows/);
  });
});
