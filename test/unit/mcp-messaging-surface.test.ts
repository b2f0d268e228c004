// The messaging surface (core/surfaces/slack-chat/surface.ts) on the real Slack MCP server
// spec: all eight tools admitted in the QuickJS sandbox with tests no stand-in passes,
// byte-identical imports, a realistic seeded workspace, and the tools answering like the Slack Web
// API call after call (post, reply, react, read history and threads, page through channels and
// users); look-alike chat servers are recognised, and no tool of the other shared specs is claimed.
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Json } from "../../core/base/json";
import { DEFAULT_CLOCK_START } from "../../core/episode/episode-init";
import { importMcpSpec } from "../../core/mcp/import/spec-import";
import { messagingSurface } from "../../core/surfaces/slack-chat/surface";
import { MESSAGING_LIMITS } from "../../core/surfaces/slack-chat/tools";
import { admitImport, failingTests } from "../support/mcp-admission";
import { type McpEpisode, openEpisode, vacuousImportTools } from "../support/mcp-episode";
import { otherSpecClaims, wholeSurfaceProblems } from "../support/mcp-surface-checks";

const specs = new URL("../../catalog/mcp/specs/", import.meta.url);
const slackText = readFileSync(new URL("slack.json", specs), "utf8");
const imported = importMcpSpec(slackText);

interface Message {
  user: string;
  type: string;
  ts: string;
  text: string;
  thread_ts?: string;
  reply_count?: number;
  reply_users?: string[];
  latest_reply?: string;
  parent_user_id?: string;
  bot_id?: string;
  reactions?: { name: string; users: string[]; count: number }[];
}
interface Channel {
  id: string;
  name: string;
  is_archived: boolean;
  num_members: number;
}
interface Member {
  id: string;
  name: string;
  deleted: boolean;
  is_bot: boolean;
  tz?: string;
  profile: { real_name: string; title: string; email?: string; display_name: string };
}
const field = <T>(result: Json, key: string): T => (result as Record<string, unknown>)[key] as T;
const TS = /^\d{10}\.\d{6}$/;

describe("the slack spec", () => {
  it("implements all 8 tools with the server's names and schemas, and admits them", async () => {
    const { tools } = imported;
    expect(wholeSurfaceProblems(slackText, imported, "messaging")).toEqual([]);
    expect(tools.every((tool) => tool.outputSchema === undefined)).toBe(true);
    expect(tools.filter((t) => t.effect === "write").map((t) => t.name)).toEqual([
      "slack_post_message",
      "slack_reply_to_thread",
      "slack_add_reaction",
    ]);
    const admission = await admitImport(imported);
    expect(failingTests(admission)).toEqual([]);
    expect(admission.problems).toEqual([]);
    expect(admission.totals.admittedTools).toBe(8);
    expect(admission.totals.tests).toBeGreaterThanOrEqual(35);
  });

  it("has tests that no stand-in implementation passes", async () => {
    expect(await vacuousImportTools(imported)).toEqual([]);
  });

  it("imports byte-identically twice", () => {
    expect(JSON.stringify(importMcpSpec(slackText))).toBe(JSON.stringify(imported));
  });

  it("seeds a workspace of people, channels, threads and reactions before the episode starts", () => {
    const tables = Object.fromEntries(imported.report.tables.map((t) => [t.name, t.rows]));
    expect(tables).toEqual({
      chat_users: 11,
      chat_channels: 7,
      chat_messages: 82,
      chat_reactions: 78,
    });
    const messages = imported.seed.tables.chat_messages?.rows ?? [];
    const roots = new Set(messages.filter((m) => m[4] === null).map((m) => `${m[0]} ${m[1]}`));
    const replies = messages.filter((m) => m[4] !== null);
    expect(replies.length).toBeGreaterThan(30);
    expect(replies.every((m) => roots.has(`${m[0]} ${m[4]}`) && String(m[1]) > String(m[4]))).toBe(
      true,
    );
    const start = Date.parse(DEFAULT_CLOCK_START) / 1000;
    expect(messages.every((m) => TS.test(String(m[1])) && Number(m[1]) < start)).toBe(true);
    const days = new Set(
      messages.map((m) => new Date(Number(m[1]) * 1000).toISOString().slice(0, 10)),
    );
    expect(days.size).toBeGreaterThanOrEqual(6);
  });
});

