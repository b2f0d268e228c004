// The Streamable HTTP face in Node over an in-memory episode: status codes, headers, the Accept and
// MCP-Protocol-Version checks, and the official SDK client talking to it through `fetch`.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeEach, describe, expect, it } from "vitest";
import { errorResponse } from "../../workers/http-errors";
import { createRouter } from "../../workers/router";
import { createMcpRoutes } from "../../workers/routes/mcp";
import { FakeEpisode } from "./mcp-fake-episode";

const ID = "ep_aaaaaaaaaaaaaaaaaaaaaaaaaa";
const URL_ = `http://test.local/v1/episodes/${ID}/mcp`;
const JSON_HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
};

let episode: FakeEpisode;
let app: ReturnType<typeof createRouter>;

beforeEach(() => {
  episode = new FakeEpisode(ID);
  app = createRouter();
  app.route(
    "/",
    createMcpRoutes((_c, id) => (id === ID ? episode : new FakeEpisode(id, { missing: true }))),
  );
  app.onError(errorResponse);
});

const post = (body: string, headers: Record<string, string> = JSON_HEADERS, url = URL_) =>
  app.request(url, { method: "POST", headers, body });

describe("POST /v1/episodes/:id/mcp", () => {
  it("answers a request with JSON and never issues a session id", async () => {
    const res = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("mcp-session-id")).toBeNull();
    const body = (await res.json()) as { result: { tools: unknown[] } };
    expect(body.result.tools).toHaveLength(3);
  });

  it("answers 202 with no body for notifications", async () => {
    const res = await post(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
    expect(res.status).toBe(202);
    expect(await res.text()).toBe("");
  });

  it("answers a batch with an array", async () => {
    const res = await post(
      JSON.stringify([
        { jsonrpc: "2.0", id: 1, method: "ping" },
        {
          jsonrpc: "2.0",
          id: 2,
          method: "tools/call",
          params: { name: "create_playlist", arguments: { name: "A" } },
        },
      ]),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: number }[]).map((r) => r.id)).toEqual([1, 2]);
  });

  it("answers malformed JSON with 400 and JSON-RPC -32700, id null", async () => {
    const res = await post("{not json");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } });
  });

  it("answers a single invalid message with 400 and -32600", async () => {
    const res = await post(JSON.stringify({ jsonrpc: "2.0", id: 4, method: 12 }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ id: 4, error: { code: -32600 } });
  });

  it("honours MCP-Protocol-Version: supported passes, unsupported is 400", async () => {
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
    expect(
      (await post(ping, { ...JSON_HEADERS, "mcp-protocol-version": "2025-06-18" })).status,
    ).toBe(200);
    const res = await post(ping, { ...JSON_HEADERS, "mcp-protocol-version": "1900-01-01" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: "bad_request", details: { supported: expect.any(Array) } },
    });
  });

  it("checks Accept leniently: absent or */* pass, SSE-only is 406", async () => {
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
    expect((await post(ping, { "content-type": "application/json" })).status).toBe(200);
    expect((await post(ping, { "content-type": "application/json", accept: "*/*" })).status).toBe(
      200,
    );
    const res = await post(ping, {
      "content-type": "application/json",
      accept: "text/event-stream",
    });
    expect(res.status).toBe(406);
    expect(await res.json()).toMatchObject({ error: { code: "not_acceptable" } });
  });

  it("answers 404 for an episode that does not exist and 400 for a malformed id", async () => {
    const init = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25" },
    });
    const missing = await post(
      init,
      JSON_HEADERS,
      "http://test.local/v1/episodes/ep_bbbbbbbbbbbbbbbbbbbbbbbbbb/mcp",
    );
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: "not_found" } });
    const malformed = await post(init, JSON_HEADERS, "http://test.local/v1/episodes/nope/mcp");
    expect(malformed.status).toBe(400);
  });
});

describe("GET and DELETE", () => {
  it("answer 405 with Allow: POST", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await app.request(URL_, { method, headers: { accept: "text/event-stream" } });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      expect(await res.json()).toMatchObject({ error: { code: "method_not_allowed" } });
    }
  });
});

describe("the official MCP SDK client", () => {
  it("connects, lists tools, calls tools and sees isError results", async () => {
    const methods: string[] = [];
    const transport = new StreamableHTTPClientTransport(new URL(URL_), {
      fetch: async (url, init) => {
        methods.push(init?.method ?? "GET");
        return app.request(String(url), init);
      },
    });
    const client = new Client({ name: "unit-test", version: "1.0.0" });
    const errors: Error[] = [];
    client.onerror = (error) => errors.push(error);
    await client.connect(transport);
    expect(client.getServerVersion()).toMatchObject({ name: "agent-world" });
    expect(client.getInstructions()).toContain(ID);
    expect(transport.sessionId).toBeUndefined();

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain("create_playlist");

    const created = await client.callTool({ name: "create_playlist", arguments: { name: "Mix" } });
    expect(created.isError).toBe(false);
    expect(created.structuredContent).toEqual({ playlistId: 1, name: "Mix" });

    const toolError = await client.callTool({ name: "get_customer", arguments: { id: 5 } });
    expect(toolError.isError).toBe(true);

    const badArgs = await client.callTool({ name: "get_customer", arguments: {} });
    expect(badArgs.isError).toBe(true);

    await expect(client.callTool({ name: "nope", arguments: {} })).rejects.toThrow(/Unknown tool/);
    await client.ping();
    // The SDK opened its optional GET stream after `initialized`; our 405 must not count as an error.
    expect(methods).toContain("GET");
    expect(errors).toEqual([]);
    await client.close();
  });
});
