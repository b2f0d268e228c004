// One rule for the text a model reads for a tool answer (core/episode/tool-answer-text.ts): a text
// result is its own text, anything else compact JSON, a failure a compact JSON error; the agent
// loop's tool messages, the built-in policies' conversations and MCP `content` all follow it.
import { describe, expect, it } from "vitest";
import { toolAnswerText, toolErrorText, toolResultText } from "../../core/episode/tool-answer-text";
import type { ToolCallResult } from "../../core/episode/tool-call";
import { callToolResultOf } from "../../core/mcp/call-tool-result";
import { messagesFromCalls } from "../../core/rollouts/played-trajectory";
import { toolMessage } from "../../core/rollouts/tool-message";

const EMAIL = 'ID: 191c3f2a6f10d195\nSubject: "Q3" plan\nFrom: ana@example.com\n\nSee you\tthere.';

const call = (over: Partial<ToolCallResult>): ToolCallResult => ({
  episodeId: "ep_1",
  step: 1,
  tool: "read_email",
  ok: true,
  fuel: 10,
  durationMs: 1,
  at: "2025-01-06T09:00:00.000Z",
  replayed: false,
  ...over,
});

describe("toolResultText", () => {
  it("passes a text result as its own text, not as a JSON string literal", () => {
    expect(toolResultText(EMAIL)).toBe(EMAIL);
    expect(toolResultText("")).toBe("");
    expect(toolResultText('"already quoted"')).toBe('"already quoted"');
  });

  it("writes anything else as compact JSON, and nothing as null", () => {
    expect(toolResultText({ total: 2, items: [{ id: 1, name: "a b" }] })).toBe(
      '{"total":2,"items":[{"id":1,"name":"a b"}]}',
    );
    expect(toolResultText(["x\ny", 3])).toBe('["x\\ny",3]');
    expect(toolResultText(42)).toBe("42");
    expect(toolResultText(false)).toBe("false");
    expect(toolResultText(null)).toBe("null");
    expect(toolResultText(undefined)).toBe("null");
  });

  it("writes a failure as a compact JSON error, details only when there are some", () => {
    expect(toolErrorText({ code: "not_found", message: "No such email." })).toBe(
      '{"error":{"code":"not_found","message":"No such email."}}',
    );
    expect(
      toolAnswerText({ ok: false, error: { code: "bad", message: "m", details: { at: ["/id"] } } }),
    ).toBe('{"error":{"code":"bad","message":"m","details":{"at":["/id"]}}}');
  });
});

describe("every face uses it", () => {
  it("the agent loop's tool message carries the text itself", () => {
    expect(toolMessage("c1", { ok: true, result: EMAIL })).toEqual({
      role: "tool",
      tool_call_id: "c1",
      content: EMAIL,
    });
  });

  it("a built-in policy's conversation carries the text itself", () => {
    const messages = messagesFromCalls(
      "sys",
      "Read it.",
      [
        {
          tool: "read_email",
          args: { messageId: "191c3f2a6f10d195" },
          outcome: { ok: true, result: EMAIL },
        },
      ],
      null,
    );
    expect(messages[3]).toEqual({ role: "tool", tool_call_id: "call_0", content: EMAIL });
  });

  it("MCP content is the text itself, and the JSON of a structured result", () => {
    expect(callToolResultOf(call({ result: EMAIL })).content).toEqual([
      { type: "text", text: EMAIL },
    ]);
    const structured = callToolResultOf(call({ result: { id: "m1", labels: ["INBOX"] } }));
    expect(structured.content).toEqual([{ type: "text", text: '{"id":"m1","labels":["INBOX"]}' }]);
    expect(structured.structuredContent).toEqual({ id: "m1", labels: ["INBOX"] });
    const failed = callToolResultOf(
      call({ ok: false, error: { code: "not_found", message: "No such email." } }),
    );
    expect(failed).toMatchObject({
      isError: true,
      content: [
        { type: "text", text: '{"error":{"code":"not_found","message":"No such email."}}' },
      ],
    });
  });
});
