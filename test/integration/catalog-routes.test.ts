// The public catalog over HTTP: listing, full-text search, category filters, keyset pages,
// versions with `latest`, tools in the three formats, and 404s that say what was missing.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogTestApp, makeSpec, publish, tool } from "./setup/catalog-fixtures";

const app = catalogTestApp();

async function get(
  path: string,
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const res = await app.request(path, {}, env);
  return { status: res.status, body: await res.json(), headers: res.headers };
}

interface Page {
  environments: { name: string; category: { domain: string; subdomain: string } }[];
  nextCursor: string | null;
}

async function listAll(query: string, limit: number): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const suffix: string = cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`;
    const { status, body } = await get(`/v1/environments?${query}&limit=${limit}${suffix}`);
    expect(status).toBe(200);
    const page = body as unknown as Page;
    pages.push(page.environments.map((e) => e.name));
    cursor = page.nextCursor;
  } while (cursor !== null && pages.length < 20);
  return pages;
}

beforeAll(async () => {
  await publish(
    makeSpec({
      name: "chinook",
      title: "Chinook music store",
      description: "A digital media store with artists, albums, tracks and invoices.",
      domain: "commerce",
      subdomain: "music-store",
      tools: [tool("search_tracks"), tool("create_invoice", "write"), tool("get_artist")],
    }),
  );
  await publish(
    makeSpec({
      name: "orchard",
      title: "Orchard traders",
      description: "Wholesale orders, suppliers and shippers.",
      domain: "commerce",
      subdomain: "wholesale",
      tools: [tool("list_orders")],
    }),
  );
  await publish(
    makeSpec({
      name: "airline",
      title: "Airline reservations",
      description: "Flights, passengers and bookings.",
      domain: "travel",
      subdomain: "airline",
      tools: [tool("book_flight", "write"), tool("cancel_reservation", "write")],
    }),
  );
  await publish(
    makeSpec({
      name: "clinic",
      title: "Outpatient clinic",
      description: "Doctors, patients and appointments.",
      domain: "health",
      subdomain: "clinic",
    }),
  );
  for (const version of ["1.9.0", "1.10.0", "1.2.0", "2.0.0-beta.1"]) {
    await publish(
      makeSpec({
        name: "ledger",
        version,
        title: `Ledger ${version}`,
        domain: "finance",
        subdomain: "accounting",
        tools:
          version === "1.10.0"
            ? [tool("post_entry", "write"), tool("get_balance")]
            : [tool("get_balance")],
      }),
    );
  }
});

describe("GET /v1/environments", () => {
  it("lists every environment in name order with its latest version's counts", async () => {
    const { status, body } = await get("/v1/environments");
    expect(status).toBe(200);
    const page = body as unknown as Page;
    expect(page.environments.map((e) => e.name)).toEqual([
      "airline",
      "chinook",
      "clinic",
      "ledger",
      "orchard",
    ]);
    expect(page.nextCursor).toBeNull();
    expect(page.environments[3]).toMatchObject({
      name: "ledger",
      title: "Ledger 1.10.0",
      latestVersion: "1.10.0",
      category: { domain: "finance", subdomain: "accounting" },
      counts: { tables: 1, rows: 3, tools: 2 },
    });
  });

  it("pages with a keyset cursor, every environment exactly once", async () => {
    const pages = await listAll("", 2);
    expect(pages).toEqual([["airline", "chinook"], ["clinic", "ledger"], ["orchard"]]);
  });

  it("filters by domain and subdomain", async () => {
    const commerce = await get("/v1/environments?domain=commerce");
    expect((commerce.body as unknown as Page).environments.map((e) => e.name)).toEqual([
      "chinook",
      "orchard",
    ]);
    const wholesale = await get("/v1/environments?domain=commerce&subdomain=wholesale");
    expect((wholesale.body as unknown as Page).environments.map((e) => e.name)).toEqual([
      "orchard",
    ]);
  });

  it("searches names, titles, descriptions, categories and tool names", async () => {
    const names = async (q: string) =>
      (
        (await get(`/v1/environments?q=${encodeURIComponent(q)}`)).body as unknown as Page
      ).environments.map((e) => e.name);
    expect(await names("music")).toEqual(["chinook"]);
    expect(await names("invoice")).toEqual(["chinook"]);
    expect(await names("flight")).toEqual(["airline"]);
    expect(await names("appoint")).toEqual(["clinic"]);
    expect(await names("wholesale")).toEqual(["orchard"]);
    expect((await names("commerce")).sort()).toEqual(["chinook", "orchard"]);
    expect(await names("music invoices")).toEqual(["chinook"]);
    expect(await names("music flight")).toEqual([]);
    // FTS5 operators in the text are searched as words, never parsed.
    expect(await names('chinook" OR (NEAR')).toEqual([]);
  });

  it("indexes only the latest version of an environment", async () => {
    const names = async (q: string) =>
      ((await get(`/v1/environments?q=${q}`)).body as unknown as Page).environments.map(
        (e) => e.name,
      );
    expect(await names("post_entry")).toEqual(["ledger"]);
    // Titles "Ledger 1.10.0" (latest) and "Ledger 1.9.0" (older): only the latest is searchable.
    expect(await names("10")).toEqual(["ledger"]);
    expect(await names("9")).toEqual([]);
  });

  it("combines search with a category filter and pages search results", async () => {
    const filtered = await get("/v1/environments?q=commerce&subdomain=music-store");
    expect((filtered.body as unknown as Page).environments.map((e) => e.name)).toEqual(["chinook"]);
    const pages = await listAll("q=commerce", 1);
    expect(pages).toHaveLength(2);
    expect(pages.flat().sort()).toEqual(["chinook", "orchard"]);
  });

  it("answers 400 for a bad cursor, an empty search or a bad limit", async () => {
    expect((await get("/v1/environments?cursor=not-a-cursor")).body).toMatchObject({
      error: { code: "bad_request" },
    });
    expect((await get("/v1/environments?q=%21%21%21")).status).toBe(400);
    const badLimit = await get("/v1/environments?limit=1000");
    expect(badLimit.status).toBe(400);
    expect(badLimit.body).toMatchObject({ error: { code: "validation_failed" } });
  });
});

describe("GET /v1/environments/:name", () => {
  it("returns the environment with its versions, newest first by semver", async () => {
    const { status, body } = await get("/v1/environments/ledger");
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: "ledger", latestVersion: "1.10.0" });
    const versions = body.versions as { version: string; counts: { tools: number } }[];
    expect(versions.map((v) => v.version)).toEqual(["2.0.0-beta.1", "1.10.0", "1.9.0", "1.2.0"]);
    expect(versions[1]?.counts.tools).toBe(2);
  });

  it("answers 404 naming the missing environment, and 400 for an invalid name", async () => {
    const missing = await get("/v1/environments/atlantis");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      error: { code: "not_found", message: "No environment named `atlantis`." },
    });
    expect((await get("/v1/environments/Not_A_Name")).body).toMatchObject({
      error: { code: "validation_failed" },
    });
  });
});

describe("GET /v1/environments/:name/versions/:version", () => {
  it("returns metadata, provenance, counts and the admission test summary", async () => {
    const { status, body, headers } = await get("/v1/environments/chinook/versions/1.0.0");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: "chinook",
      version: "1.0.0",
      title: "Chinook music store",
      category: { domain: "commerce", subdomain: "music-store" },
      provenance: [{ kind: "handwritten", name: "test fixture", license: "MIT" }],
      counts: { tables: 1, rows: 3, tools: 3 },
      tests: { total: 3, passed: 3, failed: 0 },
      seed: { storage: "inline" },
    });
    expect(body.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(body.schemaSql).toContain("CREATE TABLE items");
    expect(body).toMatchObject({ yanked: false, yankedAt: null });
    // Cached briefly only: a version's metadata changes once, when it is yanked.
    expect(headers.get("Cache-Control")).toBe("public, max-age=60");
  });

  it("resolves `latest` by semver (1.10.0 > 1.9.0), skipping pre-releases", async () => {
    const { body, headers } = await get("/v1/environments/ledger/versions/latest");
    expect(body).toMatchObject({ version: "1.10.0", title: "Ledger 1.10.0" });
    expect(headers.get("Cache-Control")).toBeNull();
    expect((await get("/v1/environments/ledger/versions/2.0.0-beta.1")).body).toMatchObject({
      version: "2.0.0-beta.1",
    });
  });

  it("answers 404 naming the missing version or environment", async () => {
    const version = await get("/v1/environments/ledger/versions/3.0.0");
    expect(version.status).toBe(404);
    expect(version.body).toMatchObject({
      error: { code: "not_found", message: "Environment `ledger` has no version 3.0.0." },
    });
    const environment = await get("/v1/environments/atlantis/versions/latest");
    expect(environment.body).toMatchObject({
      error: { code: "not_found", message: "No environment named `atlantis`." },
    });
    expect((await get("/v1/environments/ledger/versions/v1")).status).toBe(400);
  });
});

describe("tools", () => {
  it("defaults to OpenAI Chat Completions tools, in spec order", async () => {
    const { status, body } = await get("/v1/environments/chinook/versions/1.0.0/tools");
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: "chinook", version: "1.0.0", format: "openai" });
    const tools = body.tools as { type: string; function: { name: string; parameters: unknown } }[];
    expect(tools.map((t) => t.function.name)).toEqual([
      "search_tracks",
      "create_invoice",
      "get_artist",
    ]);
    expect(tools[0]).toEqual({
      type: "function",
      function: {
        name: "search_tracks",
        description: "The search tracks tool.",
        parameters: { type: "object", properties: { id: { type: "integer" } }, required: [] },
      },
    });
  });

  it("speaks the OpenAI Responses format", async () => {
    const { body } = await get("/v1/environments/chinook/versions/1.0.0/tools?format=responses");
    expect(body.format).toBe("responses");
    expect((body.tools as unknown[])[1]).toEqual({
      type: "function",
      name: "create_invoice",
      description: "The create invoice tool.",
      parameters: { type: "object", properties: { id: { type: "integer" } }, required: [] },
      strict: false,
    });
  });

  it("speaks MCP, with annotations from the tool's effect", async () => {
    const { body } = await get("/v1/environments/chinook/versions/1.0.0/tools?format=mcp");
    const tools = body.tools as Record<string, unknown>[];
    expect(tools[0]).toEqual({
      name: "search_tracks",
      description: "The search tracks tool.",
      inputSchema: { type: "object", properties: { id: { type: "integer" } }, required: [] },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
    });
    expect(tools[1]).toMatchObject({
      name: "create_invoice",
      outputSchema: { type: "object" },
      annotations: { readOnlyHint: false, destructiveHint: true },
    });
  });

  it("serves the latest version's tools at /v1/environments/:name/tools", async () => {
    const { body } = await get("/v1/environments/ledger/tools?format=mcp");
    expect(body).toMatchObject({ name: "ledger", version: "1.10.0", format: "mcp" });
    expect((body.tools as { name: string }[]).map((t) => t.name)).toEqual([
      "post_entry",
      "get_balance",
    ]);
    const older = await get("/v1/environments/ledger/versions/1.9.0/tools");
    expect((older.body.tools as unknown[]).length).toBe(1);
  });

  it("answers 404 for tools of a missing environment and 400 for an unknown format", async () => {
    expect((await get("/v1/environments/atlantis/tools")).status).toBe(404);
    expect((await get("/v1/environments/chinook/versions/9.0.0/tools")).status).toBe(404);
    expect((await get("/v1/environments/chinook/tools?format=anthropic")).body).toMatchObject({
      error: { code: "validation_failed" },
    });
  });
});

describe("OpenAPI", () => {
  it("documents every catalog and admin route with its parameters", () => {
    const doc = app.getOpenAPI31Document({
      openapi: "3.1.0",
      info: { title: "test", version: "0" },
    });
    expect(Object.keys(doc.paths ?? {}).sort()).toEqual([
      "/v1/admin/keys",
      "/v1/admin/keys/{id}",
      "/v1/environments",
      "/v1/environments/{name}",
      "/v1/environments/{name}/tools",
      "/v1/environments/{name}/versions/{version}",
      "/v1/environments/{name}/versions/{version}/tools",
      "/v1/environments/{ref}",
    ]);
    const tools = doc.paths?.["/v1/environments/{name}/versions/{version}/tools"]?.get;
    expect(tools?.parameters?.map((p) => ("name" in p ? p.name : undefined)).sort()).toEqual([
      "format",
      "name",
      "version",
    ]);
    expect(doc.components?.schemas).toHaveProperty("EnvironmentList");
    expect(doc.components?.schemas).toHaveProperty("McpTool");
  });
});
