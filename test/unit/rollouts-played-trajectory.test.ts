// Conversations rebuilt from the built-in policies' calls (messagesFromCalls) have exactly the shape
// the agent loop writes for the same calls, and tool messages are capped the same way everywhere.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Json } from "../../core/base/json";
import { type ExecutedCall, recordingRunner } from "../../core/episode/tool-runner";
import { AgentMessageSchema } from "../../core/llm/chat-schemas";
import { runAgentLoop } from "../../core/rollouts/agent-loop";
import { extractAnswer } from "../../core/rollouts/extract-answer";
import { createOpenAiPolicy } from "../../core/rollouts/openai-policy";
import { messagesFromCalls } from "../../core/rollouts/played-trajectory";
import { DEFAULT_SYSTEM_PROMPT } from "../../core/rollouts/system-prompt";
import { MAX_TOOL_MESSAGE_CHARS, toolMessage } from "../../core/rollouts/tool-message";
import { openChinookEpisode } from "../support/rollout-episode";
import { answer, startScriptedOpenAiServer } from "../support/scripted-openai-server";
import { catalogSpec, type NodeWorld, nodeWorld } from "../support/synthesis-harness";

const INSTRUCTION = "Change customer 5's email to new@example.com and tell me their name.";
const CALLS: { tool: string; args: Record<string, Json> }[] = [
  { tool: "get_customer", args: { customerId: 5 } },
  { tool: "get_album", args: { albumId: 99999 } },
  { tool: "no_such_tool", args: {} },
  { tool: "update_customer_contact", args: { customerId: 5, email: "new@example.com" } },
];
const ANSWER = { firstName: "František", lastName: "Wichterlová" };

let node: NodeWorld;

beforeEach(async () => {
  node = await nodeWorld(catalogSpec("chinook"));
});

afterEach(() => node.close());

/** The calls as the oracle policy plays them: through a runner on a fresh copy of the seed. */
function playedCalls(): ExecutedCall[] {
  const episode = { seed: "rollout-test", clockStart: node.world.clockStart };
  return node.world.fresh(episode, (runner) => {
    const recording = recordingRunner(runner);
    for (const call of CALLS) recording.call(call.tool, call.args);
    return recording.calls;
  }).value;
}

describe("messagesFromCalls", () => {
  it("writes one assistant turn and one tool message per call, then the answer as JSON", () => {
    const calls = playedCalls();
    const messages = messagesFromCalls(DEFAULT_SYSTEM_PROMPT, INSTRUCTION, calls, ANSWER);

    expect(messages.map((m) => m.role)).toEqual([
      "system",
      "user",
      ...CALLS.flatMap(() => ["assistant", "tool"]),
      "assistant",
    ]);
    expect(messages[2]).toEqual({
      role: "assistant",
      content: null,
      tool_calls: [
        {
          id: "call_0",
          type: "function",
          function: { name: "get_customer", arguments: '{"customerId":5}' },
        },
      ],
    });
    const tools = messages.filter((m) => m.role === "tool");
    expect(tools.map((m) => m.tool_call_id)).toEqual(["call_0", "call_1", "call_2", "call_3"]);
    expect(tools.map((m) => JSON.parse(m.content))).toMatchObject([
      { customerId: 5, firstName: "František" },
      { error: { code: "not_found", message: "No album with id 99999." } },
      { error: { code: "not_found" } },
      { contact: { email: "new@example.com" } },
    ]);
    const last = messages.at(-1);
    expect(extractAnswer(last?.content ?? "")).toEqual(ANSWER);
    for (const message of messages)
      expect(AgentMessageSchema.safeParse(message).success).toBe(true);
  });

  it("ends with DONE when there is no answer, and with no calls has just the answer turn", () => {
    const messages = messagesFromCalls("sys", "do nothing", [], null);
    expect(messages).toEqual([
      { role: "system", content: "sys" },
      { role: "user", content: "do nothing" },
      { role: "assistant", content: "DONE" },
    ]);
    expect(extractAnswer("DONE")).toBeNull();
  });

  it("gives the same conversation as the agent loop playing the same calls", async () => {
    const server = await startScriptedOpenAiServer();
    const episode = await openChinookEpisode("rollout-test");
    try {
      for (const [i, call] of CALLS.entries()) {
        server.enqueue({
          kind: "tool_calls",
          calls: [{ id: `call_${i}`, name: call.tool, arguments: JSON.stringify(call.args) }],
        });
      }
      server.enqueue(answer(JSON.stringify(ANSWER)));
      const looped = await runAgentLoop({
        systemPrompt: DEFAULT_SYSTEM_PROMPT,
        instruction: INSTRUCTION,
        tools: episode.tools,
        policy: createOpenAiPolicy({
          name: "scripted",
          baseUrl: server.baseUrl,
          model: "scripted-model",
          apiKey: "",
          timeoutMs: 5_000,
          maxAttempts: 1,
        }),
        episode,
        sampling: {},
        maxTurns: 10,
        budgetMs: 60_000,
        now: () => Date.now(),
      });

      expect(looped.finishReason).toBe("answer");
      expect(looped.answer).toEqual(ANSWER);
      expect(looped.messages).toEqual(
        messagesFromCalls(DEFAULT_SYSTEM_PROMPT, INSTRUCTION, playedCalls(), ANSWER),
      );
    } finally {
      episode.close();
      await server.close();
    }
  });
});

describe("toolMessage", () => {
  it("sends a result as its JSON text and a failure as {error: {code, message, details}}", () => {
    expect(toolMessage("c1", { ok: true, result: { a: [1, "x"] } })).toEqual({
      role: "tool",
      tool_call_id: "c1",
      content: '{"a":[1,"x"]}',
    });
    const failed = toolMessage("c2", {
      ok: false,
      error: { code: "invalid_arguments", message: "bad", details: { errors: ["/id"] } },
    });
    expect(JSON.parse(failed.content)).toEqual({
      error: { code: "invalid_arguments", message: "bad", details: { errors: ["/id"] } },
    });
  });

  it("cuts a huge result and says how much was left out", () => {
    const rows = Array.from({ length: 2_000 }, (_, i) => ({ id: i, name: `track number ${i}` }));
    const full = JSON.stringify(rows);
    const { content } = toolMessage("big", { ok: true, result: rows });

    expect(full.length).toBeGreaterThan(MAX_TOOL_MESSAGE_CHARS);
    expect(content.startsWith(full.slice(0, MAX_TOOL_MESSAGE_CHARS))).toBe(true);
    expect(content).toMatch(
      new RegExp(`\\[truncated: ${MAX_TOOL_MESSAGE_CHARS} of ${full.length} characters shown\\]$`),
    );
    expect(content.length).toBeLessThan(MAX_TOOL_MESSAGE_CHARS + 80);
  });

  it("never cuts a character in half", () => {
    // An emoji is two UTF-16 units; line one up across the cut (a text result is its own text).
    const text = `${"a".repeat(MAX_TOOL_MESSAGE_CHARS - 3)}😀😀😀`;
    expect(wellFormed(text.slice(0, MAX_TOOL_MESSAGE_CHARS))).toBe(false);
    const { content } = toolMessage("e", { ok: true, result: text });
    const head = content.slice(0, content.indexOf("\n[truncated"));
    expect(wellFormed(head)).toBe(true);
    expect(head.endsWith("😀")).toBe(true);
  });
});

/** No lone UTF-16 surrogate (String.prototype.isWellFormed is ES2024, past this project's lib). */
function wellFormed(text: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}
