// The seeded chat workspace as data and as rows of the messaging tables: people and channels
// (workspace.ts), the scripted conversations (conversations.ts) with
// Slack timestamps (`1735830120.084512`: seconds of the scripted minute plus seeded seconds and
// microseconds), thread replies pointing at their parent's ts, and reactions in the order given.
import type { SqlValue } from "../../environment/spec";
import type { Random } from "../kit/seed-values";
import { CONVERSATIONS, type ScriptedPost } from "./conversations";
import { type ChatChannel, type ChatUser, seedPeople, type WorkspacePeople } from "./workspace";

export interface ChatMessage {
  channel: string;
  ts: string;
  user: string;
  text: string;
  /** The parent's ts for a thread reply; null for a message posted to the channel. */
  threadTs: string | null;
}

export interface ChatReaction {
  channel: string;
  ts: string;
  name: string;
  user: string;
  /** Order of reacting across the workspace, from 1. */
  position: number;
}

export interface Workspace extends WorkspacePeople {
  messages: ChatMessage[];
  reactions: ChatReaction[];
}

export const CHAT_TABLES = {
  users: "chat_users",
  channels: "chat_channels",
  messages: "chat_messages",
  reactions: "chat_reactions",
} as const;

export const CHAT_SCHEMA_SQL = `CREATE TABLE chat_users (
  id TEXT NOT NULL PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  real_name TEXT NOT NULL,
  display_name TEXT NOT NULL,
  real_name_normalized TEXT NOT NULL,
  display_name_normalized TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  title TEXT NOT NULL,
  email TEXT,
  phone TEXT NOT NULL,
  tz TEXT,
  tz_label TEXT,
  tz_offset INTEGER,
  color TEXT NOT NULL,
  status_text TEXT NOT NULL,
  status_emoji TEXT NOT NULL,
  avatar_hash TEXT NOT NULL,
  image_url TEXT NOT NULL,
  is_admin INTEGER NOT NULL,
  is_owner INTEGER NOT NULL,
  is_primary_owner INTEGER NOT NULL,
  is_bot INTEGER NOT NULL,
  bot_id TEXT,
  app_id TEXT,
  deleted INTEGER NOT NULL,
  updated INTEGER NOT NULL
);

CREATE TABLE chat_channels (
  id TEXT NOT NULL PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  created INTEGER NOT NULL,
  creator TEXT NOT NULL REFERENCES chat_users (id),
  is_general INTEGER NOT NULL,
  is_archived INTEGER NOT NULL,
  topic TEXT NOT NULL,
  topic_creator TEXT NOT NULL,
  topic_last_set INTEGER NOT NULL,
  purpose TEXT NOT NULL,
  purpose_creator TEXT NOT NULL,
  purpose_last_set INTEGER NOT NULL,
  num_members INTEGER NOT NULL,
  updated INTEGER NOT NULL
);

CREATE TABLE chat_messages (
  channel_id TEXT NOT NULL REFERENCES chat_channels (id),
  ts TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES chat_users (id),
  text TEXT NOT NULL,
  thread_ts TEXT,
  PRIMARY KEY (channel_id, ts)
);

CREATE INDEX chat_messages_thread ON chat_messages (channel_id, thread_ts, ts);

CREATE TABLE chat_reactions (
  channel_id TEXT NOT NULL,
  ts TEXT NOT NULL,
  name TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES chat_users (id),
  position INTEGER NOT NULL UNIQUE,
  PRIMARY KEY (channel_id, ts, name, user_id),
  FOREIGN KEY (channel_id, ts) REFERENCES chat_messages (channel_id, ts)
);`;

export const CHAT_COLUMNS = {
  users: [
    "id",
    "name",
    "real_name",
    "display_name",
    "real_name_normalized",
    "display_name_normalized",
    "first_name",
    "last_name",
    "title",
    "email",
    "phone",
    "tz",
    "tz_label",
    "tz_offset",
    "color",
    "status_text",
    "status_emoji",
    "avatar_hash",
    "image_url",
    "is_admin",
    "is_owner",
    "is_primary_owner",
    "is_bot",
    "bot_id",
    "app_id",
    "deleted",
    "updated",
  ],
  channels: [
    "id",
    "name",
    "created",
    "creator",
    "is_general",
    "is_archived",
    "topic",
    "topic_creator",
    "topic_last_set",
    "purpose",
    "purpose_creator",
    "purpose_last_set",
    "num_members",
    "updated",
  ],
  messages: ["channel_id", "ts", "user_id", "text", "thread_ts"],
  reactions: ["channel_id", "ts", "name", "user_id", "position"],
} as const;

