// The episode a rollout plays, as the agent loop and its tool turns see it.
import type { Result } from "../base/result";
import type { ToolCallRequest } from "../episode/run-tool-call";
import type { ToolCallResult } from "../episode/tool-call";

/** The rollout's episode as the loop sees it: one assistant turn's calls, run in order. */
export interface RolloutEpisode {
  callTools(requests: ToolCallRequest[]): Promise<Result<ToolCallResult>[]>;
}
