// A batch's report, as `rollouts run` prints it at the end and `rollouts status` at any time:
// mean reward and pass rate per (environment, task kind), totals, throughput, first failures.
import type { z } from "zod";
import { type RolloutBatch, RolloutPage } from "../api-schemas";
import { type ApiClient, apiPath } from "../http-client";
import { type Output, oneLine, table, truncate } from "../output";

type Batch = z.infer<typeof RolloutBatch>;

/** Failed rollouts whose error is printed under the table. */
const FAILURES_SHOWN = 5;

export async function printBatchReport(
  client: ApiClient,
  batch: Batch,
  out: Output,
): Promise<void> {
  const { progress } = batch;
  const policy = batch.policy.model
    ? `${batch.policy.name} (${batch.policy.model})`
    : batch.policy.name;
  out.print(
    `batch ${batch.id} ${batch.status}: policy ${policy}, ${batch.tasks} tasks x ${batch.groupSize} samples`,
  );
  out.print("");
  out.print(summaryTable(batch));
  out.print("");
  out.print(throughputLine(batch));
  const notScored = [
    progress.failed > 0 ? `${progress.failed} failed` : "",
    progress.cancelled > 0 ? `${progress.cancelled} cancelled` : "",
    progress.queued + progress.running > 0
      ? `${progress.queued + progress.running} not finished`
      : "",
  ].filter((part) => part !== "");
  if (notScored.length > 0) out.print(notScored.join(", "));
  if (progress.failed > 0) await printFailures(client, batch.id, out);
}

export function summaryTable(batch: Batch): string {
  const rows = batch.summary.map((row) => [
    row.environment,
    row.kind,
    String(row.rollouts),
    String(row.scored),
    reward(row.meanReward),
    percent(row.passRate),
  ]);
  const { progress } = batch;
  rows.push([
    "total",
    "",
    String(progress.total),
    String(progress.done),
    reward(progress.meanReward),
    percent(progress.passRate),
  ]);
  return table(["ENVIRONMENT", "KIND", "ROLLOUTS", "SCORED", "MEAN REWARD", "PASS RATE"], rows);
}

/** `400 rollouts ended in 52.3 s (7.65 rollouts/s)`, timed by the server's clock. */
export function throughputLine(batch: Batch, now: number = Date.now()): string {
  const started = Date.parse(batch.createdAt);
  const ended = batch.finishedAt === null ? now : Date.parse(batch.finishedAt);
  const seconds = Math.max(0, (ended - started) / 1000);
  const count = batch.progress.done + batch.progress.failed;
  const rate = seconds > 0 ? (count / seconds).toFixed(2) : "-";
  const soFar = batch.finishedAt === null ? " so far" : "";
  return `${count} rollouts ended in ${seconds.toFixed(1)} s${soFar} (${rate} rollouts/s)`;
}

async function printFailures(client: ApiClient, batchId: string, out: Output): Promise<void> {
  const page = await client.request(
    RolloutPage,
    "GET",
    apiPath`/v1/rollouts/batches/${batchId}/rollouts`,
    { query: { status: "failed", limit: FAILURES_SHOWN } },
  );
  if (page.rollouts.length === 0) return;
  out.print("first failures:");
  for (const rollout of page.rollouts) {
    const where = `${rollout.environment} ${rollout.kind} ${rollout.taskId}`;
    const error = truncate(oneLine(rollout.error ?? "(no error recorded)"), 200);
    out.print(`  ${rollout.id} (${where}): ${error}`);
  }
  out.print(`all of them: agent-world rollouts list --batch ${batchId} --status failed`);
}

export function reward(value: number | null): string {
  return value === null ? "-" : value.toFixed(3);
}

export function percent(value: number | null): string {
  return value === null ? "-" : `${(value * 100).toFixed(1)}%`;
}
