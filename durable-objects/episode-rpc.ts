// The EpisodeDO's RPC surface. The class implements it and the Worker calls through it, so a
// change on either side fails to compile. Every method answers a Result (see core/base/result.ts).

import type { Json } from "../core/base/json";
import type { Result } from "../core/base/result";
import type { Discovered, DiscoverRequest } from "../core/discovery/discover-source";
import type { AdmissionReport } from "../core/environment/admission";
import type { ToolSpec } from "../core/environment/spec";
import type { EpisodeInit, SeedRef } from "../core/episode/episode-init";
import type {
  EpisodeInfo,
  EpisodeState,
  EpisodeToolDescription,
} from "../core/episode/episode-port";
import type { ToolCallRequest } from "../core/episode/run-tool-call";
import type { StateDiff } from "../core/episode/state-diff";
import type { ToolCallResult } from "../core/episode/tool-call";
import type { ExecutedCall } from "../core/episode/tool-runner";
import type { LlmConfig } from "../core/llm/llm-config";
import type { SeedRowsReport } from "../core/mcp/import/llm-seed-rows";
import type { SynthesisOutcome, SynthesisShard } from "../core/tasks/synthesis-request";
import type { CallLogRow } from "./episode/call-log";

export interface Caller {
  keyId: string;
  admin: boolean;
}

export interface SnapshotInfo {
  snapshotId: string;
  step: number;
}

export interface AdmissionRequest {
  contentHash: string;
  schemaSql: string;
  seedRef: SeedRef;
  tools: ToolSpec[];
}

/** Let an LLM write more tools after the generated ones (the coding agent). */
export interface CodingRequest {
  llm: LlmConfig;
  theme?: string;
}

export interface CodingOutcome {
  admitted: string[];
  rejected: { name: string; reasons: string[] }[];
  rounds: number;
  notes: string[];
  usage: { promptTokens: number; completionTokens: number; totalTokens: number };
}

/** One synthesis shard on a scratch copy of an environment version. */
export interface SynthesisRequest {
  environment: { name: string; version: string; contentHash: string };
  schemaSql: string;
  seedRef: SeedRef;
  /** Admitted tools with their tests (profiles read the tests' expected results). */
  tools: ToolSpec[];
  clockStart: string;
  shard: SynthesisShard;
}

/** Runs a task's reference solution on this episode through its normal call path (logged). */
export interface SolutionRunRequest {
  program: string;
  /** Oracle noise: each call is dropped (answered with an error) with this probability. */
  errorRate?: number;
  /** Seeds the noise. */
  seed?: string;
}

export interface SolutionRunOutcome {
  ok: boolean;
  answer: Json;
  error?: { code: string; message: string };
  /** Every call the program made, in order, with its arguments and what the tool answered. */
  calls: ExecutedCall[];
}

export interface EpisodeRpc {
  create(init: EpisodeInit): Promise<Result<EpisodeInfo>>;
  info(caller: Caller): Promise<Result<EpisodeInfo>>;
  destroy(caller: Caller): Promise<Result<{ deleted: true }>>;
  listTools(caller: Caller): Promise<Result<EpisodeToolDescription[]>>;
  callTool(caller: Caller, request: ToolCallRequest): Promise<Result<ToolCallResult>>;
  callTools(caller: Caller, requests: ToolCallRequest[]): Promise<Result<Result<ToolCallResult>[]>>;
  calls(caller: Caller, afterSeq: number, limit: number): Promise<Result<CallLogRow[]>>;
  state(caller: Caller): Promise<Result<EpisodeState>>;
  diff(caller: Caller): Promise<Result<StateDiff>>;
  snapshot(caller: Caller): Promise<Result<SnapshotInfo>>;
  snapshots(caller: Caller): Promise<Result<SnapshotInfo[]>>;
  restore(caller: Caller, snapshotId: string): Promise<Result<EpisodeInfo>>;
  reset(caller: Caller): Promise<Result<EpisodeInfo>>;
  admit(request: AdmissionRequest): Promise<Result<AdmissionReport>>;
  discover(
    request: DiscoverRequest,
    coding?: CodingRequest,
  ): Promise<Result<Discovered & { coding?: CodingOutcome; seedRows?: SeedRowsReport }>>;
  synthesize(request: SynthesisRequest): Promise<Result<SynthesisOutcome>>;
  runSolution(caller: Caller, request: SolutionRunRequest): Promise<Result<SolutionRunOutcome>>;
}
