// JSON-RPC message classification and MCP protocol-version negotiation.
import { describe, expect, it } from "vitest";
import { classifyMessage, parseErrorResponse } from "../../core/mcp/json-rpc";
import {
  isSupportedProtocolVersion,
  LATEST_PROTOCOL_VERSION,
  negotiateProtocolVersion,
} from "../../core/mcp/protocol-version";

describe("classifyMessage", () => {
  it("tells requests, notifications and client responses apart", () => {
    expect(classifyMessage({ jsonrpc: "2.0", id: 1, method: "ping" }).kind).toBe("request");
    expect(
      classifyMessage({ jsonrpc: "2.0", id: "a", method: "tools/list", params: {} }).kind,
    ).toBe("request");
    expect(classifyMessage({ jsonrpc: "2.0", method: "notifications/initialized" }).kind).toBe(
      "notification",
    );
    expect(classifyMessage({ jsonrpc: "2.0", id: 3, result: {} }).kind).toBe("client-response");
    expect(classifyMessage({ jsonrpc: "2.0", id: 3, error: { code: -1, message: "x" } }).kind).toBe(
      "client-response",
    );
  });

  it("rejects what is not a JSON-RPC 2.0 message, keeping the id when it can", () => {
    expect(classifyMessage("ping")).toMatchObject({ kind: "invalid", id: null });
    expect(classifyMessage([1])).toMatchObject({ kind: "invalid", id: null });
    expect(classifyMessage({ jsonrpc: "1.0", id: 7, method: "ping" })).toMatchObject({
      kind: "invalid",
      id: 7,
    });
    expect(classifyMessage({ jsonrpc: "2.0", id: null, method: "ping" })).toMatchObject({
      kind: "invalid",
      id: null,
    });
    expect(classifyMessage({ jsonrpc: "2.0", id: 8, method: 5 })).toMatchObject({
      kind: "invalid",
      id: 8,
    });
    expect(classifyMessage({ jsonrpc: "2.0", id: 9 })).toMatchObject({ kind: "invalid", id: 9 });
  });

  it("answers unparsable bodies with -32700 and a null id", () => {
    expect(parseErrorResponse()).toMatchObject({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32700 },
    });
  });
});

describe("protocol versions", () => {
  it("keeps a supported requested version and offers the latest otherwise", () => {
    expect(negotiateProtocolVersion("2025-06-18")).toBe("2025-06-18");
    expect(negotiateProtocolVersion("2025-03-26")).toBe("2025-03-26");
    expect(negotiateProtocolVersion("1999-01-01")).toBe(LATEST_PROTOCOL_VERSION);
    expect(LATEST_PROTOCOL_VERSION).toBe("2025-11-25");
  });

  it("knows what it supports", () => {
    expect(isSupportedProtocolVersion("2025-11-25")).toBe(true);
    expect(isSupportedProtocolVersion("2024-11-05")).toBe(true);
    expect(isSupportedProtocolVersion("not-a-version")).toBe(false);
  });
});
