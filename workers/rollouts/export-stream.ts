// A batch's trajectories as JSONL, in rollout id order: rows are paged from D1 and each stored
// trajectory is copied from R2 as the reader pulls, so memory holds a few trajectories, never
// the batch. Rollouts without a stored trajectory (queued, running, failed early) are skipped.
import { catalogDb } from "../catalog/catalog-db";
import type { AppEnv } from "../env";
import { listRollouts, type RolloutRow, type RolloutStatus } from "./rollout-repository";
import { trajectoryText } from "./trajectory-store";

const PAGE = 100;
/** Trajectories fetched from R2 at once, per pull. */
const PARALLEL_READS = 8;

export function exportTrajectories(
  env: AppEnv,
  batchId: string,
  status: RolloutStatus | undefined,
): ReadableStream<Uint8Array> {
  const db = catalogDb(env.CATALOG);
  const encoder = new TextEncoder();
  let pending: RolloutRow[] = [];
  let after: string | undefined;
  let exhausted = false;
  return new ReadableStream<Uint8Array>({
    /** Enqueues at least one line or closes: a pull that enqueued nothing might not be repeated. */
    async pull(controller) {
      for (;;) {
        if (pending.length === 0 && !exhausted) {
          pending = await listRollouts(db, batchId, {
            status,
            withTrajectory: true,
            after,
            limit: PAGE,
          });
          after = pending[pending.length - 1]?.id;
          exhausted = pending.length < PAGE;
        }
        const next = pending.splice(0, PARALLEL_READS);
        if (next.length === 0) {
          controller.close();
          return;
        }
        const texts = await Promise.all(
          next.map((row) => (row.trajectoryKey ? trajectoryText(env, row.trajectoryKey) : null)),
        );
        const lines = texts.filter((text): text is string => text !== null);
        if (lines.length > 0) {
          controller.enqueue(encoder.encode(lines.map((line) => `${line}\n`).join("")));
          return;
        }
      }
    },
  });
}
