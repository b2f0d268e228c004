// An episode as an OpenEnv environment, through the real Worker: reset, steps (a good call, a tool
// error, bad arguments, an unknown tool: all observations), truncation at the step limit, the state
// digest moving after a write and coming back on reset, the schema, and 400 for a bad action shape.
import { beforeAll, describe, expect, it } from "vitest";
import { ledgerSpec } from "../fixtures/ledger-environment";
import { api, openEpisode, publish } from "./support/platform";

type Body = Record<string, unknown>;

function openenv(id: string) {
  const base = `/v1/episodes/${id}/openenv`;
  return {
    reset: (body: unknown = {}) => api<Body>("POST", `${base}/reset`, { body }),
    step: (action: unknown, extra: Body = {}) =>
      api<Body>("POST", `${base}/step`, { body: { action, ...extra } }),
    state: () => api<Body>("GET", `${base}/state`),
    schema: () => api<Body>("GET", `${base}/schema`),
  };
}

beforeAll(async () => {
  expect((await publish(ledgerSpec)).status).toBe(201);
});

describe("OpenEnv over a ledger episode", () => {
  it("resets to the first observation: tools in OpenAI format, not done", async () => {
    const id = await openEpisode("ledger");
    const { status, body } = await openenv(id).reset();
    expect(status).toBe(200);
    expect(body).toMatchObject({
      observation: { instruction: null, done: false },
      info: { episode_id: id, step: 0, environment: "ledger@1.0.0" },
      reward: null,
      done: false,
    });
    const tools = (body.observation as { tools: { type: string; function: { name: string } }[] })
      .tools;
    expect(tools.map((t) => t.function.name)).toEqual(ledgerSpec.tools.map((t) => t.name));
    expect(tools[0]?.type).toBe("function");
  });

  it("steps with every action spelling; a bad action is an observation, and a step", async () => {
    const env = openenv(await openEpisode("ledger"));
    expect(await env.step({ tool: "get_account", arguments: { id: 1 } })).toMatchObject({
      status: 200,
      body: {
        observation: { tool: "get_account", ok: true, result: { owner: "ada" }, done: false },
        reward: 0,
        terminated: false,
        truncated: false,
        done: false,
        info: { step: 1 },
      },
    });
    const callTool = { type: "call_tool", tool_name: "get_account", arguments: { id: 2 } };
    expect((await env.step(callTool)).body).toMatchObject({
      observation: { ok: true, result: { owner: "bob" } },
      info: { step: 2 },
    });
    const openAI = {
      id: "c1",
      type: "function",
      function: { name: "get_account", arguments: '{"id": 42}' },
    };
    expect(await env.step(openAI)).toMatchObject({
      status: 200,
      body: { observation: { ok: false, error: { code: "not_found" } }, info: { step: 3 } },
    });
    expect(await env.step({ tool: "get_account", arguments: { id: "one" } })).toMatchObject({
      status: 200,
      body: { observation: { ok: false, error: { code: "invalid_arguments" } }, info: { step: 4 } },
    });
    expect(await env.step({ tool: "drop_all_tables" })).toMatchObject({
      status: 200,
      body: { observation: { ok: false, error: { code: "not_found" } }, info: { step: 5 } },
    });
  });

  it("truncates at the step limit, then keeps answering with the limit as the observation", async () => {
    const env = openenv(await openEpisode("ledger", { maxSteps: 3 }));
    for (const last of [false, false, true]) {
      const { body } = await env.step({ tool: "entropy" });
      expect(body).toMatchObject({ truncated: last, done: last, terminated: false });
    }
    expect(await env.step({ tool: "entropy" })).toMatchObject({
      status: 200,
      body: {
        truncated: true,
        done: true,
        observation: { ok: false, error: { code: "step_limit_reached" } },
      },
    });
  });

  it("moves the state digest on a write, not on a read, and restores it on reset", async () => {
    const id = await openEpisode("ledger");
    const env = openenv(id);
    const initial = await env.state();
    expect(initial).toMatchObject({ status: 200, body: { episode_id: id, step_count: 0 } });
    await env.step({ tool: "get_account", arguments: { id: 1 } });
    expect((await env.state()).body.digest).toBe(initial.body.digest);
    await env.step({ tool: "transfer", arguments: { from: 1, to: 2, amount: 10 } });
    const written = await env.state();
    expect(written.body).toMatchObject({ step_count: 2 });
    expect(written.body.digest).not.toBe(initial.body.digest);
    await env.reset();
    expect((await env.state()).body).toMatchObject({ step_count: 0, digest: initial.body.digest });
  });

  it("serves JSON Schemas with one action alternative per tool", async () => {
    const { status, body } = await openenv(await openEpisode("ledger")).schema();
    expect(status).toBe(200);
    const oneOf = (body.action as { oneOf: { properties: { tool: { const: string } } }[] }).oneOf;
    expect(oneOf.map((o) => o.properties.tool.const)).toEqual(ledgerSpec.tools.map((t) => t.name));
    expect(body.state).toMatchObject({ type: "object" });
  });

  it("answers 400 validation_failed to an action of no known shape, without taking a step", async () => {
    const env = openenv(await openEpisode("ledger"));
    const { status, body } = await env.step({ tool: "get_account", args: { id: 1 } });
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: { code: "validation_failed" } });
    expect((await env.state()).body).toMatchObject({ step_count: 0 });
  });
});
