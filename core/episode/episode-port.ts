// What the faces of an episode (HTTP, MCP, OpenEnv) need from it. The Worker implements this over
// the EpisodeDO stub; each method throws AppError (not_found, invalid_arguments, episode_expired...).
import type { Json } from "../base/json";
import type { ToolCallResult } from "./tool-call";

export interface EpisodeToolDescription {
  name: string;
  description: string;
  inputSchema: Record<string, Json>;
  outputSchema?: Record<string, Json>;
  effect: "read" | "write";
}

export interface EpisodeInfo {
  id: string;
  environment: { name: string; version: string; contentHash: string };
  seed: string;
  status: "active" | "expired";
  /** Wall-clock times (ISO): the TTL is real time. */
  createdAt: string;
  expiresAt: string;
  /** Tool calls so far (each call, ok or not, is one step) and the cap. */
  step: number;
  maxSteps: number;
  /** The episode's virtual clock (ISO), what tools see as `now()`. */
  clock: string;
  tables: number;
  rows: number;
  /** Set when the episode was opened for a task (POST /v1/episodes with `task`). */
  task?: string;
}

export interface EpisodeState {
  digest: string;
  tables: Record<string, { rows: number; digest: string }>;
}

export interface EpisodePort {
  info(): Promise<EpisodeInfo>;
  listTools(): Promise<EpisodeToolDescription[]>;
  callTool(
    tool: string,
    args: unknown,
    options?: { idempotencyKey?: string },
  ): Promise<ToolCallResult>;
  state(): Promise<EpisodeState>;
  /** Back to the initial state of the environment version (the call log is kept, step is reset). */
  reset(): Promise<EpisodeInfo>;
}
