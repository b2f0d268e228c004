// The messaging surface: chat servers whose tools post messages to channels, reply in threads by
// the parent's timestamp, react to a message by its timestamp, read a channel's history or a
// thread, and list channels and users, like the Slack MCP server. Recognised by a general
// criterion (roles.ts): each tool's name says a chat operation and its arguments
// fill that operation's slots (channel, text, thread ts, message ts, emoji, user, limit, cursor),
// and the server both posts to a channel and reads channel messages back. The model is four
// tables (chat_users, chat_channels, chat_messages, chat_reactions) seeded with a small company's
// workspace (seed.ts); each tool answers as the Slack Web API method behind it
// (tools.ts), posting as the workspace's app bot with ts from the episode clock.
import { fittingMatches, matchTools } from "../kit/role-matching";
import { importRoleSurface, roleTables } from "../kit/role-surface";
import { hashSeed, seededRandom } from "../kit/seed-values";
import type { McpSurface, SurfaceImport, SurfaceInput, SurfaceTool } from "../surface";
import { type ChatRole, type ChatRoleMatch, looksLikeChat, matchChatRole } from "./roles";
import { CHAT_COLUMNS, CHAT_SCHEMA_SQL, CHAT_TABLES, seedWorkspace, workspaceRows } from "./seed";
import { messagingToolTests } from "./tests";
import { messagingEffect, messagingImplementation } from "./tools";
import { workspaceView } from "./view";

/** The verb the import report shows, and the table each role works on. */
const ROLES: Record<ChatRole, { verb: string; table: string }> = {
  list_channels: { verb: "list", table: CHAT_TABLES.channels },
  post_message: { verb: "create", table: CHAT_TABLES.messages },
  reply_to_thread: { verb: "create", table: CHAT_TABLES.messages },
  add_reaction: { verb: "create", table: CHAT_TABLES.reactions },
  channel_history: { verb: "list", table: CHAT_TABLES.messages },
  thread_replies: { verb: "list", table: CHAT_TABLES.messages },
  list_users: { verb: "list", table: CHAT_TABLES.users },
  user_profile: { verb: "get", table: CHAT_TABLES.users },
};

export const messagingSurface: McpSurface = {
  name: "messaging",
  recognise(input: SurfaceInput): SurfaceImport | undefined {
    const matched = matchTools(input.tools, matchChatRole);
    const fitting = fittingMatches(matched).map((m) => m.role);
    if (!looksLikeChat(fitting)) return undefined;
    return importWorkspace(input, matched);
  },
};

function importWorkspace(
  input: SurfaceInput,
  matched: readonly { tool: SurfaceTool; match: ChatRoleMatch }[],
): SurfaceImport {
  const ws = seedWorkspace(seededRandom(hashSeed(`${input.server}/messaging`)));
  const view = workspaceView(ws);
  const rows = workspaceRows(ws);
  const threads = new Set(ws.messages.flatMap((m) => (m.threadTs === null ? [] : [m.threadTs])));
  const table = roleTables(CHAT_TABLES, CHAT_COLUMNS, rows);
  return importRoleSurface(input, matched, {
    surface: "messaging",
    schemaSql: CHAT_SCHEMA_SQL,
    tables: [
      table("users", "id"),
      table("channels", "id"),
      table("messages", "channel_id, ts"),
      table("reactions", "channel_id, ts, name, user_id"),
    ],
    roles: ROLES,
    tests: (match) => messagingToolTests({ ...match, ws, view }),
    tool: (match, name) => ({
      effect: messagingEffect(match.role),
      implementation: messagingImplementation({
        role: match.role,
        functionName: name,
        args: match.args,
        ...(match.defaultLimit !== undefined ? { defaultLimit: match.defaultLimit } : {}),
        teamId: ws.teamId,
        bot: ws.bot,
      }),
    }),
    notes: [
      `messaging: the Slack-like workspace of Brightwave (${ws.teamId}) with ${ws.users.length} users, ${ws.channels.length} channels (1 archived), ${ws.messages.length} messages in ${threads.size} threads and ${ws.reactions.length} reactions (2 to 6 January 2025, and November 2024 in the archived channel); the agent posts and reacts as the app bot ${ws.bot.name} (${ws.bot.id}), and results are the Slack Web API's JSON`,
    ],
  });
}
