// The action spellings OpenEnv-style clients send, and the one form they all become.
import { describe, expect, it } from "vitest";
import { StepRequestSchema, toStepAction } from "../../core/openenv/step-action";

const parse = (action: unknown) => StepRequestSchema.safeParse({ action });
const normal = (action: unknown) => {
  const parsed = StepRequestSchema.parse({ action });
  return toStepAction(parsed.action);
};

describe("step actions", () => {
  it("accepts {tool, arguments}, defaulting arguments to {}", () => {
    expect(normal({ tool: "search", arguments: { q: "a" } })).toEqual({
      kind: "call",
      tool: "search",
      args: { q: "a" },
    });
    expect(normal({ tool: "search" })).toEqual({ kind: "call", tool: "search", args: {} });
  });

  it("accepts OpenEnv's CallToolAction and ListToolsAction", () => {
    expect(
      normal({ type: "call_tool", tool_name: "search", arguments: { q: "a" }, metadata: {} }),
    ).toEqual({
      kind: "call",
      tool: "search",
      args: { q: "a" },
    });
    expect(normal({ tool_name: "search" })).toEqual({ kind: "call", tool: "search", args: {} });
    expect(normal({ type: "list_tools" })).toEqual({ kind: "list_tools" });
  });

  it("accepts an OpenAI tool call, parsing its arguments string", () => {
    const call = {
      id: "call_1",
      type: "function",
      function: { name: "search", arguments: '{"q":"a"}' },
    };
    expect(normal(call)).toEqual({ kind: "call", tool: "search", args: { q: "a" } });
    expect(normal({ function: { name: "search", arguments: "" } })).toEqual({
      kind: "call",
      tool: "search",
      args: {},
    });
    expect(normal({ function: { name: "search", arguments: { q: "b" } } })).toEqual({
      kind: "call",
      tool: "search",
      args: { q: "b" },
    });
  });

  it("keeps arguments that are not JSON as the agent's mistake, not a 400", () => {
    expect(normal({ function: { name: "search", arguments: "{q:" } })).toMatchObject({
      kind: "unparsable",
      tool: "search",
      error: { code: "invalid_arguments" },
    });
  });

  it("passes schema-invalid arguments on for the episode to judge", () => {
    expect(normal({ tool: "search", arguments: "not an object" })).toEqual({
      kind: "call",
      tool: "search",
      args: "not an object",
    });
  });

  it("rejects shapes that are none of these", () => {
    for (const bad of [
      {},
      { tool: "" },
      { tool: "a", args: {} },
      { type: "reset" },
      "search",
      null,
      { function: {} },
    ]) {
      const result = parse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
    }
    expect(StepRequestSchema.safeParse({}).success).toBe(false);
  });

  it("allows OpenEnv's extra step fields", () => {
    const parsed = StepRequestSchema.parse({
      action: { tool: "a" },
      request_id: "r1",
      timeout_s: 5,
      render: true,
    });
    expect(parsed.request_id).toBe("r1");
  });
});
