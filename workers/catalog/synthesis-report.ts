// A job's report from its shards' reports: requested and kept, rejections by reason with a few
// examples, failed shards with their reasons, and, when fewer were kept than asked, why.
import type { RewriteReport, SynthesisReport } from "../../core/tasks/synthesis-request";

const EXAMPLES_PER_REASON = 3;

export interface JobReport extends SynthesisReport {
  shards: { total: number; done: number; failed: number };
  failedShards: { shard: number; error: string }[];
}

interface ShardRecord {
  shard: number;
  status: "done" | "failed";
  kept: number;
  report: SynthesisReport | null;
  error: string | null;
}

export function aggregateReport(
  requested: number,
  shards: readonly ShardRecord[],
  createdAt: string,
): JobReport {
  const rejected: Record<string, number> = {};
  const examples: Record<string, string[]> = {};
  const stops = new Map<string, number>();
  let kept = 0;
  let attempts = 0;
  let rewrite: RewriteReport | undefined;
  for (const shard of shards) {
    kept += shard.kept;
    const report = shard.report;
    if (!report) continue;
    attempts += report.attempts;
    for (const [reason, n] of Object.entries(report.rejected)) {
      rejected[reason] = (rejected[reason] ?? 0) + n;
    }
    for (const [reason, list] of Object.entries(report.examples)) {
      const have = examples[reason] ?? [];
      examples[reason] = [...have, ...list].slice(0, EXAMPLES_PER_REASON);
    }
    if (report.rewrite) rewrite = addRewrite(rewrite, report.rewrite);
    if (report.stoppedBecause)
      stops.set(report.stoppedBecause, (stops.get(report.stoppedBecause) ?? 0) + 1);
  }
  const failedShards = shards
    .filter((s) => s.status === "failed")
    .map((s) => ({ shard: s.shard, error: s.error ?? "unknown error" }));
  const report: JobReport = {
    requested,
    kept,
    attempts,
    rejected,
    examples,
    seconds: Math.max(0, (Date.now() - Date.parse(createdAt)) / 1000),
    shards: {
      total: shards.length,
      done: shards.length - failedShards.length,
      failed: failedShards.length,
    },
    failedShards,
    ...(rewrite ? { rewrite } : {}),
  };
  if (kept < requested) report.stoppedBecause = stoppedBecause(rejected, failedShards, stops);
  return report;
}

/** e.g. "the environment supports fewer distinct tasks of this kind: 37 duplicate, 12 dead_end". */
function stoppedBecause(
  rejected: Record<string, number>,
  failedShards: JobReport["failedShards"],
  stops: Map<string, number>,
): string {
  const parts: string[] = [];
  const reasons = Object.entries(rejected)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${n} ${reason}`);
  if (reasons.length) {
    parts.push(`the environment supports fewer distinct tasks of this kind: ${reasons.join(", ")}`);
  }
  const [commonStop] = [...stops.entries()].sort((a, b) => b[1] - a[1]);
  if (commonStop && !reasons.length) parts.push(commonStop[0]);
  if (failedShards.length) {
    const first = failedShards[0]?.error ?? "";
    parts.push(`${failedShards.length} shard(s) failed (${first})`);
  }
  return parts.join("; ") || "synthesis kept fewer tasks than requested";
}

/** Two shards' rewrite reports as one: counts and usage summed, "ran" wins over the others. */
function addRewrite(total: RewriteReport | undefined, next: RewriteReport): RewriteReport {
  if (!total) return next;
  const reasons = { ...total.reasons };
  for (const [reason, n] of Object.entries(next.reasons))
    reasons[reason] = (reasons[reason] ?? 0) + n;
  return {
    status: total.status === "ran" || next.status === "ran" ? "ran" : next.status,
    rewritten: total.rewritten + next.rewritten,
    kept: total.kept + next.kept,
    reasons,
    examples: [...total.examples, ...next.examples].slice(0, EXAMPLES_PER_REASON),
    usage: {
      promptTokens: total.usage.promptTokens + next.usage.promptTokens,
      completionTokens: total.usage.completionTokens + next.usage.completionTokens,
      totalTokens: total.usage.totalTokens + next.usage.totalTokens,
    },
  };
}
