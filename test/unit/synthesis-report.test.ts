// A synthesis job's report from its shards' reports: kept and rejections summed, why it stopped
// short, and the instruction rewrite summed across shards.
import { describe, expect, it } from "vitest";
import type { RewriteReport, SynthesisReport } from "../../core/tasks/synthesis-request";
import { aggregateReport } from "../../workers/catalog/synthesis-report";

const usage = (n: number) => ({ promptTokens: n, completionTokens: n, totalTokens: 2 * n });

function shardReport(kept: number, rewrite?: RewriteReport): SynthesisReport {
  return {
    requested: 25,
    kept,
    attempts: kept + 3,
    rejected: { duplicate: 3 },
    examples: { duplicate: ["a task seen before"] },
    seconds: 1,
    ...(rewrite ? { rewrite } : {}),
  };
}

describe("aggregateReport", () => {
  it("sums kept, rejections and the rewrite over shards, and says why it stopped short", () => {
    const report = aggregateReport(
      50,
      [
        {
          shard: 0,
          status: "done",
          kept: 25,
          error: null,
          report: shardReport(25, {
            status: "ran",
            rewritten: 20,
            kept: 5,
            reasons: { leak: 3, llm: 2 },
            examples: ["leak: names the tool get_album"],
            usage: usage(100),
          }),
        },
        {
          shard: 1,
          status: "done",
          kept: 22,
          error: null,
          report: shardReport(22, {
            status: "ran",
            rewritten: 22,
            kept: 0,
            reasons: {},
            examples: [],
            usage: usage(50),
          }),
        },
      ],
      new Date().toISOString(),
    );
    expect(report).toMatchObject({ requested: 50, kept: 47, rejected: { duplicate: 6 } });
    expect(report.stoppedBecause).toMatch(/fewer distinct tasks.*6 duplicate/);
    expect(report.rewrite).toEqual({
      status: "ran",
      rewritten: 42,
      kept: 5,
      reasons: { leak: 3, llm: 2 },
      examples: ["leak: names the tool get_album"],
      usage: usage(150),
    });
  });

  it("has no rewrite section when no shard reported one", () => {
    const report = aggregateReport(
      25,
      [{ shard: 0, status: "done", kept: 25, error: null, report: shardReport(25) }],
      new Date().toISOString(),
    );
    expect(report.rewrite).toBeUndefined();
    expect(report.stoppedBecause).toBeUndefined();
  });
});
