// Shared by the toolgen tests: load a real database the way an episode does (seed loader, change
// tracking), generate its tools, and run admission in the QuickJS sandbox.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type BetterSqliteDatabase, openBetterSqlite } from "../../catalog/better-sqlite-database";
import { type AdmissionReport, runToolTests } from "../../core/environment/admission";
import type { SeedData, ToolSpec } from "../../core/environment/spec";
import { installChangeTracking } from "../../core/episode/change-tracking";
import { DEFAULT_CLOCK_START } from "../../core/episode/episode-init";
import { loadSchemaAndSeed } from "../../core/episode/seed-loader";
import type { ToolSandbox } from "../../core/sandbox/executor";
import { createQuickJsExecutor } from "../../core/sandbox/quickjs-executor";
import { createSeededHost } from "../../core/sandbox/seeded-host";
import {
  type GenerateToolsOptions,
  generateTools,
  type ToolgenReport,
} from "../../core/toolgen/generate-tools";

// The Workers types declare `WebAssembly.Module` abstract; Node has the constructor.
const WasmModule = WebAssembly.Module as unknown as new (bytes: Uint8Array) => WebAssembly.Module;

export interface Generated {
  db: BetterSqliteDatabase;
  seed: SeedData;
  tools: ToolSpec[];
  report: ToolgenReport;
  admission: AdmissionReport;
  close(): void;
}

export interface LoadOptions {
  /** Load with foreign keys off (so rows pointing at missing parents get in), then turn them on. */
  foreignKeysOffWhileLoading?: boolean;
}

export function loadDatabase(
  schemaSql: string,
  seed: SeedData,
  options: LoadOptions = {},
): BetterSqliteDatabase {
  const db = openBetterSqlite();
  if (options.foreignKeysOffWhileLoading) db.raw.pragma("foreign_keys = OFF");
  db.transaction(() => loadSchemaAndSeed(db, schemaSql, seed));
  db.raw.pragma("foreign_keys = ON");
  installChangeTracking(db);
  return db;
}

/** Runs `fn` in a transaction and undoes it, as the EpisodeDO does with a thrown sentinel. */
export function rolledBack<T>(db: BetterSqliteDatabase, fn: () => T): T {
  const box: { value?: T } = {};
  const sentinel = new Error("rollback");
  try {
    db.transaction(() => {
      box.value = fn();
      throw sentinel;
    });
  } catch (err) {
    if (err !== sentinel) throw err;
  }
  return box.value as T;
}

export async function generateAndAdmit(
  schemaSql: string,
  seed: SeedData,
  options: GenerateToolsOptions & LoadOptions = {},
): Promise<Generated> {
  const db = loadDatabase(schemaSql, seed, options);
  const { tools, report } = generateTools(db, options);
  const { admission, sandbox } = await admitLoaded(db, seed, tools);
  return {
    db,
    seed,
    tools,
    report,
    admission,
    close() {
      sandbox.dispose();
      db.raw.close();
    },
  };
}

/** Loads `tools` into the real QuickJS sandbox and runs admission on an already loaded `db`. */
export async function admitLoaded(
  db: BetterSqliteDatabase,
  seed: SeedData,
  tools: ToolSpec[],
): Promise<{ admission: AdmissionReport; sandbox: ToolSandbox }> {
  const require = createRequire(import.meta.url);
  const executor = createQuickJsExecutor(
    new WasmModule(readFileSync(require.resolve("quickjs-wasi/quickjs.wasm"))),
  );
  const sandbox = await executor.load(tools);
  const admission = runToolTests({
    tools,
    sandbox,
    db,
    seed,
    inRollback: (fn) => rolledBack(db, fn),
    createHost: ({ tool, test }) => createSeededHost(db, `${tool}/${test}`, DEFAULT_CLOCK_START),
  });
  return { admission, sandbox };
}

/** SQL text handed to `ctx.query/one/run` never mentions `args`: values travel as parameters. */
export function interpolatesArguments(implementation: string): boolean {
  const calls = implementation.matchAll(/ctx\.(query|one|run)\(([^,)]*)[,)]/g);
  for (const call of calls) if ((call[2] ?? "").includes("args")) return true;
  return (
    /(SELECT|INSERT|UPDATE|DELETE)[^\n]*\$\{/.test(implementation) ||
    /["'`][^"'`\n]*(SELECT|INSERT|UPDATE|DELETE)[^\n]*\+\s*args/.test(implementation)
  );
}
