// The MCP server logic over an in-memory episode: lifecycle, tools/list, tools/call outcomes, the
// error mapping (tool errors as isError results, unknown tool as -32602) and batches.
import { describe, expect, it } from "vitest";
import { AppError } from "../../core/base/errors";
import { handleMcpMessage, handleMcpPayload } from "../../core/mcp/handle-message";
import type { JsonRpcResponse } from "../../core/mcp/json-rpc";
import { FakeEpisode } from "./mcp-fake-episode";

const server = { name: "agent-world", version: "0.1.0" };

const request = (id: number, method: string, params?: unknown) => ({
  jsonrpc: "2.0",
  id,
  method,
  ...(params === undefined ? {} : { params }),
});

async function send(episode: FakeEpisode, message: unknown): Promise<JsonRpcResponse> {
  const reply = await handleMcpMessage(message, episode, server);
  if (!reply) throw new Error("expected a response");
  return reply;
}

function resultOf(reply: JsonRpcResponse): Record<string, unknown> {
  if (!("result" in reply)) throw new Error(`expected a result, got ${JSON.stringify(reply)}`);
  return reply.result;
}

function textOf(result: Record<string, unknown>): unknown {
  const content = result.content as { type: string; text: string }[];
  return JSON.parse(content[0]?.text ?? "null");
}

