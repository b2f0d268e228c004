// The Slack Web API's answers over the seeded workspace, worked out in TypeScript from the seed
// data (not from the guest code): what conversations.list, users.list, users.profile.get,
// conversations.history and conversations.replies return, and the ts and message a bot post gets.
// The tests of tests.ts (and the behaviour tests) compare the tools against these.
import type { Json } from "../../base/json";
import type { ChatMessage, Workspace } from "./seed";
import { MESSAGING_LIMITS } from "./tools";
import type { ChatChannel, ChatUser } from "./workspace";

type JsonMap = { [key: string]: Json };

/** Slack cursors are base64 of `<kind>:<where the next page starts>`. */
export const slackCursor = (text: string) => btoa(text);

export function workspaceView(ws: Workspace) {
  const team = ws.teamId;
  const userById = new Map(ws.users.map((u) => [u.id, u]));
  const user = (id: string): ChatUser => {
    const found = userById.get(id);
    if (!found) throw new Error(`no seeded user ${id}`);
    return found;
  };
  const image = (u: ChatUser, size: number) => u.imageUrl.replace("{size}", String(size));

  const profile = (u: ChatUser): JsonMap => ({
    title: u.title,
    phone: u.phone,
    skype: "",
    real_name: u.realName,
    real_name_normalized: u.realNameNormalized,
    display_name: u.displayName,
    display_name_normalized: u.displayNameNormalized,
    fields: {},
    status_text: u.statusText,
    status_emoji: u.statusEmoji,
    status_emoji_display_info: [],
    status_expiration: 0,
    avatar_hash: u.avatarHash,
    ...(u.email !== null ? { email: u.email } : {}),
    ...(u.botId !== null ? { bot_id: u.botId, api_app_id: u.appId, always_active: true } : {}),
    first_name: u.firstName,
    last_name: u.lastName,
    ...Object.fromEntries([24, 32, 48, 72, 192, 512].map((s) => [`image_${s}`, image(u, s)])),
    status_text_canonical: "",
    team,
  });

  const member = (u: ChatUser): JsonMap => ({
    id: u.id,
    team_id: team,
    name: u.name,
    deleted: u.deleted,
    ...(u.deleted
      ? {}
      : {
          color: u.color,
          real_name: u.realName,
          tz: u.tz,
          tz_label: u.tzLabel,
          tz_offset: u.tzOffset,
        }),
    profile: profile(u),
    ...(u.deleted
      ? {}
      : {
          is_admin: u.isAdmin,
          is_owner: u.isOwner,
          is_primary_owner: u.isPrimaryOwner,
          is_restricted: false,
          is_ultra_restricted: false,
        }),
    is_bot: u.isBot,
    is_app_user: false,
    updated: u.updated,
  });

  const channel = (c: ChatChannel): JsonMap => ({
    id: c.id,
    name: c.name,
    is_channel: true,
    is_group: false,
    is_im: false,
    is_mpim: false,
    is_private: false,
    created: c.created,
    is_archived: c.isArchived,
    is_general: c.isGeneral,
    unlinked: 0,
    name_normalized: c.name,
    is_shared: false,
    is_org_shared: false,
    is_pending_ext_shared: false,
    pending_shared: [],
    context_team_id: team,
    updated: c.updated,
    parent_conversation: null,
    creator: c.creator,
    is_ext_shared: false,
    shared_team_ids: [team],
    pending_connected_team_ids: [],
    is_member: true,
    topic: { value: c.topic, creator: c.topicCreator, last_set: c.topicLastSet },
    purpose: { value: c.purpose, creator: c.purposeCreator, last_set: c.purposeLastSet },
    previous_names: [],
    num_members: c.numMembers,
  });

  /** A message as the Web API shows it, without thread summary or reactions. */
  const bare = (m: Pick<ChatMessage, "ts" | "user" | "text">): JsonMap => {
    const u = user(m.user);
    const bot = u.botId !== null;
    return {
      user: m.user,
      type: "message",
      ts: m.ts,
      ...(bot ? { bot_id: u.botId, app_id: u.appId } : {}),
      text: m.text,
      team,
      ...(bot
        ? {
            bot_profile: {
              id: u.botId,
              deleted: false,
              name: u.realName,
              updated: u.updated,
              app_id: u.appId,
              icons: { image_36: image(u, 36), image_48: image(u, 48), image_72: image(u, 72) },
              team_id: team,
            },
          }
        : {}),
    };
  };

  const repliesOf = (m: ChatMessage) =>
    ws.messages.filter((r) => r.channel === m.channel && r.threadTs === m.ts);

  const reactionsOf = (m: ChatMessage): JsonMap => {
    const list: { name: string; users: string[]; count: number }[] = [];
    const mine = ws.reactions
      .filter((r) => r.channel === m.channel && r.ts === m.ts)
      .sort((a, b) => a.position - b.position);
    for (const r of mine) {
      let entry = list.find((e) => e.name === r.name);
      if (!entry) {
        entry = { name: r.name, users: [], count: 0 };
        list.push(entry);
      }
      entry.users.push(r.user);
      entry.count += 1;
    }
    return list.length > 0 ? { reactions: list } : {};
  };

  /** A channel message with its thread summary (when it has replies) and its reactions. */
  const full = (m: ChatMessage): JsonMap => {
    const replies = repliesOf(m);
    const users = [...new Set(replies.map((r) => r.user))];
    return {
      ...bare(m),
      ...(replies.length > 0
        ? {
            thread_ts: m.ts,
            reply_count: replies.length,
            reply_users_count: users.length,
            latest_reply: replies[replies.length - 1]?.ts ?? m.ts,
            reply_users: users,
            is_locked: false,
            subscribed: false,
          }
        : {}),
      ...reactionsOf(m),
    };
  };

  const roots = (channelId: string) =>
    ws.messages.filter((m) => m.channel === channelId && m.threadTs === null);

  return {
    user,
    member,
    profile,
    channel,
    bare,
    full,
    roots,
    repliesOf,
    /** conversations.list (active channels in id order) from `start`, `limit` at a time. */
    channelsPage(limit: number, start = ""): Json {
      const active = ws.channels.filter((c) => !c.isArchived && c.id >= start);
      const page = active.slice(0, limit);
      const next = active[limit];
      return {
        ok: true,
        channels: page.map(channel),
        response_metadata: { next_cursor: next ? slackCursor(`team:${next.id}`) : "" },
      };
    },
    /** users.list (every user in id order) from `start`, `limit` at a time, at `now`. */
    usersPage(limit: number, now: string, start = ""): Json {
      const all = ws.users.filter((u) => u.id >= start).sort((a, b) => (a.id < b.id ? -1 : 1));
      const next = all[limit];
      return {
        ok: true,
        members: all.slice(0, limit).map(member),
        cache_ts: Math.floor(Date.parse(now) / 1000),
        response_metadata: { next_cursor: next ? slackCursor(`user:${next.id}`) : "" },
      };
    },
    /** conversations.history: the newest `limit` channel messages, newest first. */
    history(channelId: string, limit: number): Json {
      const newest = roots(channelId).reverse();
      const page = newest.slice(0, limit);
      const more = newest.length > limit;
      const last = page[page.length - 1];
      return {
        ok: true,
        messages: page.map(full),
        has_more: more,
        pin_count: 0,
        channel_actions_ts: null,
        channel_actions_count: 0,
        ...(more && last
          ? {
              response_metadata: {
                next_cursor: slackCursor(`next_ts:${last.ts.replace(".", "")}`),
              },
            }
          : {}),
      };
    },
    /** conversations.replies: the parent with its summary, then its replies oldest first. */
    replies(root: ChatMessage): Json {
      return {
        ok: true,
        messages: [
          full(root),
          ...repliesOf(root).map((r) => ({
            ...bare(r),
            thread_ts: root.ts,
            parent_user_id: root.user,
            ...reactionsOf(r),
          })),
        ],
        has_more: false,
      };
    },
    /** The ts the next message gets when posted at `now`, after the newest seeded one. */
    nextTs(now: string): string {
      const micros = (ts: string) => {
        const [s = "0", f = "0"] = ts.split(".");
        return Number(s) * 1e6 + Number(f);
      };
      const newest = Math.max(...ws.messages.map((m) => micros(m.ts)));
      let n = Date.parse(now) * 1000 + MESSAGING_LIMITS.tsStep;
      if (newest >= n) n = newest + MESSAGING_LIMITS.tsStep;
      const seconds = Math.floor(n / 1e6);
      return `${seconds}.${String(n - seconds * 1e6).padStart(6, "0")}`;
    },
  };
}

export type WorkspaceView = ReturnType<typeof workspaceView>;
