// Before anything is timed: one call through each path, and proof that the floor does the same
// work as the platform (the same result, value for value). Also finds out whether the episode's
// MCP endpoint exists yet.
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import type { Call } from "./workload";

const ToolAnswer = z.looseObject({ ok: z.literal(true), result: z.unknown() });
const McpAnswer = z.looseObject({
  result: z.looseObject({
    content: z.array(z.looseObject({ type: z.literal("text"), text: z.string() })),
  }),
});

export type McpAvailability = { available: true } | { available: false; reason: string };

export interface SameWork {
  /** The floor's result equals the platform's. */
  floorMatches: boolean;
  /** The MCP call's text content equals the platform's result (when MCP is available). */
  mcpMatches: boolean | undefined;
  mcp: McpAvailability;
  /** Rows the tool returned, to show it did real work. */
  resultSize: number;
}

export async function checkSameWork(platform: Call, floor: Call, mcp: Call): Promise<SameWork> {
  const platformResult = await resultOf(platform, "platform");
  const floorResult = await resultOf(floor, "floor");
  const mcpAnswer = await mcp.send();
  let availability: McpAvailability = { available: true };
  let mcpMatches: boolean | undefined;
  if (mcpAnswer.status === 404) {
    availability = { available: false, reason: "POST /v1/episodes/:id/mcp answered 404" };
  } else if (!mcp.accepts(mcpAnswer)) {
    availability = {
      available: false,
      reason: `MCP tools/call failed: HTTP ${mcpAnswer.status} ${mcpAnswer.body.slice(0, 200)}`,
    };
  } else {
    const text = McpAnswer.parse(JSON.parse(mcpAnswer.body)).result.content[0]?.text;
    mcpMatches = text !== undefined && isDeepStrictEqual(JSON.parse(text), platformResult);
  }
  return {
    floorMatches: isDeepStrictEqual(floorResult, platformResult),
    mcpMatches,
    mcp: availability,
    resultSize: JSON.stringify(platformResult).length,
  };
}

async function resultOf(call: Call, label: string): Promise<unknown> {
  const answer = await call.send();
  if (!call.accepts(answer)) {
    throw new Error(`the ${label} call failed: HTTP ${answer.status} ${answer.body.slice(0, 500)}`);
  }
  return ToolAnswer.parse(JSON.parse(answer.body)).result;
}
