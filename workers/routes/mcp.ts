// Each episode is an MCP server at /v1/episodes/:id/mcp (Streamable HTTP, sessionless: the episode
// id in the URL is all the state there is, so no Mcp-Session-Id is ever issued). POST answers JSON
// (no SSE: every answer is immediate); GET and DELETE answer 405, which MCP clients expect.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { AppError } from "../../core/base/errors";
import { readJson } from "../../core/base/json-input";
import type { EpisodePort } from "../../core/episode/episode-port";
import { handleMcpPayload } from "../../core/mcp/handle-message";
import {
  inputErrorResponse,
  JsonRpcErrorCode,
  type JsonRpcResponse,
} from "../../core/mcp/json-rpc";
import type { McpServerInfo } from "../../core/mcp/mcp-params";
import {
  isSupportedProtocolVersion,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "../../core/mcp/protocol-version";
import type { AppBindings } from "../env";
import { episodePortFor } from "../episodes/episode-client";
import { createRouter } from "../router";
import { EpisodeIdParams } from "../schemas/episode-schemas";
import { errorResponses } from "../schemas/error-schemas";

/** How a route gets the episode behind `:id` (injected so tests and other hosts can swap it). */
export type EpisodePortFor = (c: Context<AppBindings>, episodeId: string) => EpisodePort;

export const MCP_SERVER_INFO: McpServerInfo = {
  name: "agent-world",
  title: "Agent World episode",
  version: "0.1.0",
};

const McpHeaders = z.object({
  "mcp-protocol-version": z
    .string()
    .optional()
    .openapi({
      description: `The negotiated MCP revision; one of ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")} (absent: 2025-03-26)`,
    }),
});

const JsonRpcResponseJson = z
  .object({
    jsonrpc: z.literal("2.0"),
    id: z.union([z.string(), z.number(), z.null()]),
    result: z.record(z.string(), z.unknown()).optional(),
    error: z
      .object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() })
      .optional(),
  })
  .openapi("JsonRpcResponse");

const postRoute = createRoute({
  method: "post",
  path: "/v1/episodes/{id}/mcp",
  tags: ["MCP"],
  summary: "The episode as an MCP server (Streamable HTTP, JSON responses, sessionless)",
  description:
    "JSON-RPC 2.0: initialize, ping, tools/list, tools/call (one message or a batch). Notifications answer 202. A failing tool call is a result with `isError: true`; an unknown tool is JSON-RPC error -32602. Use any MCP client with this URL and an `Authorization: Bearer` header.",
  security: [{ apiKey: [] }],
  request: {
    params: EpisodeIdParams,
    headers: McpHeaders,
    // A plain JSON Schema, not Zod: the body is parsed by hand so bad JSON gets JSON-RPC's -32700.
    body: {
      content: {
        "application/json": {
          schema: { type: "object", description: "A JSON-RPC message or an array of them" },
        },
      },
      required: true,
    },
  },
  responses: {
    200: {
      description: "The JSON-RPC response (an array for a batch)",
      content: {
        "application/json": {
          schema: z.union([JsonRpcResponseJson, z.array(JsonRpcResponseJson)]),
        },
      },
    },
    202: { description: "Only notifications or responses were posted: nothing to answer" },
    ...errorResponses(400, 401, 404, 410, 413),
    406: { description: "The client does not accept application/json" },
  },
});

export function createMcpRoutes(portFor: EpisodePortFor) {
  const routes = createRouter();

  routes.openapi(postRoute, async (c) => {
    const { id } = c.req.valid("param");
    checkProtocolVersion(c.req.valid("header")["mcp-protocol-version"]);
    if (!acceptsJson(c.req.header("accept"))) {
      // Built here rather than thrown: 406 is this transport's answer and no other route needs it.
      return c.json(
        { error: { code: "not_acceptable", message: "MCP clients must accept application/json." } },
        406,
      );
    }
    const read = readJson(await c.req.text());
    if (!read.ok)
      return c.json(
        inputErrorResponse(read.error),
        read.error.code === "payload_too_large" ? 413 : 400,
      );
    const payload = read.value;
    const reply = await handleMcpPayload(payload, portFor(c, id), MCP_SERVER_INFO);
    if (reply === null) return c.body(null, 202);
    return c.json(reply, statusOf(reply));
  });

  // No server-to-client stream and no sessions: MCP clients treat 405 here as "none offered".
  routes.on(["GET", "DELETE"], "/v1/episodes/:id/mcp", (c) =>
    c.json(
      new AppError(
        "method_not_allowed",
        "This MCP endpoint is sessionless and offers no SSE stream: use POST.",
      ).toJSON(),
      405,
      { Allow: "POST" },
    ),
  );

  return routes;
}

export const mcpRoutes = createMcpRoutes((c, id) => episodePortFor(c.env, c.get("auth"), id));

function checkProtocolVersion(version: string | undefined): void {
  if (version === undefined || isSupportedProtocolVersion(version.trim())) return;
  throw new AppError("bad_request", `Unsupported MCP-Protocol-Version "${version}".`, {
    supported: [...SUPPORTED_PROTOCOL_VERSIONS],
  });
}

/** Lenient: no Accept header is fine; one that lists no JSON-compatible type is not. */
function acceptsJson(accept: string | undefined): boolean {
  if (!accept) return true;
  return accept
    .split(",")
    .map((range) => (range.split(";")[0] ?? "").trim().toLowerCase())
    .some((type) => type === "application/json" || type === "application/*" || type === "*/*");
}

/**
 * A single invalid request is a 400; every other answer is a 200 whose body says what happened,
 * an internal error (-32603) included, so MCP clients read the JSON-RPC error instead of failing
 * at the transport.
 */
function statusOf(reply: JsonRpcResponse | JsonRpcResponse[]): 200 | 400 {
  const rejected =
    !Array.isArray(reply) &&
    "error" in reply &&
    reply.error.code === JsonRpcErrorCode.invalidRequest;
  return rejected ? 400 : 200;
}

/** The MCP endpoint reads its own body, so body failures answer in JSON-RPC (see app.ts). */
export function isMcpPath(path: string): boolean {
  return /^\/v1\/episodes\/[^/]+\/mcp\/?$/.test(path);
}
