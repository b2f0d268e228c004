// One episode = one EpisodeDO: a private SQLite copy of an environment version, its tools loaded
// once into a sandbox VM, a call log, a virtual clock and a TTL. Typed RPC methods, no fetch router;
// every method returns a Result so errors survive the RPC boundary.
import { DurableObject } from "cloudflare:workers";
import quickjsWasm from "quickjs-wasi/quickjs.wasm";
import { AppError } from "../core/base/errors";
import { fail, failureOf, ok, type Result } from "../core/base/result";
import { DEFAULT_TOKEN_BUDGET, runCodingAgent } from "../core/discovery/coding-agent";
import {
  type Discovered,
  type DiscoverRequest,
  discoverEnvironment,
  mcpImportOptions,
} from "../core/discovery/discover-source";
import type { AdmissionReport } from "../core/environment/admission";
import type { SeedData } from "../core/environment/spec";
import type { CallRecorder } from "../core/episode/call-recorder";
import { installChangeTracking } from "../core/episode/change-tracking";
import {
  DEFAULT_CLOCK_START,
  type EpisodeInit,
  EpisodeInitSchema,
  type EpisodeRecord,
  type RuntimeToolDef,
} from "../core/episode/episode-init";
import type {
  EpisodeInfo,
  EpisodeState,
  EpisodeToolDescription,
} from "../core/episode/episode-port";
import { runToolCall, type ToolCallRequest } from "../core/episode/run-tool-call";
import type { StateDiff } from "../core/episode/state-diff";
import type { ToolCallResult } from "../core/episode/tool-call";
import type { ToolRunner } from "../core/episode/tool-runner";
import { llmConfigFrom } from "../core/llm/llm-config";
import { createOpenAiClient } from "../core/llm/openai-client";
import { type SeedRowsReport, writeSeedRowsWithLlm } from "../core/mcp/import/llm-seed-rows";
import { createPrng } from "../core/sandbox/determinism";
import type { ToolSandbox } from "../core/sandbox/executor";
import { createQuickJsExecutor } from "../core/sandbox/quickjs-executor";
import { createSeededHost, restoreSeededHost } from "../core/sandbox/seeded-host";
import { toToolOutcome } from "../core/tasks/episode-runner";
import { noisyRunner } from "../core/tasks/policies/noisy-runner";
import { loadSolutions } from "../core/tasks/solution-runner";
import type { SynthesisOutcome } from "../core/tasks/synthesis-request";
import type { AppEnv } from "../workers/env";
import {
  appendCall,
  type CallLogRow,
  findByIdempotencyKey,
  forgetIdempotencyKeys,
  listCalls,
} from "./episode/call-log";
import { doSqlDatabase } from "./episode/do-sql-database";
import * as state from "./episode/episode-state";
import {
  ensureEpisodeTables,
  readEpisode,
  readTombstone,
  type Tombstone,
  updateRecord,
  writeEpisode,
  writeTombstone,
} from "./episode/episode-store";
import { loadSeedData } from "./episode/seed-source";
import { runSynthesisShard } from "./episode/synthesis-shard";
import type {
  AdmissionRequest,
  Caller,
  CodingOutcome,
  CodingRequest,
  EpisodeRpc,
  SnapshotInfo,
  SolutionRunOutcome,
  SolutionRunRequest,
  SynthesisRequest,
} from "./episode-rpc";
import type { KeyQuotaRpc } from "./key-quota-do";

const executor = createQuickJsExecutor(quickjsWasm);
/** How long a tombstone answers "expired"/"deleted" before the object is wiped completely. */
const TOMBSTONE_TTL_MS = 24 * 3600 * 1000;

export class EpisodeDO extends DurableObject<AppEnv> implements EpisodeRpc {
  private readonly db = doSqlDatabase(this.ctx.storage.sql);
  private record: EpisodeRecord | null = null;
  private tools = new Map<string, RuntimeToolDef>();
  private sandbox: ToolSandbox | null = null;
  private sandboxLoading: Promise<ToolSandbox> | null = null;

  constructor(ctx: DurableObjectState, env: AppEnv) {
    super(ctx, env);
    // Safe to run on every start: CREATE TABLE IF NOT EXISTS, then read what is there.
    ctx.blockConcurrencyWhile(async () => {
      ensureEpisodeTables(this.db);
      this.loadFromStorage();
    });
  }

