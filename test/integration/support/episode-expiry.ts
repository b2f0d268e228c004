// Expiring an episode without sleeping: its stored deadline is moved into the past, so the next
// alarm (fired by hand with runDurableObjectAlarm) reaps it as if its time had run out.
import { env, runInDurableObject } from "cloudflare:test";
import type { EpisodeDO } from "../../../durable-objects/episode-do";

/** Moves episode `id`'s deadline into the past and returns its stub, for the test to fire its alarm. */
export async function pastDeadline(id: string): Promise<DurableObjectStub<EpisodeDO>> {
  const stub = env.EPISODES.get(env.EPISODES.idFromName(id));
  await runInDurableObject(stub, (instance: EpisodeDO, state) => {
    const row = state.storage.sql.exec<{ record: string }>("SELECT record FROM _aw_episode").one();
    const record = JSON.parse(row.record);
    record.expiresAt = new Date(Date.now() - 1000).toISOString();
    state.storage.sql.exec("UPDATE _aw_episode SET record = ?", JSON.stringify(record));
    // The object keeps its record in memory too; read it again so the alarm sees the new deadline.
    (instance as unknown as { loadFromStorage(): void }).loadFromStorage();
  });
  return stub;
}
