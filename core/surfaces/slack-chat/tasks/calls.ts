// The calls a chat task makes, written once for both sides: the arguments exploration passes to the
// environment's tools, and the JavaScript a solution program uses to make the same calls (helper
// functions defined at the top of the program: find a channel by name, a person by real name, read
// a channel or a thread, post, reply and react). Pages ask for the most a server gives at once.
import type { Json } from "../../../base/json";
import { lit } from "../../../tasks/programs/program-code";
import type { ChatLens, ChatTool } from "./lens";

/** Channels, users and messages asked for in one page. */
export const PAGE_LIMIT = 200;

type Args = Record<string, Json>;

function argsOf(tool: ChatTool, values: Partial<Record<keyof ChatTool["args"], Json>>): Args {
  const out: Args = {};
  for (const [slot, value] of Object.entries(values)) {
    const name = tool.args[slot as keyof ChatTool["args"]];
    if (name !== undefined && value !== undefined) out[name] = value;
  }
  return out;
}

/** A page of channels or users: the largest page, from `cursor` when one is given. */
export const pageArgs = (tool: ChatTool, cursor?: string): Args =>
  argsOf(tool, { limit: PAGE_LIMIT, ...(cursor ? { cursor } : {}) });

export const historyArgs = (lens: ChatLens, channel: string): Args =>
  argsOf(lens.channel_history, { channel, limit: PAGE_LIMIT });

export const threadArgs = (tool: ChatTool, channel: string, ts: string): Args =>
  argsOf(tool, { channel, thread: ts });

/** `{ "channel_id": channel, "limit": 200 }` with each slot's value as code. */
function argsCode(tool: ChatTool, values: Partial<Record<keyof ChatTool["args"], string>>): string {
  const entries = Object.entries(values).flatMap(([slot, code]) => {
    const name = tool.args[slot as keyof ChatTool["args"]];
    return name === undefined || code === undefined ? [] : [`${lit(name)}: ${code}`];
  });
  return `{ ${entries.join(", ")} }`;
}

const call = (tool: ChatTool, values: Partial<Record<keyof ChatTool["args"], string>>) =>
  `ctx.call(${lit(tool.name)}, ${argsCode(tool, values)})`;

/** Every page of a listing, as one array of `field` items (channels, members). */
function pagesCode(name: string, tool: ChatTool, field: string): string[] {
  const cursor = tool.args.cursor;
  const first = call(tool, { limit: String(PAGE_LIMIT) });
  if (cursor === undefined) return [`const ${name} = () => ${first}[${lit(field)}];`];
  const next = call(tool, { limit: String(PAGE_LIMIT), cursor: "cursor" });
  return [
    `const ${name} = () => {`,
    "  const all = [];",
    `  let page = ${first};`,
    "  for (;;) {",
    `    all.push(...page[${lit(field)}]);`,
    "    const cursor = page.response_metadata && page.response_metadata.next_cursor;",
    "    if (!cursor) return all;",
    `    page = ${next};`,
    "  }",
    "};",
  ];
}

/**
 * The helper functions a program body uses, each defined only when the body calls it: `channelId`,
 * `people`, `personId`, `myId`, `nameOf`, `profile`, `history`, `thread`, `replies`, `post`, `reply`,
 * `react`, `day`.
 */
export function helpersFor(lens: ChatLens, body: readonly string[]): string[] {
  const text = body.join("\n");
  const uses = (name: string) => new RegExp(`\\b${name}\\(`).test(text);
  const out: string[] = [];
  const needPeople = uses("people") || uses("personId") || uses("myId") || uses("nameOf");
  if (uses("channelId") || uses("channels")) {
    out.push(...pagesCode("channels", lens.list_channels, "channels"));
  }
  if (uses("channelId")) {
    out.push(
      "const channelId = (name) => {",
      "  const found = channels().find((c) => c.name === name);",
      `  if (!found) throw new Error("no channel #" + name);`,
      "  return found.id;",
      "};",
    );
  }
  if (needPeople && lens.list_users) {
    out.push(...pagesCode("people", lens.list_users, "members"));
  }
  if (uses("personId")) {
    out.push(
      "const personId = (realName) => {",
      "  const found = people().find((u) => u.profile.real_name === realName);",
      `  if (!found) throw new Error("nobody is called " + realName);`,
      "  return found.id;",
      "};",
    );
  }
  if (uses("myId")) {
    out.push(
      "const myId = () => {",
      "  const found = people().find((u) => u.is_bot && !u.deleted);",
      `  if (!found) throw new Error("no bot user");`,
      "  return found.id;",
      "};",
    );
  }
  if (uses("nameOf")) {
    out.push("const nameOf = (members, id) => members.find((u) => u.id === id).profile.real_name;");
  }
  if (uses("profile") && lens.user_profile) {
    out.push(`const profile = (user) => ${call(lens.user_profile, { user: "user" })}.profile;`);
  }
  if (uses("history")) {
    out.push(
      `const history = (channel) => ${call(lens.channel_history, { channel: "channel", limit: String(PAGE_LIMIT) })}.messages;`,
    );
  }
  const replies = lens.thread_replies;
  if ((uses("thread") || uses("replies")) && replies) {
    out.push(
      `const thread = (channel, ts) => ${call(replies, { channel: "channel", thread: "ts" })}.messages;`,
      "const replies = (channel, ts) => thread(channel, ts).slice(1);",
    );
  }
  if (uses("post") && lens.post_message) {
    out.push(
      `const post = (channel, text) => ${call(lens.post_message, { channel: "channel", text: "text" })};`,
    );
  }
  if (uses("reply") && lens.reply_to_thread) {
    out.push(
      `const reply = (channel, ts, text) => ${call(lens.reply_to_thread, { channel: "channel", thread: "ts", text: "text" })};`,
    );
  }
  if (uses("react") && lens.add_reaction) {
    out.push(
      `const react = (channel, ts, name) => ${call(lens.add_reaction, { channel: "channel", timestamp: "ts", reaction: "name" })};`,
    );
  }
  if (uses("day")) {
    out.push("const day = (m) => new Date(Number(m.ts) * 1000).toISOString().slice(0, 10);");
  }
  return out;
}
