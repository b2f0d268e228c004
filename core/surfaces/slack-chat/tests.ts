// Unit tests of the messaging tools, from the seeded workspace: exact Web API answers worked out by
// view.ts, the rows each post, reply or reaction adds, and Slack's errors for bad
// channels, timestamps, emoji, cursors and limits. A test using an optional argument is made
// only when the server's tool takes it; arguments use the server's own names.

import type { Json } from "../../base/json";
import type { ToolTest } from "../../environment/spec";
import { DEFAULT_CLOCK_START } from "../../episode/episode-init";
import { argumentsOf, expectError, expectResult, offersSlots } from "../kit/tool-test-kit";
import type { ChatRole, ChatSlot } from "./roles";
import { CHAT_TABLES, type ChatMessage, type Workspace } from "./seed";
import { defaultLimitOf } from "./tools";
import { slackCursor, type WorkspaceView } from "./view";

export interface MessagingTestInput {
  role: ChatRole;
  args: Partial<Record<ChatSlot, string>>;
  defaultLimit?: number;
  ws: Workspace;
  view: WorkspaceView;
}

type Slots = Partial<Record<ChatSlot, Json>>;

const inserted = (table: keyof typeof CHAT_TABLES) => ({
  [CHAT_TABLES[table]]: { inserted: 1, updated: 0, deleted: 0 },
});

