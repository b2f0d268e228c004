// A queue message whose work never settles (a source URL that never answers) is abandoned at its
// deadline: the rest of its batch goes on, the invocation completes, and a dead letter fails the job.
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { catalogDb } from "../../workers/catalog/catalog-db";
import { getImportJob, insertImportJob } from "../../workers/catalog/import-jobs";
import type { AppEnv } from "../../workers/env";
import worker from "../../workers/index";
import { ImportRequestSchema } from "../../workers/schemas/import-schemas";

const origin = (env as unknown as { SOURCE_SERVER_ORIGIN: string }).SOURCE_SERVER_ORIGIN;
const db = () => catalogDb(env.CATALOG);
let serial = 0;

/** What a producer was asked to send: the Queue binding itself is outside the product. */
function _recordingQueue(): { queue: Queue; sent: unknown[] } {
  const sent: unknown[] = [];
  const queue = {
    send: async (body: unknown) => {
      sent.push(body);
    },
    sendBatch: async (messages: Iterable<MessageSendRequest>) => {
      for (const message of messages) sent.push(message.body);
    },
  };
  return { queue: queue as unknown as Queue, sent };
}

async function importJob(path: string): Promise<string> {
  serial += 1;
  const id = `imp_stuck${serial}${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const request = ImportRequestSchema.parse({
    name: `stuck-cities-${serial}`,
    license: "CC-BY-4.0",
    category: { domain: "reference", subdomain: "geography" },
    source: {
      format: "csv",
      filename: "cities.csv",
      tableName: `stuck_cities_${serial}`,
      url: `${origin}${path}`,
    },
  });
  await insertImportJob(db(), {
    id,
    request,
    sourceKey: `imports/${id}/cities.csv`,
    createdBy: "bootstrap-admin",
  });
  return id;
}

async function _touchedAt(table: string, id: string, at: Date): Promise<void> {
  await env.CATALOG.prepare(`update ${table} set updated_at = ? where id = ?`)
    .bind(at.toISOString(), id)
    .run();
}

async function _runCron(target: AppEnv, at: Date): Promise<void> {
  const controller = createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, target, ctx);
}

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