describe("initialize", () => {
  it("answers the requested version when supported, with tools capability and instructions", async () => {
    const episode = new FakeEpisode();
    const reply = await send(
      episode,
      request(1, "initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "test", version: "1" },
      }),
    );
    const result = resultOf(reply);
    expect(result.protocolVersion).toBe("2025-06-18");
    expect(result.capabilities).toEqual({ tools: { listChanged: false } });
    expect(result.serverInfo).toEqual(server);
    expect(result.instructions).toContain("chinook@1.0.0");
    expect(result.instructions).toContain("0 of 10");
  });

  it("offers the latest version for an unknown one", async () => {
    const reply = await send(
      new FakeEpisode(),
      request(1, "initialize", { protocolVersion: "2099-01-01" }),
    );
    expect(resultOf(reply).protocolVersion).toBe("2025-11-25");
  });

  it("needs a protocolVersion", async () => {
    const reply = await send(new FakeEpisode(), request(1, "initialize", {}));
    expect(reply).toMatchObject({ id: 1, error: { code: -32602 } });
  });

  it("throws for an episode that does not exist (the HTTP layer answers 404)", async () => {
    const missing = new FakeEpisode(undefined, { missing: true });
    await expect(
      send(missing, request(1, "initialize", { protocolVersion: "2025-11-25" })),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("notifications and small methods", () => {
  it("does not answer notifications or client responses", async () => {
    const episode = new FakeEpisode();
    expect(
      await handleMcpMessage(
        { jsonrpc: "2.0", method: "notifications/initialized" },
        episode,
        server,
      ),
    ).toBeNull();
    expect(
      await handleMcpMessage(
        { jsonrpc: "2.0", method: "notifications/cancelled", params: {} },
        episode,
        server,
      ),
    ).toBeNull();
    expect(
      await handleMcpMessage({ jsonrpc: "2.0", id: 4, result: {} }, episode, server),
    ).toBeNull();
  });

  it("answers ping with an empty result", async () => {
    expect(await send(new FakeEpisode(), request(2, "ping"))).toEqual({
      jsonrpc: "2.0",
      id: 2,
      result: {},
    });
  });

  it("answers -32601 for methods it does not offer, resources and prompts included", async () => {
    for (const method of ["resources/list", "prompts/list", "logging/setLevel", "nope"]) {
      expect(await send(new FakeEpisode(), request(3, method))).toMatchObject({
        id: 3,
        error: { code: -32601 },
      });
    }
  });

  it("answers -32600 for an invalid request", async () => {
    expect(await send(new FakeEpisode(), { jsonrpc: "2.0", id: 5, method: "" })).toMatchObject({
      id: 5,
      error: { code: -32600 },
    });
    expect(await send(new FakeEpisode(), 42)).toMatchObject({ id: null, error: { code: -32600 } });
  });
});

describe("tools/list", () => {
  it("lists every tool in MCP format with annotations", async () => {
    const result = resultOf(await send(new FakeEpisode(), request(1, "tools/list")));
    const tools = result.tools as Record<string, unknown>[];
    expect(tools.map((t) => t.name)).toEqual(["search_tracks", "get_customer", "create_playlist"]);
    expect(tools[0]).toMatchObject({
      inputSchema: { type: "object" },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
    });
    expect(tools[2]).toMatchObject({ annotations: { readOnlyHint: false, destructiveHint: true } });
    expect(result.nextCursor).toBeUndefined();
  });

  it("keeps only object output schemas (MCP requires them)", async () => {
    const result = resultOf(await send(new FakeEpisode(), request(1, "tools/list")));
    const tools = result.tools as Record<string, unknown>[];
    expect(tools[0]).not.toHaveProperty("outputSchema");
    expect(tools[2]).toHaveProperty("outputSchema.type", "object");
  });

  it("accepts a cursor and rejects params that are not an object", async () => {
    expect(
      resultOf(await send(new FakeEpisode(), request(1, "tools/list", { cursor: "x" }))).tools,
    ).toHaveLength(3);
    expect(await send(new FakeEpisode(), request(1, "tools/list", [1]))).toMatchObject({
      error: { code: -32602 },
    });
  });
});

describe("tools/call", () => {
  it("returns an object result as text and structuredContent", async () => {
    const episode = new FakeEpisode();
    const result = resultOf(
      await send(
        episode,
        request(1, "tools/call", { name: "create_playlist", arguments: { name: "Road" } }),
      ),
    );
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toEqual({ playlistId: 1, name: "Road" });
    expect(textOf(result)).toEqual({ playlistId: 1, name: "Road" });
    expect(result._meta).toMatchObject({ "agent-world/step": 1, "agent-world/replayed": false });
    expect(episode.playlists).toEqual(["Road"]);
  });

  it("returns an array result as text only", async () => {
    const result = resultOf(
      await send(
        new FakeEpisode(),
        request(1, "tools/call", { name: "search_tracks", arguments: { query: "x" } }),
      ),
    );
    expect(result.isError).toBe(false);
    expect(result).not.toHaveProperty("structuredContent");
    expect(textOf(result)).toEqual([{ trackId: 1, name: "Love x" }]);
  });

  it("turns a tool-level error (ok:false) into an isError result", async () => {
    const result = resultOf(
      await send(
        new FakeEpisode(),
        request(1, "tools/call", { name: "get_customer", arguments: { id: 99 } }),
      ),
    );
    expect(result.isError).toBe(true);
    expect(textOf(result)).toEqual({ error: { code: "not_found", message: "No customer 99." } });
  });

  it("turns schema-invalid arguments into an isError result listing the failing paths", async () => {
    const result = resultOf(
      await send(new FakeEpisode(), request(1, "tools/call", { name: "get_customer" })),
    );
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatchObject({
      error: { code: "invalid_arguments", details: { errors: [{ path: "/id" }] } },
    });
  });

  it("answers an unknown tool with JSON-RPC -32602 naming the tools there are", async () => {
    const reply = await send(
      new FakeEpisode(),
      request(7, "tools/call", { name: "drop_tables", arguments: {} }),
    );
    expect(reply).toMatchObject({
      id: 7,
      error: { code: -32602, message: "Unknown tool: drop_tables.", data: { tool: "drop_tables" } },
    });
  });

  it("turns the step limit and expiry into isError results", async () => {
    const limited = new FakeEpisode(undefined, { maxSteps: 1 });
    await send(
      limited,
      request(1, "tools/call", { name: "search_tracks", arguments: { query: "a" } }),
    );
    const over = resultOf(
      await send(
        limited,
        request(2, "tools/call", { name: "search_tracks", arguments: { query: "a" } }),
      ),
    );
    expect(over.isError).toBe(true);
    expect(textOf(over)).toMatchObject({ error: { code: "step_limit_reached" } });

    const expired = new FakeEpisode();
    expired.expired = true;
    const late = resultOf(
      await send(
        expired,
        request(3, "tools/call", { name: "search_tracks", arguments: { query: "a" } }),
      ),
    );
    expect(textOf(late)).toMatchObject({ error: { code: "episode_expired" } });
  });

  it("rejects calls without a tool name or with non-object arguments", async () => {
    for (const params of [undefined, {}, { name: "search_tracks", arguments: [1] }]) {
      expect(await send(new FakeEpisode(), request(1, "tools/call", params))).toMatchObject({
        error: { code: -32602 },
      });
    }
  });

  it("lets errors about the episode itself through", async () => {
    const missing = new FakeEpisode(undefined, { missing: true });
    const call = send(
      missing,
      request(1, "tools/call", { name: "search_tracks", arguments: { query: "a" } }),
    );
    await expect(call).rejects.toBeInstanceOf(AppError);
  });
});

describe("batches", () => {
  it("answers requests in order and skips notifications", async () => {
    const episode = new FakeEpisode();
    const reply = await handleMcpPayload(
      [
        request(1, "tools/call", { name: "create_playlist", arguments: { name: "A" } }),
        { jsonrpc: "2.0", method: "notifications/initialized" },
        request(2, "tools/call", { name: "create_playlist", arguments: { name: "B" } }),
        request(3, "nope"),
      ],
      episode,
      server,
    );
    expect(Array.isArray(reply)).toBe(true);
    expect((reply as JsonRpcResponse[]).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(episode.playlists).toEqual(["A", "B"]);
  });

  it("answers an empty batch with -32600 and a notification-only batch with nothing", async () => {
    expect(await handleMcpPayload([], new FakeEpisode(), server)).toMatchObject({
      error: { code: -32600 },
    });
    const notifications = [{ jsonrpc: "2.0", method: "notifications/initialized" }];
    expect(await handleMcpPayload(notifications, new FakeEpisode(), server)).toBeNull();
  });
});

describe("unexpected failures", () => {
  /** An episode whose call fails the way a stack overflow in the RPC layer did. */
  class CrashingEpisode extends FakeEpisode {
    override async callTool(): Promise<never> {
      throw new RangeError("Maximum call stack size exceeded");
    }
  }

  it("answers a JSON-RPC internal error (-32603) instead of throwing to the HTTP layer", async () => {
    const reply = await send(
      new CrashingEpisode(),
      request(9, "tools/call", { name: "create_playlist", arguments: { name: "A" } }),
    );
    expect(reply).toEqual({
      jsonrpc: "2.0",
      id: 9,
      error: { code: -32603, message: "Internal error." },
    });
  });
});
