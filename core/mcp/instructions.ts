// The `instructions` an MCP client gets at initialize: what this server is and the rules an agent
// plays by (steps, TTL, virtual clock, errors as results), from the episode's own info.
import type { EpisodeInfo } from "../episode/episode-port";

export function instructionsFor(info: EpisodeInfo): string {
  const { name, version } = info.environment;
  return [
    `Episode ${info.id} of the environment ${name}@${version}: a private database that only these tools change.`,
    `Every tools/call is one step (${info.step} of ${info.maxSteps} used); state persists between calls.`,
    `The episode expires at ${info.expiresAt}. Tools see a virtual clock that now reads ${info.clock}.`,
    "A failed call (bad arguments, a tool error) comes back as a result with isError: true and a JSON error: read it and try again.",
  ].join("\n");
}
