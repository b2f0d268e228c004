// Dead synthesis shards: a shard whose message ran out of retries is recorded as failed, with the
// last error its attempts noted, so its job still finishes (done with fewer tasks, or failed).
// recordShard finishes the job even when the shard was already recorded (its consumer recorded it
// and then failed to finish the job), so a dead letter never leaves a complete job running.
import { catalogDb } from "../catalog/catalog-db";
import { getSynthesisJob, recordShard, SynthesisMessageSchema } from "../catalog/synthesis-jobs";
import type { AppEnv } from "../env";

export async function failDeadShards(batch: MessageBatch<unknown>, env: AppEnv): Promise<void> {
  const db = catalogDb(env.CATALOG);
  for (const message of batch.messages) {
    const parsed = SynthesisMessageSchema.safeParse(message.body);
    if (!parsed.success) continue;
    const { jobId, shard } = parsed.data;
    const job = await getSynthesisJob(db, jobId);
    if (!job || shard >= job.shardsTotal) continue;
    const last = job.shardErrors?.[String(shard)] ?? "no error was recorded";
    await recordShard(db, jobId, shard, {
      status: "failed",
      error: `gave up after ${message.attempts} attempt(s): ${last}`,
    });
  }
}
