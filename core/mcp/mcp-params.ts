// The params of the MCP methods this server answers. Lenient where the spec lets clients add
// fields (`_meta`, future capabilities): unknown keys pass; only what we use is checked.
import { z } from "zod";

export const InitializeParamsSchema = z.looseObject({
  protocolVersion: z.string().min(1),
  capabilities: z.looseObject({}).optional(),
  clientInfo: z.looseObject({ name: z.string(), version: z.string().optional() }).optional(),
});

/** We never page (an episode has tens of tools), so a cursor is accepted and ignored. */
export const ListToolsParamsSchema = z.looseObject({ cursor: z.string().optional() }).optional();

export const CallToolParamsSchema = z.looseObject({
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).optional(),
});

export type InitializeParams = z.infer<typeof InitializeParamsSchema>;
export type CallToolParams = z.infer<typeof CallToolParamsSchema>;

export interface McpServerInfo {
  name: string;
  version: string;
  title?: string;
}