export function messagingToolTests(input: MessagingTestInput): ToolTest[] {
  const { role, ws, view } = input;
  /** The call's arguments under the server's names; undefined when it lacks one of the slots. */
  const call = (slots: Slots): Record<string, Json> | undefined =>
    offersSlots(input.args, slots) ? argumentsOf(input.args, slots) : undefined;
  const tests: ToolTest[] = [];
  const ok = (
    name: string,
    slots: Slots,
    result: Json,
    changes?: ToolTest["expect"]["changes"],
  ) => {
    const args = call(slots);
    if (args) tests.push(expectResult(name, args, result, "exact", changes));
  };
  const fails = (name: string, slots: Slots, code: string) => {
    const args = call(slots);
    if (args) tests.push(expectError(name, args, code));
  };
  const now = DEFAULT_CLOCK_START;
  const limit = defaultLimitOf(role, input.defaultLimit);
  const channel = (name: string) => ws.channelId(name);
  const archived = ws.channels.find((c) => c.isArchived);
  const active = ws.channels.filter((c) => !c.isArchived);
  const incident = busiestThread(ws, channel("incidents"));
  const [firstReply] = view.repliesOf(incident);
  const quiet = view.roots(channel("engineering")).find((m) => view.repliesOf(m).length === 0);
  const botReaction = ws.reactions.find((r) => r.user === ws.bot.id);
  if (!archived || !firstReply || !quiet || !botReaction) {
    throw new Error("the seeded workspace lacks an archived channel, a thread or a bot reaction");
  }
  const posted = (channelId: string, text: string, thread?: ChatMessage): Json => {
    const ts = view.nextTs(now);
    const message = view.bare({ ts, user: ws.bot.id, text });
    return {
      ok: true,
      channel: channelId,
      ts,
      message: thread ? { ...message, thread_ts: thread.ts, parent_user_id: thread.user } : message,
    };
  };
  const unknownChannel = "C0000000000";
  switch (role) {
    case "list_channels": {
      const second = active[2];
      ok("lists the active channels, leaving out archived ones", {}, view.channelsPage(limit));
      ok("returns a page of 2 with a cursor to the next", { limit: 2 }, view.channelsPage(2));
      if (second)
        ok(
          "continues from the cursor it gave",
          { limit: 2, cursor: slackCursor(`team:${second.id}`) },
          view.channelsPage(2, second.id),
        );
      fails(
        "refuses a cursor it did not give",
        { cursor: slackCursor("not-a-cursor") },
        "invalid_cursor",
      );
      fails("refuses a limit below 1", { limit: 0 }, "invalid_limit");
      break;
    }
    case "post_message": {
      const text = "Reminder: the Insights 3.0 go/no-go is tomorrow at 5pm UTC.";
      const general = channel("general");
      ok(
        "posts to a channel by id as the app bot",
        { channel: general, text },
        posted(general, text),
        inserted("messages"),
      );
      ok(
        "posts to a channel given by #name",
        { channel: "#random", text: "Lunch order closes at noon." },
        posted(channel("random"), "Lunch order closes at noon."),
        inserted("messages"),
      );
      fails("refuses an unknown channel", { channel: unknownChannel, text }, "channel_not_found");
      fails("refuses an archived channel", { channel: archived.id, text }, "is_archived");
      fails("refuses a blank message", { channel: general, text: "   " }, "no_text");
      break;
    }
    case "reply_to_thread": {
      const incidents = channel("incidents");
      const text = "Postmortem draft is ready for review.";
      ok(
        "replies in a thread under its parent",
        { channel: incidents, thread: incident.ts, text },
        posted(incidents, text, incident),
        inserted("messages"),
      );
      ok(
        "a reply to a reply joins the parent's thread",
        { channel: incidents, thread: firstReply.ts, text },
        posted(incidents, text, incident),
        inserted("messages"),
      );
      fails(
        "refuses a thread_ts no message has",
        { channel: incidents, thread: "1111111111.000001", text },
        "thread_not_found",
      );
      fails(
        "refuses an unknown channel",
        { channel: unknownChannel, thread: incident.ts, text },
        "channel_not_found",
      );
      break;
    }
    case "add_reaction": {
      const eng = channel("engineering");
      ok(
        "adds a reaction as the app bot",
        { channel: eng, timestamp: quiet.ts, reaction: "tada" },
        { ok: true },
        inserted("reactions"),
      );
      ok(
        "takes an emoji name between colons",
        { channel: eng, timestamp: quiet.ts, reaction: ":rocket:" },
        { ok: true },
        inserted("reactions"),
      );
      fails(
        "refuses a reaction the bot already added",
        { channel: botReaction.channel, timestamp: botReaction.ts, reaction: botReaction.name },
        "already_reacted",
      );
      fails(
        "refuses an unknown emoji",
        { channel: eng, timestamp: quiet.ts, reaction: "not_a_real_emoji" },
        "invalid_name",
      );
      fails(
        "refuses a timestamp no message has",
        { channel: eng, timestamp: "1111111111.000001", reaction: "tada" },
        "message_not_found",
      );
      fails(
        "refuses an unknown channel",
        { channel: unknownChannel, timestamp: quiet.ts, reaction: "tada" },
        "channel_not_found",
      );
      break;
    }
    case "channel_history": {
      const eng = channel("engineering");
      ok(
        "returns the newest messages first with threads and reactions",
        { channel: eng, limit: 4 },
        view.history(eng, 4),
      );
      ok(
        "returns the default number of messages",
        { channel: channel("incidents") },
        view.history(channel("incidents"), limit),
      );
      ok("reads an archived channel", { channel: archived.id }, view.history(archived.id, limit));
      fails("refuses an unknown channel", { channel: unknownChannel }, "channel_not_found");
      fails("refuses a limit below 1", { channel: eng, limit: 0 }, "invalid_limit");
      break;
    }
    case "thread_replies": {
      const incidents = channel("incidents");
      ok(
        "returns the parent and its replies in order",
        { channel: incidents, thread: incident.ts },
        view.replies(incident),
      );
      ok(
        "finds the thread from one of its replies",
        { channel: incidents, thread: firstReply.ts },
        view.replies(incident),
      );
      ok(
        "returns a message without replies alone",
        { channel: quiet.channel, thread: quiet.ts },
        { ok: true, messages: [view.full(quiet)], has_more: false },
      );
      fails(
        "refuses a thread_ts no message has",
        { channel: incidents, thread: "1111111111.000001" },
        "thread_not_found",
      );
      fails(
        "refuses a thread of another channel",
        { channel: channel("general"), thread: incident.ts },
        "thread_not_found",
      );
      break;
    }
    case "list_users": {
      const sorted = [...ws.users].sort((a, b) => (a.id < b.id ? -1 : 1));
      const fourth = sorted[3];
      ok("lists every user with their profile", {}, view.usersPage(limit, now));
      ok("returns a page of 3 with a cursor to the next", { limit: 3 }, view.usersPage(3, now));
      if (fourth)
        ok(
          "continues from the cursor it gave",
          { limit: 3, cursor: slackCursor(`user:${fourth.id}`) },
          view.usersPage(3, now, fourth.id),
        );
      fails("refuses a cursor it did not give", { cursor: "%%%" }, "invalid_cursor");
      break;
    }
    case "user_profile": {
      const person = ws.users.find((u) => u.realName !== u.realNameNormalized) ?? ws.users[0];
      if (person)
        ok(
          "returns a user's profile",
          { user: person.id },
          { ok: true, profile: view.profile(person) },
        );
      ok(
        "returns the app bot's profile",
        { user: ws.bot.id },
        { ok: true, profile: view.profile(ws.bot) },
      );
      fails("refuses an unknown user", { user: "U0000000000" }, "user_not_found");
      break;
    }
  }
  return tests;
}

/** The channel message with the most replies (ties: the first). */
function busiestThread(ws: Workspace, channelId: string): ChatMessage {
  const roots = ws.messages.filter((m) => m.channel === channelId && m.threadTs === null);
  const replies = (m: ChatMessage) => ws.messages.filter((r) => r.threadTs === m.ts).length;
  const [first, ...rest] = roots;
  if (!first) throw new Error(`the seeded channel ${channelId} has no messages`);
  return rest.reduce((best, m) => (replies(m) > replies(best) ? m : best), first);
}
