// The agent loop end to end in Node: the real OpenAI client (through the `openai` policy) against a
// real HTTP server speaking Chat Completions with scripted turns, and a real Chinook episode
// (better-sqlite3 + QuickJS, every call through runToolCall). Faults: bad JSON arguments, unknown
// tools, schema errors, a model that never stops, the time budget, cancellation, a failing policy.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentMessageSchema } from "../../core/llm/chat-schemas";
import {
  type AgentLoopInput,
  type AgentLoopResult,
  runAgentLoop,
} from "../../core/rollouts/agent-loop";
import { createOpenAiPolicy } from "../../core/rollouts/openai-policy";
import { DEFAULT_SYSTEM_PROMPT } from "../../core/rollouts/system-prompt";
import { TrajectorySchema } from "../../core/rollouts/trajectory";
import { matchAnswer } from "../../core/tasks/answer-match";
import { type NodeRolloutEpisode, openChinookEpisode } from "../support/rollout-episode";
import {
  answer,
  type ScriptedOpenAiServer,
  type ScriptedResponse,
  type ScriptedToolCall,
  startScriptedOpenAiServer,
} from "../support/scripted-openai-server";

const INSTRUCTION = "Which artist recorded album 1?";

let server: ScriptedOpenAiServer;
let episode: NodeRolloutEpisode;

beforeEach(async () => {
  server = await startScriptedOpenAiServer();
  episode = await openChinookEpisode();
});

afterEach(async () => {
  episode.close();
  await server.close();
});

function policy(settings: { timeoutMs?: number; maxAttempts?: number } = {}) {
  return createOpenAiPolicy(
    {
      name: "scripted",
      baseUrl: server.baseUrl,
      model: "scripted-model",
      apiKey: "sk-test-key",
      timeoutMs: settings.timeoutMs ?? 5_000,
      maxAttempts: settings.maxAttempts ?? 3,
    },
    // Retries happen for real (new HTTP requests); only the backoff wait is skipped.
    { sleep: async () => {} },
  );
}

function loopInput(overrides: Partial<AgentLoopInput> = {}): AgentLoopInput {
  return {
    systemPrompt: DEFAULT_SYSTEM_PROMPT,
    instruction: INSTRUCTION,
    tools: episode.tools,
    policy: policy(),
    episode,
    sampling: { temperature: 0.7, top_p: 0.95, max_tokens: 512, stop: ["</answer>"], seed: 7 },
    maxTurns: 8,
    budgetMs: 60_000,
    now: () => Date.now(),
    ...overrides,
  };
}

const toolCalls = (...calls: ScriptedToolCall[]): ScriptedResponse => ({
  kind: "tool_calls",
  calls,
});

/** The messages the model was sent in completion request `i`. */
function sentMessages(i: number): unknown[] {
  const body = server.requests[i]?.body as { messages?: unknown[] } | undefined;
  return body?.messages ?? [];
}

function toolContents(result: AgentLoopResult): unknown[] {
  return result.messages.flatMap((m) => (m.role === "tool" ? [JSON.parse(m.content)] : []));
}

/** Every message is an OpenAI chat message, and the whole rollout stores as a Trajectory. */
function expectStorable(result: AgentLoopResult): void {
  for (const message of result.messages) {
    expect(AgentMessageSchema.safeParse(message).success, JSON.stringify(message)).toBe(true);
  }
  const parsed = TrajectorySchema.safeParse({
    rolloutId: "ro_1",
    batchId: "rb_1",
    taskId: "task_1",
    groupId: "rb_1:task_1",
    sample: 0,
    attempt: 1,
    environment: { name: "chinook", version: "1.0.0" },
    task: { kind: "graph", level: "easy", instruction: INSTRUCTION },
    policy: { name: "scripted", kind: "openai", model: "scripted-model" },
    episodeId: "ep_rollout_test",
    messages: result.messages,
    tools: episode.tools,
    answer: result.answer,
    reward: 0,
    components: {},
    diff: { missing: [], unexpected: [] },
    finishReason: result.finishReason,
    turns: result.turns,
    toolCalls: result.toolCalls,
    toolErrors: result.toolErrors,
    usage: result.usage,
    timings: {
      queuedAt: "2026-01-01T00:00:00.000Z",
      startedAt: "2026-01-01T00:00:01.000Z",
      finishedAt: "2026-01-01T00:00:02.000Z",
      modelMs: result.modelMs,
      toolMs: result.toolMs,
      totalMs: result.modelMs + result.toolMs,
      overheadMs: result.toolMs,
    },
    ...(result.error ? { error: { code: result.error.code, message: result.error.message } } : {}),
  });
  expect(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues)).toBe(true);
}

