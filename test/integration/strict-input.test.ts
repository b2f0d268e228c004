// Strict input on every face, through the real Worker: arguments nested past the depth limit,
// numbers JSON cannot carry (1e400), `__proto__` keys and a reused Idempotency-Key each get a
// structured refusal (400 / a tool message / a JSON-RPC error / 422), never a 500 or a silent
// rewrite; `constructor` stays an ordinary key. Uses the strict-input fixture.
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "../../core/base/json-input";
import { strictInputSpec } from "../fixtures/strict-input-environment";
import { ADMIN_KEY, api, openEpisode, publish } from "./support/platform";

type Body = Record<string, unknown>;
type ErrorBody = { error: { code: string; message: string; details?: Record<string, unknown> } };

/** `{"a":{"a":...1...}}` with `levels` nested objects. */
const nested = (levels: number) => `${'{"a":'.repeat(levels - 1)}{"a":1}${"}".repeat(levels - 1)}`;
const DEEP = nested(5_000);
const PROTO = '{"__proto__":{"polluted":true},"query":"love"}';
const HUGE = '{"customerId":1e400}';

beforeAll(async () => {
  expect((await publish(strictInputSpec)).status).toBe(201);
});

const rest = (id: string, tool: string, rawBody: string, headers: Record<string, string> = {}) =>
  api<Body>("POST", `/v1/episodes/${id}/tools/${tool}`, { rawBody, headers });

const toolCalls = (id: string, calls: { id: string; name: string; arguments: string }[]) =>
  api<{ messages: { tool_call_id: string; content: string }[]; results: unknown[] }>(
    "POST",
    `/v1/episodes/${id}/tool_calls`,
    {
      body: {
        tool_calls: calls.map((c) => ({
          id: c.id,
          type: "function",
          function: { name: c.name, arguments: c.arguments },
        })),
      },
    },
  );

