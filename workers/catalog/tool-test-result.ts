// What tool admission reports for one unit test; it crosses the admission Durable Object's RPC
// boundary and is stored in `tool_test_results` with the published version.
import { z } from "zod";
import { JsonSchema } from "../../core/base/json";

export const ToolTestResultSchema = z.object({
  tool: z.string().min(1),
  test: z.string().min(1),
  passed: z.boolean(),
  fuel: z.number().int().min(0),
  /** Why it failed (expected vs actual, the error), or anything worth keeping when it passed. */
  detail: JsonSchema.optional(),
});

export type ToolTestResult = z.infer<typeof ToolTestResultSchema>;
