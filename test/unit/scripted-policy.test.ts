// The scripted policy server (the rollout policies' test double) driven by the real OpenAI client:
// scripts registered over HTTP and in Node, every fault model once, the request log and its
// filters, the strict checks a real server makes on tool messages, latency, and many
// conversations at once answered from their own bodies.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../../core/base/errors";
import type { OpenAIChatTool } from "../../core/environment/tool-formats";
import type { AgentMessage } from "../../core/llm/chat-schemas";
import type { ChatResult } from "../../core/llm/llm-client";
import { createOpenAiClient } from "../../core/llm/openai-client";
import {
  FINAL_ANSWER,
  type PolicyRequestSummary,
  type ScriptedPolicyServer,
  startScriptedPolicyServer,
} from "../support/scripted-policy";

let policy: ScriptedPolicyServer;
let slept: number[];

beforeAll(async () => {
  policy = await startScriptedPolicyServer();
});
afterAll(() => policy.close());
beforeEach(() => {
  policy.requests.length = 0;
  policy.clearScripts();
  slept = [];
});

const tool = (name: string): OpenAIChatTool => ({
  type: "function",
  function: { name, description: `The ${name} tool.`, parameters: { type: "object" } },
});
const tools = [tool("get_album"), tool("get_artist")];

function client(model: string, timeoutMs = 5_000) {
  return createOpenAiClient(
    { baseUrl: policy.baseUrl, apiKey: "sk-policy", model },
    {
      timeoutMs,
      sleep: async (ms) => {
        slept.push(ms);
      },
      retry: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 10 },
    },
  );
}

function opening(user: string): AgentMessage[] {
  return [
    { role: "system", content: "You are a careful agent." },
    { role: "user", content: user },
  ];
}

/** An agent loop in miniature: answers every tool call with "ok" until the model stops. */
async function converse(
  model: string,
  user: string,
  maxTurns = 5,
): Promise<{ results: ChatResult[]; messages: AgentMessage[] }> {
  const messages = opening(user);
  const results: ChatResult[] = [];
  for (let turn = 0; turn < maxTurns; turn++) {
    const result = await client(model).complete({ messages, tools });
    results.push(result);
    messages.push(result.message);
    if (result.toolCalls.length === 0) break;
    for (const call of result.toolCalls) {
      messages.push({ role: "tool", tool_call_id: call.id, content: "ok" });
    }
  }
  return { results, messages };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

const control = (path: string, init?: RequestInit) => fetch(new URL(path, policy.baseUrl), init);

async function recorded(query = ""): Promise<PolicyRequestSummary[]> {
  const response = await control(`/__requests${query}`);
  const body = (await response.json()) as { requests: PolicyRequestSummary[] };
  return body.requests;
}

describe("scripted policy: scripts", () => {
  it("plays a script registered over HTTP turn by turn, then answers DONE", async () => {
    const registered = await control("/__scripts", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        match: "album 3",
        turns: [
          { toolCalls: [{ name: "get_album", arguments: { album_id: 3 } }], content: "Checking." },
          { toolCalls: [{ name: "get_artist", arguments: '{"artist_id": 1}' }] },
          { content: '{"title": "Restless and Wild"}' },
        ],
      }),
    });
    expect(registered.status).toBe(201);

    const { results } = await converse("scripted", "Which title has album 3?");
    expect(results.map((r) => r.message)).toEqual([
      {
        role: "assistant",
        content: "Checking.",
        tool_calls: [
          {
            id: "call_0_0",
            type: "function",
            function: { name: "get_album", arguments: '{"album_id":3}' },
          },
        ],
      },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "call_1_0",
            type: "function",
            function: { name: "get_artist", arguments: '{"artist_id": 1}' },
          },
        ],
      },
      { role: "assistant", content: '{"title": "Restless and Wild"}' },
    ]);
    expect(results.map((r) => r.finishReason)).toEqual(["tool_calls", "tool_calls", "stop"]);

    // Past the last turn (three assistant messages already): DONE.
    const past = await client("scripted").complete({
      messages: [
        ...opening("album 3"),
        { role: "assistant", content: "a" },
        { role: "user", content: "more" },
        { role: "assistant", content: "b" },
        { role: "user", content: "more" },
        { role: "assistant", content: "c" },
        { role: "user", content: "more" },
      ],
    });
    expect(past.content).toBe(FINAL_ANSWER);
  });

  it("takes scripts from Node, the latest match winning; no match answers DONE", async () => {
    policy.addScript({ match: "genre", turns: [{ content: "old" }] });
    policy.addScript({ match: "genre", turns: [{ content: "new" }] });
    expect((await client("scripted").complete({ messages: opening("top genre?") })).content).toBe(
      "new",
    );
    expect((await client("scripted").complete({ messages: opening("anything") })).content).toBe(
      FINAL_ANSWER,
    );
  });

  it("clears scripts over HTTP, by match or all, and refuses a body that is not a script", async () => {
    policy.addScript({ match: "alpha", turns: [{ content: "A" }] });
    policy.addScript({ match: "beta", turns: [{ content: "B" }] });
    expect((await control("/__scripts?match=alpha", { method: "DELETE" })).status).toBe(200);
    expect((await client("scripted").complete({ messages: opening("alpha") })).content).toBe(
      FINAL_ANSWER,
    );
    expect((await client("scripted").complete({ messages: opening("beta") })).content).toBe("B");
    await control("/__scripts", { method: "DELETE" });
    expect((await client("scripted").complete({ messages: opening("beta") })).content).toBe(
      FINAL_ANSWER,
    );

    const refused = await control("/__scripts", {
      method: "POST",
      body: JSON.stringify({ match: "", turns: "none" }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { issues: [expect.stringMatching(/^match/), expect.stringMatching(/^turns/)] },
    });
  });
});

