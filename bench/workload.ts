// The one tool call every benchmark makes, as the platform, its MCP endpoint and the floor each
// receive it. A `Call` sends it once; `accepts` says whether the answer is a successful call
// (cheap string checks: the hot loop does not parse JSON).
import type { HttpAnswer, HttpTarget } from "./http-target";

export const TOOL = "search_tracks";
export const TOOL_ARGS = { query: "love", limit: 10 } as const;
export const TOOL_LABEL = `${TOOL} ${JSON.stringify(TOOL_ARGS)}`;

export interface Call {
  send(): Promise<HttpAnswer>;
  accepts(answer: HttpAnswer): boolean;
}

const ARGS_JSON = JSON.stringify(TOOL_ARGS);
const MCP_BODY = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name: TOOL, arguments: TOOL_ARGS },
});

const okResult = (answer: HttpAnswer) => answer.status === 200 && answer.body.includes('"ok":true');

/** `POST /v1/episodes/:id/tools/search_tracks` on the platform. */
export function platformToolCall(target: HttpTarget, episodeId: string): Call {
  const path = `/v1/episodes/${encodeURIComponent(episodeId)}/tools/${TOOL}`;
  return { send: () => target.send("POST", path, ARGS_JSON), accepts: okResult };
}

/** A raw JSON-RPC `tools/call` POSTed to the episode's MCP endpoint (no SDK client). */
export function platformMcpCall(target: HttpTarget, episodeId: string): Call {
  const path = `/v1/episodes/${encodeURIComponent(episodeId)}/mcp`;
  return {
    send: () => target.send("POST", path, MCP_BODY),
    accepts: (answer) =>
      answer.status === 200 &&
      answer.body.includes('"result"') &&
      !answer.body.includes('"isError":true'),
  };
}

/** The floor server's route for the same tool. */
export function floorToolCall(target: HttpTarget): Call {
  const path = `/tools/${TOOL}`;
  return { send: () => target.send("POST", path, ARGS_JSON), accepts: okResult };
}

/** `GET /v1/episodes/:id`: auth and a Durable Object round trip, but no sandbox and no SQL search. */
export function episodeInfoCall(target: HttpTarget, episodeId: string): Call {
  const path = `/v1/episodes/${encodeURIComponent(episodeId)}`;
  return { send: () => target.send("GET", path), accepts: (answer) => answer.status === 200 };
}

/** `GET /health` on either server: what a request costs with no tool work at all. */
export function healthCall(target: HttpTarget): Call {
  return {
    send: () => target.send("GET", "/health"),
    accepts: (answer) => answer.status === 200,
  };
}
