// reset / step / state / schema over an in-memory episode: Gymnasium's names, a bad action as data,
// truncation at the step limit and on expiry, the digest moving after a write.
import { describe, expect, it } from "vitest";
import { openEnvReset } from "../../core/openenv/reset";
import { openEnvSchemas } from "../../core/openenv/schema";
import { openEnvState } from "../../core/openenv/state";
import { openEnvStep } from "../../core/openenv/step";
import type { StepAction } from "../../core/openenv/step-action";
import { FAKE_TOOLS, FakeEpisode } from "./mcp-fake-episode";

const call = (tool: string, args: unknown = {}): StepAction => ({ kind: "call", tool, args });

describe("reset", () => {
  it("resets and returns the tools in OpenAI format", async () => {
    const episode = new FakeEpisode();
    episode.step = 4;
    const reset = await openEnvReset(episode);
    expect(episode.step).toBe(0);
    expect(reset.observation.done).toBe(false);
    expect(reset.observation.instruction).toBeNull();
    expect(reset.observation.tools[0]).toMatchObject({
      type: "function",
      function: { name: "search_tracks" },
    });
    expect(reset.info).toMatchObject({
      episode_id: episode.id,
      step: 0,
      max_steps: 10,
      environment: "chinook@1.0.0",
    });
    expect(reset).toMatchObject({ reward: null, done: false });
  });

  it("accepts this episode's seed and id, refuses others", async () => {
    const episode = new FakeEpisode();
    await expect(
      openEnvReset(episode, { seed: "seed-1", episode_id: episode.id }),
    ).resolves.toBeDefined();
    await expect(openEnvReset(episode, { seed: 42 })).rejects.toMatchObject({
      code: "validation_failed",
    });
    await expect(openEnvReset(episode, { episode_id: "ep_other" })).rejects.toMatchObject({
      code: "validation_failed",
    });
  });
});

describe("step", () => {
  it("answers a successful call with Gymnasium's names and OpenEnv's done", async () => {
    const episode = new FakeEpisode();
    const step = await openEnvStep(episode, episode.id, call("create_playlist", { name: "A" }), {
      idempotencyKey: "k1",
    });
    expect(step).toMatchObject({
      observation: {
        tool: "create_playlist",
        ok: true,
        result: { playlistId: 1, name: "A" },
        done: false,
      },
      reward: 0,
      terminated: false,
      truncated: false,
      done: false,
      info: { episode_id: episode.id, step: 1, max_steps: 10, fuel: 101, replayed: false },
    });
    expect(episode.calls[0]).toMatchObject({ idempotencyKey: "k1" });
  });

  it("makes a tool error, an unknown tool and bad arguments observations, each a step", async () => {
    const episode = new FakeEpisode();
    const toolError = await openEnvStep(episode, episode.id, call("get_customer", { id: 9 }));
    expect(toolError.observation).toMatchObject({ ok: false, error: { code: "not_found" } });
    const unknown = await openEnvStep(episode, episode.id, call("nope"));
    expect(unknown.observation).toMatchObject({
      tool: "nope",
      ok: false,
      error: { code: "not_found", details: { tool: "nope" } },
    });
    expect(unknown.info.step).toBe(2);
    const badArgs = await openEnvStep(episode, episode.id, call("get_customer", {}));
    expect(badArgs.observation).toMatchObject({ ok: false, error: { code: "invalid_arguments" } });
    expect(badArgs).toMatchObject({ truncated: false, done: false, info: { step: 3 } });
  });

  it("answers unparsable OpenAI arguments without calling the episode", async () => {
    const episode = new FakeEpisode();
    const error = { code: "invalid_arguments", message: "not JSON" };
    const step = await openEnvStep(episode, episode.id, {
      kind: "unparsable",
      tool: "search_tracks",
      error,
    });
    expect(step.observation).toMatchObject({ ok: false, error });
    expect(episode.calls).toHaveLength(0);
  });

  it("truncates on the step that reaches the limit, and after it", async () => {
    const episode = new FakeEpisode(undefined, { maxSteps: 2 });
    const first = await openEnvStep(episode, episode.id, call("search_tracks", { query: "a" }));
    expect(first).toMatchObject({ truncated: false, done: false });
    const second = await openEnvStep(episode, episode.id, call("search_tracks", { query: "b" }));
    expect(second).toMatchObject({
      truncated: true,
      terminated: false,
      done: true,
      info: { step: 2 },
    });
    expect(second.observation).toMatchObject({ ok: true, done: true });
    const third = await openEnvStep(episode, episode.id, call("search_tracks", { query: "c" }));
    expect(third).toMatchObject({
      truncated: true,
      done: true,
      observation: { ok: false, error: { code: "step_limit_reached" } },
    });
  });

  it("truncates when the episode expired instead of failing the request", async () => {
    const episode = new FakeEpisode();
    episode.expired = true;
    const step = await openEnvStep(episode, episode.id, call("search_tracks", { query: "a" }));
    expect(step).toMatchObject({
      truncated: true,
      done: true,
      observation: { ok: false, error: { code: "episode_expired" } },
      info: { episode_id: episode.id, step: null, max_steps: null },
    });
  });

  it("lets a missing episode through as an error", async () => {
    const episode = new FakeEpisode(undefined, { missing: true });
    await expect(openEnvStep(episode, episode.id, call("search_tracks"))).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("answers OpenEnv's list_tools action without taking a step", async () => {
    const episode = new FakeEpisode();
    const step = await openEnvStep(episode, episode.id, { kind: "list_tools" });
    expect(step.observation).toMatchObject({ done: false });
    const tools = "tools" in step.observation ? step.observation.tools : [];
    expect(tools.map((t) => t.name)).toEqual(FAKE_TOOLS.map((t) => t.name));
    expect(tools[0]?.input_schema).toEqual(FAKE_TOOLS[0]?.inputSchema);
    expect(step.info.step).toBe(0);
  });
});

describe("state and schema", () => {
  it("reports episode_id, step_count and a digest that changes after a write", async () => {
    const episode = new FakeEpisode();
    const before = await openEnvState(episode);
    expect(before).toMatchObject({
      episode_id: episode.id,
      step_count: 0,
      environment: "chinook@1.0.0",
      status: "active",
    });
    await openEnvStep(episode, episode.id, call("create_playlist", { name: "A" }));
    const after = await openEnvState(episode);
    expect(after.step_count).toBe(1);
    expect(after.digest).not.toBe(before.digest);
  });

  it("describes the action per tool and the observation and state as JSON Schema", () => {
    const schemas = openEnvSchemas(FAKE_TOOLS);
    const oneOf = schemas.action.oneOf as {
      properties: { tool: { const: string }; arguments: unknown };
    }[];
    expect(oneOf.map((o) => o.properties.tool.const)).toEqual(FAKE_TOOLS.map((t) => t.name));
    expect(oneOf[0]?.properties.arguments).toEqual(FAKE_TOOLS[0]?.inputSchema);
    expect(schemas.observation).toHaveProperty("anyOf");
    expect(schemas.state).toMatchObject({
      type: "object",
      required: expect.arrayContaining(["episode_id", "step_count", "digest"]),
    });
  });
});
