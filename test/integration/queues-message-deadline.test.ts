// A queue message whose work never settles (a source URL that never answers) is abandoned at its
// deadline: the rest of its batch goes on, the invocation completes, and a dead letter fails the job.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getImportJob } from "../../workers/catalog/import-jobs";
import type { AppEnv } from "../../workers/env";
import worker from "../../workers/index";
import { db, importJob } from "./support/stuck-work";

describe("a queue message whose work never settles", () => {
  it("is retried at its deadline while the rest of the batch is done", async () => {
    const stuck = await importJob("/never.csv");
    const fine = await importJob("/cities.csv");
    // The source fetch would wait 10 minutes; the message's deadline is half a second.
    const target: AppEnv = { ...(env as AppEnv), QUEUE_MESSAGE_TIMEOUT_MS: "500" };
    // (The generated Env types each var as its wrangler.toml value, hence no literal here.)
    Object.assign(target, { SOURCE_FETCH_TIMEOUT_MS: "600000" });
    const batch = createMessageBatch("agent-world-discovery", [
      { id: "stuck", timestamp: new Date(), attempts: 1, body: { jobId: stuck } },
      { id: "fine", timestamp: new Date(), attempts: 1, body: { jobId: fine } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, target, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual(["stuck"]);
    expect(result.explicitAcks).toEqual(["fine"]);
    expect((await getImportJob(db(), fine))?.status).toBe("published");
    expect((await getImportJob(db(), stuck))?.status).toBe("running");
  });

  it("fails its import job when the message is dead-lettered", async () => {
    const id = await importJob("/never.csv");
    const batch = createMessageBatch("agent-world-discovery-dlq", [
      { id: "dead", timestamp: new Date(), attempts: 6, body: { jobId: id } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env as AppEnv, ctx);
    await getQueueResult(batch, ctx);
    const job = await getImportJob(db(), id);
    expect(job?.status).toBe("failed");
    expect(job?.error).toMatchObject({
      code: "unavailable",
      message: /gave up after 6 deliveries/,
    });
  });
});
