// Runs candidate tools through admission and the vacuity check and says, per tool, why it is not
// admitted in words a model can act on: compile errors, expected vs actual, limits, vacuous tests.
import { runToolTests, type TestReport } from "../environment/admission";
import type { ToolSpec } from "../environment/spec";
import {
  type StandIn,
  VACUOUS_REASON,
  type VacuityInput,
  vacuousTools,
} from "../environment/vacuity";

/** Everything admission needs except the tools: the caller's db, seed, rollback and executor. */
export type ToolHarness = Omit<VacuityInput, "tools">;

/** Longest JSON shown for one expected or actual value in a repair prompt. */
const MAX_SHOWN_CHARS = 1_500;

const STAND_IN_WORDS: Record<StandIn, string> = {
  returnsNull: "returns null",
  returnsEmptyObject: "returns {}",
  failsNotFound: 'fails with "not_found"',
};

/** Each tool's reasons for rejection (empty: admitted), in input order. */
export async function judgeTools(
  harness: ToolHarness,
  tools: readonly ToolSpec[],
): Promise<Map<string, string[]>> {
  const verdicts = new Map<string, string[]>();
  if (tools.length === 0) return verdicts;
  const sandbox = await harness.executor.load(tools, harness.limits);
  try {
    const report = runToolTests({ ...harness, tools, sandbox });
    for (const tool of report.tools) {
      const compiles = !sandbox.loadErrors.has(tool.tool);
      const failures = compiles
        ? report.results.filter((r) => r.tool === tool.tool && !r.passed).map(describeFailure)
        : [];
      verdicts.set(tool.tool, [...tool.problems, ...failures]);
    }
  } finally {
    sandbox.dispose();
  }
  const passing = tools.filter((t) => verdicts.get(t.name)?.length === 0);
  for (const { tool, standIn } of await vacuousTools({ ...harness, tools: passing })) {
    verdicts.set(tool, [
      `${VACUOUS_REASON}: an implementation that ${STAND_IN_WORDS[standIn]} passes them all. ` +
        "Add a test whose expected result holds real values from the data.",
    ]);
  }
  return verdicts;
}

function describeFailure(report: TestReport): string {
  const error = report.actual.error;
  const limit =
    error?.code === "limit_exceeded" && isLimitDetails(error.details)
      ? ` (the ${error.details.limit} limit)`
      : "";
  return [
    `test "${report.test}" failed: ${report.reason ?? "it did not pass"}${limit}.`,
    `expected ${shown(report.expected)};`,
    `actual ${shown(report.actual)}.`,
  ].join(" ");
}

function isLimitDetails(details: unknown): details is { limit: string } {
  return (
    typeof details === "object" &&
    details !== null &&
    "limit" in details &&
    typeof details.limit === "string"
  );
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > MAX_SHOWN_CHARS ? `${text.slice(0, MAX_SHOWN_CHARS)}...` : text;
}
