// The chat workspace as task synthesis knows it: the active channels, the people with their
// profiles, and every message (channel messages and thread replies) with its reactions, read once
// through the environment's own tools on a fresh copy. The app bot the agent posts as is "you"
// (`me`): the one member marked as a bot that is not deactivated.
import { z } from "zod";
import type { Json } from "../../../base/json";
import type { ToolRunner } from "../../../episode/tool-runner";
import { historyArgs, pageArgs, threadArgs } from "./calls";
import type { ChatLens, ChatTool } from "./lens";

export interface SeenChannel {
  id: string;
  name: string;
}

export interface SeenPerson {
  id: string;
  realName: string;
  title: string;
  phone: string;
  email: string;
  statusText: string;
  /** `Central European Time`; undefined when the listing does not say. */
  tzLabel: string | undefined;
  isBot: boolean;
  deleted: boolean;
}

export interface SeenReaction {
  name: string;
  users: string[];
}

export interface SeenMessage {
  channel: SeenChannel;
  ts: string;
  user: string;
  text: string;
  /** The thread's first message, for a reply; undefined for a message posted to the channel. */
  parent: SeenMessage | undefined;
  /** Replies in its thread, oldest first (read only when the server reads threads). */
  replies: SeenMessage[];
  reactions: SeenReaction[];
  /** The UTC day it was posted, `2025-01-03`. */
  day: string;
}

export interface SeenWorkspace {
  channels: SeenChannel[];
  people: SeenPerson[];
  /** The app bot the agent posts and reacts as, when there is exactly one. */
  me: SeenPerson | undefined;
  /** Channel messages (not replies) of each channel, oldest first. */
  roots: Map<SeenChannel, SeenMessage[]>;
  /** Every message, channel messages and replies, oldest first. */
  messages: SeenMessage[];
  person(id: string): SeenPerson | undefined;
}

const Page = z.object({
  response_metadata: z.object({ next_cursor: z.string().optional() }).optional(),
});
const Channels = Page.extend({
  channels: z.array(z.object({ id: z.string(), name: z.string(), is_archived: z.boolean() })),
});
const Members = Page.extend({
  members: z.array(
    z.object({
      id: z.string(),
      deleted: z.boolean(),
      is_bot: z.boolean(),
      tz_label: z.string().nullish(),
      profile: z.object({
        real_name: z.string(),
        title: z.string().default(""),
        phone: z.string().default(""),
        email: z.string().default(""),
        status_text: z.string().default(""),
      }),
    }),
  ),
});
const Message = z.object({
  ts: z.string(),
  user: z.string(),
  text: z.string(),
  reply_count: z.number().optional(),
  reactions: z.array(z.object({ name: z.string(), users: z.array(z.string()) })).optional(),
});
const Messages = z.object({ messages: z.array(Message), has_more: z.boolean().optional() });

/** Bounds on exploration: a bigger workspace is sampled by its first pages. */
const MAX_PAGES = 20;

function read<T>(
  runner: ToolRunner,
  tool: string,
  args: Record<string, Json>,
  schema: z.ZodType<T>,
) {
  const outcome = runner.call(tool, args);
  if (!outcome.ok) return undefined;
  const parsed = schema.safeParse(outcome.result);
  return parsed.success ? parsed.data : undefined;
}

function pages<T extends z.infer<typeof Page>>(
  runner: ToolRunner,
  tool: ChatTool,
  schema: z.ZodType<T>,
): T[] {
  const out: T[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const page = read(runner, tool.name, pageArgs(tool, cursor), schema);
    if (!page) break;
    out.push(page);
    cursor = page.response_metadata?.next_cursor;
    if (!cursor || tool.args.cursor === undefined) break;
  }
  return out;
}

const dayOf = (ts: string) => new Date(Number(ts) * 1000).toISOString().slice(0, 10);

export function exploreWorkspace(lens: ChatLens, runner: ToolRunner): SeenWorkspace {
  const channels = pages(runner, lens.list_channels, Channels)
    .flatMap((p) => p.channels)
    .filter((c) => !c.is_archived)
    .map((c) => ({ id: c.id, name: c.name }));
  const people: SeenPerson[] = lens.list_users
    ? pages(runner, lens.list_users, Members)
        .flatMap((p) => p.members)
        .map((m) => ({
          id: m.id,
          realName: m.profile.real_name,
          title: m.profile.title,
          phone: m.profile.phone,
          email: m.profile.email,
          statusText: m.profile.status_text,
          tzLabel: m.tz_label ?? undefined,
          isBot: m.is_bot,
          deleted: m.deleted,
        }))
    : [];
  const bots = people.filter((p) => p.isBot && !p.deleted);
  const byId = new Map(people.map((p) => [p.id, p]));
  const roots = new Map<SeenChannel, SeenMessage[]>();
  const messages: SeenMessage[] = [];
  const seen = (channel: SeenChannel, m: z.infer<typeof Message>, parent?: SeenMessage) => {
    const message: SeenMessage = {
      channel,
      ts: m.ts,
      user: m.user,
      text: m.text,
      parent,
      replies: [],
      reactions: m.reactions ?? [],
      day: dayOf(m.ts),
    };
    messages.push(message);
    return message;
  };
  for (const channel of channels) {
    const history = read(
      runner,
      lens.channel_history.name,
      historyArgs(lens, channel.id),
      Messages,
    );
    // A channel whose messages do not fit one read cannot be asked about as a whole.
    if (!history || history.has_more) continue;
    const list: SeenMessage[] = [];
    for (const m of [...history.messages].reverse()) {
      const root = seen(channel, m);
      list.push(root);
      if (!lens.thread_replies || !m.reply_count) continue;
      const thread = read(
        runner,
        lens.thread_replies.name,
        threadArgs(lens.thread_replies, channel.id, m.ts),
        Messages,
      );
      for (const r of thread?.messages.slice(1) ?? []) root.replies.push(seen(channel, r, root));
    }
    roots.set(channel, list);
  }
  messages.sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0));
  return {
    channels: channels.filter((c) => roots.has(c)),
    people,
    me: bots.length === 1 ? bots[0] : undefined,
    roots,
    messages,
    person: (id) => byId.get(id),
  };
}
