// Tool admission: run every tool's unit tests against the seeded database, each call inside a
// transaction that is rolled back, and admit a tool only when all its tests pass. Pure and
// synchronous around the database, so the EpisodeDO and Node tests run the same code.

import type { Json } from "../base/json";
import { validateArguments } from "../base/json-schema/validate-arguments";
import { trackingCreatedTables } from "../episode/change-tracking";
import { toToolError } from "../episode/run-tool-call";
import type { SqlDatabase } from "../episode/sql-database";
import type { ToolError } from "../episode/tool-call";
import type { ExecutionLimits, ExecutionOutcome, ToolHost, ToolSandbox } from "../sandbox/executor";
import { toolProblems } from "./admission-rules";
import { type ChangeCounts, changesMismatch } from "./change-counts";
import { firstMismatch } from "./json-match";
import { measureChanges } from "./measure-changes";
import type { SeedData, ToolSpec, ToolTest } from "./spec";

export interface AdmissionInput {
  tools: readonly ToolSpec[];
  /** The tools' implementations, loaded once; `loadErrors` names those that did not compile. */
  sandbox: ToolSandbox;
  /** Loaded with `seed`, with change tracking installed. */
  db: SqlDatabase;
  seed: SeedData;
  /** Runs `fn` in a transaction that is rolled back afterwards, returning what `fn` returned. */
  inRollback<T>(fn: () => T): T;
  /** A fresh host (clock, PRNG, ids from a fixed seed) for each test, so results are stable. */
  createHost(test: { tool: string; test: string }): ToolHost;
  limits?: Partial<ExecutionLimits>;
}

export interface TestReport {
  tool: string;
  test: string;
  passed: boolean;
  expected: ToolTest["expect"];
  actual: { result?: Json; error?: ToolError; changes: ChangeCounts };
  fuel: number;
  reason?: string;
}

export interface ToolReport {
  tool: string;
  effect: ToolSpec["effect"];
  admitted: boolean;
  passed: number;
  failed: number;
  /** Why the tool is not admitted beyond its failing tests (schema, missing tests, compile error). */
  problems: string[];
}

export interface AdmissionReport {
  /** True when every tool is admitted. */
  admitted: boolean;
  tools: ToolReport[];
  /** One per tool test, in tool order then test order. */
  results: TestReport[];
  /** Every tool's problems, as `tool: problem`. */
  problems: string[];
  totals: { tools: number; admittedTools: number; tests: number; passed: number; failed: number };
}

export function runToolTests(input: AdmissionInput): AdmissionReport {
  const tools: ToolReport[] = [];
  const results: TestReport[] = [];
  for (const tool of input.tools) {
    const loadError = input.sandbox.loadErrors.get(tool.name);
    const problems = toolProblems(tool, loadError);
    const reports = tool.tests.map((test) => runTest(input, tool, test, loadError));
    const passed = reports.filter((r) => r.passed).length;
    const failed = reports.length - passed;
    tools.push({
      tool: tool.name,
      effect: tool.effect,
      admitted: problems.length === 0 && failed === 0,
      passed,
      failed,
      problems,
    });
    results.push(...reports);
  }
  const passed = results.filter((t) => t.passed).length;
  const admittedTools = tools.filter((t) => t.admitted).length;
  return {
    admitted: admittedTools === tools.length,
    tools,
    results,
    problems: tools.flatMap((t) => t.problems.map((p) => `${t.tool}: ${p}`)),
    totals: {
      tools: tools.length,
      admittedTools,
      tests: results.length,
      passed,
      failed: results.length - passed,
    },
  };
}

function runTest(
  input: AdmissionInput,
  tool: ToolSpec,
  test: ToolTest,
  loadError: string | undefined,
): TestReport {
  const base = { tool: tool.name, test: test.name, expected: test.expect };
  if (loadError !== undefined) {
    const reason = `the implementation does not compile: ${loadError}`;
    return { ...base, passed: false, actual: { changes: {} }, fuel: 0, reason };
  }
  const args: Json = test.args;
  const rejection = rejectArguments(tool, args);
  // Like a real call, arguments that break the input schema never reach the tool.
  if (rejection) return judged(base, tool, { error: rejection, changes: {} }, 0);
  let run: { outcome: ExecutionOutcome; changes: ChangeCounts };
  try {
    run = input.inRollback(() => {
      const host = input.createHost({ tool: tool.name, test: test.name });
      const outcome = trackingCreatedTables(input.db, () =>
        input.sandbox.call(tool.name, args, host, input.limits),
      );
      // A failed call keeps none of its writes at run time (its transaction rolls back), so
      // there is nothing to measure.
      return { outcome, changes: outcome.ok ? measureChanges(input.db, input.seed) : {} };
    });
  } catch (err) {
    const reason = `the host failed while running the test: ${err instanceof Error ? err.message : String(err)}`;
    return { ...base, passed: false, actual: { changes: {} }, fuel: 0, reason };
  }
  const { outcome, changes } = run;
  const actual = outcome.ok
    ? { result: outcome.result, changes }
    : { error: toToolError(outcome.error), changes };
  return judged(base, tool, actual, outcome.fuel);
}

function rejectArguments(tool: ToolSpec, args: Json): ToolError | null {
  let verdict: ReturnType<typeof validateArguments>;
  try {
    verdict = validateArguments(tool.inputSchema, args);
  } catch {
    return null; // An unusable schema is reported as a tool problem; the call still runs.
  }
  if (verdict.valid) return null;
  return {
    code: "invalid_arguments",
    message: verdict.errors.map((e) => `${e.path || "/"}: ${e.message}`).join("; "),
    details: { errors: verdict.errors.map((e) => ({ path: e.path, message: e.message })) },
  };
}

function judged(
  base: Pick<TestReport, "tool" | "test" | "expected">,
  tool: ToolSpec,
  actual: TestReport["actual"],
  fuel: number,
): TestReport {
  const reasons = judge(tool, base.expected, actual);
  return {
    ...base,
    passed: reasons.length === 0,
    actual,
    fuel,
    ...(reasons.length === 0 ? {} : { reason: reasons.join("; ") }),
  };
}

function judge(tool: ToolSpec, expect: ToolTest["expect"], actual: TestReport["actual"]): string[] {
  if (expect.error) {
    if (!actual.error) return [`expected error "${expect.error.code}", got a result`];
    if (actual.error.code !== expect.error.code) {
      return [
        `expected error "${expect.error.code}", got "${actual.error.code}": ${actual.error.message}`,
      ];
    }
    return [];
  }
  if (actual.error) return [`failed with "${actual.error.code}": ${actual.error.message}`];
  const reasons: string[] = [];
  if (expect.result !== undefined) {
    const mismatch = firstMismatch(expect.result, actual.result ?? null, expect.match ?? "exact");
    if (mismatch) reasons.push(mismatch);
  }
  if (expect.changes || tool.effect === "read") {
    const mismatch = changesMismatch(expect.changes ?? {}, actual.changes);
    if (mismatch)
      reasons.push(tool.effect === "read" ? `a read tool changed state: ${mismatch}` : mismatch);
  }
  return reasons;
}
