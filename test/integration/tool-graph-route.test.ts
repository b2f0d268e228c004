// The tool-graph route in workerd: Chinook from catalog/dist written to the real D1 catalog (as
// the publish route writes it), its graph read back from the stored tools and their tests, by
// version and as `latest`, and 404s. The route's sub-app alone is served, as the catalog tests do.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import chinook from "../../catalog/dist/chinook.json";
import { EnvironmentSpecSchema } from "../../core/environment/spec";
import { errorResponse } from "../../workers/http-errors";
import { createRouter } from "../../workers/router";
import { toolGraphRoutes } from "../../workers/routes/tool-graph";
import { publish } from "./setup/catalog-fixtures";
import { api as workerApi } from "./support/platform";

const app = createRouter();
app.route("/", toolGraphRoutes);
app.onError(errorResponse);

async function api<T = Record<string, unknown>>(
  _method: "GET",
  path: string,
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await app.request(path, {}, env);
  return { status: res.status, body: (await res.json()) as T, headers: res.headers };
}

interface GraphBody {
  environment: { name: string; version: string; contentHash: string };
  tools: { name: string; effect: string; verb: string; entity: string; owner?: string }[];
  edges: { from: string; to: string; strength: string; weight: number; via: unknown[] }[];
  counts: { tools: number; edges: number; strong: number; weak: number; independent: number };
}

beforeAll(async () => {
  await publish(EnvironmentSpecSchema.parse(chinook));
});

describe("GET /v1/environments/{name}/versions/{version}/tool-graph", () => {
  it("serves every tool's profile and every ordered pair's edge", async () => {
    const res = await api<GraphBody>(
      "GET",
      `/v1/environments/chinook/versions/${chinook.version}/tool-graph`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    const { environment, tools, edges, counts } = res.body;
    expect(environment).toMatchObject({ name: "chinook", version: chinook.version });
    expect(tools).toHaveLength(15);
    expect(tools.find((t) => t.name === "list_customer_invoices")).toMatchObject({
      effect: "read",
      verb: "list",
      entity: "invoice",
      owner: "customer",
    });
    expect(edges).toHaveLength(15 * 14);
    expect(counts).toMatchObject({ tools: 15, edges: 210 });
    expect(counts.strong + counts.weak + counts.independent).toBe(210);
    // Outputs come from the admitted tests stored in D1: no Chinook tool has an output schema.
    expect(
      edges.find((e) => e.from === "list_customer_invoices" && e.to === "get_invoice"),
    ).toEqual({
      from: "list_customer_invoices",
      to: "get_invoice",
      strength: "strong",
      weight: 3,
      via: [{ output: "invoices[].invoiceId", input: "invoiceId" }],
    });
  });

  it("answers `latest` and the unversioned path with the same graph", async () => {
    const named = await api<GraphBody>(
      "GET",
      `/v1/environments/chinook/versions/${chinook.version}/tool-graph`,
    );
    const latest = await api<GraphBody>(
      "GET",
      "/v1/environments/chinook/versions/latest/tool-graph",
    );
    const plain = await api<GraphBody>("GET", "/v1/environments/chinook/tool-graph");
    expect(latest.status).toBe(200);
    expect(latest.headers.get("cache-control")).toBeNull();
    expect(latest.body).toEqual(named.body);
    expect(plain.body).toEqual(named.body);
  });

  it("says what is missing", async () => {
    const noEnv = await api("GET", "/v1/environments/nowhere/tool-graph");
    expect(noEnv.status).toBe(404);
    expect(noEnv.body).toMatchObject({ error: { code: "not_found" } });
    const noVersion = await api<{ error: { message: string } }>(
      "GET",
      "/v1/environments/chinook/versions/9.9.9/tool-graph",
    );
    expect(noVersion.status).toBe(404);
    expect(noVersion.body.error.message).toContain("9.9.9");
    const bad = await api("GET", "/v1/environments/chinook/versions/not-a-version/tool-graph");
    expect(bad.status).toBe(400);
  });

  it("is served by the Worker without a key", async () => {
    const res = await workerApi<GraphBody>("GET", "/v1/environments/chinook/tool-graph", {
      key: null,
    });
    expect(res.status).toBe(200);
    expect(res.body.counts.edges).toBe(210);
  });
});
