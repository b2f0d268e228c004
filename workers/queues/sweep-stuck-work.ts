// The cron's sweep (wrangler.toml `[triggers]`, every 5 minutes in every env): nothing waits
// forever on a lost message or a dead worker. Import jobs and synthesis shards past their lease are
// sent again or failed (stuck-imports.ts, stuck-syntheses.ts); quiet rollout batches have their
// waiting rollouts sent again (revive-stalled.ts; a rollout's claims are capped by MAX_CLAIMS).
// Each part runs even when another fails, and a failure still fails the invocation (it is logged).
import { catalogDb } from "../catalog/catalog-db";
import type { AppEnv } from "../env";
import { reviveStalledBatches } from "../rollouts/revive-stalled";
import { sweepStuckImports } from "./stuck-imports";
import { sweepStuckSyntheses } from "./stuck-syntheses";

export async function sweepStuckWork(env: AppEnv, now: Date = new Date()): Promise<void> {
  const db = catalogDb(env.CATALOG);
  const parts = await Promise.allSettled([
    sweepStuckImports(env, db, now),
    sweepStuckSyntheses(env, db, now),
    reviveStalledBatches(env, db),
  ]);
  const failures = parts.flatMap((part) => (part.status === "rejected" ? [part.reason] : []));
  for (const failure of failures) console.error("sweep: a part failed", failure);
  if (failures.length) throw new AggregateError(failures, "the sweep of stuck work failed");
}
