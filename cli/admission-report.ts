// Turns the `details` of a 422 `admission_failed` (failing tool tests and spec problems) into
// lines a person can act on. Shared by `env publish` and the catalog publishing of `npm start`.
import { z } from "zod";
import { compactJson, truncate } from "./output";

const FailureSchema = z.looseObject({
  tool: z.string().optional(),
  test: z.string().optional(),
  reason: z.string().optional(),
  message: z.string().optional(),
  error: z.unknown().optional(),
  expected: z.unknown().optional(),
  actual: z.unknown().optional(),
});

/** A tool's problems beyond failing tests (bad schema, no tests, does not compile). */
const ToolProblemsSchema = z.looseObject({ tool: z.string(), problems: z.array(z.string()) });

const AdmissionDetailsSchema = z.looseObject({
  failures: z.array(FailureSchema).optional(),
  problems: z.array(z.unknown()).optional(),
});

/** The longest expected/actual value shown; the rest is in `--json`. */
const MAX_VALUE = 160;

export function admissionFailureLines(details: unknown): string[] {
  const parsed = AdmissionDetailsSchema.safeParse(details);
  if (!parsed.success) return [];
  const lines: string[] = [];
  for (const problem of parsed.data.problems ?? []) {
    const perTool = ToolProblemsSchema.safeParse(problem);
    if (perTool.success) {
      for (const text of perTool.data.problems) lines.push(`problem ${perTool.data.tool}: ${text}`);
    } else {
      lines.push(`problem: ${typeof problem === "string" ? problem : describe(problem)}`);
    }
  }
  for (const failure of parsed.data.failures ?? []) {
    const where = [failure.tool, failure.test].filter((part) => part !== undefined).join(" › ");
    const reason =
      failure.reason ??
      failure.message ??
      (failure.error === undefined ? "" : describe(failure.error));
    lines.push(`FAIL ${where || "(unnamed test)"}${reason ? `: ${reason}` : ""}`);
    if (failure.expected !== undefined) lines.push(`     expected ${value(failure.expected)}`);
    if (failure.actual !== undefined) lines.push(`     actual   ${value(failure.actual)}`);
  }
  return lines;
}

/** An `{code, message}` error reads as `code: message`; anything else as compact JSON. */
function describe(value: unknown): string {
  const parsed = z.object({ code: z.string(), message: z.string() }).safeParse(value);
  if (parsed.success) return `${parsed.data.code}: ${parsed.data.message}`;
  const message = z.object({ message: z.string() }).safeParse(value);
  if (message.success) return message.data.message;
  return truncate(compactJson(value), MAX_VALUE);
}

function value(v: unknown): string {
  return truncate(compactJson(v), MAX_VALUE);
}
