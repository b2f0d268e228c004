// An episode of an MCP import in Node: its tables and seed loaded as an episode loads them, its
// tools called one after another in the real QuickJS sandbox, each call validated against the
// input schema, run in its own transaction (kept only on success) at a virtual clock one second
// later than the previous call, with tables it creates tracked, as the EpisodeDO does.
import type { BetterSqliteDatabase } from "../../catalog/better-sqlite-database";
import type { Json } from "../../core/base/json";
import { validateArguments } from "../../core/base/json-schema/validate-arguments";
import { type VacuousTool, vacuousTools } from "../../core/environment/vacuity";
import { trackingCreatedTables } from "../../core/episode/change-tracking";
import { CLOCK_STEP_MS, DEFAULT_CLOCK_START } from "../../core/episode/episode-init";
import { toToolError } from "../../core/episode/run-tool-call";
import type { ToolError } from "../../core/episode/tool-call";
import { createSeededHost } from "../../core/sandbox/seeded-host";
import { loadDatabase, rolledBack } from "./database-harness";
import type { Admissible } from "./mcp-admission";
import { nodeQuickJs } from "./node-quickjs";

/** The import's tools whose tests also pass for a do-nothing stand-in (admission refuses them). */
export async function vacuousImportTools(imported: Admissible): Promise<VacuousTool[]> {
  const db = loadDatabase(imported.schemaSql, imported.seed);
  try {
    return await vacuousTools({
      tools: imported.tools,
      executor: nodeQuickJs(),
      db,
      seed: imported.seed,
      inRollback: (fn) => rolledBack(db, fn),
      createHost: ({ tool, test }) => createSeededHost(db, `${tool}/${test}`, DEFAULT_CLOCK_START),
    });
  } finally {
    db.raw.close();
  }
}

export type Outcome = { ok: true; result: Json } | { ok: false; error: ToolError };

export interface McpEpisode {
  db: BetterSqliteDatabase;
  /** Fuel each call burned, in order. */
  fuel: number[];
  /** The virtual time the next call runs at. */
  now(): string;
  call(tool: string, args?: Record<string, Json>): Outcome;
  /** The call's result; throws with the tool error when it failed. */
  ok(tool: string, args?: Record<string, Json>): Json;
  /** The call's error code; throws when it succeeded. */
  fails(tool: string, args?: Record<string, Json>): string;
  rows(table: string, orderBy?: string): Record<string, unknown>[];
  close(): void;
}

export async function openEpisode(imported: Admissible): Promise<McpEpisode> {
  const db = loadDatabase(imported.schemaSql, imported.seed);
  const sandbox = await nodeQuickJs().load(imported.tools);
  const start = Date.parse(DEFAULT_CLOCK_START);
  let step = 0;
  const fuel: number[] = [];
  const now = () => new Date(start + step * CLOCK_STEP_MS).toISOString();
  const call = (tool: string, args: Record<string, Json> = {}): Outcome => {
    const spec = imported.tools.find((t) => t.name === tool);
    if (!spec) throw new Error(`no tool ${tool}`);
    const verdict = validateArguments(spec.inputSchema, args);
    if (!verdict.valid) return { ok: false, error: { code: "invalid_arguments", message: "" } };
    let outcome: Outcome = { ok: true, result: null };
    const undo = new Error("undo");
    try {
      db.transaction(() => {
        const host = createSeededHost(db, `call-${step}`, now());
        const ran = trackingCreatedTables(db, () => sandbox.call(tool, args, host));
        fuel.push(ran.fuel);
        outcome = ran.ok
          ? { ok: true, result: ran.result }
          : { ok: false, error: toToolError(ran.error) };
        if (!ran.ok) throw undo;
      });
    } catch (err) {
      if (err !== undo) throw err;
    } finally {
      step += 1;
    }
    return outcome;
  };
  return {
    db,
    fuel,
    now,
    call,
    ok(tool, args) {
      const outcome = call(tool, args);
      if (!outcome.ok) {
        throw new Error(`${tool} failed: ${outcome.error.code} ${outcome.error.message}`);
      }
      return outcome.result;
    },
    fails(tool, args) {
      const outcome = call(tool, args);
      if (outcome.ok) throw new Error(`${tool} succeeded: ${JSON.stringify(outcome.result)}`);
      return outcome.error.code;
    },
    rows(table, orderBy = "rowid") {
      return db.raw.prepare(`SELECT * FROM "${table}" ORDER BY ${orderBy}`).all() as Record<
        string,
        unknown
      >[];
    },
    close() {
      sandbox.dispose();
      db.raw.close();
    },
  };
}
