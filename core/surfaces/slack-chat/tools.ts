// The JavaScript of each messaging tool, answering as the Slack Web API method the Slack MCP
// server calls: conversations.list, chat.postMessage (also with thread_ts), reactions.add,
// conversations.history, conversations.replies, users.list and users.profile.get. Results are the
// method's JSON (`{ok: true, ...}`); Slack's errors (`channel_not_found`, `thread_not_found`,
// `message_not_found`, `already_reacted`, `invalid_name`, `is_archived`, `invalid_cursor`...) are
// the tool error's code, with `{ok: false, error}` as its details.
import type { ToolSpec } from "../../environment/spec";
import { EMOJI_ALIASES, EMOJI_NAMES } from "./emoji";
import { MESSAGING_GUEST_JS } from "./guest";
import type { ChatRole, ChatSlot } from "./roles";
import type { ChatUser } from "./workspace";

/** Per-call bounds, as Slack and the MCP server set them. */
export const MESSAGING_LIMITS = {
  /** Channels or users on one page (the server asks Slack for at most 200). */
  maxPage: 200,
  /** Messages one history call returns (Slack's conversations.history maximum). */
  maxHistory: 999,
  /** Messages of one thread returned at once (Slack's conversations.replies maximum). */
  maxReplies: 1000,
  maxTextChars: 40_000,
  maxCursorChars: 200,
  /** Microseconds between a new message's ts and the previous one, at least. */
  tsStep: 100,
} as const;

/** What the server does when a call gives no limit: its schema's default, or Slack's. */
const DEFAULT_LIMITS: Partial<Record<ChatRole, number>> = {
  list_channels: 100,
  list_users: 100,
  channel_history: 100,
};

const LIST_CHANNELS = `
  const limit = pageLimit(C.maxPage);
  const from = cursorStart("team:");
  const rows = ctx.query("SELECT * FROM chat_channels WHERE is_archived = 0 AND id >= ? ORDER BY id LIMIT ?", [from, limit + 1]);
  const next = rows.length > limit ? rows.pop() : null;
  return { ok: true, channels: rows.map(channelOf), response_metadata: { next_cursor: next === null ? "" : encodeCursor("team:" + next.id) } };`;

const POST_MESSAGE = `
  const c = postTarget();
  const text = given("text");
  checkText(text);
  const ts = nextTs();
  ctx.run("INSERT INTO chat_messages (channel_id, ts, user_id, text, thread_ts) VALUES (?, ?, ?, ?, NULL)", [c.id, ts, BOT.id, text]);
  return { ok: true, channel: c.id, ts, message: botMessage(ts, text) };`;

const REPLY_TO_THREAD = `
  const c = postTarget();
  const text = given("text");
  checkText(text);
  const find = (ts) => ctx.one("SELECT ts, user_id, thread_ts FROM chat_messages WHERE channel_id = ? AND ts = ?", [c.id, ts]);
  const parent = find(given("thread"));
  if (parent === null) fail("thread_not_found", "Value passed for thread_ts was invalid.");
  // A reply to a reply joins its parent's thread, as Slack does.
  const root = parent.thread_ts === null ? parent : find(parent.thread_ts);
  const ts = nextTs();
  ctx.run("INSERT INTO chat_messages (channel_id, ts, user_id, text, thread_ts) VALUES (?, ?, ?, ?, ?)", [c.id, ts, BOT.id, text, root.ts]);
  const message = botMessage(ts, text);
  message.thread_ts = root.ts;
  message.parent_user_id = root.user_id;
  return { ok: true, channel: c.id, ts, message };`;

const ADD_REACTION = `
  const c = channelById(given("channel"));
  if (c.is_archived === 1) fail("is_archived", "Channel has been archived.");
  const ts = given("timestamp");
  if (ctx.one("SELECT 1 AS found FROM chat_messages WHERE channel_id = ? AND ts = ?", [c.id, ts]) === null) {
    fail("message_not_found", "That message does not exist.");
  }
  const raw = given("reaction");
  let name = raw.length > 2 && raw.charAt(0) === ":" && raw.charAt(raw.length - 1) === ":" ? raw.slice(1, -1) : raw;
  let tone = "";
  const toneAt = name.indexOf("::skin-tone-");
  if (toneAt >= 0) {
    tone = name.slice(toneAt);
    name = name.slice(0, toneAt);
    if (!/^::skin-tone-[2-6]$/.test(tone)) fail("invalid_name", "Value passed for name was invalid.");
  }
  if (Object.prototype.hasOwnProperty.call(ALIASES, name)) name = ALIASES[name];
  if (EMOJI.indexOf(name) < 0) fail("invalid_name", "Value passed for name was invalid.");
  name += tone;
  if (ctx.one("SELECT 1 AS found FROM chat_reactions WHERE channel_id = ? AND ts = ? AND name = ? AND user_id = ?", [c.id, ts, name, BOT.id]) !== null) {
    fail("already_reacted", "The specified item already has the user/reaction combination.");
  }
  ctx.run("INSERT INTO chat_reactions (channel_id, ts, name, user_id, position) SELECT ?, ?, ?, ?, COALESCE(MAX(position), 0) + 1 FROM chat_reactions", [c.id, ts, name, BOT.id]);
  return { ok: true };`;

