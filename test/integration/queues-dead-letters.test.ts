// Dead-letter queues are consumed: each message is recorded once in D1 and acknowledged.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../workers/index";

describe("dead-letter queue consumer", () => {
  it("records each dead message once, even when delivered twice", async () => {
    const messages = [
      { id: "m-1", timestamp: new Date(), attempts: 6, body: { rolloutId: "r1" } },
      { id: "m-2", timestamp: new Date(), attempts: 6, body: { rolloutId: "r2" } },
    ];
    for (let delivery = 0; delivery < 2; delivery++) {
      const batch = createMessageBatch("agent-world-rollouts-dlq", messages);
      const ctx = createExecutionContext();
      await worker.queue(batch, env, ctx);
      const result = await getQueueResult(batch, ctx);
      expect(result.explicitAcks.sort()).toEqual(["m-1", "m-2"]);
    }
    const rows = await env.CATALOG.prepare(
      "SELECT queue, message_id, attempts, body FROM dead_letters ORDER BY message_id",
    ).all();
    expect(rows.results).toEqual([
      {
        queue: "agent-world-rollouts-dlq",
        message_id: "m-1",
        attempts: 6,
        body: '{"rolloutId":"r1"}',
      },
      {
        queue: "agent-world-rollouts-dlq",
        message_id: "m-2",
        attempts: 6,
        body: '{"rolloutId":"r2"}',
      },
    ]);
  });

  it("retries messages of a work queue that has no consumer yet", async () => {
    const batch = createMessageBatch("agent-world-training", [
      { id: "t-1", timestamp: new Date(), attempts: 1, body: { job: 1 } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryBatch.retry).toBe(true);
  });
});
