// Which chat operation a tool is, from its name and arguments. The name must say the operation
// (`slack_post_message`, `replyToThread`, `add_reaction`, `get_channel_history`,
// `get_thread_replies`, `list_channels`, `get_users`, `get_user_profile`) and every argument must
// fill one of that operation's slots, whatever the server calls it: the channel (`channel_id`,
// `channel`), the text, the parent's timestamp (`thread_ts`), the message's timestamp
// (`timestamp`, `ts`), the emoji (`reaction`, `emoji`), a user id, a page `limit` and `cursor`.
// A name that says an operation over arguments that do not fit is reported with the reason.
import { toolWords } from "./mcp-filesystem-roles";
import { typesOf } from "./mcp-json-schema";
import { isJsonObject, type JsonObject } from "./mcp-spec-schema";
import type { SurfaceTool } from "./mcp-surface";

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

interface RoleRule {
  role: ChatRole;
  named(words: ReadonlySet<string>): boolean;
  /** Each slot the operation takes, and whether the server must require it. */
  slots: Partial<Record<ChatSlot, boolean>>;
}

const any = (words: ReadonlySet<string>, ...wanted: string[]) => wanted.some((w) => words.has(w));
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
  | { ok: false; role: ChatRole; reason: string };

const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The tool's role, or undefined when its name names no chat operation. */
export function matchChatRole(tool: SurfaceTool): ChatRoleMatch | undefined {
  const rule = RULES.find((r) => r.named(toolWords(tool.original.name)));
  if (!rule) return undefined;
  const props = isJsonObject(tool.schema.properties) ? tool.schema.properties : {};
  const required = new Set(Array.isArray(tool.schema.required) ? tool.schema.required : []);
  const misfit = (why: string): ChatRoleMatch => ({
    ok: false,
    role: rule.role,
    reason: `its name says ${rule.role.replaceAll("_", " ")} but ${why}, which the messaging surface does not model`,
  });
  const args: Partial<Record<ChatSlot, string>> = {};
  for (const [name, schema] of Object.entries(props)) {
    const slot = (Object.keys(rule.slots) as ChatSlot[]).find(
      (s) => args[s] === undefined && SLOT_NAMES[s].includes(squash(name)),
    );
    if (slot === undefined) return misfit(`it takes an argument "${name}"`);
    if (!isJsonObject(schema) || !fits(schema, slot)) {
      return misfit(`its "${name}" is not ${slot === "limit" ? "a number" : "a string"}`);
    }
    if (rule.slots[slot] && !required.has(name)) return misfit(`its "${name}" is optional`);
    if (!rule.slots[slot] && required.has(name)) return misfit(`it requires "${name}"`);
    args[slot] = name;
  }
  for (const [slot, needed] of Object.entries(rule.slots) as [ChatSlot, boolean][]) {
    if (needed && args[slot] === undefined) return misfit(`it has no ${slot} argument`);
  }
  const limitSchema = args.limit === undefined ? undefined : props[args.limit];
  const fallback = isJsonObject(limitSchema) ? limitSchema.default : undefined;
  return {
    ok: true,
    role: rule.role,
    args,
    ...(typeof fallback === "number" && fallback >= 1 ? { defaultLimit: fallback } : {}),
  };
}

function fits(schema: JsonObject, slot: ChatSlot): boolean {
  const types = typesOf(schema);
  const only = (...allowed: string[]) =>
    types.length > 0 && types.every((t) => allowed.includes(t));
  return slot === "limit" ? only("number", "integer") : only("string") && schema.enum === undefined;
}

const READERS: ReadonlySet<ChatRole> = new Set(["channel_history", "thread_replies"]);

/**
 * A server is a chat workspace when its fitting tools post a message to a channel and read a
 * channel's messages back (its history or a thread's replies).
 */
export function looksLikeChat(roles: readonly ChatRole[]): boolean {
  return roles.includes("post_message") && roles.some((r) => READERS.has(r));
}
