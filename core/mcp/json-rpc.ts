// JSON-RPC 2.0 as MCP uses it: message shapes (Zod), the standard error codes, and builders for
// responses. MCP ids are strings or numbers; `null` appears only in errors whose id is unknown.
import { z } from "zod";

export const JsonRpcIdSchema = z.union([z.string(), z.number()]);
export type JsonRpcId = z.infer<typeof JsonRpcIdSchema>;

export const JsonRpcRequestSchema = z.object({
  jsonrpc: z.literal("2.0"),
  id: JsonRpcIdSchema,
  method: z.string().min(1),
  params: z.unknown().optional(),
});

export const JsonRpcNotificationSchema = z.object({
  jsonrpc: z.literal("2.0"),
  method: z.string().min(1),
  params: z.unknown().optional(),
});

/** A response the client posts back (to a server-initiated request; this server sends none). */
export const JsonRpcClientResponseSchema = z.union([
  z.object({ jsonrpc: z.literal("2.0"), id: JsonRpcIdSchema, result: z.unknown() }),
  z.object({ jsonrpc: z.literal("2.0"), id: JsonRpcIdSchema.nullable(), error: z.unknown() }),
]);

export type JsonRpcRequest = z.infer<typeof JsonRpcRequestSchema>;
export type JsonRpcNotification = z.infer<typeof JsonRpcNotificationSchema>;

export const JsonRpcErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export type JsonRpcResponse =
  | { jsonrpc: "2.0"; id: JsonRpcId; result: Record<string, unknown> }
  | { jsonrpc: "2.0"; id: JsonRpcId | null; error: JsonRpcErrorObject };

export function rpcResult(id: JsonRpcId, result: Record<string, unknown>): JsonRpcResponse {
  return { jsonrpc: "2.0", id, result };
}

export function rpcError(
  id: JsonRpcId | null,
  code: number,
  message: string,
  data?: unknown,
): JsonRpcResponse {
  return { jsonrpc: "2.0", id, error: { code, message, ...(data === undefined ? {} : { data }) } };
}

/** The answer to a body that is not JSON at all: the id cannot be known. */
export function parseErrorResponse(): JsonRpcResponse {
  return rpcError(null, JsonRpcErrorCode.parseError, "Parse error: the body is not valid JSON.");
}

/**
 * The answer to a body the strict JSON reader (core/base/json-input.ts) refused; the id cannot be
 * known. Not JSON is a parse error; JSON past a limit (depth, size, 1e400, `__proto__`) is an
 * invalid request. `data` carries the reader's code and details (limit, path).
 */
export function inputErrorResponse(error: {
  code: string;
  message: string;
  details?: unknown;
}): JsonRpcResponse {
  const details = typeof error.details === "object" && error.details !== null ? error.details : {};
  const data = { code: error.code, ...details };
  if (error.code === "invalid_json") {
    return rpcError(null, JsonRpcErrorCode.parseError, `Parse error: ${error.message}`, data);
  }
  return rpcError(null, JsonRpcErrorCode.invalidRequest, `Invalid request: ${error.message}`, data);
}

/** What one incoming message is, decided before any method runs. */
export type ClassifiedMessage =
  | { kind: "request"; request: JsonRpcRequest }
  | { kind: "notification"; notification: JsonRpcNotification }
  | { kind: "client-response" }
  | { kind: "invalid"; id: JsonRpcId | null; reason: string };

export function classifyMessage(message: unknown): ClassifiedMessage {
  if (typeof message !== "object" || message === null || Array.isArray(message)) {
    return { kind: "invalid", id: null, reason: "a JSON-RPC message must be a JSON object" };
  }
  const id = JsonRpcIdSchema.safeParse((message as { id?: unknown }).id);
  const knownId = id.success ? id.data : null;
  if ("method" in message) {
    if ("id" in message) {
      const request = JsonRpcRequestSchema.safeParse(message);
      if (request.success) return { kind: "request", request: request.data };
      return { kind: "invalid", id: knownId, reason: describe(request.error) };
    }
    const notification = JsonRpcNotificationSchema.safeParse(message);
    if (notification.success) return { kind: "notification", notification: notification.data };
    return { kind: "invalid", id: null, reason: describe(notification.error) };
  }
  if (JsonRpcClientResponseSchema.safeParse(message).success) return { kind: "client-response" };
  return { kind: "invalid", id: knownId, reason: "the message has neither a method nor a result" };
}

function describe(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.map(String).join(".") || "message"}: ${issue.message}`)
    .join("; ");
}
