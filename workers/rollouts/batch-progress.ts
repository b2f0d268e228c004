// A batch's progress, counted in D1 with GROUP BY (never by loading its rows): rollouts per
// status, mean reward and pass rate over the scored (done) ones, and the same per (environment,
// task kind) for the summary table.
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { CatalogDb } from "../catalog/catalog-db";
import type { ProgressSchema, SummaryRowSchema } from "../schemas/rollout-schemas";

export type Progress = z.infer<typeof ProgressSchema>;
export type SummaryRow = z.infer<typeof SummaryRowSchema>;

export async function batchProgress(db: CatalogDb, batchId: string): Promise<Progress> {
  const rows = await db.all<{
    status: string;
    n: number;
    reward: number | null;
    passed: number | null;
  }>(sql`
    select status, count(*) as n, sum(reward) as reward, sum(passed) as passed
    from rollouts where batch_id = ${batchId} group by status`);
  const count = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  const done = rows.find((r) => r.status === "done");
  const scored = done?.n ?? 0;
  return {
    total: rows.reduce((sum, r) => sum + r.n, 0),
    queued: count("queued"),
    running: count("running"),
    done: scored,
    failed: count("failed"),
    cancelled: count("cancelled"),
    meanReward: scored > 0 ? (done?.reward ?? 0) / scored : null,
    passRate: scored > 0 ? (done?.passed ?? 0) / scored : null,
  };
}

export async function batchSummary(db: CatalogDb, batchId: string): Promise<SummaryRow[]> {
  const rows = await db.all<{
    environment: string;
    kind: string;
    rollouts: number;
    scored: number;
    mean_reward: number | null;
    pass_rate: number | null;
  }>(sql`
    select environment_name as environment, task_kind as kind, count(*) as rollouts,
      sum(status = 'done') as scored,
      avg(case when status = 'done' then reward end) as mean_reward,
      avg(case when status = 'done' then passed end) as pass_rate
    from rollouts where batch_id = ${batchId}
    group by environment_name, task_kind order by environment_name, task_kind`);
  return rows.map((r) => ({
    environment: r.environment,
    kind: r.kind,
    rollouts: r.rollouts,
    scored: r.scored,
    meanReward: r.mean_reward,
    passRate: r.pass_rate,
  }));
}
