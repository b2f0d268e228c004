// The messaging surface: chat servers whose tools post messages to channels, reply in threads by
// the parent's timestamp, react to a message by its timestamp, read a channel's history or a
// thread, and list channels and users, like the Slack MCP server. Recognised by a general
// criterion (mcp-messaging-roles.ts): each tool's name says a chat operation and its arguments
// fill that operation's slots (channel, text, thread ts, message ts, emoji, user, limit, cursor),
// and the server both posts to a channel and reads channel messages back. The model is four
// tables (chat_users, chat_channels, chat_messages, chat_reactions) seeded with a small company's
// workspace (mcp-messaging-seed.ts); each tool answers as the Slack Web API method behind it
// (mcp-messaging-tools.ts), posting as the workspace's app bot with ts from the episode clock.
import type { ToolSpec } from "../environment/spec";
import { validateArguments } from "../json-schema/validate-arguments";
import type { McpImportReport } from "./mcp-import-report";
import {
  type ChatRole,
  type ChatRoleMatch,
  looksLikeChat,
  matchChatRole,
} from "./mcp-messaging-roles";
import {
  CHAT_COLUMNS,
  CHAT_SCHEMA_SQL,
  CHAT_TABLES,
  seedWorkspace,
  workspaceRows,
} from "./mcp-messaging-seed";
import { messagingToolTests } from "./mcp-messaging-tests";
import { messagingEffect, messagingImplementation } from "./mcp-messaging-tools";
import { workspaceView } from "./mcp-messaging-view";
import { hashSeed, seededRandom } from "./mcp-seed-values";
import { isJsonObject } from "./mcp-spec-schema";
import type { McpSurface, SurfaceImport, SurfaceInput, SurfaceTool } from "./mcp-surface";

/** The verb the import report shows, and the table each role works on. */
const ROLES: Record<ChatRole, { verb: string; table: keyof typeof CHAT_TABLES }> = {
  list_channels: { verb: "list", table: "channels" },
  post_message: { verb: "create", table: "messages" },
  reply_to_thread: { verb: "create", table: "messages" },
  add_reaction: { verb: "create", table: "reactions" },
  channel_history: { verb: "list", table: "messages" },
  thread_replies: { verb: "list", table: "messages" },
  list_users: { verb: "list", table: "users" },
  user_profile: { verb: "get", table: "users" },
};

export const messagingSurface: McpSurface = {
  name: "messaging",
  recognise(input: SurfaceInput): SurfaceImport | undefined {
    const matched = input.tools.flatMap((tool) => {
      const match = matchChatRole(tool);
      return match ? [{ tool, match }] : [];
    });
    const fitting = matched.flatMap((m) => (m.match.ok ? [m.match.role] : []));
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
  const tools: ToolSpec[] = [];
  const implemented: McpImportReport["implemented"] = [];
  const leftOut: McpImportReport["leftOut"] = [];
  const notes: string[] = [];
  for (const { tool, match } of matched) {
    const original = tool.original;
    if (!match.ok) {
      leftOut.push({ tool: original.name, status: "not yet implemented", reason: match.reason });
      continue;
    }
    const tests = messagingToolTests({ ...match, ws, view });
    const invalid = tests.find(
      (t) => t.expect.error === undefined && !validateArguments(tool.schema, t.args).valid,
    );
    if (invalid || !isJsonObject(original.inputSchema)) {
      leftOut.push({
        tool: original.name,
        status: "not yet implemented",
        reason: `could not build test arguments valid for its inputSchema (${invalid?.name ?? "schema"})`,
      });
      continue;
    }
    const name = input.publishName(original.name);
    if (name !== original.name)
      notes.push(
        `${original.name} is published as ${name} (tool names allow letters, digits and _)`,
      );
    tools.push({
      name,
      description: (original.description ?? name).slice(0, 4000) || name,
      inputSchema: original.inputSchema,
      effect: messagingEffect(match.role),
      implementation: messagingImplementation({
        role: match.role,
        functionName: name,
        args: match.args,
        ...(match.defaultLimit !== undefined ? { defaultLimit: match.defaultLimit } : {}),
        teamId: ws.teamId,
        bot: ws.bot,
      }),
      tests,
    });
    implemented.push({
      tool: name,
      original: original.name,
      table: CHAT_TABLES[ROLES[match.role].table],
      verb: ROLES[match.role].verb,
      surface: "messaging",
    });
  }
  const rows = workspaceRows(ws);
  const threads = new Set(ws.messages.flatMap((m) => (m.threadTs === null ? [] : [m.threadTs])));
  notes.push(
    `messaging: the Slack-like workspace of Brightwave (${ws.teamId}) with ${ws.users.length} users, ${ws.channels.length} channels (1 archived), ${ws.messages.length} messages in ${threads.size} threads and ${ws.reactions.length} reactions (2 to 6 January 2025, and November 2024 in the archived channel); the agent posts and reacts as the app bot ${ws.bot.name} (${ws.bot.id}), and results are the Slack Web API's JSON`,
  );
  const keys: Record<keyof typeof CHAT_TABLES, string> = {
    users: "id",
    channels: "id",
    messages: "channel_id, ts",
    reactions: "channel_id, ts, name, user_id",
  };
  const tableKeys = Object.keys(CHAT_TABLES) as (keyof typeof CHAT_TABLES)[];
  return {
    surface: "messaging",
    claimed: matched.map((m) => m.tool.original.name),
    schemaSql: CHAT_SCHEMA_SQL,
    seed: {
      tables: Object.fromEntries(
        tableKeys.map((k) => [CHAT_TABLES[k], { columns: [...CHAT_COLUMNS[k]], rows: rows[k] }]),
      ),
    },
    tools,
    tables: tableKeys.map((k) => ({
      name: CHAT_TABLES[k],
      key: keys[k],
      columns: [...CHAT_COLUMNS[k]],
      rows: rows[k].length,
    })),
    implemented,
    leftOut,
    notes,
  };
}