async function mcp(id: string, rawBody: string) {
  const res = await exports.default.fetch(`http://agent-world.test/v1/episodes/${id}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${ADMIN_KEY}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: rawBody,
  });
  return { status: res.status, body: (await res.json()) as Body };
}

const mcpCall = (tool: string, argsJson: string) =>
  `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"${tool}","arguments":${argsJson}}}`;

const step = (id: string, rawBody: string) =>
  api<Body>("POST", `/v1/episodes/${id}/openenv/step`, { rawBody });

const contentOf = (text: string | undefined) => JSON.parse(text ?? "null") as ErrorBody;

describe("arguments nested past the depth limit", () => {
  it("REST: 400 too_deep with the limit and the path", async () => {
    const res = await rest(await openEpisode("strict-input"), "echo", DEEP);
    expect(res.status).toBe(400);
    const { error } = res.body as ErrorBody;
    expect(error.code).toBe("too_deep");
    expect(error.details?.limit).toBe(MAX_JSON_DEPTH);
    expect(String(error.details?.path)).toBe("/a".repeat(MAX_JSON_DEPTH));
  });

  it("REST: arguments exactly at the limit reach the tool and come back whole", async () => {
    const args = JSON.parse(nested(MAX_JSON_DEPTH));
    const res = await rest(await openEpisode("strict-input"), "echo", JSON.stringify(args));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, result: { keys: ["a"], args } });
  });

  it("tool_calls: the call's tool message carries the refusal; the batch still answers", async () => {
    const ep = await openEpisode("strict-input");
    const res = await toolCalls(ep, [
      { id: "deep", name: "echo", arguments: DEEP },
      { id: "fine", name: "echo", arguments: '{"b":2}' },
    ]);
    expect(res.status).toBe(200);
    expect(contentOf(res.body.messages[0]?.content).error).toMatchObject({
      code: "invalid_arguments",
      details: { reason: "too_deep", limit: MAX_JSON_DEPTH },
    });
    expect(JSON.parse(res.body.messages[1]?.content ?? "null")).toEqual({
      keys: ["b"],
      args: { b: 2 },
    });
  });

  it("MCP: a JSON-RPC error body (-32600), never an HTTP 500", async () => {
    const res = await mcp(await openEpisode("strict-input"), mcpCall("echo", DEEP));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, data: { code: "too_deep", limit: MAX_JSON_DEPTH } },
    });
  });

  it("MCP: a body over the size limit is a JSON-RPC error too (413)", async () => {
    const big = mcpCall("echo", `{"s":"${"x".repeat(1_100_000)}"}`);
    const res = await mcp(await openEpisode("strict-input"), big);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, data: { code: "payload_too_large" } },
    });
  });

  it("OpenEnv step: 400 too_deep for object arguments, an observation for an OpenAI string", async () => {
    const ep = await openEpisode("strict-input");
    const direct = await step(ep, `{"action":{"tool":"echo","arguments":${DEEP}}}`);
    expect(direct.status).toBe(400);
    expect((direct.body as ErrorBody).error).toMatchObject({
      code: "too_deep",
      details: { limit: MAX_JSON_DEPTH },
    });
    const openai = await step(
      ep,
      JSON.stringify({
        action: { type: "function", function: { name: "echo", arguments: DEEP } },
      }),
    );
    expect(openai.status).toBe(200);
    expect(openai.body.observation).toMatchObject({
      tool: "echo",
      ok: false,
      error: { code: "invalid_arguments", details: { reason: "too_deep" } },
    });
  });
});

describe("numbers JSON cannot carry (1e400)", () => {
  it("REST: 400 number_out_of_range naming the path; the tool never sees null", async () => {
    const res = await rest(await openEpisode("strict-input"), "lookup", HUGE);
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).error).toMatchObject({
      code: "number_out_of_range",
      details: { path: "/customerId" },
    });
  });

  it("tool_calls, MCP and OpenEnv refuse it too", async () => {
    const ep = await openEpisode("strict-input");
    const calls = await toolCalls(ep, [{ id: "c1", name: "lookup", arguments: HUGE }]);
    expect(contentOf(calls.body.messages[0]?.content).error).toMatchObject({
      code: "invalid_arguments",
      details: { reason: "number_out_of_range", path: "/customerId" },
    });
    expect(calls.body.results).toEqual([null]);
    const rpc = await mcp(ep, mcpCall("lookup", HUGE));
    expect(rpc.status).toBe(400);
    expect(rpc.body).toMatchObject({
      error: { code: -32600, data: { code: "number_out_of_range" } },
    });
    const stepped = await step(ep, `{"action":{"tool":"lookup","arguments":${HUGE}}}`);
    expect(stepped.status).toBe(400);
    expect((stepped.body as ErrorBody).error.code).toBe("number_out_of_range");
    // None of them was a step.
    const info = await api<{ step: number }>("GET", `/v1/episodes/${ep}`);
    expect(info.body.step).toBe(0);
  });
});

describe("__proto__ and constructor keys", () => {
  it("REST: a __proto__ key is refused (400 reserved_key), not dropped", async () => {
    const res = await rest(await openEpisode("strict-input"), "search", PROTO);
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).error).toMatchObject({
      code: "reserved_key",
      details: { path: "/__proto__", key: "__proto__" },
    });
  });

  it("tool_calls, MCP and OpenEnv refuse it too", async () => {
    const ep = await openEpisode("strict-input");
    const calls = await toolCalls(ep, [{ id: "c1", name: "search", arguments: PROTO }]);
    expect(contentOf(calls.body.messages[0]?.content).error).toMatchObject({
      code: "invalid_arguments",
      details: { reason: "reserved_key", path: "/__proto__" },
    });
    const rpc = await mcp(ep, mcpCall("search", PROTO));
    expect(rpc.status).toBe(400);
    expect(rpc.body).toMatchObject({ error: { code: -32600, data: { code: "reserved_key" } } });
    const stepped = await step(ep, `{"action":{"tool":"search","arguments":${PROTO}}}`);
    expect(stepped.status).toBe(400);
    expect((stepped.body as ErrorBody).error.code).toBe("reserved_key");
  });

  it("constructor is an ordinary key: refused by a closed schema, passed whole by an open one", async () => {
    const ep = await openEpisode("strict-input");
    const closed = await rest(ep, "search", '{"constructor":1,"query":"love"}');
    expect(closed.status).toBe(400);
    expect((closed.body as ErrorBody).error.code).toBe("invalid_arguments");
    const open = await rest(ep, "echo", '{"constructor":{"name":"x"},"toString":2}');
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({
      ok: true,
      result: {
        keys: ["constructor", "toString"],
        args: { constructor: { name: "x" }, toString: 2 },
      },
    });
  });
});

describe("an Idempotency-Key reused for a different request", () => {
  it("REST: 422 idempotency_key_reused (other arguments, other tool); the same request replays", async () => {
    const ep = await openEpisode("strict-input");
    const headers = { "idempotency-key": "k-1" };
    const first = await rest(ep, "echo", '{"n":1}', headers);
    expect(first.body).toMatchObject({ ok: true, replayed: false });
    const again = await rest(ep, "echo", '{ "n" : 1 }', headers);
    expect(again.body).toMatchObject({ ok: true, replayed: true, step: first.body.step });
    const otherArgs = await rest(ep, "echo", '{"n":2}', headers);
    expect(otherArgs.status).toBe(422);
    expect((otherArgs.body as ErrorBody).error).toMatchObject({
      code: "idempotency_key_reused",
      details: { idempotencyKey: "k-1", tool: "echo" },
    });
    const otherTool = await rest(ep, "search", '{"query":"love"}', headers);
    expect(otherTool.status).toBe(422);
    expect((otherTool.body as ErrorBody).error.code).toBe("idempotency_key_reused");
    // Refusals are not steps: only the first call counted.
    const info = await api<{ step: number }>("GET", `/v1/episodes/${ep}`);
    expect(info.body.step).toBe(1);
  });

  it("tool_calls: the reused call's message carries the error", async () => {
    const ep = await openEpisode("strict-input");
    const send = (args: string) =>
      api<{ messages: { content: string }[] }>("POST", `/v1/episodes/${ep}/tool_calls`, {
        headers: { "idempotency-key": "turn-1" },
        body: { tool_calls: [{ id: "c1", function: { name: "echo", arguments: args } }] },
      });
    expect(JSON.parse((await send('{"n":1}')).body.messages[0]?.content ?? "")).toMatchObject({
      args: { n: 1 },
    });
    const reused = await send('{"n":2}');
    expect(contentOf(reused.body.messages[0]?.content).error.code).toBe("idempotency_key_reused");
  });

  it("OpenEnv step: a request_id reused for another action answers 422", async () => {
    const ep = await openEpisode("strict-input");
    const body = (n: number) =>
      JSON.stringify({ action: { tool: "echo", arguments: { n } }, request_id: "r-1" });
    expect((await step(ep, body(1))).status).toBe(200);
    const replay = await step(ep, body(1));
    expect(replay.body.info).toMatchObject({ replayed: true });
    const reused = await step(ep, body(2));
    expect(reused.status).toBe(422);
    expect((reused.body as ErrorBody).error.code).toBe("idempotency_key_reused");
  });
});