describe("the slack tools, call after call", () => {
  let episode: McpEpisode;
  let channels: Map<string, string>;
  beforeEach(async () => {
    episode = await openEpisode(imported);
    const listed = field<Channel[]>(episode.ok("slack_list_channels"), "channels");
    channels = new Map(listed.map((c) => [c.name, c.id]));
  });
  afterEach(() => episode.close());
  const id = (name: string) => channels.get(name) ?? `missing #${name}`;
  const history = (channel: string, limit = 10) =>
    field<Message[]>(
      episode.ok("slack_get_channel_history", { channel_id: channel, limit }),
      "messages",
    );

  it("lists the six active channels with Slack's fields, and pages through them by cursor", () => {
    expect([...channels.keys()].sort()).toEqual([
      "customer-success",
      "engineering",
      "general",
      "incidents",
      "product",
      "random",
    ]);
    const seen: string[] = [];
    let cursor = "";
    for (let page = 0; page < 5; page++) {
      const result = episode.ok("slack_list_channels", { limit: 2, ...(cursor ? { cursor } : {}) });
      expect(field<boolean>(result, "ok")).toBe(true);
      seen.push(...field<Channel[]>(result, "channels").map((c) => c.name));
      cursor = field<{ next_cursor: string }>(result, "response_metadata").next_cursor;
      if (cursor === "") break;
    }
    expect(seen).toEqual([...channels.keys()]);
    expect(episode.fails("slack_list_channels", { cursor: "not base64!" })).toBe("invalid_cursor");
    expect(episode.fails("slack_list_channels", { limit: -3 })).toBe("invalid_limit");
    const all = field<Channel[]>(episode.ok("slack_list_channels", { limit: 5000 }), "channels");
    expect(all).toHaveLength(6);
  });

  it("posts, replies to that ts, reacts to it, and history shows the thread and the reaction", () => {
    const general = id("general");
    const now = episode.now();
    const posted = episode.ok("slack_post_message", {
      channel_id: general,
      text: "Who can cover the Insights 3.0 demo on Thursday?",
    });
    const ts = field<string>(posted, "ts");
    expect(ts).toMatch(TS);
    expect(Number(ts.split(".")[0])).toBe(Date.parse(now) / 1000);
    const bot = field<Message>(posted, "message");
    expect(bot).toMatchObject({ type: "message", ts, text: expect.stringContaining("Thursday") });
    expect(bot.bot_id).toMatch(/^B0/);
    const reply = episode.ok("slack_reply_to_thread", {
      channel_id: general,
      thread_ts: ts,
      text: "I can, after the Acme call.",
    });
    const replyTs = field<string>(reply, "ts");
    expect(replyTs > ts).toBe(true);
    expect(field<Message>(reply, "message")).toMatchObject({
      thread_ts: ts,
      parent_user_id: bot.user,
    });
    expect(
      episode.ok("slack_add_reaction", {
        channel_id: general,
        timestamp: ts,
        reaction: "thumbsup",
      }),
    ).toEqual({ ok: true });
    expect(
      episode.fails("slack_add_reaction", { channel_id: general, timestamp: ts, reaction: "+1" }),
    ).toBe("already_reacted");
    const [newest] = history(general, 1);
    expect(newest).toMatchObject({
      ts,
      thread_ts: ts,
      reply_count: 1,
      reply_users: [bot.user],
      latest_reply: replyTs,
      reactions: [{ name: "+1", users: [bot.user], count: 1 }],
    });
    const thread = field<Message[]>(
      episode.ok("slack_get_thread_replies", { channel_id: general, thread_ts: ts }),
      "messages",
    );
    expect(thread.map((m) => m.ts)).toEqual([ts, replyTs]);
    expect(thread[1]).toMatchObject({ thread_ts: ts, parent_user_id: bot.user });
    expect(history(general, 50).some((m) => m.ts === replyTs)).toBe(false);
  });

  it("reads the incident thread in order and adds to it, also when replying to a reply", () => {
    const incidents = id("incidents");
    const [latest, incident] = history(incidents);
    expect(latest?.text).toMatch(/^INC-2025-002/);
    expect(incident?.text).toMatch(/INC-2025-001/);
    expect(incident?.reply_count).toBe(6);
    const thread = field<Message[]>(
      episode.ok("slack_get_thread_replies", {
        channel_id: incidents,
        thread_ts: incident?.ts ?? "",
      }),
      "messages",
    );
    expect(thread).toHaveLength(7);
    expect(thread.at(-1)?.text).toBe("Resolved. Postmortem doc to follow.");
    const viaReply = episode.ok("slack_reply_to_thread", {
      channel_id: incidents,
      thread_ts: thread[2]?.ts ?? "",
      text: "Postmortem scheduled for Tuesday 4pm UTC.",
    });
    expect(field<Message>(viaReply, "message").thread_ts).toBe(incident?.ts);
    expect(history(incidents)[1]?.reply_count).toBe(7);
  });

  it("joins an existing reaction group, takes skin tones and colons, and refuses unknown emoji", () => {
    const eng = id("engineering");
    const deploy = history(eng, 20).find((m) => m.text.startsWith("Deployed api"));
    expect(deploy?.reactions?.[0]).toMatchObject({ name: "+1", count: 1 });
    const timestamp = deploy?.ts ?? "";
    episode.ok("slack_add_reaction", { channel_id: eng, timestamp, reaction: ":thumbsup:" });
    episode.ok("slack_add_reaction", { channel_id: eng, timestamp, reaction: "wave::skin-tone-3" });
    const after = history(eng, 20).find((m) => m.ts === timestamp);
    expect(after?.reactions?.map((r) => [r.name, r.count])).toEqual([
      ["+1", 2],
      ["rocket", 1],
      ["wave::skin-tone-3", 1],
    ]);
    for (const reaction of ["not_an_emoji", "wave::skin-tone-9", ""]) {
      expect(episode.fails("slack_add_reaction", { channel_id: eng, timestamp, reaction })).toBe(
        "invalid_name",
      );
    }
    expect(
      episode.fails("slack_add_reaction", {
        channel_id: eng,
        timestamp: timestamp.replace(".", ""),
        reaction: "tada",
      }),
    ).toBe("message_not_found");
  });

  it("pages channel history newest first and reads the archived channel, which takes no posts", () => {
    const eng = id("engineering");
    const page = episode.ok("slack_get_channel_history", { channel_id: eng, limit: 3 });
    expect(field<boolean>(page, "has_more")).toBe(true);
    const cursor = field<{ next_cursor: string }>(page, "response_metadata").next_cursor;
    const last = field<Message[]>(page, "messages")[2]?.ts ?? "";
    expect(atob(cursor)).toBe(`next_ts:${last.replace(".", "")}`);
    const all = history(eng, 999);
    expect(all).toHaveLength(11);
    expect(all.map((m) => m.ts)).toEqual([...all.map((m) => m.ts)].sort().reverse());
    const defaulted = episode.ok("slack_get_channel_history", { channel_id: eng });
    expect(field<Message[]>(defaulted, "messages")).toHaveLength(10);
    const users = field<Member[]>(episode.ok("slack_get_users", { limit: 200 }), "members");
    const archivedId = "proj-mobile-beta";
    const listed = field<Channel[]>(episode.ok("slack_list_channels"), "channels");
    expect(listed.some((c) => c.name === archivedId)).toBe(false);
    const tom = users.find((u) => u.name === "tom.reilly");
    expect(tom).toMatchObject({ deleted: true });
    const archived = imported.seed.tables.chat_channels?.rows.find((r) => r[1] === archivedId);
    const archivedChannel = String(archived?.[0]);
    const old = history(archivedChannel);
    expect(old.map((m) => m.text.slice(0, 20))).toEqual([
      "The mobile app is li",
      "Mobile beta build 0.",
    ]);
    expect(
      field<Message[]>(
        episode.ok("slack_get_thread_replies", {
          channel_id: archivedChannel,
          thread_ts: old[1]?.ts ?? "",
        }),
        "messages",
      )[1]?.user,
    ).toBe(tom?.id);
    expect(
      episode.fails("slack_post_message", { channel_id: archivedChannel, text: "Anyone here?" }),
    ).toBe("is_archived");
    expect(
      episode.fails("slack_add_reaction", {
        channel_id: archivedChannel,
        timestamp: old[0]?.ts ?? "",
        reaction: "tada",
      }),
    ).toBe("is_archived");
  });

  it("lists every user with a profile, pages by cursor, and returns one profile", () => {
    const result = episode.ok("slack_get_users");
    const members = field<Member[]>(result, "members");
    expect(members).toHaveLength(11);
    expect(field<number>(result, "cache_ts")).toBe(Date.parse(episode.now()) / 1000 - 1);
    const humans = members.filter((m) => !m.is_bot && !m.deleted && m.id !== "USLACKBOT");
    expect(humans).toHaveLength(8);
    expect(new Set(humans.map((m) => m.tz)).size).toBeGreaterThanOrEqual(6);
    expect(humans.every((m) => /@brightwave\.io$/.test(m.profile.email ?? ""))).toBe(true);
    const ids: string[] = [];
    let cursor = "";
    for (let page = 0; page < 6; page++) {
      const paged = episode.ok("slack_get_users", { limit: 4, ...(cursor ? { cursor } : {}) });
      ids.push(...field<Member[]>(paged, "members").map((m) => m.id));
      cursor = field<{ next_cursor: string }>(paged, "response_metadata").next_cursor;
      if (cursor === "") break;
    }
    expect(ids).toEqual(members.map((m) => m.id));
    const sofia = members.find((m) => m.name === "sofia");
    const profile = episode.ok("slack_get_user_profile", { user_id: sofia?.id ?? "" });
    expect(profile).toMatchObject({
      ok: true,
      profile: {
        real_name: "Sofía Álvarez",
        real_name_normalized: "Sofia Alvarez",
        title: "Senior Product Manager",
        email: "sofia@brightwave.io",
      },
    });
    expect(episode.fails("slack_get_user_profile", { user_id: "U404" })).toBe("user_not_found");
    expect(episode.fails("slack_get_users", { cursor: btoa("team:C123") })).toBe("invalid_cursor");
  });

  it("accepts a channel by name for posts and refuses bad channels, threads and text", () => {
    const byName = episode.ok("slack_post_message", {
      channel_id: "#random",
      text: "Cake in the kitchen",
    });
    expect(field<string>(byName, "channel")).toBe(id("random"));
    const plain = episode.ok("slack_post_message", {
      channel_id: "random",
      text: "Still some left",
    });
    expect(field<string>(plain, "ts") > field<string>(byName, "ts")).toBe(true);
    const before = episode.rows("chat_messages").length;
    const bad: [string, Record<string, Json>, string][] = [
      ["slack_post_message", { channel_id: "C0NOPE", text: "hi" }, "channel_not_found"],
      ["slack_post_message", { channel_id: id("general"), text: "" }, "no_text"],
      [
        "slack_post_message",
        { channel_id: id("general"), text: "x".repeat(MESSAGING_LIMITS.maxTextChars + 1) },
        "msg_too_long",
      ],
      ["slack_post_message", { text: "no channel" }, "invalid_arguments"],
      [
        "slack_reply_to_thread",
        { channel_id: id("general"), thread_ts: "123", text: "hi" },
        "thread_not_found",
      ],
      ["slack_get_channel_history", { channel_id: "general" }, "channel_not_found"],
      ["slack_get_channel_history", { channel_id: id("general"), limit: 0.5 }, "invalid_limit"],
      [
        "slack_get_thread_replies",
        { channel_id: id("general"), thread_ts: "1.2" },
        "thread_not_found",
      ],
      ["slack_get_thread_replies", { channel_id: "C0NOPE", thread_ts: "1.2" }, "channel_not_found"],
    ];
    for (const [tool, args, code] of bad)
      expect([tool, episode.fails(tool, args)]).toEqual([tool, code]);
    expect(episode.rows("chat_messages")).toHaveLength(before);
  });

  it("stays cheap when reading a long history and a long thread", () => {
    const general = id("general");
    const { ts } = episode.ok("slack_post_message", { channel_id: general, text: "Thread" }) as {
      ts: string;
    };
    for (let i = 0; i < 60; i++) {
      episode.ok("slack_reply_to_thread", {
        channel_id: general,
        thread_ts: ts,
        text: `Reply ${i}`,
      });
      episode.ok("slack_post_message", { channel_id: general, text: `Message ${i}` });
    }
    episode.fuel.length = 0;
    expect(history(general, 999)).toHaveLength(8 + 61);
    const thread = episode.ok("slack_get_thread_replies", { channel_id: general, thread_ts: ts });
    expect(field<Message[]>(thread, "messages")).toHaveLength(61);
    expect(Math.max(...episode.fuel)).toBeLessThan(200);
  });
});

