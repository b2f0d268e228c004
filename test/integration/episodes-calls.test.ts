// Tool calls through the real Worker: results, tool errors as data, schema errors with paths,
// transactions (no partial writes), idempotency, OpenAI tool_calls, limits and hostile code.
import { beforeAll, describe, expect, it } from "vitest";
import { ledgerSpec } from "../fixtures/ledger-environment";
import { api, call, openEpisode, publish } from "./support/platform";

type CallBody = {
  ok: boolean;
  step: number;
  result?: unknown;
  error?: { code: string; message: string; details?: unknown };
  replayed: boolean;
  fuel: number;
};
type ErrorBody = {
  error: { code: string; message: string; details: { errors?: { path: string }[] } };
};

beforeAll(async () => {
  expect((await publish(ledgerSpec)).status).toBe(201);
});

const balanceOf = async (episode: string, id: number) =>
  ((await call<CallBody>(episode, "get_account", { id })).body.result as { balance: number })
    .balance;

describe("calling one tool", () => {
  it("returns the result with step, fuel and the virtual time", async () => {
    const ep = await openEpisode("ledger");
    const res = await call<CallBody & { at: string }>(ep, "get_account", { id: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: true,
      step: 1,
      result: { id: 1, owner: "ada", balance: 100 },
      replayed: false,
    });
    expect(res.body.fuel).toBeGreaterThan(0);
    expect(res.body.at).toBe("2025-01-06T09:00:01.000Z");
  });

  it("answers a tool-level failure as data (200, ok: false)", async () => {
    const ep = await openEpisode("ledger");
    const res = await call<CallBody>(ep, "get_account", { id: 42 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: false,
      error: { code: "not_found", message: "No account 42" },
    });
  });

  it("404s an unknown tool and 400s arguments that fail the schema, naming the paths", async () => {
    const ep = await openEpisode("ledger");
    const unknown = await call<ErrorBody>(ep, "drop_tables", {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("not_found");
    const bad = await call<ErrorBody>(ep, "transfer", { from: "one", amount: 0, extra: true });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_arguments");
    const paths = (bad.body.error.details.errors ?? []).map((e) => e.path).join(" ");
    expect(paths).toContain("/from");
    expect(paths).toContain("/amount");
  });

  it("keeps SQL injection in arguments inert: values are bound parameters", async () => {
    const ep = await openEpisode("ledger");
    const res = await call<CallBody>(ep, "transfer", { from: 1, to: 2, amount: 1 });
    expect(res.body.ok).toBe(true);
    const sneaky = await api<ErrorBody>("POST", `/v1/episodes/${ep}/tools/get_account`, {
      body: { id: "1; DROP TABLE accounts; --" },
    });
    expect(sneaky.status).toBe(400);
    expect(await balanceOf(ep, 2)).toBe(51);
  });

  it("rolls back every write of a call that fails halfway", async () => {
    const ep = await openEpisode("ledger");
    const before = await api<{ digest: string }>("GET", `/v1/episodes/${ep}/state`);
    const res = await call<CallBody>(ep, "transfer", { from: 1, to: 99, amount: 30 });
    expect(res.body).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(await balanceOf(ep, 1)).toBe(100);
    const after = await api<{ digest: string }>("GET", `/v1/episodes/${ep}/state`);
    expect(after.body.digest).toBe(before.body.digest);
    const overdraft = await call<CallBody>(ep, "transfer", { from: 3, to: 1, amount: 5 });
    expect(overdraft.body).toMatchObject({ ok: false, error: { code: "constraint_check" } });
  });

  it("applies a call once per idempotency key and replays the stored answer", async () => {
    const ep = await openEpisode("ledger");
    const headers = { "idempotency-key": "pay-bob-1" };
    const first = await call<CallBody>(ep, "transfer", { from: 1, to: 2, amount: 10 }, headers);
    const second = await call<CallBody>(ep, "transfer", { from: 1, to: 2, amount: 10 }, headers);
    expect(first.body.replayed).toBe(false);
    expect(second.body).toMatchObject({
      replayed: true,
      step: first.body.step,
      result: first.body.result,
    });
    expect(await balanceOf(ep, 1)).toBe(90);
  });

  it("stops at the step limit", async () => {
    const ep = await openEpisode("ledger", { maxSteps: 2 });
    await call(ep, "get_account", { id: 1 });
    await call(ep, "get_account", { id: 2 });
    const third = await call<ErrorBody>(ep, "get_account", { id: 3 });
    expect(third.status).toBe(409);
    expect(third.body.error.code).toBe("step_limit_reached");
  });
});

describe("OpenAI tool_calls", () => {
  it("answers each call with a role:tool message, errors included", async () => {
    const ep = await openEpisode("ledger");
    const res = await api<{ messages: { role: string; tool_call_id: string; content: string }[] }>(
      "POST",
      `/v1/episodes/${ep}/tool_calls`,
      {
        body: {
          tool_calls: [
            {
              id: "c1",
              type: "function",
              function: { name: "get_account", arguments: '{"id":2}' },
            },
            { id: "c2", type: "function", function: { name: "get_account", arguments: "{id:2" } },
            { id: "c3", type: "function", function: { name: "no_such_tool", arguments: "{}" } },
            { id: "c4", type: "function", function: { name: "transfer", arguments: '{"from":1}' } },
            {
              id: "c5",
              type: "function",
              function: { name: "transfer", arguments: '{"from":1,"to":2,"amount":5}' },
            },
          ],
        },
      },
    );
    expect(res.status).toBe(200);
    const contents = res.body.messages.map((m) => JSON.parse(m.content));
    expect(res.body.messages.map((m) => [m.role, m.tool_call_id])).toEqual([
      ["tool", "c1"],
      ["tool", "c2"],
      ["tool", "c3"],
      ["tool", "c4"],
      ["tool", "c5"],
    ]);
    expect(contents[0]).toEqual({ id: 2, owner: "bob", balance: 50 });
    expect(contents[1].error.code).toBe("invalid_arguments");
    expect(contents[2].error.code).toBe("not_found");
    expect(contents[3].error.code).toBe("invalid_arguments");
    expect(contents[4]).toMatchObject({ balance: 95 });
  });
});

describe("hostile tool code", () => {
  const limits: [string, string][] = [
    ["loop", "fuel"],
    ["alloc", "memory"],
    ["array", "memory"],
    ["recurse", "stack"],
    ["big", "result_size"],
  ];
  for (const [mode, limit] of limits) {
    it(`stops ${mode} with a ${limit} limit error and the episode stays usable`, async () => {
      const ep = await openEpisode("ledger");
      const res = await call<CallBody>(ep, "misbehave", { mode });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        ok: false,
        error: { code: "limit_exceeded", details: { limit } },
      });
      const next = await call<CallBody>(ep, "get_account", { id: 1 });
      expect(next.body).toMatchObject({ ok: true, result: { balance: 100 } });
    });
  }

  it("reaches no network, timers or host globals", async () => {
    const ep = await openEpisode("ledger");
    const res = await call<CallBody>(ep, "misbehave", { mode: "escape" });
    expect(res.body.result).toMatchObject({
      fetch: "undefined",
      process: "undefined",
      require: "undefined",
      setTimeout: "undefined",
    });
  });

  it("cannot leave state behind for later calls", async () => {
    const ep = await openEpisode("ledger");
    await call(ep, "misbehave", { mode: "pollute" });
    const next = await call<CallBody>(ep, "misbehave", { mode: "ok" });
    expect(next.body.result).toEqual({ ok: true, polluted: false, leak: "undefined" });
  });
});
