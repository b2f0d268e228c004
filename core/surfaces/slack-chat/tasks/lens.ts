// How task synthesis sees a chat workspace (the MCP importer's messaging surface, e.g. the Slack MCP
// server over `chat_*` tables): which tool plays each chat operation and what it calls each
// argument, found with the importer's own role rules, so templates can write "list the channels",
// "read the channel", "reply in the thread" without knowing the server's tool or argument names.
// Listing channels and reading one are required (a user names channels, never their ids); a
// workspace whose tools only read is still recognised, so a request for writes is told why not.
import type { ToolSpec } from "../../../environment/spec";
import { listUserTableNames } from "../../../episode/schema-introspection";
import type { SqlDatabase } from "../../../episode/sql-database";
import type { JsonObject } from "../../../mcp/spec-schema";
import { type ChatRole, type ChatSlot, matchChatRole } from "../roles";
import { CHAT_TABLES } from "../seed";

export interface ChatTool {
  name: string;
  /** The server's argument name for each slot it offers. */
  args: Partial<Record<ChatSlot, string>>;
}

/** The tool of each chat role the server has; listing channels and reading one always. */
export type ChatLens = Partial<Record<ChatRole, ChatTool>> & {
  list_channels: ChatTool;
  channel_history: ChatTool;
};

export const CHAT_WRITE_ROLES: readonly ChatRole[] = [
  "post_message",
  "reply_to_thread",
  "add_reaction",
];

/** The lens, or undefined when the tools are not the messaging surface's over the chat tables. */
export function messagingLens(db: SqlDatabase, tools: readonly ToolSpec[]): ChatLens | undefined {
  const tables = new Set(listUserTableNames(db));
  if (!Object.values(CHAT_TABLES).every((t) => tables.has(t))) return undefined;
  const roles: Partial<Record<ChatRole, ChatTool>> = {};
  for (const tool of tools) {
    const match = matchChatRole({
      original: { name: tool.name, description: tool.description, inputSchema: tool.inputSchema },
      schema: tool.inputSchema as JsonObject,
    });
    if (!match?.ok || roles[match.role]) continue;
    roles[match.role] = { name: tool.name, args: match.args };
  }
  const { list_channels, channel_history } = roles;
  if (!list_channels || !channel_history) return undefined;
  return { ...roles, list_channels, channel_history };
}
