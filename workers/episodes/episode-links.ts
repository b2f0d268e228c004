// Where an episode's faces live, returned with the episode so agents need not build URLs.
export function episodeLinks(origin: string, episodeId: string): Record<string, string> {
  const base = `${origin}/v1/episodes/${episodeId}`;
  return {
    self: base,
    tools: `${base}/tools`,
    call: `${base}/tools/{tool}`,
    toolCalls: `${base}/tool_calls`,
    mcp: `${base}/mcp`,
    openenv: `${base}/openenv`,
    state: `${base}/state`,
    diff: `${base}/diff`,
  };
}
