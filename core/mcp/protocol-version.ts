// The MCP revisions this server speaks and how a version is agreed: the client's requested version
// when we support it, else our latest (the client then decides whether it can go on).

/** Newest first. All are served the same way: the tools surface did not change shape between them. */
export const SUPPORTED_PROTOCOL_VERSIONS = [
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
] as const;

export type ProtocolVersion = (typeof SUPPORTED_PROTOCOL_VERSIONS)[number];

export const LATEST_PROTOCOL_VERSION: ProtocolVersion = SUPPORTED_PROTOCOL_VERSIONS[0];

export function isSupportedProtocolVersion(version: string): version is ProtocolVersion {
  return (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(version);
}

export function negotiateProtocolVersion(requested: string): ProtocolVersion {
  return isSupportedProtocolVersion(requested) ? requested : LATEST_PROTOCOL_VERSION;
}
