// Calling tools: one tool by name with JSON arguments, or an assistant turn's OpenAI `tool_calls`
// answered with `role: "tool"` messages. `Idempotency-Key` makes a retried call apply once.
import { createRoute, z } from "@hono/zod-openapi";
import { readArgumentsText } from "../../core/base/json-arguments";
import { fail, type Result, unwrap } from "../../core/base/result";
import type { ToolCallRequest } from "../../core/episode/run-tool-call";
import { toolErrorText, toolResultText } from "../../core/episode/tool-answer-text";
import type { ToolCallResult } from "../../core/episode/tool-call";
import { callerOf, episodeStub } from "../episodes/episode-client";
import { createRouter } from "../router";
import {
  CallLogQuery,
  EpisodeIdParams,
  ToolArgumentsBody,
  ToolCallResultSchema,
  ToolCallsBody,
  ToolMessagesSchema,
  ToolNameParams,
} from "../schemas/episode-schemas";
import { errorResponses } from "../schemas/error-schemas";

export const episodeCallRoutes = createRouter();

const IdempotencyHeaders = z.object({
  "idempotency-key": z.string().min(1).max(200).optional().openapi({
    description:
      "A retried request with the same key returns the stored answer instead of applying twice; the same key with a different request answers 422 `idempotency_key_reused`",
  }),
});

episodeCallRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/episodes/{id}/tools/{tool}",
    tags: ["Tool calls"],
    summary: "Call one tool with JSON arguments",
    description:
      "A tool-level failure (e.g. `not_found` for a missing customer) is a 200 with `ok: false`: a bad step is data. Arguments that fail the tool's schema answer 400 `invalid_arguments` with the failing paths; both count as a step.",
    security: [{ apiKey: [] }],
    request: {
      params: ToolNameParams,
      headers: IdempotencyHeaders,
      body: { content: { "application/json": { schema: ToolArgumentsBody } }, required: true },
    },
    responses: {
      200: {
        description: "The call's outcome",
        content: { "application/json": { schema: ToolCallResultSchema } },
      },
      ...errorResponses(400, 401, 404, 409, 410, 413, 422),
    },
  }),
  async (c) => {
    const { id, tool } = c.req.valid("param");
    const key = c.req.valid("header")["idempotency-key"];
    const request: ToolCallRequest = {
      tool,
      args: c.req.valid("json"),
      ...(key ? { idempotencyKey: key } : {}),
    };
    const result = unwrap(await episodeStub(c.env, id).callTool(callerOf(c.get("auth")), request));
    return c.json(result, 200);
  },
);

episodeCallRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/episodes/{id}/tool_calls",
    tags: ["Tool calls"],
    summary: "Execute an assistant message's OpenAI tool_calls; get role:tool messages back",
    description:
      "Calls run in order in one round trip. Arguments that are not valid JSON, unknown tools and schema-invalid arguments come back as tool messages carrying an error, as a real environment would answer a model.",
    security: [{ apiKey: [] }],
    request: {
      params: EpisodeIdParams,
      headers: IdempotencyHeaders,
      body: { content: { "application/json": { schema: ToolCallsBody } }, required: true },
    },
    responses: {
      200: {
        description: "One tool message per call",
        content: { "application/json": { schema: ToolMessagesSchema } },
      },
      ...errorResponses(400, 401, 404, 410, 413),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const key = c.req.valid("header")["idempotency-key"];
    const { tool_calls } = c.req.valid("json");
    const parsed = tool_calls.map((call) => parseToolCall(call, key));
    const requests = parsed.flatMap((p) => ("request" in p ? [p.request] : []));
    const answers = requests.length
      ? unwrap(await episodeStub(c.env, id).callTools(callerOf(c.get("auth")), requests))
      : [];
    let next = 0;
    const results = parsed.map((p) =>
      "request" in p ? (answers[next++] ?? p.missing) : p.failure,
    );
    return c.json(
      {
        messages: tool_calls.map((call, i) => ({
          role: "tool" as const,
          tool_call_id: call.id,
          content: toolMessageContent(results[i]),
        })),
        results: results.map((r) => (r?.ok ? r.value : null)),
      },
      200,
    );
  },
);

episodeCallRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/episodes/{id}/calls",
    tags: ["Tool calls"],
    summary: "The episode's call log: step, tool, arguments, outcome, fuel, duration",
    security: [{ apiKey: [] }],
    request: { params: EpisodeIdParams, query: CallLogQuery },
    responses: {
      200: {
        description: "Calls after `after`, in step order",
        content: { "application/json": { schema: z.object({ calls: z.array(z.unknown()) }) } },
      },
      ...errorResponses(401, 404, 410),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const { after, limit } = c.req.valid("query");
    const calls = unwrap(await episodeStub(c.env, id).calls(callerOf(c.get("auth")), after, limit));
    return c.json({ calls }, 200);
  },
);

type ParsedCall =
  | { request: ToolCallRequest; missing: Result<ToolCallResult> }
  | { failure: Result<ToolCallResult> };

function parseToolCall(
  call: z.infer<typeof ToolCallsBody>["tool_calls"][number],
  batchKey: string | undefined,
): ParsedCall {
  const args = readArgumentsText(call.function.arguments, call.function.name);
  if (!args.ok) return { failure: args };
  const request: ToolCallRequest = {
    tool: call.function.name,
    args: args.value,
    ...(batchKey ? { idempotencyKey: `${batchKey}:${call.id}` } : {}),
  };
  return { request, missing: fail("internal", "The episode returned no answer for this call.") };
}

/** The same text the agent loop and MCP give a model for this answer (tool-answer-text.ts). */
function toolMessageContent(result: Result<ToolCallResult> | undefined): string {
  if (!result) return toolErrorText({ code: "internal", message: "No answer." });
  if (!result.ok) return toolErrorText(result.error);
  const value = result.value;
  if (value.ok) return toolResultText(value.result);
  return toolErrorText(value.error ?? { code: "tool_error", message: "The tool failed." });
}
