// Episode state through the real Worker: isolation, byte-for-byte replay, diff, snapshots,
// reset, the call log, and expiry by alarm.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ledgerSpec } from "../fixtures/ledger-environment";
import { pastDeadline } from "./support/episode-expiry";
import { api, call, openEpisode, publish } from "./support/platform";

type CallBody = { ok: boolean; result?: unknown; step: number; at: string };
type State = { digest: string; tables: Record<string, { rows: number; digest: string }> };

beforeAll(async () => {
  expect((await publish(ledgerSpec)).status).toBe(201);
});

const script: [string, Record<string, unknown>][] = [
  ["transfer", { from: 1, to: 2, amount: 10 }],
  ["entropy", {}],
  ["transfer", { from: 2, to: 3, amount: 25 }],
  ["get_account", { id: 42 }],
  ["entropy", {}],
];

async function play(episode: string) {
  const results = [];
  for (const [tool, args] of script) results.push((await call<CallBody>(episode, tool, args)).body);
  const state = await api<State>("GET", `/v1/episodes/${episode}/state`);
  return { results, digest: state.body.digest };
}

const strip = (results: Record<string, unknown>[]) =>
  results.map(({ episodeId: _e, durationMs: _d, ...rest }) => rest);

describe("episode state", () => {
  it("isolates episodes of the same environment", async () => {
    const a = await openEpisode("ledger");
    const b = await openEpisode("ledger");
    await call(a, "transfer", { from: 1, to: 2, amount: 40 });
    const inA = await call<CallBody>(a, "get_account", { id: 1 });
    const inB = await call<CallBody>(b, "get_account", { id: 1 });
    expect(inA.body.result).toMatchObject({ balance: 60 });
    expect(inB.body.result).toMatchObject({ balance: 100 });
  });

  it("replays the same calls on a fresh episode with identical results and digest", async () => {
    const first = await play(await openEpisode("ledger", { seed: "replay" }));
    const second = await play(await openEpisode("ledger", { seed: "replay" }));
    expect(strip(second.results)).toEqual(strip(first.results));
    expect(second.digest).toBe(first.digest);
    const entropy = first.results[1]?.result as Record<string, string | number>;
    expect(entropy.now).toBe(entropy.dateNow);
    expect(entropy.now).toBe(entropy.newDate);
    // another seed draws other random numbers and ids, at the same virtual times
    const other = await play(await openEpisode("ledger", { seed: "other" }));
    const otherEntropy = other.results[1]?.result as Record<string, string | number>;
    expect(otherEntropy.random).not.toBe(entropy.random);
    expect(otherEntropy.now).toBe(entropy.now);
  });

  it("shows what changed since the episode opened", async () => {
    const ep = await openEpisode("ledger");
    await call(ep, "transfer", { from: 1, to: 2, amount: 10 });
    const diff = await api<{
      tables: Record<
        string,
        { inserted: unknown[]; updated: { changedColumns: string[] }[]; deleted: unknown[] }
      >;
    }>("GET", `/v1/episodes/${ep}/diff`);
    expect(diff.status).toBe(200);
    expect(diff.body.tables.accounts?.updated).toHaveLength(2);
    expect(diff.body.tables.accounts?.updated[0]?.changedColumns).toEqual(["balance"]);
    expect(diff.body.tables.transfers?.inserted).toHaveLength(1);
  });

  it("snapshots and restores tables, step and clock; reset returns to the start", async () => {
    const ep = await openEpisode("ledger");
    const initial = await api<State>("GET", `/v1/episodes/${ep}/state`);
    await call(ep, "transfer", { from: 1, to: 2, amount: 10 });
    const snap = await api<{ snapshotId: string; step: number }>(
      "POST",
      `/v1/episodes/${ep}/snapshots`,
    );
    expect(snap.status).toBe(201);
    expect(snap.body.step).toBe(1);
    const atSnapshot = await api<State>("GET", `/v1/episodes/${ep}/state`);
    const afterSnap = await call<CallBody>(ep, "entropy", {});
    await call(ep, "transfer", { from: 2, to: 3, amount: 60 });

    const restored = await api<{ step: number; clock: string }>(
      "POST",
      `/v1/episodes/${ep}/snapshots/${snap.body.snapshotId}/restore`,
    );
    expect(restored.status).toBe(200);
    expect(restored.body.step).toBe(1);
    expect((await api<State>("GET", `/v1/episodes/${ep}/state`)).body.digest).toBe(
      atSnapshot.body.digest,
    );
    const again = await call<CallBody>(ep, "entropy", {});
    expect(again.body.result).toEqual(afterSnap.body.result);

    const listed = await api<{ snapshots: { snapshotId: string }[] }>(
      "GET",
      `/v1/episodes/${ep}/snapshots`,
    );
    expect(listed.body.snapshots.map((s) => s.snapshotId)).toEqual([snap.body.snapshotId]);

    const reset = await api<{ step: number; clock: string }>("POST", `/v1/episodes/${ep}/reset`);
    expect(reset.body).toMatchObject({ step: 0, clock: "2025-01-06T09:00:00.000Z" });
    expect((await api<State>("GET", `/v1/episodes/${ep}/state`)).body.digest).toBe(
      initial.body.digest,
    );
    const missing = await api("POST", `/v1/episodes/${ep}/snapshots/snap_999/restore`);
    expect(missing.status).toBe(404);
  });

  it("logs every call with its arguments, outcome and fuel", async () => {
    const ep = await openEpisode("ledger");
    await call(ep, "get_account", { id: 1 });
    await call(ep, "get_account", { id: 77 });
    await call(ep, "transfer", { from: "x" });
    const log = await api<{
      calls: { step: number; tool: string; ok: boolean; error?: { code: string } }[];
    }>("GET", `/v1/episodes/${ep}/calls`);
    expect(log.body.calls.map((c) => [c.step, c.tool, c.ok, c.error?.code])).toEqual([
      [1, "get_account", true, undefined],
      [2, "get_account", false, "not_found"],
      [3, "transfer", false, "invalid_arguments"],
    ]);
  });

  it("reaps an expired episode when its alarm fires, and then answers 410", async () => {
    const ep = await openEpisode("ledger", { ttlSeconds: 10 });
    // Move the deadline into the past instead of sleeping.
    const stub = await pastDeadline(ep);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const after = await api<{ error: { code: string } }>("GET", `/v1/episodes/${ep}`);
    expect(after.status).toBe(410);
    expect(after.body.error.code).toBe("episode_expired");
    const tables = await runInDurableObject(stub, (_i, state) =>
      state.storage.sql
        .exec<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_cf_%'",
        )
        .toArray()
        .map((r) => r.name),
    );
    expect(tables).toEqual(["_aw_tombstone"]);
    // the alarm is idempotent: firing it again changes nothing
    await runDurableObjectAlarm(stub);
    expect((await api("GET", `/v1/episodes/${ep}`)).status).toBe(410);
  });
});
