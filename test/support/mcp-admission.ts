// Admission of an MCP import in Node, the way publishing runs it: load the import's tables and
// seed rows as an episode does, then run every tool's tests in the QuickJS sandbox.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type AdmissionReport, runToolTests } from "../../core/environment/admission";
import type { SeedData, ToolSpec } from "../../core/environment/spec";
import { DEFAULT_CLOCK_START } from "../../core/episode/episode-init";
import { createQuickJsExecutor } from "../../core/sandbox/quickjs-executor";
import { createSeededHost } from "../../core/sandbox/seeded-host";
import { loadDatabase, rolledBack } from "./database-harness";

const WasmModule = WebAssembly.Module as unknown as new (bytes: Uint8Array) => WebAssembly.Module;

export interface Admissible {
  schemaSql: string;
  seed: SeedData;
  tools: ToolSpec[];
}

export async function admitImport(imported: Admissible): Promise<AdmissionReport> {
  const db = loadDatabase(imported.schemaSql, imported.seed);
  const require = createRequire(import.meta.url);
  const executor = createQuickJsExecutor(
    new WasmModule(readFileSync(require.resolve("quickjs-wasi/quickjs.wasm"))),
  );
  const sandbox = await executor.load(imported.tools);
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
