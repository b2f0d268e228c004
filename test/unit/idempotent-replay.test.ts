// A reused Idempotency-Key: the stored answer for the same request (whatever its key order or
// spacing), a refusal naming the key for another tool or other arguments.
import { describe, expect, it } from "vitest";
import type { StoredCall } from "../../core/episode/call-recorder";
import { replayStored } from "../../core/episode/idempotent-replay";

const stored: StoredCall = {
  tool: "transfer",
  args: { from: 1, to: 2, amount: 10 },
  response: {
    ok: true,
    value: {
      episodeId: "ep_x",
      step: 3,
      tool: "transfer",
      ok: true,
      result: { ref: "tr_1" },
      fuel: 5,
      durationMs: 1,
      at: "2025-01-06T09:00:03.000Z",
      replayed: false,
    },
  },
};

describe("replayStored", () => {
  it("replays the same request, arguments compared canonically", () => {
    const again = { tool: "transfer", args: { amount: 10, to: 2, from: 1 }, idempotencyKey: "k" };
    expect(replayStored(stored, again)).toMatchObject({
      ok: true,
      value: { step: 3, result: { ref: "tr_1" }, replayed: true },
    });
  });

  it("refuses other arguments or another tool under the same key", () => {
    for (const request of [
      { tool: "transfer", args: { from: 1, to: 2, amount: 11 }, idempotencyKey: "k" },
      { tool: "get_account", args: { from: 1, to: 2, amount: 10 }, idempotencyKey: "k" },
    ]) {
      expect(replayStored(stored, request)).toMatchObject({
        ok: false,
        error: {
          code: "idempotency_key_reused",
          details: { idempotencyKey: "k", tool: "transfer", step: 3 },
        },
      });
    }
  });
});
