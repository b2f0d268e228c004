// The value sampler on real databases: Chinook and Northwind loaded the way an episode loads them,
// candidates checked against the rows themselves, and draws fixed by the seed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BetterSqliteDatabase } from "../../catalog/better-sqlite-database";
import chinookJson from "../../catalog/dist/chinook.json";
import northwindJson from "../../catalog/dist/northwind.json";
import { type EnvironmentSpec, EnvironmentSpecSchema } from "../../core/environment/spec";
import { createPrng } from "../../core/sandbox/determinism";
import { createSampler } from "../../core/tasks/sampler";
import type { ToolProfile } from "../../core/tasks/tool-profile";
import { profileTools } from "../../core/tasks/tool-profiles";
import type { ValueSampler } from "../../core/tasks/value-sampler";
import { loadDatabase } from "../support/database-harness";

interface World {
  db: BetterSqliteDatabase;
  sampler: ValueSampler;
  profiles: ToolProfile[];
}

function open(spec: EnvironmentSpec): World {
  const db = loadDatabase(spec.schemaSql, spec.seed);
  return { db, sampler: createSampler(db, spec.tools), profiles: profileTools(spec.tools) };
}

let chinook: World;
let northwind: World;

beforeAll(() => {
  chinook = open(EnvironmentSpecSchema.parse(chinookJson));
  northwind = open(EnvironmentSpecSchema.parse(northwindJson));
});

afterAll(() => {
  chinook?.db.raw.close();
  northwind?.db.raw.close();
});

function sample(world: World, tool: string, input: string, limit: number, seed: string) {
  const profile = world.profiles.find((p) => p.name === tool);
  const field = profile?.inputs.find((f) => f.name === input);
  if (!profile || !field) throw new Error(`no input ${tool}.${input}`);
  return world.sampler.candidates(profile, field, limit, createPrng(seed));
}

function column(world: World, sql: string): unknown[] {
  return world.db.query(sql).map((row) => Object.values(row)[0]);
}

describe("createSampler", () => {
  it("draws real customer ids and emails from Chinook", () => {
    const ids = sample(chinook, "get_customer", "customerId", 10, "a");
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
    const customerIds = column(chinook, "SELECT CustomerId FROM Customer");
    for (const id of ids) expect(customerIds).toContain(id);

    const emails = sample(chinook, "find_customer", "email", 5, "a");
    const customerEmails = column(chinook, "SELECT Email FROM Customer");
    expect(emails).toHaveLength(5);
    for (const email of emails) expect(customerEmails).toContain(email);
  });

  it("is fixed by the seed and differs across seeds", () => {
    const a = sample(chinook, "get_customer", "customerId", 8, "seed-1");
    expect(sample(chinook, "get_customer", "customerId", 8, "seed-1")).toEqual(a);
    expect(sample(chinook, "get_customer", "customerId", 8, "seed-2")).not.toEqual(a);
  });

  it("builds arrays of one to three real ids for an ids input", () => {
    const arrays = sample(chinook, "add_tracks_to_playlist", "trackIds", 6, "tracks");
    const trackIds = new Set(column(chinook, "SELECT TrackId FROM Track"));
    expect(arrays).toHaveLength(6);
    for (const value of arrays) {
      expect(Array.isArray(value)).toBe(true);
      const ids = value as number[];
      expect(ids.length).toBeGreaterThanOrEqual(1);
      expect(ids.length).toBeLessThanOrEqual(3);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(trackIds.has(id)).toBe(true);
    }
  });

  it("searches with a word of a real track name", () => {
    const words = sample(chinook, "search_tracks", "query", 5, "words");
    const names = column(chinook, "SELECT Name FROM Track").join(" ").toLowerCase();
    expect(words.length).toBeGreaterThan(0);
    for (const word of words) {
      expect(typeof word).toBe("string");
      expect(names).toContain(String(word).toLowerCase());
    }
  });

  it("falls back to the arguments of the tool's passing tests", () => {
    // Invoice lines are objects: no column holds them, the tests' lines are real ones.
    const lines = sample(chinook, "create_invoice", "lines", 10, "lines");
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]).toEqual(expect.arrayContaining([expect.objectContaining({})]));
    // A test that expects an error (customer 4242 is unknown) gives no values.
    const limits = sample(chinook, "list_customer_invoices", "limit", 10, "x");
    expect(limits).toEqual(expect.arrayContaining([2, 5]));
  });

  it("reads Northwind's PascalCase columns for snake_case inputs", () => {
    const customers = sample(northwind, "get_customer", "customer_id", 5, "nw");
    const customerIds = column(northwind, 'SELECT "CustomerID" FROM "Customers"');
    expect(customers).toHaveLength(5);
    for (const id of customers) expect(customerIds).toContain(id);

    const orders = sample(northwind, "get_order", "order_id", 5, "nw");
    for (const id of orders) expect(typeof id).toBe("number");
    const prices = sample(northwind, "search_products", "min_unit_price", 3, "nw");
    const unitPrices = column(northwind, 'SELECT "UnitPrice" FROM "Products"');
    for (const price of prices) expect(unitPrices).toContain(price);
  });

  it("gives nothing when asked for nothing", () => {
    expect(sample(chinook, "get_customer", "customerId", 0, "a")).toEqual([]);
  });
});

describe("values from one row", () => {
  function row(tool: string, inputs: string[], fixed: Record<string, number>, seed: string) {
    const profile = northwind.profiles.find((p) => p.name === tool);
    if (!profile) throw new Error(`no tool ${tool}`);
    const fields = profile.inputs.filter((i) => inputs.includes(i.name));
    return northwind.sampler.row?.(profile, fields, fixed, createPrng(seed));
  }

  it("draws an order and a product that really are a line of that order", () => {
    for (const seed of ["r1", "r2", "r3", "r4"]) {
      const drawn = row("get_order_detail", ["order_id", "product_id"], {}, seed);
      expect(drawn).toBeDefined();
      const found = northwind.db.query(
        'SELECT COUNT(*) AS n FROM "Order Details" WHERE "OrderID" = ? AND "ProductID" = ?',
        [drawn?.order_id as number, drawn?.product_id as number],
      );
      expect(found[0]?.n).toBe(1);
    }
  });

  it("keeps a value already chosen and draws the rest from its rows", () => {
    const drawn = row("delete_order_detail", ["product_id"], { order_id: 10248 }, "fixed");
    const products = column(
      northwind,
      'SELECT "ProductID" FROM "Order Details" WHERE "OrderID" = 10248',
    );
    expect(products).toContain(drawn?.product_id);
    expect(row("delete_order_detail", ["product_id"], { order_id: 1 }, "none")).toBeUndefined();
  });
});
