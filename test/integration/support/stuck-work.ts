// Stuck queue work, for the tests of the cron's sweep and of a message's deadline: import jobs of
// the source server's CSV, a queue that records what a producer sent, a row's `updated_at` set by
// hand (instead of waiting out a lease), and the Worker's cron run at a chosen time.
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { catalogDb } from "../../../workers/catalog/catalog-db";
import { insertImportJob } from "../../../workers/catalog/import-jobs";
import type { AppEnv } from "../../../workers/env";
import worker from "../../../workers/index";
import { ImportRequestSchema } from "../../../workers/schemas/import-schemas";

const origin = (env as unknown as { SOURCE_SERVER_ORIGIN: string }).SOURCE_SERVER_ORIGIN;
export const db = () => catalogDb(env.CATALOG);
let serial = 0;

/** A new id starting `prefix`: a counter, readable in a failure, then a random tail. */
export function stuckId(prefix: string): string {
  serial += 1;
  return `${prefix}${serial}${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
}

/** What a producer was asked to send: the Queue binding itself is outside the product. */
export function recordingQueue(): { queue: Queue; sent: unknown[] } {
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

/** A queued import job of the source server's CSV at `path` (its own name and table). */
export async function importJob(path: string): Promise<string> {
  const id = stuckId("imp_stuck");
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

/** Sets a catalog row's `updated_at`, where its lease is counted from. */
export async function touchedAt(table: string, id: string, at: Date): Promise<void> {
  await env.CATALOG.prepare(`update ${table} set updated_at = ? where id = ?`)
    .bind(at.toISOString(), id)
    .run();
}

/** One run of the Worker's cron, as if it fired at `at`. */
export async function runCron(target: AppEnv, at: Date): Promise<void> {
  const controller = createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, target, ctx);
}