describe("recognising a chat server", () => {
  const tool = (name: string, properties: Record<string, Json>, required: string[]) => ({
    name,
    description: name,
    inputSchema: { type: "object", properties, required },
  });
  const text = { type: "string" };

  it("recognises other names for the same operations, and reports a tool whose arguments do not fit", async () => {
    const spec = {
      serverInfo: { name: "team-chat", version: "0.3.0" },
      tools: [
        tool("send_message", { channel: text, message: text }, ["channel", "message"]),
        tool("replyInThread", { channel: text, ts: text, text }, ["channel", "ts", "text"]),
        tool("react", { channel: text, ts: text, emoji: text }, ["channel", "ts", "emoji"]),
        tool("read_channel_messages", { channel: text, count: { type: "integer" } }, ["channel"]),
        tool("get_thread", { channel: text, thread_ts: text }, ["channel", "thread_ts"]),
        tool("list_members", {}, []),
        tool("send_direct_message", { user_id: text, text }, ["user_id", "text"]),
        tool("create_ticket", { title: text }, ["title"]),
      ],
    };
    const { report } = importMcpSpec(spec);
    const chat = report.implemented.filter((t) => t.surface === "messaging");
    expect(chat.map((t) => t.tool)).toEqual([
      "send_message",
      "replyInThread",
      "react",
      "read_channel_messages",
      "get_thread",
      "list_members",
    ]);
    expect(report.leftOut.find((t) => t.tool === "send_direct_message")?.reason).toMatch(
      /post message.*"user_id"/,
    );
    expect(report.implemented.find((t) => t.tool === "create_ticket")?.surface).toBeUndefined();
    const lookAlike = importMcpSpec(spec);
    expect(failingTests(await admitImport(lookAlike))).toEqual([]);
    const episode = await openEpisode(lookAlike);
    try {
      const { ts } = episode.ok("send_message", { channel: "general", message: "Hello" }) as {
        ts: string;
      };
      // Posting takes a channel name, as chat.postMessage does; reactions.add takes only an id.
      expect(episode.fails("react", { channel: "general", ts, emoji: "wave" })).toBe(
        "channel_not_found",
      );
      const general = String(episode.rows("chat_channels").find((c) => c.name === "general")?.id);
      episode.ok("react", { channel: general, ts, emoji: "wave" });
      const [newest] = field<Message[]>(
        episode.ok("read_channel_messages", { channel: general, count: 1 }),
        "messages",
      );
      expect(newest).toMatchObject({ ts, text: "Hello", reactions: [{ name: "wave", count: 1 }] });
    } finally {
      episode.close();
    }
  });

  it("leaves servers that post but never read channel messages alone", () => {
    const { report } = importMcpSpec({
      tools: [
        tool("post_message", { channel_id: text, text }, ["channel_id", "text"]),
        tool("list_channels", {}, []),
      ],
    });
    expect(report.implemented.some((t) => t.surface === "messaging")).toBe(false);
  });

  it("claims no tool of the other shared specs", () => {
    expect(otherSpecClaims(messagingSurface, ["slack"])).toEqual([]);
  });
});
