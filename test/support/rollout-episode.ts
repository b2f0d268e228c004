// A rollout's episode in Node for the agent-loop tests: the Chinook catalog environment in
// better-sqlite3, its tools in the real QuickJS sandbox, every call through `runToolCall` (the code
// the EpisodeDO runs), so unknown tools and schema-invalid arguments are answered as it answers them.
import type { BetterSqliteDatabase } from "../../catalog/better-sqlite-database";
import type { Result } from "../../core/base/result";
import { type OpenAIChatTool, toOpenAIChatTool } from "../../core/environment/tool-formats";
import type { EpisodeRecord } from "../../core/episode/episode-init";
import { DEFAULT_CLOCK_START } from "../../core/episode/episode-init";
import { runToolCall, type ToolCallRequest } from "../../core/episode/run-tool-call";
import type { ToolCallResult } from "../../core/episode/tool-call";
import type { RolloutEpisode } from "../../core/rollouts/rollout-episode";
import type { ToolSandbox } from "../../core/sandbox/executor";
import { createSeededHost, restoreSeededHost } from "../../core/sandbox/seeded-host";
import { loadDatabase } from "./database-harness";
import { catalogSpec, nodeExecutor } from "./synthesis-harness";

export interface NodeRolloutEpisode extends RolloutEpisode {
  db: BetterSqliteDatabase;
  /** The environment's tools as the model is offered them. */
  tools: OpenAIChatTool[];
  /** Every `callTools` batch, as sent. */
  batches: ToolCallRequest[][];
  close(): void;
}

export async function openChinookEpisode(seed = "rollout-test"): Promise<NodeRolloutEpisode> {
  const spec = catalogSpec("chinook");
  const clockStart = spec.clockStart ?? DEFAULT_CLOCK_START;
  const db = loadDatabase(spec.schemaSql, spec.seed);
  const sandbox: ToolSandbox = await nodeExecutor().load(spec.tools);
  const tools = new Map(spec.tools.map(({ tests: _, ...tool }) => [tool.name, tool]));
  let record: EpisodeRecord = {
    episodeId: "ep_rollout_test",
    ownerKeyId: "test",
    environment: { name: spec.name, version: spec.version, contentHash: "test" },
    seedRef: { inline: "{}" },
    seed,
    clockStart,
    limits: { ttlSeconds: 3600, maxSteps: 1000 },
    createdAt: clockStart,
    expiresAt: clockStart,
    step: 0,
    host: createSeededHost(db, seed, clockStart).state(),
    tables: 0,
    rows: 0,
  };
  const batches: ToolCallRequest[][] = [];

  const callOne = (request: ToolCallRequest): Result<ToolCallResult> => {
    let written: EpisodeRecord | null = null;
    const result = runToolCall(
      {
        sandbox: () => sandbox,
        db,
        tools,
        record,
        recorder: {
          find: () => null,
          append: (next) => {
            written = next;
          },
        },
        transaction: (fn) => db.transaction(fn),
        restoreHost: (state) => restoreSeededHost(db, state),
        wallClockMs: () => Date.now(),
      },
      request,
    );
    if (written) record = written;
    // What crosses the DO's RPC boundary is structured-cloned data.
    return structuredClone(result);
  };

  return {
    db,
    tools: spec.tools.map(toOpenAIChatTool),
    batches,
    async callTools(requests) {
      batches.push(structuredClone(requests));
      return requests.map(callOne);
    },
    close() {
      sandbox.dispose();
      db.raw.close();
    },
  };
}
