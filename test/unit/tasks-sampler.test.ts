// The value sampler on real databases (Chinook, NYC flights) and on generated tools over PascalCase
// columns (a synthetic database), loaded the way an episode loads them, candidates checked against
// the rows themselves, and draws fixed by the seed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BetterSqliteDatabase } from "../../catalog/better-sqlite-database";
import chinookJson from "../../catalog/dist/chinook.json";
import nycFlightsJson from "../../catalog/dist/nyc-flights.json";
import { type EnvironmentSpec, EnvironmentSpecSchema } from "../../core/environment/spec";
import { createPrng } from "../../core/sandbox/determinism";
import { createSampler } from "../../core/tasks/sampler";
import type { ToolProfile } from "../../core/tasks/tool-profile";
import { profileTools } from "../../core/tasks/tool-profiles";
import type { ValueSampler } from "../../core/tasks/value-sampler";
import { tradingSpec } from "../fixtures/trading-database";
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
let nycFlights: World;
let trading: World;

beforeAll(() => {
  chinook = open(EnvironmentSpecSchema.parse(chinookJson));
  nycFlights = open(EnvironmentSpecSchema.parse(nycFlightsJson));
  trading = open(tradingSpec());
});

afterAll(() => {
  chinook?.db.raw.close();
  nycFlights?.db.raw.close();
  trading?.db.raw.close();
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

  it("reads PascalCase columns for the snake_case inputs of generated tools", () => {
    const customers = sample(trading, "get_customer", "customer_id", 5, "tr");
    const customerIds = column(trading, 'SELECT "CustomerID" FROM "Customers"');
    expect(customers).toHaveLength(5);
    for (const id of customers) expect(customerIds).toContain(id);

    const orders = sample(trading, "get_order", "order_id", 5, "tr");
    const orderIds = column(trading, 'SELECT "OrderID" FROM "Orders"');
    expect(orders).toHaveLength(5);
    for (const id of orders) expect(orderIds).toContain(id);
    const prices = sample(trading, "search_products", "min_unit_price", 3, "tr");
    const unitPrices = column(trading, 'SELECT "UnitPrice" FROM "Products"');
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(unitPrices).toContain(price);
  });

  it("draws NYC flights' text keys and range bounds from their columns", () => {
    const carriers = sample(nycFlights, "get_airline", "carrier", 5, "nyc");
    const airlineCodes = column(nycFlights, "SELECT carrier FROM airlines");
    expect(carriers).toHaveLength(5);
    for (const code of carriers) expect(airlineCodes).toContain(code);

    const seats = sample(nycFlights, "search_planes", "min_seats", 3, "nyc");
    const planeSeats = column(nycFlights, "SELECT seats FROM planes");
    expect(seats.length).toBeGreaterThan(0);
    for (const n of seats) expect(planeSeats).toContain(n);
  });

  it("gives nothing when asked for nothing", () => {
    expect(sample(chinook, "get_customer", "customerId", 0, "a")).toEqual([]);
  });
});

describe("values from one row", () => {
  function row(tool: string, inputs: string[], fixed: Record<string, string>, seed: string) {
    const profile = nycFlights.profiles.find((p) => p.name === tool);
    if (!profile) throw new Error(`no tool ${tool}`);
    const fields = profile.inputs.filter((i) => inputs.includes(i.name));
    return nycFlights.sampler.row?.(profile, fields, fixed, createPrng(seed));
  }

  // Tail numbers belong to one airline's fleet: drawn apart, a carrier and a tail number almost
  // never fly together.
  it("draws a carrier and a tail number that really are one flight's", () => {
    for (const seed of ["r1", "r2", "r3", "r4"]) {
      const drawn = row("search_flights", ["carrier", "tailnum"], {}, seed);
      expect(drawn).toBeDefined();
      const found = nycFlights.db.query(
        "SELECT COUNT(*) AS n FROM flights WHERE carrier = ? AND tailnum = ?",
        [drawn?.carrier as string, drawn?.tailnum as string],
      );
      expect(Number(found[0]?.n)).toBeGreaterThanOrEqual(1);
    }
  });

  it("keeps a value already chosen and draws the rest from its rows", () => {
    const drawn = row("search_flights", ["tailnum"], { carrier: "HA" }, "fixed");
    const fleet = column(nycFlights, "SELECT tailnum FROM flights WHERE carrier = 'HA'");
    expect(fleet).toContain(drawn?.tailnum);
    expect(row("search_flights", ["tailnum"], { carrier: "ZZ" }, "none")).toBeUndefined();
  });
});