export function seedWorkspace(rnd: Random): Workspace {
  const people = seedPeople(rnd);
  const messages: ChatMessage[] = [];
  const pending: { message: ChatMessage; react: ScriptedPost["react"] }[] = [];
  const mentions = (text: string) =>
    text
      .replace(/\{@([a-z.]+)\}/g, (_, handle: string) => `<@${people.userId(handle)}>`)
      .replace(/\{#([a-z-]+)\}/g, (_, name: string) => `<#${people.channelId(name)}|${name}>`);
  const tsOf = (at: string) => {
    const seconds = Date.parse(`${at.replace(" ", "T")}:00Z`) / 1000 + Math.floor(rnd() * 60);
    return `${seconds}.${String(Math.floor(rnd() * 1_000_000)).padStart(6, "0")}`;
  };
  for (const [name, posts] of Object.entries(CONVERSATIONS)) {
    const channel = people.channelId(name);
    const add = (post: ScriptedPost, threadTs: string | null) => {
      const message = {
        channel,
        ts: tsOf(post.at),
        user: people.userId(post.by),
        text: mentions(post.text),
        threadTs,
      };
      if (threadTs !== null && message.ts <= threadTs) {
        throw new Error(`a reply in #${name} at ${post.at} is not after its parent`);
      }
      messages.push(message);
      pending.push({ message, react: post.react });
      return message;
    };
    for (const post of posts) {
      const root = add(post, null);
      for (const reply of post.replies ?? []) add(reply, root.ts);
    }
  }
  const order = (a: ChatMessage, b: ChatMessage) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0);
  messages.sort(order);
  pending.sort((a, b) => order(a.message, b.message));
  const reactions: ChatReaction[] = [];
  for (const { message, react } of pending) {
    for (const [emoji, handles] of Object.entries(react ?? {})) {
      for (const handle of handles) {
        reactions.push({
          channel: message.channel,
          ts: message.ts,
          name: emoji,
          user: people.userId(handle),
          position: reactions.length + 1,
        });
      }
    }
  }
  return { ...people, messages, reactions };
}

const flag = (b: boolean) => (b ? 1 : 0);

export function workspaceRows(ws: Workspace): Record<keyof typeof CHAT_TABLES, SqlValue[][]> {
  const user = (u: ChatUser): SqlValue[] => [
    u.id,
    u.name,
    u.realName,
    u.displayName,
    u.realNameNormalized,
    u.displayNameNormalized,
    u.firstName,
    u.lastName,
    u.title,
    u.email,
    u.phone,
    u.tz,
    u.tzLabel,
    u.tzOffset,
    u.color,
    u.statusText,
    u.statusEmoji,
    u.avatarHash,
    u.imageUrl,
    flag(u.isAdmin),
    flag(u.isOwner),
    flag(u.isPrimaryOwner),
    flag(u.isBot),
    u.botId,
    u.appId,
    flag(u.deleted),
    u.updated,
  ];
  const channel = (c: ChatChannel): SqlValue[] => [
    c.id,
    c.name,
    c.created,
    c.creator,
    flag(c.isGeneral),
    flag(c.isArchived),
    c.topic,
    c.topicCreator,
    c.topicLastSet,
    c.purpose,
    c.purposeCreator,
    c.purposeLastSet,
    c.numMembers,
    c.updated,
  ];
  return {
    users: ws.users.map(user),
    channels: ws.channels.map(channel),
    messages: ws.messages.map((m) => [m.channel, m.ts, m.user, m.text, m.threadTs]),
    reactions: ws.reactions.map((r) => [r.channel, r.ts, r.name, r.user, r.position]),
  };
}
