// Which chat operation a tool is, from its name and arguments. The name must say the operation
// (`slack_post_message`, `replyToThread`, `add_reaction`, `get_channel_history`,
// `get_thread_replies`, `list_channels`, `get_users`, `get_user_profile`) and every argument must
// fill one of that operation's slots, whatever the server calls it: the channel (`channel_id`,
// `channel`), the text, the parent's timestamp (`thread_ts`), the message's timestamp
// (`timestamp`, `ts`), the emoji (`reaction`, `emoji`), a user id, a page `limit` and `cursor`.
// A name that says an operation over arguments that do not fit is reported with the reason.

import { isJsonObject, type JsonObject } from "../../mcp/spec-schema";
import {
  anyWord as any,
  matchRoleSlots,
  onlyTypes,
  type RoleMisfit,
  type SlotRule,
  toolArguments,
} from "../kit/role-matching";
import type { SurfaceTool } from "../surface";

export type ChatRole =
  | "list_channels"
  | "post_message"
  | "reply_to_thread"
  | "add_reaction"
  | "channel_history"
  | "thread_replies"
  | "list_users"
  | "user_profile";

export type ChatSlot =
  | "channel"
  | "text"
  | "thread"
  | "timestamp"
  | "reaction"
  | "user"
  | "limit"
  | "cursor";

/** The argument names each slot answers to, compared without case, `_` or `-`. */
const SLOT_NAMES: Record<ChatSlot, readonly string[]> = {
  channel: ["channelid", "channel"],
  text: ["text", "message"],
  thread: ["threadts", "parentts", "ts"],
  timestamp: ["timestamp", "ts", "messagets"],
  reaction: ["reaction", "emoji", "name"],
  user: ["userid", "user"],
  limit: ["limit", "count"],
  cursor: ["cursor"],
};

type RoleRule = SlotRule<ChatRole, ChatSlot>;

const reading = (w: ReadonlySet<string>) => any(w, "get", "list", "read", "fetch");

/** In order: the first rule whose name test passes decides the role. */
const RULES: readonly RoleRule[] = [
  {
    role: "reply_to_thread",
    named: (w) => any(w, "reply", "respond"),
    slots: { channel: true, thread: true, text: true },
  },
  {
    role: "post_message",
    named: (w) => any(w, "post", "send") && any(w, "message", "msg", "chat"),
    slots: { channel: true, text: true },
  },
  {
    role: "add_reaction",
    named: (w) => any(w, "reaction", "react") && !any(w, "remove", "delete", "get", "list"),
    slots: { channel: true, timestamp: true, reaction: true },
  },
  {
    role: "channel_history",
    named: (w) =>
      any(w, "history") || (reading(w) && any(w, "messages") && any(w, "channel", "conversation")),
    slots: { channel: true, limit: false },
  },
  {
    role: "thread_replies",
    named: (w) => any(w, "replies") || (reading(w) && any(w, "thread")),
    slots: { channel: true, thread: true },
  },
  {
    role: "list_channels",
    named: (w) => reading(w) && any(w, "channels", "conversations"),
    slots: { limit: false, cursor: false },
  },
  {
    role: "user_profile",
    named: (w) => any(w, "profile"),
    slots: { user: true },
  },
  {
    role: "list_users",
    named: (w) => reading(w) && any(w, "users", "members"),
    slots: { limit: false, cursor: false },
  },
];

export type ChatRoleMatch =
  | {
      ok: true;
      role: ChatRole;
      /** The server's argument name for each slot it offers. */
      args: Partial<Record<ChatSlot, string>>;
      /** The `default` the server's schema gives its limit, if any. */
      defaultLimit?: number;
    }
  | RoleMisfit<ChatRole>;

/** The tool's role, or undefined when its name names no chat operation. */
export function matchChatRole(tool: SurfaceTool): ChatRoleMatch | undefined {
  const match = matchRoleSlots(tool, RULES, {
    surface: "messaging",
    names: (slot) => SLOT_NAMES[slot],
    unfit: (schema, slot, name) =>
      isJsonObject(schema) && fits(schema, slot)
        ? undefined
        : `its "${name}" is not ${slot === "limit" ? "a number" : "a string"}`,
  });
  if (!match?.ok) return match;
  const { props } = toolArguments(tool);
  const limitSchema = match.args.limit === undefined ? undefined : props[match.args.limit];
  const fallback = isJsonObject(limitSchema) ? limitSchema.default : undefined;
  return {
    ...match,
    ...(typeof fallback === "number" && fallback >= 1 ? { defaultLimit: fallback } : {}),
  };
}

function fits(schema: JsonObject, slot: ChatSlot): boolean {
  return slot === "limit"
    ? onlyTypes(schema, "number", "integer")
    : onlyTypes(schema, "string") && schema.enum === undefined;
}

const READERS: ReadonlySet<ChatRole> = new Set(["channel_history", "thread_replies"]);

/**
 * A server is a chat workspace when its fitting tools post a message to a channel and read a
 * channel's messages back (its history or a thread's replies).
 */
export function looksLikeChat(roles: readonly ChatRole[]): boolean {
  return roles.includes("post_message") && roles.some((r) => READERS.has(r));
}