describe("runAgentLoop with the openai policy", () => {
  it("takes an answer without tool calls as the final answer", async () => {
    server.enqueue(answer("42"));
    const result = await runAgentLoop(loopInput());

    expect(result).toMatchObject({
      finishReason: "answer",
      answer: 42,
      turns: 1,
      toolCalls: 0,
      toolErrors: 0,
      usage: { promptTokens: 100, completionTokens: 50, totalTokens: 150 },
    });
    expect(result.messages.map((m) => m.role)).toEqual(["system", "user", "assistant"]);
    expect(result.toolMs).toBe(0);
    // What went over the wire: the conversation, every tool in OpenAI format, the sampling, the key.
    const [request] = server.requests;
    expect(request?.authorization).toBe("Bearer sk-test-key");
    expect(request?.body).toMatchObject({
      model: "scripted-model",
      messages: [
        { role: "system", content: DEFAULT_SYSTEM_PROMPT },
        { role: "user", content: INSTRUCTION },
      ],
      temperature: 0.7,
      top_p: 0.95,
      max_tokens: 512,
      stop: ["</answer>"],
      seed: 7,
    });
    const sent = request?.body as { tools?: { function: { name: string } }[] } | undefined;
    expect(sent?.tools?.map((t) => t.function.name)).toEqual(
      episode.tools.map((t) => t.function.name),
    );
    expect(episode.batches).toEqual([]);
    expectStorable(result);
  });

  it("runs a tool call and shows its result to the model in the next request", async () => {
    // The object form of `arguments` (some servers send it) is normalised to JSON text.
    server.enqueue(
      toolCalls({ id: "call_album", name: "get_album", arguments: { albumId: 1 } }),
      answer('"AC/DC"'),
    );
    const result = await runAgentLoop(loopInput());

    expect(result).toMatchObject({ finishReason: "answer", answer: "AC/DC", turns: 2 });
    expect(result.toolCalls).toBe(1);
    expect(result.toolErrors).toBe(0);
    expect(episode.batches).toEqual([[{ tool: "get_album", args: { albumId: 1 } }]]);
    const second = sentMessages(1);
    expect(second).toHaveLength(4);
    expect(second[2]).toEqual({
      role: "assistant",
      content: null,
      tool_calls: [
        {
          id: "call_album",
          type: "function",
          function: { name: "get_album", arguments: '{"albumId":1}' },
        },
      ],
    });
    expect(second[3]).toMatchObject({ role: "tool", tool_call_id: "call_album" });
    const shown = JSON.parse((second[3] as { content: string }).content);
    expect(shown).toMatchObject({ albumId: 1, artist: { name: "AC/DC" } });
    expect(result.messages).toEqual([...second, result.messages[4]]);
    expect(matchAnswer("AC/DC", { kind: "exact" }, result.answer ?? undefined).score).toBe(1);
    expectStorable(result);
  });

  it("sends parallel tool calls in one batch and answers each in order", async () => {
    server.enqueue(
      toolCalls(
        { id: "c1", name: "get_customer", arguments: '{"customerId": 5}' },
        {
          id: "c2",
          name: "update_customer_contact",
          arguments: '{"customerId": 5, "email": "new@example.com"}',
        },
      ),
      answer("DONE"),
    );
    const result = await runAgentLoop(loopInput());

    expect(result).toMatchObject({ finishReason: "answer", answer: null, turns: 2 });
    expect(result.toolCalls).toBe(2);
    expect(episode.batches).toEqual([
      [
        { tool: "get_customer", args: { customerId: 5 } },
        { tool: "update_customer_contact", args: { customerId: 5, email: "new@example.com" } },
      ],
    ]);
    const tools = result.messages.filter((m) => m.role === "tool");
    expect(tools.map((m) => m.tool_call_id)).toEqual(["c1", "c2"]);
    expect(toolContents(result)).toMatchObject([
      { customerId: 5, email: "frantisekw@jetbrains.com" },
      { customerId: 5, contact: { email: "new@example.com" } },
    ]);
    // The write reached the episode's database.
    expect(episode.db.raw.prepare("SELECT Email FROM Customer WHERE CustomerId = 5").all()).toEqual(
      [{ Email: "new@example.com" }],
    );
    expectStorable(result);
  });

  it("answers arguments that are not a JSON object with a tool error, without calling the tool", async () => {
    server.enqueue(
      toolCalls(
        { id: "bad", name: "get_album", arguments: '{"albumId": 1' },
        { id: "list", name: "get_album", arguments: "[1]" },
        { id: "good", name: "get_album", arguments: '{"albumId": 2}' },
      ),
      answer("Balls to the Wall"),
    );
    const result = await runAgentLoop(loopInput());

    expect(result).toMatchObject({ finishReason: "answer", toolCalls: 3, toolErrors: 2 });
    expect(episode.batches).toEqual([[{ tool: "get_album", args: { albumId: 2 } }]]);
    const tools = result.messages.filter((m) => m.role === "tool");
    expect(tools.map((m) => m.tool_call_id)).toEqual(["bad", "list", "good"]);
    const [bad, list, good] = toolContents(result);
    expect(bad).toMatchObject({ error: { code: "invalid_json_arguments" } });
    expect((bad as { error: { message: string } }).error.message).toMatch(/not valid JSON/);
    expect(list).toMatchObject({ error: { code: "invalid_json_arguments" } });
    expect((list as { error: { message: string } }).error.message).toMatch(/not an array/);
    expect(good).toMatchObject({ albumId: 2, title: "Balls to the Wall" });
    // The model saw the errors before its next turn.
    expect(sentMessages(1)).toHaveLength(2 + 1 + 3);
    expectStorable(result);
  });

  it("answers an unknown tool, schema-invalid arguments and a failing tool as the episode does", async () => {
    server.enqueue(
      toolCalls(
        { id: "u", name: "drop_all_tables", arguments: "{}" },
        { id: "s", name: "get_album", arguments: '{"albumId": "one"}' },
        { id: "m", name: "get_album", arguments: '{"albumId": 99999}' },
      ),
      answer("I could not find it."),
    );
    const result = await runAgentLoop(loopInput());

    expect(result).toMatchObject({ finishReason: "answer", toolCalls: 3, toolErrors: 3 });
    expect(result.answer).toBe("I could not find it.");
    // All three reached the episode (it is the one that knows its tools and schemas).
    expect(episode.batches[0]?.map((r) => r.tool)).toEqual([
      "drop_all_tables",
      "get_album",
      "get_album",
    ]);
    expect(toolContents(result)).toMatchObject([
      {
        error: {
          code: "not_found",
          message: 'This environment has no tool named "drop_all_tables".',
        },
      },
      {
        error: {
          code: "invalid_arguments",
          details: { errors: [{ path: "/albumId" }] },
        },
      },
      { error: { code: "not_found", message: "No album with id 99999." } },
    ]);
    expectStorable(result);
  });

  it("stops a model that never stops calling tools at max_turns", async () => {
    await server.close();
    server = await startScriptedOpenAiServer({
      respond: (_body, i) => toolCalls({ name: "get_album", arguments: `{"albumId": ${i + 1}}` }),
    });
    const result = await runAgentLoop(loopInput({ policy: policy(), maxTurns: 3 }));

    expect(result).toMatchObject({
      finishReason: "max_turns",
      answer: null,
      turns: 3,
      toolCalls: 3,
      toolErrors: 0,
    });
    expect(server.requests).toHaveLength(3);
    // The last turn's calls ran too: their results are in the conversation.
    expect(result.messages.at(-1)).toMatchObject({ role: "tool" });
    expect(episode.batches.map((b) => b[0]?.args)).toEqual([
      { albumId: 1 },
      { albumId: 2 },
      { albumId: 3 },
    ]);
    expectStorable(result);
  });

  it("stops at the time budget, counting the model's time by the injected clock", async () => {
    let clock = 1_000_000;
    await server.close();
    // Every completion takes 4 s of the rollout's clock; the budget is 10 s.
    server = await startScriptedOpenAiServer({
      respond: () => {
        clock += 4_000;
        return toolCalls({ name: "get_album", arguments: '{"albumId": 1}' });
      },
    });
    const result = await runAgentLoop(
      loopInput({ policy: policy(), budgetMs: 10_000, now: () => clock }),
    );

    expect(result).toMatchObject({
      finishReason: "time_budget",
      answer: null,
      turns: 3,
      toolCalls: 3,
      modelMs: 12_000,
      toolMs: 0,
    });
    expectStorable(result);
  });

  it("never waits for a turn past what is left of the budget", async () => {
    server.enqueue({ kind: "slow", delayMs: 5_000, response: answer("42") });
    const started = Date.now();
    const result = await runAgentLoop(
      loopInput({ policy: policy({ timeoutMs: 30_000, maxAttempts: 1 }), budgetMs: 300 }),
    );

    expect(Date.now() - started).toBeLessThan(3_000);
    expect(result.finishReason).toBe("policy_error");
    expect(result.error).toMatchObject({ code: "unavailable", retryable: true });
    // The turn's timeout is what was left of the 300 ms budget when it started.
    const waited = Number(/no answer within (\d+) ms/.exec(result.error?.message ?? "")?.[1]);
    expect(waited).toBeGreaterThan(0);
    expect(waited).toBeLessThanOrEqual(300);
    expect(result.messages).toHaveLength(2);
    expectStorable(result);
  });

  it("times out each attempt at the policy's own timeout, and retries", async () => {
    server.enqueue(
      { kind: "slow", delayMs: 5_000, response: answer("1") },
      { kind: "slow", delayMs: 5_000, response: answer("2") },
    );
    const result = await runAgentLoop(
      loopInput({ policy: policy({ timeoutMs: 200, maxAttempts: 2 }) }),
    );

    expect(server.requests).toHaveLength(2);
    expect(result.error).toMatchObject({ code: "unavailable", retryable: true });
    expect(result.error?.message).toMatch(/2 attempt\(s\): no answer within 200 ms/);
    expect(result.modelMs).toBeGreaterThanOrEqual(400);
  });

  it("runs a call whose arguments are empty text as a call with no arguments", async () => {
    server.enqueue(
      toolCalls({ id: "reps", name: "list_support_reps", arguments: "" }),
      answer("3"),
    );
    const result = await runAgentLoop(loopInput());

    expect(episode.batches).toEqual([[{ tool: "list_support_reps", args: {} }]]);
    expect(result).toMatchObject({ finishReason: "answer", answer: 3, toolErrors: 0 });
    expect(toolContents(result)[0]).not.toHaveProperty("error");
  });

  it("stops with cancelled when asked to between turns", async () => {
    let asked = 0;
    server.enqueue(toolCalls({ id: "c1", name: "get_album", arguments: '{"albumId": 1}' }));
    const result = await runAgentLoop(loopInput({ shouldStop: async () => asked++ >= 1 }));

    expect(result).toMatchObject({ finishReason: "cancelled", answer: null, turns: 1 });
    expect(result.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool"]);
    expect(server.requests).toHaveLength(1);
    expectStorable(result);
  });

  it("asks the policy nothing when cancelled before the first turn", async () => {
    const result = await runAgentLoop(loopInput({ shouldStop: async () => true }));
    expect(result).toMatchObject({ finishReason: "cancelled", turns: 0 });
    expect(server.requests).toHaveLength(0);
  });

  it("ends with a retryable policy_error when the endpoint keeps answering 500, keeping the turns so far", async () => {
    server.enqueue(
      toolCalls({ id: "c1", name: "get_album", arguments: '{"albumId": 1}' }),
      { kind: "status", status: 500, message: "model crashed" },
      { kind: "status", status: 503 },
      { kind: "status", status: 500, message: "model crashed again" },
    );
    const result = await runAgentLoop(loopInput());

    expect(result.finishReason).toBe("policy_error");
    expect(result.error).toMatchObject({ code: "unavailable", retryable: true });
    expect(result.error?.message).toMatch(/3 attempt\(s\).*model crashed again/);
    expect(server.requests).toHaveLength(4);
    expect(result.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool"]);
    expect(result).toMatchObject({ turns: 1, toolCalls: 1, answer: null });
    expectStorable(result);
  });

  it("ends with a policy_error that is not retryable on a malformed body", async () => {
    server.enqueue({ kind: "raw", body: '{"choices": [' });
    const result = await runAgentLoop(loopInput());

    expect(result.finishReason).toBe("policy_error");
    expect(result.error).toMatchObject({ code: "validation_failed", retryable: false });
    expect(server.requests).toHaveLength(1);
    expectStorable(result);
  });

  it("ends with a policy_error that is not retryable when the endpoint refuses the request", async () => {
    server.enqueue({ kind: "status", status: 400, message: "context length exceeded" });
    const result = await runAgentLoop(loopInput());

    expect(result.error).toMatchObject({ code: "bad_request", retryable: false });
    expect(result.error?.message).toMatch(/context length exceeded/);
    expect(server.requests).toHaveLength(1);
  });

  it("sums token usage over the turns", async () => {
    server.enqueue(
      {
        kind: "tool_calls",
        calls: [{ name: "get_album", arguments: '{"albumId": 1}' }],
        usage: { prompt: 1_000, completion: 20 },
      },
      {
        kind: "tool_calls",
        calls: [{ name: "get_album", arguments: '{"albumId": 2}' }],
        usage: { prompt: 1_700, completion: 25 },
      },
      { kind: "answer", content: "Answer: 2", usage: { prompt: 2_300, completion: 4 } },
    );
    const result = await runAgentLoop(loopInput());

    expect(result).toMatchObject({ finishReason: "answer", answer: 2, turns: 3 });
    expect(result.usage).toEqual({
      promptTokens: 5_000,
      completionTokens: 49,
      totalTokens: 5_049,
    });
    expectStorable(result);
  });
});
