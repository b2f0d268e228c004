// The vacuity check: a tool whose tests still all pass when its implementation is replaced by a
// stand-in that does nothing (returns null, returns {}, or fails with not_found) proves nothing
// about the tool, so it must not be admitted. Runs the same admission machinery as real tests.

import type { Executor } from "../sandbox/executor";
import type { AdmissionReport } from "./admission";
import { type AdmissionInput, runToolTests } from "./admission";
import type { ToolSpec } from "./spec";

/** Implementations that cannot be right for any real tool; each one is tried alone. */
export const STAND_IN_IMPLEMENTATIONS = {
  returnsNull: "function standIn(args, ctx) { return null; }",
  returnsEmptyObject: "function standIn(args, ctx) { return {}; }",
  failsNotFound: 'function standIn(args, ctx) { ctx.fail("not_found", "x"); }',
} as const;
export type StandIn = keyof typeof STAND_IN_IMPLEMENTATIONS;

/** The rejection reason for a vacuous tool, shared by admission reports and repair prompts. */
export const VACUOUS_REASON = "its tests pass for any implementation";

/** Admission's inputs, with an executor instead of a loaded sandbox: each stand-in is loaded anew. */
export type VacuityInput = Omit<AdmissionInput, "sandbox"> & { executor: Executor };

export interface VacuousTool {
  tool: string;
  /** The first stand-in that passed every one of the tool's tests. */
  standIn: StandIn;
}

/** The tools (in input order) whose tests all pass under at least one stand-in implementation. */
export async function vacuousTools(input: VacuityInput): Promise<VacuousTool[]> {
  const found = new Map<string, StandIn>();
  for (const standIn of Object.keys(STAND_IN_IMPLEMENTATIONS) as StandIn[]) {
    const suspects = input.tools.filter((t) => !found.has(t.name));
    if (suspects.length === 0) break;
    const implementation = STAND_IN_IMPLEMENTATIONS[standIn];
    const tools: ToolSpec[] = suspects.map((t) => ({ ...t, implementation }));
    const sandbox = await input.executor.load(tools, input.limits);
    try {
      const report = runToolTests({ ...input, tools, sandbox });
      for (const tool of report.tools) {
        if (tool.failed === 0 && tool.passed > 0) found.set(tool.tool, standIn);
      }
    } finally {
      sandbox.dispose();
    }
  }
  return input.tools.flatMap((t) => {
    const standIn = found.get(t.name);
    return standIn === undefined ? [] : [{ tool: t.name, standIn }];
  });
}

/** The admission report with every vacuous tool refused, its reason among the problems. */
export function withVacuousRefused(
  report: AdmissionReport,
  vacuous: readonly VacuousTool[],
): AdmissionReport {
  if (vacuous.length === 0) return report;
  const flagged = new Map(vacuous.map((v) => [v.tool, v.standIn]));
  const tools = report.tools.map((t) =>
    flagged.has(t.tool)
      ? {
          ...t,
          admitted: false,
          problems: [...t.problems, `${VACUOUS_REASON} (e.g. one that ${flagged.get(t.tool)})`],
        }
      : t,
  );
  return {
    ...report,
    admitted: false,
    tools,
    problems: [...report.problems, ...vacuous.map((v) => `${v.tool}: ${VACUOUS_REASON}`)],
    totals: { ...report.totals, admittedTools: tools.filter((t) => t.admitted).length },
  };
}
