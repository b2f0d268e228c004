// Admission of an MCP import in Node, the way publishing runs it: load the import's tables and
// seed rows as an episode does, then run every tool's tests in the QuickJS sandbox.
import { type AdmissionReport, runToolTests } from "../../core/environment/admission";
import type { SeedData, ToolSpec } from "../../core/environment/spec";
import { DEFAULT_CLOCK_START } from "../../core/episode/episode-init";
import { createSeededHost } from "../../core/sandbox/seeded-host";
import { loadDatabase, rolledBack } from "./database-harness";
import { nodeQuickJs } from "./node-quickjs";

export interface Admissible {
  schemaSql: string;
  seed: SeedData;
  tools: ToolSpec[];
}

export async function admitImport(imported: Admissible): Promise<AdmissionReport> {
  const db = loadDatabase(imported.schemaSql, imported.seed);
  const sandbox = await nodeQuickJs().load(imported.tools);
  try {
    return runToolTests({
      tools: imported.tools,
      sandbox,
      db,
      seed: imported.seed,
      inRollback: (fn) => rolledBack(db, fn),
      createHost: ({ tool, test }) => createSeededHost(db, `${tool}/${test}`, DEFAULT_CLOCK_START),
    });
  } finally {
    sandbox.dispose();
    db.raw.close();
  }
}

/** `tool/test: reason` for every failing test. */
export function failingTests(report: AdmissionReport): string[] {
  return report.results.filter((r) => !r.passed).map((r) => `${r.tool}/${r.test}: ${r.reason}`);
}
