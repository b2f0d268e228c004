// The static half of admission: what must hold of a tool before its test results can count.
import { checkToolSchema } from "../base/json-schema/check-tool-schema";
import { hasChanges } from "./change-counts";
import type { ToolSpec } from "./spec";

/** Problems with the tool itself (not with a test's outcome); empty when it may be admitted. */
export function toolProblems(tool: ToolSpec, loadError: string | undefined): string[] {
  const problems: string[] = [];
  if (loadError !== undefined) problems.push(`the implementation does not compile: ${loadError}`);
  for (const p of checkToolSchema(tool.inputSchema)) {
    problems.push(`inputSchema${p.path === "" ? "" : ` at ${p.path}`}: ${p.message}`);
  }
  if (tool.tests.length === 0) problems.push("the tool has no tests");
  const names = tool.tests.map((t) => t.name);
  const repeated = names.filter((n, i) => names.indexOf(n) !== i);
  if (repeated.length > 0) problems.push(`test names repeat: ${[...new Set(repeated)].join(", ")}`);
  if (tool.effect === "write" && !tool.tests.some(assertsWrites)) {
    problems.push(
      "a write tool needs a successful test that asserts the rows it changes (`changes`)",
    );
  }
  if (
    tool.effect === "read" &&
    tool.tests.some((t) => t.expect.changes && hasChanges(t.expect.changes))
  ) {
    problems.push("a read tool's test expects state changes");
  }
  return problems;
}

function assertsWrites(test: ToolSpec["tests"][number]): boolean {
  return !test.expect.error && test.expect.changes !== undefined && hasChanges(test.expect.changes);
}
