// Dead discovery messages: an import job whose message ran out of retries (its work kept failing
// or kept running past its deadline) is failed with that reason, so `env import` stops waiting.
// A job that finished meanwhile is left as it is. (The dead letter is recorded by dead-letters.ts.)
import { catalogDb } from "../catalog/catalog-db";
import { DiscoveryMessageSchema } from "../catalog/import-jobs";
import type { AppEnv } from "../env";
import { failUnfinishedImport } from "./stuck-imports";

export async function failDeadImports(batch: MessageBatch<unknown>, env: AppEnv): Promise<void> {
  const db = catalogDb(env.CATALOG);
  for (const message of batch.messages) {
    const parsed = DiscoveryMessageSchema.safeParse(message.body);
    if (!parsed.success) continue;
    await failUnfinishedImport(
      db,
      parsed.data.jobId,
      `gave up after ${message.attempts} deliveries of its queue message: its work kept failing or ran past its deadline`,
    );
  }
}