const CHANNEL_HISTORY = `
  const c = channelById(given("channel"));
  const limit = pageLimit(C.maxHistory);
  const rows = ctx.query(MESSAGES + " WHERE m.channel_id = ? AND m.thread_ts IS NULL ORDER BY m.ts DESC LIMIT ?", [c.id, limit + 1]);
  const hasMore = rows.length > limit;
  if (hasMore) rows.pop();
  const messages = rows.map(messageOf);
  if (rows.length > 0) {
    const first = rows[rows.length - 1].ts;
    const threads = threadsBetween(c.id, first, rows[0].ts);
    const reactions = reactionsBetween(c.id, first, rows[0].ts);
    messages.forEach((m) => withReactions(withThread(m, threads.get(m.ts)), reactions));
  }
  const out = { ok: true, messages, has_more: hasMore, pin_count: 0, channel_actions_ts: null, channel_actions_count: 0 };
  if (hasMore) out.response_metadata = { next_cursor: encodeCursor("next_ts:" + rows[rows.length - 1].ts.replace(".", "")) };
  return out;`;

const THREAD_REPLIES = `
  const c = channelById(given("channel"));
  const hit = ctx.one("SELECT ts, thread_ts FROM chat_messages WHERE channel_id = ? AND ts = ?", [c.id, given("thread")]);
  if (hit === null) fail("thread_not_found", "Value for thread_ts was missing or invalid.");
  const root = hit.thread_ts === null ? hit.ts : hit.thread_ts;
  const rows = ctx.query(MESSAGES + " WHERE m.channel_id = ? AND (m.ts = ? OR m.thread_ts = ?) ORDER BY m.ts LIMIT ?", [c.id, root, root, C.maxReplies + 1]);
  const hasMore = rows.length > C.maxReplies;
  if (hasMore) rows.pop();
  const threads = threadsBetween(c.id, root, root);
  const reactions = reactionsBetween(c.id, root, rows[rows.length - 1].ts);
  const messages = rows.map((row, i) => {
    const m = messageOf(row);
    if (i === 0) return withReactions(withThread(m, threads.get(root)), reactions);
    m.thread_ts = root;
    m.parent_user_id = rows[0].user_id;
    return withReactions(m, reactions);
  });
  return { ok: true, messages, has_more: hasMore };`;

const LIST_USERS = `
  const limit = pageLimit(C.maxPage);
  const from = cursorStart("user:");
  const rows = ctx.query("SELECT * FROM chat_users WHERE id >= ? ORDER BY id LIMIT ?", [from, limit + 1]);
  const next = rows.length > limit ? rows.pop() : null;
  return { ok: true, members: rows.map(memberOf), cache_ts: Math.floor(Date.parse(ctx.now()) / 1000),
    response_metadata: { next_cursor: next === null ? "" : encodeCursor("user:" + next.id) } };`;

const USER_PROFILE = `
  const u = ctx.one("SELECT * FROM chat_users WHERE id = ?", [given("user")]);
  if (u === null) fail("user_not_found", "Value passed for user was invalid.");
  return { ok: true, profile: profileOf(u) };`;

const BODIES: Record<ChatRole, string> = {
  list_channels: LIST_CHANNELS,
  post_message: POST_MESSAGE,
  reply_to_thread: REPLY_TO_THREAD,
  add_reaction: ADD_REACTION,
  channel_history: CHANNEL_HISTORY,
  thread_replies: THREAD_REPLIES,
  list_users: LIST_USERS,
  user_profile: USER_PROFILE,
};

const WRITES: ReadonlySet<ChatRole> = new Set(["post_message", "reply_to_thread", "add_reaction"]);

export function messagingEffect(role: ChatRole): ToolSpec["effect"] {
  return WRITES.has(role) ? "write" : "read";
}

export interface MessagingCode {
  role: ChatRole;
  functionName: string;
  args: Partial<Record<ChatSlot, string>>;
  defaultLimit?: number;
  teamId: string;
  bot: ChatUser;
}

export function defaultLimitOf(role: ChatRole, fromSchema: number | undefined): number {
  return fromSchema ?? DEFAULT_LIMITS[role] ?? 100;
}

/** `function name(args, ctx) { constants; helpers; body }`. */
export function messagingImplementation(code: MessagingCode): string {
  const limits = {
    ...MESSAGING_LIMITS,
    defaultLimit: defaultLimitOf(code.role, code.defaultLimit),
  };
  const bot = {
    id: code.bot.id,
    real_name: code.bot.realName,
    bot_id: code.bot.botId,
    app_id: code.bot.appId,
    updated: code.bot.updated,
    image_url: code.bot.imageUrl,
  };
  const emoji = code.role === "add_reaction";
  return [
    `function ${code.functionName}(args, ctx) {`,
    `  const C = ${JSON.stringify(limits)};`,
    `  const A = ${JSON.stringify(code.args)};`,
    `  const TEAM = ${JSON.stringify(code.teamId)};`,
    `  const BOT = ${JSON.stringify(bot)};`,
    `  const EMOJI = ${JSON.stringify(emoji ? EMOJI_NAMES : [])};`,
    `  const ALIASES = ${JSON.stringify(emoji ? EMOJI_ALIASES : {})};`,
    `  ${MESSAGING_GUEST_JS.trim()}`,
    `  ${BODIES[code.role].trim()}`,
    "}",
  ].join("\n");
}
