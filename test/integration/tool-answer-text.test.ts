// A tool that answers text reaches the model as that text, not as a JSON string literal: an oracle
// rollout on mcp-gmail (whose tools answer text, as the real server does) stores and exports tool
// messages equal to the tools' own answers, and the `tool_calls` route, MCP `tools/call` and
// OpenEnv `step` give the same text for the same call.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import gmail from "../../catalog/dist/mcp-gmail.json";
import { EnvironmentSpecSchema } from "../../core/environment/spec";
import type { ToolMessage } from "../../core/llm/chat-schemas";
import { type Trajectory, TrajectorySchema } from "../../core/rollouts/trajectory";
import type { Task } from "../../core/tasks/task";
import { ADMIN_KEY, api, call, openEpisode, publish } from "./support/platform";
import { deliver, insertTestBatch, storedTrajectories } from "./support/rollouts";
import { synthesize } from "./support/synthesis";

type CallBody = { ok: boolean; result?: unknown };

const toolMessages = (t: Trajectory) =>
  t.messages.filter((m): m is ToolMessage => m.role === "tool");

/** A tool message's call: the assistant turn that asked for it. */
function callOf(t: Trajectory, id: string): { name: string; arguments: string } {
  for (const m of t.messages) {
    if (m.role !== "assistant") continue;
    const found = m.tool_calls?.find((c) => c.id === id);
    if (found) return found.function;
  }
  throw new Error(`no call ${id}`);
}

describe("text tool answers", () => {
  let task: Task | undefined;
  beforeAll(async () => {
    const published = await publish(EnvironmentSpecSchema.parse(gmail));
    expect(published.status, JSON.stringify(published.body).slice(0, 500)).toBe(201);
    const { tasks } = await synthesize({
      environment: "mcp-gmail",
      count: 4,
      strategy: "mixed",
      seed: "tool-answer-text",
    });
    task = tasks.find((t) => t.solution.calls.length > 0);
  }, 180_000);

  it("are stored, exported and served by every face as the tool's own text", {
    timeout: 120_000,
  }, async () => {
    if (!task) throw new Error("no mcp-gmail task with calls");
    const { batch, rollouts } = await insertTestBatch([task]);
    const [rollout] = rollouts;
    if (!rollout) throw new Error("no rollout");
    expect(await deliver([{ rolloutId: rollout.id }])).toEqual({ acked: [0], retried: [] });

    const [key] = await storedTrajectories(batch.id, rollout.id);
    const stored = TrajectorySchema.parse(await (await env.ARTIFACTS.get(key ?? ""))?.json());
    const res = await exports.default.fetch(
      `http://agent-world.test/v1/rollouts/batches/${batch.id}/export`,
      { headers: { authorization: `Bearer ${ADMIN_KEY}` } },
    );
    const body = new TextDecoder().decode(await res.arrayBuffer());
    const lines = body.split("\n").filter((l) => l !== "");
    const exported = TrajectorySchema.parse(JSON.parse(lines[0] ?? "null"));
    expect(exported.messages).toEqual(stored.messages);
    expect(stored.reward).toBe(1);

    const messages = toolMessages(stored);
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages) {
      // Never a JSON string literal of the text (`"\"ID: ...\\n..."`).
      expect(m.content.startsWith('"'), m.content.slice(0, 80)).toBe(false);
    }
    const [first] = messages;
    if (!first) throw new Error("no tool message");
    const asked = callOf(stored, first.tool_call_id);
    const args = JSON.parse(asked.arguments) as Record<string, unknown>;

    // The same first call on a fresh episode of the same seed data answers the same text.
    const ep = await openEpisode("mcp-gmail", { seed: task.episode.seed });
    const direct = await call<CallBody>(ep, asked.name, args);
    expect(direct.body.ok, JSON.stringify(direct.body)).toBe(true);
    const text = direct.body.result;
    expect(typeof text).toBe("string");
    expect(String(text)).toContain("\n");
    expect(first.content).toBe(text);

    const viaRoute = await api<{ messages: { content: string }[] }>(
      "POST",
      `/v1/episodes/${ep}/tool_calls`,
      {
        body: {
          tool_calls: [{ id: "c1", type: "function", function: asked }],
        },
      },
    );
    expect(viaRoute.body.messages[0]?.content).toBe(text);

    const viaMcp = await exports.default.fetch(`http://agent-world.test/v1/episodes/${ep}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${ADMIN_KEY}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: asked.name, arguments: args },
      }),
    });
    const rpc = (await viaMcp.json()) as { result?: { content: { text: string }[] } };
    expect(rpc.result?.content[0]?.text).toBe(text);

    const viaOpenEnv = await api<{ observation: { ok: boolean; result: unknown } }>(
      "POST",
      `/v1/episodes/${ep}/openenv/step`,
      { body: { action: { tool: asked.name, arguments: args } } },
    );
    expect(viaOpenEnv.body.observation).toMatchObject({ ok: true, result: text });
  });
});
