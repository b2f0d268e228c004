// A Durable Object reset (`ctx.abort()`) in the middle of an episode's tool call: before the call's
// transaction runs, after it ran but before its writes were durable, and after they were but
// before the answer got back; and between two calls. Each case then
// retries the call with its idempotency key, as a client that saw an error would, and counts:
// the transfer applied once, the call log and the step agreeing with it, money conserved.
import { env, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { EpisodeDO } from "../../durable-objects/episode-do";
import type { Caller } from "../../durable-objects/episode-rpc";
import { ledgerSpec } from "../fixtures/ledger-environment";
import { api, call, openEpisode, publish } from "./support/platform";

type CallBody = { ok: boolean; step: number; replayed: boolean; result?: unknown };
type LoggedCall = { seq: number; step: number; tool: string; ok: boolean; idempotencyKey?: string };

const ADMIN: Caller = { keyId: "bootstrap-admin", admin: true };
const TRANSFER = { from: 1, to: 2, amount: 10 };

const stubOf = (episode: string) => env.EPISODES.get(env.EPISODES.idFromName(episode));

/** What the episode holds now, read back through the API (a fresh instance after a reset). */
async function ledgerOf(episode: string) {
  const info = await api<{ step: number }>("GET", `/v1/episodes/${episode}`);
  const log = await api<{ calls: LoggedCall[] }>("GET", `/v1/episodes/${episode}/calls`);
  const balances = await Promise.all(
    [1, 2, 3].map(async (id) => {
      const res = await call<{ result: { balance: number } }>(episode, "get_account", { id });
      return res.body.result.balance;
    }),
  );
  return { step: info.body.step, calls: log.body.calls, balances };
}

/** The transfer applied exactly `times` times, and the log and step agree with what happened. */
async function expectConsistent(episode: string, times: number) {
  const ledger = await ledgerOf(episode);
  expect(ledger.balances).toEqual([100 - 10 * times, 50 + 10 * times, 0]);
  // Reading the balances above logged three more calls.
  const calls = ledger.calls;
  expect(calls.filter((c) => c.tool === "transfer" && c.ok)).toHaveLength(times);
  expect(calls.map((c) => c.step)).toEqual(calls.map((_, i) => i + 1));
  expect(ledger.step).toBe(calls.length);
  return ledger;
}

describe("an episode whose Durable Object is reset mid-call", () => {
  beforeAll(async () => {
    expect((await publish(ledgerSpec)).status).toBe(201);
  });

  it("applies nothing when reset before the call's transaction, and the retry applies it once", async () => {
    const episode = await openEpisode("ledger");
    const request = { tool: "transfer", args: TRANSFER, idempotencyKey: "before-commit" };
    // The fresh instance must load its tools before the call can run: the reset lands there.
    await expect(
      runInDurableObject(stubOf(episode), (instance: EpisodeDO, state) => {
        const pending = instance.callTool(ADMIN, request);
        state.abort("reset before the call ran");
        return pending;
      }),
    ).rejects.toThrow();
    await expectConsistent(episode, 0);
    const retried = await call<CallBody>(episode, "transfer", TRANSFER, {
      "idempotency-key": "before-commit",
    });
    expect(retried.body).toMatchObject({ ok: true, replayed: false });
    const ledger = await expectConsistent(episode, 1);
    expect(ledger.calls.filter((c) => c.idempotencyKey === "before-commit")).toHaveLength(1);
  });

  it("loses a call's writes with its answer when reset before they were durable", async () => {
    const episode = await openEpisode("ledger");
    const request = { tool: "transfer", args: TRANSFER, idempotencyKey: "not-durable" };
    let answered: unknown;
    await expect(
      runInDurableObject(stubOf(episode), async (instance: EpisodeDO, state) => {
        answered = await instance.callTool(ADMIN, request);
        state.abort("reset before the writes were durable");
        return answered;
      }),
    ).rejects.toThrow();
    // The call ran in the object, but its output gate held the answer until its writes were
    // durable, and the reset dropped both: for the client it never happened.
    expect(answered).toMatchObject({ ok: true, value: { ok: true, step: 1 } });
    await expectConsistent(episode, 0);
    const retried = await call<CallBody>(episode, "transfer", TRANSFER, {
      "idempotency-key": "not-durable",
    });
    // Step 4: the three balance reads above came first.
    expect(retried.body).toMatchObject({ ok: true, replayed: false, step: 4 });
    await expectConsistent(episode, 1);
  });

  it("replays the stored answer when reset after the writes were durable, applying it once", async () => {
    const episode = await openEpisode("ledger");
    const request = { tool: "transfer", args: TRANSFER, idempotencyKey: "durable" };
    await expect(
      runInDurableObject(stubOf(episode), async (instance: EpisodeDO, state) => {
        const answered = await instance.callTool(ADMIN, request);
        await state.storage.sync();
        state.abort("reset before the answer got back");
        return answered;
      }),
    ).rejects.toThrow();
    await expectConsistent(episode, 1);
    const retried = await call<CallBody>(episode, "transfer", TRANSFER, {
      "idempotency-key": "durable",
    });
    expect(retried.body).toMatchObject({ ok: true, replayed: true, step: 1 });
    await expectConsistent(episode, 1);
  });

  it("goes on from the stored record after a reset between calls", async () => {
    const episode = await openEpisode("ledger");
    const first = await call<CallBody & { at: string }>(episode, "transfer", TRANSFER);
    expect(first.body).toMatchObject({ ok: true, step: 1 });
    await expect(
      runInDurableObject(stubOf(episode), (_instance: EpisodeDO, state) => {
        state.abort("reset between calls");
      }),
    ).rejects.toThrow();
    const second = await call<CallBody & { at: string }>(episode, "transfer", TRANSFER);
    expect(second.body).toMatchObject({ ok: true, step: 2, replayed: false });
    // The virtual clock went on from where the stored record left it.
    expect(Date.parse(second.body.at)).toBeGreaterThan(Date.parse(first.body.at));
    await expectConsistent(episode, 2);
  });
});
