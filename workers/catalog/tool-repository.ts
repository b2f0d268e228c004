// A version's tools, in spec order, and the summary of the tests that admitted them.
import { asc, count, eq, sql } from "drizzle-orm";
import type { CatalogDb } from "./catalog-db";
import { tools, toolTestResults } from "./schema";

export type ToolRecord = Omit<typeof tools.$inferSelect, "versionId" | "position">;

export interface TestSummary {
  total: number;
  passed: number;
  failed: number;
}

export function listTools(db: CatalogDb, versionId: string): Promise<ToolRecord[]> {
  return db
    .select({
      name: tools.name,
      description: tools.description,
      inputSchema: tools.inputSchema,
      outputSchema: tools.outputSchema,
      effect: tools.effect,
      implementation: tools.implementation,
      tests: tools.tests,
    })
    .from(tools)
    .where(eq(tools.versionId, versionId))
    .orderBy(asc(tools.position));
}

export async function summarizeTestResults(db: CatalogDb, versionId: string): Promise<TestSummary> {
  const rows = await db
    .select({
      total: count(),
      passed: sql<number>`coalesce(sum(${toolTestResults.passed}), 0)`,
    })
    .from(toolTestResults)
    .where(eq(toolTestResults.versionId, versionId));
  const total = rows[0]?.total ?? 0;
  const passed = Number(rows[0]?.passed ?? 0);
  return { total, passed, failed: total - passed };
}
