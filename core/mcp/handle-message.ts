// One MCP server per episode, sessionless: each JSON-RPC message is answered from the episode port
// alone, so any request can land on any isolate. Errors the agent caused come back as data; errors
// about the episode itself (missing, expired on a read) are thrown for the HTTP layer to answer.
import { AppError } from "../base/errors";
import type { EpisodePort } from "../episode/episode-port";
import { classifyCallError } from "./call-errors";
import { callToolResultOf, toolErrorResult } from "./call-tool-result";
import { instructionsFor } from "./instructions";
import {
  JsonRpcErrorCode as Code,
  classifyMessage,
  type JsonRpcId,
  type JsonRpcRequest,
  type JsonRpcResponse,
  rpcError,
  rpcResult,
} from "./json-rpc";
import {
  CallToolParamsSchema,
  InitializeParamsSchema,
  ListToolsParamsSchema,
  type McpServerInfo,
} from "./mcp-params";
import { mcpToolsOf } from "./mcp-tools";
import { negotiateProtocolVersion } from "./protocol-version";

export type McpReply = JsonRpcResponse | JsonRpcResponse[] | null;

/** A POST body: one message or a batch (2025-03-26 clients batch; later revisions dropped it). */
export async function handleMcpPayload(
  payload: unknown,
  port: EpisodePort,
  server: McpServerInfo,
): Promise<McpReply> {
  if (!Array.isArray(payload)) return handleMcpMessage(payload, port, server);
  if (payload.length === 0)
    return rpcError(null, Code.invalidRequest, "Invalid request: empty batch.");
  const replies: JsonRpcResponse[] = [];
  // In order, one at a time: tool calls in a batch may write and later ones may read.
  for (const message of payload) {
    const reply = await handleMcpMessage(message, port, server);
    if (reply) replies.push(reply);
  }
  return replies.length > 0 ? replies : null;
}

/** `null` for notifications and client responses: nothing to answer (HTTP 202). */
export async function handleMcpMessage(
  message: unknown,
  port: EpisodePort,
  server: McpServerInfo,
): Promise<JsonRpcResponse | null> {
  const classified = classifyMessage(message);
  switch (classified.kind) {
    case "notification":
    case "client-response":
      return null;
    case "invalid":
      return rpcError(classified.id, Code.invalidRequest, `Invalid request: ${classified.reason}.`);
    case "request":
      return answerOrInternalError(classified.request, port, server);
  }
}

/**
 * Episode errors the HTTP layer answers (missing, not yours, expired) are AppErrors under 500 and
 * propagate; anything else (a bug, a runtime limit) is still a JSON-RPC answer, -32603.
 */
async function answerOrInternalError(
  request: JsonRpcRequest,
  port: EpisodePort,
  server: McpServerInfo,
): Promise<JsonRpcResponse> {
  try {
    return await answer(request, port, server);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) throw err;
    console.error("MCP request failed", request.method, err);
    const data = err instanceof AppError ? { code: err.code } : undefined;
    return rpcError(request.id, Code.internalError, "Internal error.", data);
  }
}

async function answer(
  request: JsonRpcRequest,
  port: EpisodePort,
  server: McpServerInfo,
): Promise<JsonRpcResponse> {
  const { id, method, params } = request;
  switch (method) {
    case "initialize":
      return initialize(id, params, port, server);
    case "ping":
      return rpcResult(id, {});
    case "tools/list":
      return listTools(id, params, port);
    case "tools/call":
      return callTool(id, params, port);
    default:
      // resources/*, prompts/*, logging/*, completion/* are not advertised, so they do not exist.
      return rpcError(id, Code.methodNotFound, `Method not found: ${method}.`);
  }
}

async function initialize(
  id: JsonRpcId,
  params: unknown,
  port: EpisodePort,
  server: McpServerInfo,
): Promise<JsonRpcResponse> {
  const parsed = InitializeParamsSchema.safeParse(params);
  if (!parsed.success)
    return invalidParams(id, "initialize needs params.protocolVersion (a string).");
  const info = await port.info();
  return rpcResult(id, {
    protocolVersion: negotiateProtocolVersion(parsed.data.protocolVersion),
    capabilities: { tools: { listChanged: false } },
    serverInfo: server,
    instructions: instructionsFor(info),
  });
}

async function listTools(
  id: JsonRpcId,
  params: unknown,
  port: EpisodePort,
): Promise<JsonRpcResponse> {
  if (!ListToolsParamsSchema.safeParse(params).success) {
    return invalidParams(id, "tools/list params must be an object with an optional string cursor.");
  }
  return rpcResult(id, { tools: mcpToolsOf(await port.listTools()) });
}

async function callTool(
  id: JsonRpcId,
  params: unknown,
  port: EpisodePort,
): Promise<JsonRpcResponse> {
  const parsed = CallToolParamsSchema.safeParse(params);
  if (!parsed.success) {
    return invalidParams(
      id,
      "tools/call needs params.name (a string) and optional params.arguments (an object).",
    );
  }
  const { name, arguments: args = {} } = parsed.data;
  try {
    return rpcResult(id, callToolResultOf(await port.callTool(name, args)));
  } catch (err) {
    const failure = classifyCallError(err, name);
    if (!failure) throw err;
    // MCP 2025-11-25: an unknown tool is a protocol error; bad arguments are a tool execution
    // error (isError), so the model sees the message and can correct itself (SEP-1303).
    if (failure.kind === "unknown_tool") {
      return rpcError(id, Code.invalidParams, `Unknown tool: ${name}.`, failure.error.details);
    }
    return rpcResult(id, toolErrorResult(failure.error));
  }
}

function invalidParams(id: JsonRpcId, message: string): JsonRpcResponse {
  return rpcError(id, Code.invalidParams, `Invalid params: ${message}`);
}
