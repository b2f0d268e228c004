// An episode as an MCP server, through the real Worker (auth, EpisodeDO, sandbox, SQLite) and the
// official MCP SDK client: connect, list tools, call tools, isError results, the 405 on GET, and
// the transport-level answers (202, 400, 401, 404) a raw client sees. Uses the ledger fixture.

import { exports } from "cloudflare:workers";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ledgerSpec } from "../fixtures/ledger-environment";
import { ADMIN_KEY, api, openEpisode, publish } from "./support/platform";

const ORIGIN = "http://agent-world.test";
const auth = { Authorization: `Bearer ${ADMIN_KEY}` };
const mcpUrl = (id: string) => `${ORIGIN}/v1/episodes/${id}/mcp`;
const workerFetch = (url: string | URL, init?: RequestInit) =>
  exports.default.fetch(String(url), init);

beforeAll(async () => {
  expect((await publish(ledgerSpec)).status).toBe(201);
});

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

async function connect(id: string) {
  const methods: string[] = [];
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl(id)), {
    fetch: (url, init) => {
      methods.push(init?.method ?? "GET");
      return workerFetch(url, init);
    },
    requestInit: { headers: auth },
  });
  // The SDK's default validator (Ajv) compiles with `new Function`, which workerd forbids.
  const client = new Client(
    { name: "integration-test", version: "1.0.0" },
    { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
  );
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  clients.push(client);
  return { client, errors, methods };
}

const TextResult = z.object({
  content: z.array(z.object({ type: z.literal("text"), text: z.string() })).min(1),
});

/** The JSON a tool result carries as its first text content. */
function textOf(result: unknown): unknown {
  const [first] = TextResult.parse(result).content;
  return JSON.parse(first?.text ?? "null");
}

describe("the official SDK client against an episode", () => {
  it("connects sessionless and lists the environment's tools with annotations", async () => {
    const { client, errors, methods } = await connect(await openEpisode("ledger"));
    expect(client.getServerVersion()).toMatchObject({ name: "agent-world" });
    expect(client.getInstructions()).toContain("ledger@1.0.0");
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(ledgerSpec.tools.map((t) => t.name));
    expect(tools.find((t) => t.name === "get_account")?.annotations).toMatchObject({
      readOnlyHint: true,
    });
    expect(tools.find((t) => t.name === "transfer")?.annotations).toMatchObject({
      destructiveHint: true,
    });
    // The SDK tried its optional GET stream; the 405 it got is not an error to it.
    expect(methods).toContain("GET");
    expect(errors).toEqual([]);
  });

  it("calls tools; each call is a step of the episode", async () => {
    const id = await openEpisode("ledger");
    const { client } = await connect(id);
    const ada = await client.callTool({ name: "get_account", arguments: { id: 1 } });
    expect(ada.isError).toBe(false);
    expect(ada.structuredContent).toEqual({ id: 1, owner: "ada", balance: 100 });
    expect(textOf(ada)).toEqual({ id: 1, owner: "ada", balance: 100 });

    const paid = await client.callTool({
      name: "transfer",
      arguments: { from: 1, to: 2, amount: 10 },
    });
    expect(paid.isError).toBe(false);
    expect(textOf(paid)).toMatchObject({ balance: 90 });

    const info = await api("GET", `/v1/episodes/${id}`);
    expect(info.body).toMatchObject({ step: 2 });
  });

  it("gets isError results for a tool error and for bad arguments", async () => {
    const { client } = await connect(await openEpisode("ledger"));
    const missing = await client.callTool({ name: "get_account", arguments: { id: 42 } });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatchObject({
      error: { code: "not_found", message: "No account 42" },
    });

    const bad = await client.callTool({ name: "get_account", arguments: { id: "one" } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatchObject({
      error: {
        code: "invalid_arguments",
        details: { errors: [expect.objectContaining({ path: expect.any(String) })] },
      },
    });
  });

  it("gets JSON-RPC -32602 for a tool the environment does not have", async () => {
    const { client } = await connect(await openEpisode("ledger"));
    await expect(client.callTool({ name: "drop_all_tables", arguments: {} })).rejects.toThrow(
      /Unknown tool/,
    );
  });

  it("gets an isError result once the step limit is reached", async () => {
    const { client } = await connect(await openEpisode("ledger", { maxSteps: 1 }));
    expect((await client.callTool({ name: "entropy", arguments: {} })).isError).toBe(false);
    const over = await client.callTool({ name: "entropy", arguments: {} });
    expect(over.isError).toBe(true);
    expect(textOf(over)).toMatchObject({ error: { code: "step_limit_reached" } });
  });
});

describe("the transport, raw", () => {
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    workerFetch(url, {
      method: "POST",
      headers: {
        ...auth,
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  it("answers 202 to a notification, 400 to a bad version or bad JSON, and never a session id", async () => {
    const url = mcpUrl(await openEpisode("ledger"));
    const notified = await post(url, { jsonrpc: "2.0", method: "notifications/initialized" });
    expect(notified.status).toBe(202);
    expect(notified.headers.get("mcp-session-id")).toBeNull();

    const ping = { jsonrpc: "2.0", id: 1, method: "ping" };
    const pong = await post(url, ping, { "MCP-Protocol-Version": "2025-11-25" });
    expect(pong.status).toBe(200);
    expect(await pong.json()).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
    expect((await post(url, ping, { "MCP-Protocol-Version": "1900-01-01" })).status).toBe(400);

    const garbled = await post(url, "{oops");
    expect(garbled.status).toBe(400);
    expect(await garbled.json()).toMatchObject({ id: null, error: { code: -32700 } });
  });

  it("answers a batch in order, writes before reads", async () => {
    const url = mcpUrl(await openEpisode("ledger"));
    const res = await post(url, [
      {
        jsonrpc: "2.0",
        id: "t",
        method: "tools/call",
        params: { name: "transfer", arguments: { from: 1, to: 3, amount: 5 } },
      },
      {
        jsonrpc: "2.0",
        id: "g",
        method: "tools/call",
        params: { name: "get_account", arguments: { id: 3 } },
      },
    ]);
    expect(res.status).toBe(200);
    const replies = z
      .array(z.object({ id: z.string(), result: z.unknown() }))
      .parse(await res.json());
    expect(replies.map((r) => r.id)).toEqual(["t", "g"]);
    expect(textOf(replies[1]?.result)).toMatchObject({ id: 3, balance: 5 });
  });

  it("answers 405 with Allow: POST to GET and DELETE", async () => {
    const url = mcpUrl(await openEpisode("ledger"));
    for (const method of ["GET", "DELETE"]) {
      const res = await workerFetch(url, {
        method,
        headers: { ...auth, Accept: "text/event-stream" },
      });
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("POST");
    }
  });

  it("needs an API key and a real episode", async () => {
    const init = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25" },
    };
    const url = mcpUrl(await openEpisode("ledger"));
    const anonymous = await workerFetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(init),
    });
    expect(anonymous.status).toBe(401);
    const unknown = await post(mcpUrl("ep_0000000000000000000000000a"), init);
    expect(unknown.status).toBe(404);
  });
});
