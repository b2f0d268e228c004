// Which errors thrown by `EpisodePort.callTool` are the agent's doing (data it should see and act
// on) and which are about the episode itself (missing, not yours: the HTTP layer answers those).
// Shared by the MCP and OpenEnv faces so both draw the line in the same place.
import { AppError } from "../base/errors";
import type { ToolError } from "../episode/tool-call";

export type CallErrorKind =
  /** The tool does not exist in this environment (the call still counts as a step). */
  | { kind: "unknown_tool"; error: ToolError }
  /** Arguments that fail the schema, an expired episode, the step limit: the agent's outcome. */
  | { kind: "agent"; error: ToolError };

const AGENT_ERROR_CODES: ReadonlySet<string> = new Set([
  "invalid_arguments",
  "episode_expired",
  "step_limit_reached",
]);

/** `null` when `err` is not the agent's: rethrow it. */
export function classifyCallError(err: unknown, tool: string): CallErrorKind | null {
  if (!(err instanceof AppError)) return null;
  const error = toToolError(err);
  if (err.code === "not_found" && namesTool(err.details, tool))
    return { kind: "unknown_tool", error };
  if (AGENT_ERROR_CODES.has(err.code)) return { kind: "agent", error };
  return null;
}

/** An episode that does not exist is also `not_found`; the unknown-tool one names the tool. */
function namesTool(details: unknown, tool: string): boolean {
  return typeof details === "object" && details !== null && "tool" in details
    ? (details as { tool: unknown }).tool === tool
    : false;
}

function toToolError(err: AppError): ToolError {
  return {
    code: err.code,
    message: err.message,
    ...(err.details === undefined ? {} : { details: err.details as ToolError["details"] }),
  };
}
