// A synthesis shard in a scratch EpisodeDO: load the environment version into this object's
// SQLite, load its tools once, run the core synthesizer on rolled-back fresh copies (with the
// LLM rewrite of instructions when the shard asks and a model is configured), report.
import type { SeedData } from "../../core/environment/spec";
import type { SqlDatabase } from "../../core/episode/sql-database";
import type { LlmClient } from "../../core/llm/llm-client";
import type { Executor } from "../../core/sandbox/executor";
import type { SynthesisOutcome } from "../../core/tasks/synthesis-request";
import { SynthesisShardSchema } from "../../core/tasks/synthesis-request";
import { createSynthesisWorld } from "../../core/tasks/synthesis-world";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import type { SynthesisRequest } from "../episode-rpc";
import * as state from "./episode-state";

export async function runSynthesisShard(input: {
  request: SynthesisRequest;
  seed: SeedData;
  db: SqlDatabase;
  storage: DurableObjectStorage;
  executor: Executor;
  /** Rewrites instructions when the shard asks for it (null: no model is configured). */
  rewriter: LlmClient | null;
}): Promise<SynthesisOutcome> {
  const { request, seed, db, storage, executor, rewriter } = input;
  storage.transactionSync(() => state.loadEnvironment(db, request.schemaSql, seed));
  const sandbox = await executor.load(request.tools);
  try {
    const world = createSynthesisWorld({
      environment: request.environment,
      tools: request.tools,
      clockStart: request.clockStart,
      db,
      seed,
      executor,
      sandbox,
      inRollback: (fn) => state.inRollback(storage, fn),
      transaction: (fn) => storage.transactionSync(fn),
    });
    const shard = SynthesisShardSchema.parse(request.shard);
    return await synthesizeTasks(world, shard, undefined, rewriter ? { rewriter } : {});
  } finally {
    sandbox.dispose();
  }
}
