// The OpenAI-compatible client against a real local HTTP server with scripted answers: a normal
// answer with usage, tool calls offered and answered (normalised however the server wrote them), a
// 429 then success (honouring Retry-After), 500s until it gives up, a server too slow for the
// client's or the request's timeout, malformed and wrongly shaped bodies, and a refused key.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../../core/base/errors";
import { createOpenAiClient, type OpenAiClientOptions } from "../../core/llm/openai-client";
import {
  answer,
  type ScriptedOpenAiServer,
  startScriptedOpenAiServer,
} from "../support/scripted-openai-server";

let server: ScriptedOpenAiServer;
let slept: number[];

beforeAll(async () => {
  server = await startScriptedOpenAiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  slept = [];
});

function client(options: OpenAiClientOptions = {}) {
  return createOpenAiClient(
    { baseUrl: server.baseUrl, apiKey: "sk-test", model: "test-model" },
    {
      // Waits are recorded, not slept: the test stays fast and the waits are asserted.
      sleep: async (ms) => {
        slept.push(ms);
      },
      random: () => 0.5,
      retry: { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 1_000 },
      ...options,
    },
  );
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

const hello = { messages: [{ role: "user" as const, content: "hello" }] };

const albumTool = {
  type: "function" as const,
  function: {
    name: "get_album",
    description: "One album by id.",
    parameters: {
      type: "object",
      properties: { album_id: { type: "integer" } },
      required: ["album_id"],
    },
  },
};

describe("openai client", () => {
  it("posts to /chat/completions and returns the content and token usage", async () => {
    server.enqueue({ kind: "answer", content: "hi there", usage: { prompt: 7, completion: 3 } });
    const result = await client().complete({ ...hello, temperature: 0, maxTokens: 64 });
    expect(result).toEqual({
      content: "hi there",
      toolCalls: [],
      message: { role: "assistant", content: "hi there" },
      finishReason: "stop",
      usage: { promptTokens: 7, completionTokens: 3, totalTokens: 10 },
      attempts: 1,
    });
    expect(server.requests[0]).toMatchObject({
      method: "POST",
      path: "/v1/chat/completions",
      authorization: "Bearer sk-test",
      body: { model: "test-model", messages: hello.messages, temperature: 0, max_tokens: 64 },
    });
    const body = server.requests[0]?.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["max_tokens", "messages", "model", "temperature"]);
  });

  it("offers tools with tool_choice, top_p and stop, and returns the tool calls", async () => {
    server.enqueue({
      kind: "tool_calls",
      calls: [{ id: "call_abc", name: "get_album", arguments: '{"album_id": 3}' }],
    });
    const conversation = [
      { role: "system" as const, content: "You are an agent." },
      ...hello.messages,
      {
        role: "assistant" as const,
        content: null,
        tool_calls: [
          {
            id: "call_prev",
            type: "function" as const,
            function: { name: "get_album", arguments: "{}" },
          },
        ],
      },
      { role: "tool" as const, tool_call_id: "call_prev", content: '{"error": "album_id"}' },
    ];
    const result = await client().complete({
      messages: conversation,
      tools: [albumTool],
      toolChoice: "auto",
      topP: 0.9,
      stop: ["</done>"],
      seed: 7,
    });
    expect(server.requests[0]?.body).toEqual({
      model: "test-model",
      messages: conversation,
      tools: [albumTool],
      tool_choice: "auto",
      top_p: 0.9,
      stop: ["</done>"],
      seed: 7,
    });
    const call = {
      id: "call_abc",
      type: "function",
      function: { name: "get_album", arguments: '{"album_id": 3}' },
    };
    expect(result).toMatchObject({
      content: "",
      toolCalls: [call],
      message: { role: "assistant", content: null, tool_calls: [call] },
      finishReason: "tool_calls",
    });
  });

  it("sends no tools field, nor tool_choice, when no tools are offered", async () => {
    server.enqueue(answer("plain"));
    await client().complete({ ...hello, tools: [], toolChoice: "required" });
    expect(server.requests[0]?.body).toEqual({ model: "test-model", messages: hello.messages });
  });

  it("normalises tool calls: object arguments become JSON text, missing ids and types filled", async () => {
    server.enqueue({
      kind: "tool_calls",
      content: "Looking both up.",
      calls: [
        { name: "get_album", arguments: { album_id: 3, fields: ["title"] } },
        { id: "call_0", name: "get_artist", arguments: "{}" },
        { name: "get_track", arguments: "{not json" },
      ],
    });
    const result = await client().complete({ ...hello, tools: [albumTool] });
    expect(result.toolCalls).toEqual([
      {
        id: "call_1",
        type: "function",
        function: { name: "get_album", arguments: '{"album_id":3,"fields":["title"]}' },
      },
      { id: "call_0", type: "function", function: { name: "get_artist", arguments: "{}" } },
      { id: "call_2", type: "function", function: { name: "get_track", arguments: "{not json" } },
    ]);
    expect(result.content).toBe("Looking both up.");
    expect(result.message).toEqual({
      role: "assistant",
      content: "Looking both up.",
      tool_calls: result.toolCalls,
    });
  });

  it("keeps content null in the message when the server omits it", async () => {
    server.enqueue({
      kind: "raw",
      body: JSON.stringify({
        choices: [
          {
            message: {
              role: "assistant",
              tool_calls: [{ function: { name: "get_album", arguments: { album_id: 1 } } }],
            },
            finish_reason: "tool_calls",
          },
        ],
      }),
    });
    const result = await client().complete({ ...hello, tools: [albumTool] });
    expect(result.content).toBe("");
    expect(result.message).toEqual({
      role: "assistant",
      content: null,
      tool_calls: [
        {
          id: "call_0",
          type: "function",
          function: { name: "get_album", arguments: '{"album_id":1}' },
        },
      ],
    });
    expect(result.usage).toEqual({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });
  });

  it("retries a 429 after the server's Retry-After, then succeeds", async () => {
    server.enqueue(
      { kind: "status", status: 429, headers: { "retry-after": "2" } },
      answer("second time lucky"),
    );
    const result = await client().complete(hello);
    expect(result.content).toBe("second time lucky");
    expect(result.attempts).toBe(2);
    expect(slept).toEqual([2_000]);
    expect(server.requests).toHaveLength(2);
  });

  it("gives up after maxAttempts 500s with `unavailable`, backing off exponentially", async () => {
    server.enqueue(...Array.from({ length: 3 }, () => ({ kind: "status" as const, status: 500 })));
    const err = await failure(client().complete(hello));
    expect(err.code).toBe("unavailable");
    expect(err.message).toMatch(/after 3 attempt\(s\): HTTP 500: scripted 500/);
    expect(server.requests).toHaveLength(3);
    expect(slept).toEqual([75, 150]);
  });

  it("does not wait for a Retry-After beyond its limit", async () => {
    server.enqueue({ kind: "status", status: 503, headers: { "retry-after": "3600" } });
    const err = await failure(client({ retry: { maxRetryAfterMs: 10_000 } }).complete(hello));
    expect(err.code).toBe("unavailable");
    expect(server.requests).toHaveLength(1);
    expect(slept).toEqual([]);
  });

  it("times out a slow server on every attempt and reports it as unavailable", async () => {
    server.enqueue(
      { kind: "slow", delayMs: 2_000, response: answer("too late") },
      { kind: "slow", delayMs: 2_000, response: answer("too late") },
    );
    const started = Date.now();
    const err = await failure(
      client({ timeoutMs: 100, retry: { maxAttempts: 2 } }).complete(hello),
    );
    expect(err.code).toBe("unavailable");
    expect(err.message).toMatch(/no answer within 100 ms/);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("lets one request's timeoutMs override the client's per-attempt timeout", async () => {
    server.enqueue(
      { kind: "slow", delayMs: 2_000, response: answer("too late") },
      { kind: "slow", delayMs: 2_000, response: answer("too late") },
    );
    const started = Date.now();
    const patient = client({ timeoutMs: 60_000, retry: { maxAttempts: 2 } });
    const err = await failure(patient.complete({ ...hello, timeoutMs: 100 }));
    expect(err.code).toBe("unavailable");
    expect(err.message).toMatch(/no answer within 100 ms/);
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("reports a network error (nothing listening) as unavailable", async () => {
    const dead = await startScriptedOpenAiServer();
    await dead.close();
    const err = await failure(
      createOpenAiClient(
        { baseUrl: dead.baseUrl, apiKey: "", model: "m" },
        { sleep: async () => {}, retry: { maxAttempts: 2 } },
      ).complete(hello),
    );
    expect(err.code).toBe("unavailable");
    expect(err.message).toMatch(/network error/);
  });

  it("rejects malformed JSON with validation_failed, without retrying", async () => {
    server.enqueue({ kind: "raw", body: '{"choices": [' });
    const err = await failure(client().complete(hello));
    expect(err.code).toBe("validation_failed");
    expect(err.message).toMatch(/malformed JSON/);
    expect(server.requests).toHaveLength(1);
  });

  it("rejects JSON that is not a chat completion", async () => {
    server.enqueue({ kind: "raw", body: JSON.stringify({ choices: [] }) });
    const err = await failure(client().complete(hello));
    expect(err.code).toBe("validation_failed");
    expect(err.details).toMatchObject({ issues: [expect.stringMatching(/^choices/)] });
  });

  it("turns a refused request (401) into bad_request at once", async () => {
    server.enqueue({ kind: "status", status: 401, message: "Incorrect API key provided" });
    const err = await failure(client().complete(hello));
    expect(err.code).toBe("bad_request");
    expect(err.message).toMatch(/HTTP 401: Incorrect API key provided/);
    expect(server.requests).toHaveLength(1);
  });
});