  // ---------------------------------------------------------------- lifecycle

  async create(input: EpisodeInit): Promise<Result<EpisodeInfo>> {
    const init = EpisodeInitSchema.parse(input);
    if (this.record) {
      if (this.record.episodeId === init.episodeId) return ok(this.describe(this.record));
      return fail("conflict", "This episode already exists.");
    }
    if (readTombstone(this.db)) return fail("conflict", "This episode id was used before.");
    const seed = await loadSeedData(this.env.ARTIFACTS, init.environment.contentHash, init.seedRef);
    const now = Date.now();
    const loaded = this.ctx.storage.transactionSync(() =>
      state.loadEnvironment(this.db, init.schemaSql, seed),
    );
    const { tools, schemaSql, ...rest } = init;
    const record: EpisodeRecord = {
      ...rest,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + init.limits.ttlSeconds * 1000).toISOString(),
      step: 0,
      host: createSeededHost(this.db, init.seed, init.clockStart).state(),
      tables: loaded.tables,
      rows: loaded.rows,
    };
    writeEpisode(this.db, record, tools);
    await this.ctx.storage.setAlarm(now + init.limits.ttlSeconds * 1000);
    this.adopt(record, tools);
    // Compile the tools while the agent reads the answer, so the first call does not wait.
    this.ensureSandbox().catch((err) => console.error("sandbox warm-up failed", err));
    return ok(this.describe(record));
  }

  async info(caller: Caller): Promise<Result<EpisodeInfo>> {
    return this.guard(caller, (record) => ok(this.describe(record)));
  }

  async destroy(caller: Caller): Promise<Result<{ deleted: true }>> {
    const access = this.access(caller);
    if (!access.ok) return access;
    await this.bury({
      status: "deleted",
      at: new Date().toISOString(),
      ownerKeyId: access.value.ownerKeyId,
    });
    return ok({ deleted: true });
  }

  /** Idempotent: reaps an expired episode, purges an old tombstone, re-arms itself otherwise. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    if (this.record) {
      const expiresAt = Date.parse(this.record.expiresAt);
      if (now >= expiresAt) {
        const at = new Date(now).toISOString();
        await this.bury({ status: "expired", at, ownerKeyId: this.record.ownerKeyId });
      } else await this.ctx.storage.setAlarm(expiresAt);
      return;
    }
    const tombstone = readTombstone(this.db);
    if (!tombstone) return;
    const purgeAt = Date.parse(tombstone.at) + TOMBSTONE_TTL_MS;
    if (now >= purgeAt) await this.ctx.storage.deleteAll();
    else await this.ctx.storage.setAlarm(purgeAt);
  }

  // ---------------------------------------------------------------- tools

  async listTools(caller: Caller): Promise<Result<EpisodeToolDescription[]>> {
    return this.guard(caller, () =>
      ok([...this.tools.values()].map(({ implementation: _, ...described }) => described)),
    );
  }

  async callTool(caller: Caller, request: ToolCallRequest): Promise<Result<ToolCallResult>> {
    const access = this.access(caller);
    if (!access.ok) return access;
    await this.ensureSandbox();
    return this.callLoaded(request);
  }

  /** A batch of calls in order (an assistant turn's parallel `tool_calls`), one RPC round trip. */
  async callTools(
    caller: Caller,
    requests: ToolCallRequest[],
  ): Promise<Result<Result<ToolCallResult>[]>> {
    const access = this.access(caller);
    if (!access.ok) return access;
    await this.ensureSandbox();
    return ok(requests.map((request) => this.callLoaded(request)));
  }

  async calls(caller: Caller, afterSeq: number, limit: number): Promise<Result<CallLogRow[]>> {
    return this.guard(caller, () => ok(listCalls(this.db, afterSeq, limit)));
  }

  // ---------------------------------------------------------------- state

  async state(caller: Caller): Promise<Result<EpisodeState>> {
    const access = this.access(caller);
    if (!access.ok) return access;
    return ok(await state.digestState(this.db));
  }

  async diff(caller: Caller): Promise<Result<StateDiff>> {
    const access = this.access(caller);
    if (!access.ok) return access;
    const seed = await this.seedOf(access.value);
    return ok(state.diffFromInitial(this.db, seed));
  }

  async snapshot(caller: Caller): Promise<Result<SnapshotInfo>> {
    return this.guard(caller, (record) => {
      const snapshotId = this.ctx.storage.transactionSync(() =>
        state.takeSnapshot(this.db, record),
      );
      return ok({ snapshotId, step: record.step });
    });
  }

  async snapshots(caller: Caller): Promise<Result<SnapshotInfo[]>> {
    return this.guard(caller, () => ok(state.listSnapshots(this.db)));
  }

  /** Restores tables, clock and randomness to the snapshot; the call log keeps its history. */
  async restore(caller: Caller, snapshotId: string): Promise<Result<EpisodeInfo>> {
    return this.guard(caller, (record) => {
      const restored = this.ctx.storage.transactionSync(() =>
        state.restoreSnapshot(this.db, snapshotId, record),
      );
      if (!restored) return fail("not_found", `No snapshot ${snapshotId} in this episode.`);
      updateRecord(this.db, restored);
      forgetIdempotencyKeys(this.db);
      this.record = restored;
      return ok(this.describe(restored));
    });
  }

  /** Back to the environment's initial data, step 0 and the start of the virtual clock. */
  async reset(caller: Caller): Promise<Result<EpisodeInfo>> {
    const access = this.access(caller);
    if (!access.ok) return access;
    const record = access.value;
    const seed = await this.seedOf(record);
    const fresh: EpisodeRecord = {
      ...record,
      step: 0,
      host: createSeededHost(this.db, record.seed, record.clockStart).state(),
    };
    this.ctx.storage.transactionSync(() => {
      state.reloadSeed(this.db, seed);
      updateRecord(this.db, fresh);
      forgetIdempotencyKeys(this.db);
    });
    this.record = fresh;
    return ok(this.describe(fresh));
  }

  // ---------------------------------------------------------------- admission (scratch objects)

  /** Runs every tool's unit tests on a scratch copy, then wipes this object. */
  async admit(request: AdmissionRequest): Promise<Result<AdmissionReport>> {
    try {
      const seed = await loadSeedData(this.env.ARTIFACTS, request.contentHash, request.seedRef);
      this.ctx.storage.transactionSync(() =>
        state.loadEnvironment(this.db, request.schemaSql, seed),
      );
      const sandbox = await executor.load(request.tools);
      try {
        return ok(
          await state.admitTools({
            db: this.db,
            tools: request.tools,
            sandbox,
            executor,
            seed,
            inRollback: (fn) => state.inRollback(this.ctx.storage, fn),
          }),
        );
      } finally {
        sandbox.dispose();
      }
    } catch (err) {
      return failureOf(err);
    } finally {
      await this.ctx.storage.deleteAll();
    }
  }

  /**
   * Imports a source and generates its tools on a scratch copy (and, when asked, lets an LLM
   * write more, each admitted only if its tests pass), then wipes this object.
   */
  async discover(
    request: DiscoverRequest,
    coding?: CodingRequest,
  ): Promise<Result<Discovered & { coding?: CodingOutcome; seedRows?: SeedRowsReport }>> {
    try {
      // An MCP import's entity rows come from the model, when it writes usable ones, before the
      // tools (and their tests) are built on them.
      const seedRows =
        coding && request.format === "mcp-spec" && !request.mcpSeedRows
          ? await writeSeedRowsWithLlm({
              llm: createOpenAiClient(coding.llm),
              spec: request.content,
              importOptions: mcpImportOptions(request),
            })
          : undefined;
      const seeded = seedRows ? { ...request, mcpSeedRows: seedRows.llmRows } : request;
      const discovered = this.ctx.storage.transactionSync(() =>
        discoverEnvironment(this.db, seeded),
      );
      if (!coding) return ok(discovered);
      const budget = DEFAULT_TOKEN_BUDGET - (seedRows?.usage.totalTokens ?? 0);
      const outcome = await this.writeToolsWithLlm(discovered, coding, budget);
      return ok({
        ...discovered,
        tools: [...discovered.tools, ...outcome.tools],
        coding: outcome.report,
        ...(seedRows ? { seedRows } : {}),
      });
    } catch (err) {
      if (err instanceof AppError) return failureOf(err);
      const message = err instanceof Error ? err.message : String(err);
      return fail("validation_failed", `The source could not be imported: ${message}`);
    } finally {
      await this.ctx.storage.deleteAll();
    }
  }

  /** `tokenBudget`: what the job has left after the seed-row step. */
  private async writeToolsWithLlm(
    discovered: Discovered,
    coding: CodingRequest,
    tokenBudget: number,
  ) {
    installChangeTracking(this.db);
    const result = await runCodingAgent({
      llm: createOpenAiClient(coding.llm),
      tokenBudget,
      harness: {
        executor,
        db: this.db,
        seed: discovered.seed,
        inRollback: (fn) => state.inRollback(this.ctx.storage, fn),
        createHost: ({ tool, test }) =>
          createSeededHost(this.db, `admission:${tool}:${test}`, DEFAULT_CLOCK_START),
      },
      ...(coding.theme ? { theme: coding.theme } : {}),
      existingTools: discovered.tools.map((t) => t.name),
      ...(discovered.wanted?.length ? { wantedTools: discovered.wanted } : {}),
    });
    const report: CodingOutcome = {
      admitted: result.admitted.map((t) => t.name),
      rejected: result.rejected,
      rounds: result.rounds,
      notes: result.notes,
      usage: result.usage,
    };
    return { tools: result.admitted, report };
  }

  // ---------------------------------------------------------------- tasks

  /** Synthesizes and validates one shard of tasks on a scratch copy, then wipes this object. */
  async synthesize(request: SynthesisRequest): Promise<Result<SynthesisOutcome>> {
    try {
      const seed = await loadSeedData(
        this.env.ARTIFACTS,
        request.environment.contentHash,
        request.seedRef,
      );
      return ok(
        await runSynthesisShard({
          request,
          seed,
          db: this.db,
          storage: this.ctx.storage,
          executor,
          rewriter: this.rewriterFor(request),
        }),
      );
    } catch (err) {
      if (err instanceof AppError) return failureOf(err);
      const message = err instanceof Error ? err.message : String(err);
      return fail("internal", `Synthesis failed: ${message}`);
    } finally {
      await this.ctx.storage.deleteAll();
    }
  }

  /** The configured LLM when the shard asks for instruction rewrites, else null. */
  private rewriterFor(request: SynthesisRequest) {
    if (!request.shard.rewrite) return null;
    const config = llmConfigFrom(this.env as unknown as Record<string, unknown>);
    return config ? createOpenAiClient(config) : null;
  }

  /** Runs a task's reference solution here, each call through the normal (logged) call path. */
  async runSolution(
    caller: Caller,
    request: SolutionRunRequest,
  ): Promise<Result<SolutionRunOutcome>> {
    const access = this.access(caller);
    if (!access.ok) return access;
    await this.ensureSandbox();
    const record = access.value;
    const live: ToolRunner = {
      call: (tool, args) => toToolOutcome(this.callLoaded({ tool, args })),
    };
    const runner =
      request.errorRate && request.errorRate > 0
        ? noisyRunner(live, request.errorRate, createPrng(request.seed ?? record.episodeId))
        : live;
    const programs = await loadSolutions(executor, [request.program]);
    try {
      const host = createSeededHost(this.db, `program:${record.seed}`, record.clockStart);
      const run = programs.run(0, runner, host);
      const calls = run.calls;
      if (run.ok) return ok({ ok: true, answer: run.answer, calls });
      return ok({
        ok: false,
        answer: null,
        error: { code: run.error.kind, message: run.error.message },
        calls,
      });
    } finally {
      programs.dispose();
    }
  }

  // ---------------------------------------------------------------- internals

  private callLoaded(request: ToolCallRequest): Result<ToolCallResult> {
    const record = this.record;
    if (!record) return fail("not_found", "No such episode.");
    // The record that was written with the call; kept only once its transaction has returned.
    let written: EpisodeRecord | null = null;
    const recorder: CallRecorder = {
      find: (key) => findByIdempotencyKey(this.db, key),
      append: (next, call) => {
        appendCall(this.db, call);
        updateRecord(this.db, next);
        written = next;
      },
    };
    const result = runToolCall(
      {
        sandbox: () => this.sandboxOrThrow(),
        db: this.db,
        tools: this.tools,
        record,
        recorder,
        transaction: (fn) => this.ctx.storage.transactionSync(fn),
        restoreHost: (hostState) => restoreSeededHost(this.db, hostState),
        wallClockMs: () => performance.now(),
      },
      request,
    );
    if (written) this.record = written;
    return result;
  }

  private guard<T>(caller: Caller, fn: (record: EpisodeRecord) => Result<T>): Result<T> {
    const access = this.access(caller);
    return access.ok ? fn(access.value) : access;
  }

  private access(caller: Caller): Result<EpisodeRecord> {
    const record = this.record;
    if (!record) {
      const tombstone = readTombstone(this.db);
      // Only the owner (or an admin) learns the episode existed; to any other key it never did.
      const owned = caller.admin || (tombstone !== null && tombstone.ownerKeyId === caller.keyId);
      if (tombstone?.status === "expired" && owned) {
        return fail("episode_expired", "This episode expired and its data was reaped.", {
          at: tombstone.at,
        });
      }
      return fail("not_found", "No such episode.");
    }
    if (!caller.admin && caller.keyId !== record.ownerKeyId)
      return fail("not_found", "No such episode.");
    if (Date.now() >= Date.parse(record.expiresAt)) {
      return fail("episode_expired", "This episode has expired.", { expiresAt: record.expiresAt });
    }
    return ok(record);
  }

  private describe(record: EpisodeRecord): EpisodeInfo {
    return {
      id: record.episodeId,
      environment: record.environment,
      seed: record.seed,
      status: Date.now() >= Date.parse(record.expiresAt) ? "expired" : "active",
      createdAt: record.createdAt,
      expiresAt: record.expiresAt,
      step: record.step,
      maxSteps: record.limits.maxSteps,
      clock: new Date(record.host.clock.nowMs).toISOString(),
      tables: record.tables,
      rows: record.rows,
      ...(record.task ? { task: record.task.id } : {}),
    };
  }

  private seedOf(record: EpisodeRecord): Promise<SeedData> {
    return loadSeedData(this.env.ARTIFACTS, record.environment.contentHash, record.seedRef);
  }

  private loadFromStorage(): void {
    const stored = readEpisode(this.db);
    if (stored) this.adopt(stored.record, stored.tools);
  }

  private adopt(record: EpisodeRecord, tools: readonly RuntimeToolDef[]): void {
    this.record = record;
    this.tools = new Map(tools.map((tool) => [tool.name, tool]));
  }

  private async ensureSandbox(): Promise<ToolSandbox> {
    if (this.sandbox) return this.sandbox;
    this.sandboxLoading ??= executor.load([...this.tools.values()]);
    const loading = this.sandboxLoading;
    let sandbox: ToolSandbox;
    try {
      sandbox = await loading;
    } catch (err) {
      if (this.sandboxLoading === loading) this.sandboxLoading = null;
      throw err;
    }
    if (this.sandboxLoading !== loading) {
      // The episode was deleted or reaped while the tools compiled.
      sandbox.dispose();
      throw new Error("the episode closed while its tools were loading");
    }
    this.sandbox = sandbox;
    return sandbox;
  }

  private sandboxOrThrow(): ToolSandbox {
    if (!this.sandbox) throw new Error("sandbox not loaded");
    return this.sandbox;
  }

  private async bury(tombstone: Tombstone): Promise<void> {
    const buried = this.record;
    this.sandbox?.dispose();
    this.sandbox = null;
    this.sandboxLoading = null;
    this.record = null;
    this.tools = new Map();
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    writeTombstone(this.db, tombstone);
    await this.ctx.storage.setAlarm(Date.parse(tombstone.at) + TOMBSTONE_TTL_MS);
    if (buried?.holdsSlot) await this.releaseSlot(buried);
  }

  /** Frees the owner's open-episode slot; if that fails, the slot still ends at its expiry. */
  private async releaseSlot(record: EpisodeRecord): Promise<void> {
    try {
      const quotas = this.env.KEY_QUOTAS;
      const stub = quotas.get(quotas.idFromName(record.ownerKeyId)) as unknown as KeyQuotaRpc;
      await stub.releaseEpisodeSlot(record.episodeId);
    } catch (err) {
      console.warn("could not release the open-episode slot", record.episodeId, err);
    }
  }
}