describe("scripted policy: fault models", () => {
  it("final:<text> answers that text at once", async () => {
    const { results } = await converse('final:{"answer": 42}', "q");
    expect(results.map((r) => r.content)).toEqual(['{"answer": 42}']);
  });

  it("loop:<tool> never stops calling the tool", async () => {
    const { results } = await converse("loop:get_album", "q", 4);
    expect(results).toHaveLength(4);
    expect(results.map((r) => r.toolCalls.map((c) => [c.id, c.function]))).toEqual(
      [0, 1, 2, 3].map((turn) => [[`call_${turn}_0`, { name: "get_album", arguments: "{}" }]]),
    );
  });

  it("unknown-tool calls no_such_tool once, then answers DONE", async () => {
    const { results } = await converse("unknown-tool", "q");
    expect(results.map((r) => r.toolCalls.map((c) => c.function.name))).toEqual([
      ["no_such_tool"],
      [],
    ]);
    expect(results[1]?.content).toBe(FINAL_ANSWER);
  });

  it("bad-args:<tool> sends arguments that are not JSON, then answers DONE", async () => {
    const { results } = await converse("bad-args:get_album", "q");
    expect(results[0]?.toolCalls[0]?.function).toEqual({
      name: "get_album",
      arguments: "{not json",
    });
    expect(results.map((r) => r.content)).toEqual(["", FINAL_ANSWER]);
  });

  it("parallel:<a>,<b> calls both tools in one turn, then answers DONE", async () => {
    const { results, messages } = await converse("parallel:get_album,get_artist", "q");
    expect(results[0]?.toolCalls.map((c) => [c.id, c.function.name])).toEqual([
      ["call_0_0", "get_album"],
      ["call_0_1", "get_artist"],
    ]);
    expect(results[1]?.content).toBe(FINAL_ANSWER);
    expect(messages.map((m) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
      "tool",
      "assistant",
    ]);
  });

  it("status:500 fails every attempt; status:429 says Retry-After: 0", async () => {
    const err = await failure(client("status:500").complete({ messages: opening("q") }));
    expect(err.code).toBe("unavailable");
    expect(err.message).toMatch(/after 2 attempt\(s\): HTTP 500/);

    const limited = await fetch(`${policy.baseUrl}/chat/completions`, {
      method: "POST",
      body: JSON.stringify({ model: "status:429", messages: opening("q") }),
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("0");
    expect(await failure(client("status:429").complete({ messages: opening("q") }))).toMatchObject({
      code: "unavailable",
    });
  });

  it("malformed answers a body that is not JSON", async () => {
    const err = await failure(client("malformed").complete({ messages: opening("q") }));
    expect(err.code).toBe("validation_failed");
    expect(err.message).toMatch(/malformed JSON/);
  });

  it("slow:<ms> waits before answering DONE, past a short timeout", async () => {
    const started = Date.now();
    expect((await client("slow:150").complete({ messages: opening("q") })).content).toBe(
      FINAL_ANSWER,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    const err = await failure(
      client("slow:2000", 5_000).complete({ messages: opening("q"), timeoutMs: 100 }),
    );
    expect(err.message).toMatch(/no answer within 100 ms/);
  });

  it("huge:<chars> answers that many characters", async () => {
    const result = await client("huge:300000").complete({ messages: opening("q") });
    expect(result.content).toHaveLength(300_000);
  });

  it("echo-tools answers DONE and the request log shows the tools offered", async () => {
    const result = await client("echo-tools").complete({
      messages: opening("which tools?"),
      tools,
      toolChoice: "auto",
      temperature: 0.7,
      seed: 11,
    });
    expect(result.content).toBe(FINAL_ANSWER);
    expect(await recorded()).toEqual([
      {
        method: "POST",
        path: "/v1/chat/completions",
        model: "echo-tools",
        messages: 2,
        tools: ["get_album", "get_artist"],
        user: "which tools?",
        sampling: { temperature: 0.7, seed: 11 },
        authorization: "Bearer sk-policy",
      },
    ]);
  });

  it("refuses a model name it does not know (404) or cannot read (400)", async () => {
    expect(await failure(client("gpt-4o").complete({ messages: opening("q") }))).toMatchObject({
      code: "bad_request",
      message: expect.stringMatching(/HTTP 404.*gpt-4o/),
    });
    expect(await failure(client("slow:soon").complete({ messages: opening("q") }))).toMatchObject({
      code: "bad_request",
      message: expect.stringMatching(/HTTP 400/),
    });
  });
});

describe("scripted policy: strict about the conversation", () => {
  it("refuses a tool call left unanswered, and a tool message answering no call", async () => {
    const call = {
      id: "call_x",
      type: "function" as const,
      function: { name: "get_album", arguments: "{}" },
    };
    const unanswered = await failure(
      client("echo-tools").complete({
        messages: [...opening("q"), { role: "assistant", content: null, tool_calls: [call] }],
      }),
    );
    expect(unanswered.message).toMatch(/HTTP 400: messages\[3\].*missing: call_x/);

    const stray = await failure(
      client("echo-tools").complete({
        messages: [
          ...opening("q"),
          { role: "assistant", content: null, tool_calls: [call] },
          { role: "tool", tool_call_id: "call_x", content: "ok" },
          { role: "tool", tool_call_id: "call_x", content: "twice" },
        ],
      }),
    );
    expect(stray.message).toMatch(/HTTP 400: messages\[4\].*'call_x' does not/);

    const notChat = await fetch(`${policy.baseUrl}/chat/completions`, {
      method: "POST",
      body: JSON.stringify({ model: "scripted", messages: [] }),
    });
    expect(notChat.status).toBe(400);
  });
});

describe("scripted policy: request log", () => {
  it("filters and clears the log by model and user text, leaving the rest", async () => {
    await client("final:a").complete({ messages: opening("first rollout") });
    await client("final:b").complete({ messages: opening("second rollout") });
    await control("/v2/wrong/path", { method: "POST" });

    expect((await recorded()).map((r) => r.path)).toEqual([
      "/v1/chat/completions",
      "/v1/chat/completions",
      "/v2/wrong/path",
    ]);
    expect((await recorded("?model=final:b")).map((r) => r.user)).toEqual(["second rollout"]);
    expect((await recorded("?user=first")).map((r) => r.model)).toEqual(["final:a"]);

    await control("/__requests?user=first", { method: "DELETE" });
    expect((await recorded()).map((r) => r.model)).toEqual(["final:b", null]);
    await control("/__requests", { method: "DELETE" });
    expect(await recorded()).toEqual([]);
  });
});

describe("scripted policy: latency and concurrency", () => {
  it("answers many conversations at once, each from its own body", async () => {
    for (let i = 0; i < 20; i++) {
      policy.addScript({
        match: `task-${i}:`,
        turns: [
          { toolCalls: [{ name: "get_album", arguments: { i } }] },
          { content: `answer ${i}` },
        ],
      });
    }
    const runs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => converse("scripted", `task-${i}: go`)),
    );
    runs.forEach(({ results }, i) => {
      expect(results.map((r) => r.toolCalls[0]?.function.arguments ?? r.content)).toEqual([
        JSON.stringify({ i }),
        `answer ${i}`,
      ]);
    });
  });

  it("adds a fixed latency to every completion without serialising them", async () => {
    const slow = await startScriptedPolicyServer({ latencyMs: 200 });
    try {
      const lazy = createOpenAiClient({ baseUrl: slow.baseUrl, apiKey: "", model: "final:ok" });
      const started = Date.now();
      const results = await Promise.all(
        Array.from({ length: 10 }, () => lazy.complete({ messages: opening("q") })),
      );
      const elapsed = Date.now() - started;
      expect(results.map((r) => r.content)).toEqual(Array(10).fill("ok"));
      expect(elapsed).toBeGreaterThanOrEqual(190);
      expect(elapsed).toBeLessThan(1_500);
    } finally {
      await slow.close();
    }
  });
});
