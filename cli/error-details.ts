// Readable lines for the `details` of an API error: schema issues (`path: message`) and
// admission failures; other details are left to `--json` users and the API docs.
import { z } from "zod";
import { admissionFailureLines } from "./admission-report";

const Issue = z.looseObject({ path: z.string().optional(), message: z.string() });
/** `validation_failed` carries `issues`; `invalid_arguments` carries JSON Schema `errors`. */
const IssuesSchema = z.union([
  z.looseObject({ issues: z.array(Issue) }).transform((d) => d.issues),
  z.looseObject({ errors: z.array(Issue) }).transform((d) => d.errors),
]);

export function errorDetailLines(code: string, details: unknown): string[] {
  if (code === "admission_failed") return admissionFailureLines(details);
  const issues = IssuesSchema.safeParse(details);
  if (issues.success) {
    return issues.data.map((issue) => `  ${issue.path ? `${issue.path}: ` : ""}${issue.message}`);
  }
  return [];
}
