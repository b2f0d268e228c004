// Tool profiles and the dependency graph: Chinook's hand-written camelCase tools, NYC flights'
// generated snake_case tools, generated snake_case tools over PascalCase columns (a synthetic
// database), and MCP-derived tools.
import { describe, expect, it } from "vitest";
import chinookJson from "../../catalog/dist/chinook.json";
import githubJson from "../../catalog/dist/mcp-github.json";
import nycFlightsJson from "../../catalog/dist/nyc-flights.json";
import { EnvironmentSpecSchema } from "../../core/environment/spec";
import { buildToolGraph, outEdges, toolGraphJson } from "../../core/tasks/tool-graph";
import type { ToolGraph, ToolProfile } from "../../core/tasks/tool-profile";
import { profileTools } from "../../core/tasks/tool-profiles";
import { tradingSpec } from "../fixtures/trading-database";

const chinook = profileTools(EnvironmentSpecSchema.parse(chinookJson).tools);
const nycFlights = profileTools(EnvironmentSpecSchema.parse(nycFlightsJson).tools);
const trading = profileTools(tradingSpec().tools);
const github = profileTools(EnvironmentSpecSchema.parse(githubJson).tools);

function profile(profiles: readonly ToolProfile[], name: string): ToolProfile {
  const found = profiles.find((p) => p.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

function edge(graph: ToolGraph, from: string, to: string) {
  const found = graph.edges.find((e) => e.from === from && e.to === to);
  if (!found) throw new Error(`no edge ${from} -> ${to}`);
  return found;
}

describe("profileTools", () => {
  it("reads verb, entity and owner from the name", () => {
    const parts = (profiles: readonly ToolProfile[], name: string) => {
      const { verb, entity, owner } = profile(profiles, name);
      return { verb, entity, owner };
    };
    expect(parts(chinook, "get_customer")).toEqual({ verb: "get", entity: "customer" });
    expect(parts(chinook, "list_customer_invoices")).toEqual({
      verb: "list",
      entity: "invoice",
      owner: "customer",
    });
    expect(parts(chinook, "search_tracks")).toMatchObject({ verb: "search", entity: "track" });
    expect(parts(chinook, "find_customer")).toMatchObject({ verb: "find", entity: "customer" });
    expect(parts(chinook, "refund_invoice_line")).toMatchObject({ entity: "invoice line" });
    expect(parts(chinook, "add_tracks_to_playlist")).toEqual({
      verb: "add",
      entity: "track",
      owner: "playlist",
    });
    expect(parts(trading, "list_orders_of_customer")).toEqual({
      verb: "list",
      entity: "order",
      owner: "customer",
    });
    // `by region` groups by a column: the tool takes no region id, so region is no owner.
    expect(parts(trading, "count_customers_by_region")).toEqual({
      verb: "count",
      entity: "customer",
    });
    expect(parts(nycFlights, "count_planes_by_engine")).toEqual({ verb: "count", entity: "plane" });
    expect(parts(trading, "sum_order_line_quantity_by_product")).toEqual({
      verb: "sum",
      entity: "order line",
      owner: "product",
    });
    expect(parts(nycFlights, "get_weather")).toEqual({ verb: "get", entity: "weather" });
    expect(parts(github, "create_issue")).toMatchObject({ verb: "create", entity: "issue" });
    expect(parts(github, "search_repositories")).toMatchObject({ entity: "repository" });
  });

  it("types inputs from the schema and marks identifiers", () => {
    const tool = profile(chinook, "add_tracks_to_playlist");
    expect(tool.inputs).toEqual([
      {
        path: "playlistId",
        name: "playlistId",
        key: "playlistid",
        type: "integer",
        identifier: true,
        required: true,
      },
      {
        path: "trackIds",
        name: "trackIds",
        key: "trackid",
        type: "array",
        itemType: "integer",
        identifier: true,
        required: true,
      },
    ]);
    const search = profile(chinook, "search_tracks").inputs;
    expect(search.find((f) => f.name === "query")).toMatchObject({
      type: "string",
      identifier: false,
      required: false,
    });
    // MCP servers key issues by number; it names the entity, so it is an identifier.
    expect(
      profile(github, "get_issue").inputs.find((f) => f.name === "issue_number"),
    ).toMatchObject({ type: "number", identifier: true });
  });

  it("derives outputs from what passing tests return, nested paths and list items included", () => {
    const invoices = profile(chinook, "list_customer_invoices");
    expect(invoices.listPath).toBe("invoices");
    const byPath = new Map(invoices.outputs.map((f) => [f.path, f]));
    expect(byPath.get("invoices")).toMatchObject({ type: "array", itemType: "object" });
    expect(byPath.get("invoices[].invoiceId")).toMatchObject({
      name: "invoiceId",
      key: "invoiceid",
      type: "integer",
      identifier: true,
    });
    expect(byPath.get("invoices[].total")).toMatchObject({ type: "number", identifier: false });

    const invoice = profile(chinook, "get_invoice");
    const paths = invoice.outputs.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(["billing.city", "lines[].invoiceLineId"]));
    // Error tests return nothing, so they add no fields.
    expect(paths).not.toContain("code");

    const order = profile(trading, "get_order");
    expect(order.listPath).toBeUndefined();
    expect(order.outputs.find((f) => f.path === "CustomerID")).toMatchObject({
      key: "customerid",
      type: "string",
      identifier: true,
    });
    expect(profile(trading, "list_orders_of_customer").listPath).toBe("items");
    const flights = profile(nycFlights, "search_flights");
    expect(flights.listPath).toBe("items");
    expect(flights.outputs.find((f) => f.path === "items[].id")).toMatchObject({
      type: "integer",
      identifier: true,
    });
  });
});

describe("buildToolGraph", () => {
  const chinookGraph = buildToolGraph(chinook);
  const nycFlightsGraph = buildToolGraph(nycFlights);
  const tradingGraph = buildToolGraph(trading);

  it("links an identifier output to the input it can fill", () => {
    expect(edge(chinookGraph, "find_customer", "list_customer_invoices")).toEqual({
      from: "find_customer",
      to: "list_customer_invoices",
      strength: "strong",
      weight: 3,
      via: [{ output: "customers[].customerId", input: "customerId" }],
    });
    expect(edge(chinookGraph, "list_customer_invoices", "get_invoice")).toMatchObject({
      strength: "strong",
      via: [{ output: "invoices[].invoiceId", input: "invoiceId" }],
    });
    // An array-of-ids input takes the id a search returns.
    expect(edge(chinookGraph, "search_tracks", "add_tracks_to_playlist")).toMatchObject({
      strength: "strong",
      via: [{ output: "tracks[].trackId", input: "trackIds" }],
    });
    // Across naming conventions: PascalCase column output to a snake_case argument.
    expect(edge(tradingGraph, "get_order", "get_customer")).toMatchObject({
      strength: "strong",
      weight: 3,
      via: [{ output: "CustomerID", input: "customer_id" }],
    });
    expect(edge(nycFlightsGraph, "search_flights", "get_flight")).toMatchObject({
      strength: "strong",
      weight: 3,
      via: [{ output: "items[].id", input: "id" }],
    });
  });

  it("links plain values and shared entities weakly, and everything else independently", () => {
    expect(edge(chinookGraph, "get_customer", "find_customer")).toMatchObject({
      strength: "weak",
      weight: 2,
      via: expect.arrayContaining([{ output: "email", input: "email" }]),
    });
    // No field in common, but both act on a playlist.
    expect(edge(chinookGraph, "add_tracks_to_playlist", "create_playlist")).toMatchObject({
      strength: "weak",
      via: [],
    });
    expect(edge(chinookGraph, "list_support_reps", "search_artists")).toEqual({
      from: "list_support_reps",
      to: "search_artists",
      strength: "independent",
      weight: 1,
      via: [],
    });
    // Paging controls share names but never carry a value from one tool to another.
    expect(edge(chinookGraph, "search_tracks", "search_artists").via).toEqual([]);
  });

  it("gives every tool an edge to every other tool, in a fixed order", () => {
    for (const graph of [chinookGraph, nycFlightsGraph, tradingGraph]) {
      const n = graph.tools.length;
      expect(graph.edges).toHaveLength(n * (n - 1));
      for (const tool of graph.tools) expect(outEdges(graph, tool.name)).toHaveLength(n - 1);
    }
    expect(outEdges(chinookGraph, "search_tracks")[0]?.to).toBe("search_artists");
    expect(buildToolGraph(chinook)).toEqual(chinookGraph);
    expect(outEdges(chinookGraph, "no_such_tool")).toEqual([]);
  });

  it("serves a JSON form with counts per strength", () => {
    const json = toolGraphJson(chinookGraph);
    const { counts } = json;
    expect(counts.tools).toBe(15);
    expect(counts.edges).toBe(210);
    expect(counts.strong + counts.weak + counts.independent).toBe(210);
    expect(counts.strong).toBeGreaterThan(20);
    expect(json.tools[0]).toMatchObject({ name: "search_tracks", verb: "search", entity: "track" });
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });
});
