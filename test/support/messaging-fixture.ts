// A Slack-like environment with writes only, for synthesis tests: post a message (its key is made
// by the tool), react to a message named by its "timestamp" (the schema's description says it is
// the message's), and tag messages through a list of objects whose `message` field names one.
// Reactions and tags must point at an existing message, so a chain only works when the later call
// reads the key the post returned.
import type { EnvironmentSpec } from "../../core/environment/spec";

const MESSAGES = [
  ["msg_a1", "C100", "Ship the release notes"],
  ["msg_a2", "C100", "Review the login flow"],
  ["msg_a3", "C200", "Plan the offsite"],
  ["msg_a4", "C300", "Fix the flaky test"],
];

export function messagingSpec(): EnvironmentSpec {
  return {
    name: "messaging-fixture",
    version: "1.0.0",
    title: "Messaging (test fixture)",
    description: "Post messages, react to them and tag them.",
    category: { domain: "communication", subdomain: "messaging" },
    provenance: [{ kind: "handwritten", name: "synthesis tests", license: "MIT" }],
    schemaSql: [
      'CREATE TABLE "message" ("id" TEXT PRIMARY KEY, "channel_id" TEXT NOT NULL, "text" TEXT NOT NULL)',
      'CREATE TABLE "reaction" ("id" TEXT PRIMARY KEY, "channel_id" TEXT, "timestamp" TEXT, "reaction" TEXT)',
      'CREATE TABLE "tag" ("id" TEXT PRIMARY KEY, "message" TEXT, "label" TEXT)',
    ].join(";\n"),
    seed: {
      tables: {
        message: { columns: ["id", "channel_id", "text"], rows: MESSAGES },
        reaction: {
          columns: ["id", "channel_id", "timestamp", "reaction"],
          rows: [
            ["rea_1", "C100", "msg_a1", "thumbsup"],
            ["rea_2", "C200", "msg_a3", "tada"],
            ["rea_3", "C300", "msg_a4", "eyes"],
          ],
        },
        tag: {
          columns: ["id", "message", "label"],
          rows: [
            ["tag_1", "msg_a1", "release"],
            ["tag_2", "msg_a2", "urgent"],
          ],
        },
      },
    },
    tools: [
      {
        name: "post_message",
        description: "Post a new message to a channel",
        effect: "write",
        inputSchema: {
          type: "object",
          properties: {
            channel_id: { type: "string", description: "The ID of the channel to post to" },
            text: { type: "string", description: "The message text to post" },
          },
          required: ["channel_id", "text"],
        },
        implementation: `function post_message(args, ctx) {
  const id = ctx.id("msg");
  ctx.run('INSERT INTO message (id, channel_id, text) VALUES (?, ?, ?)', [id, args.channel_id, args.text]);
  return { id, channel_id: args.channel_id, text: args.text };
}`,
        tests: [
          {
            name: "posts",
            args: { channel_id: "C100", text: "Deploy the docs site" },
            expect: {
              match: "exact",
              changes: { message: { inserted: 1, updated: 0, deleted: 0 } },
            },
          },
        ],
      },
      {
        name: "add_reaction",
        description: "Add a reaction emoji to a message",
        effect: "write",
        inputSchema: {
          type: "object",
          properties: {
            channel_id: { type: "string", description: "The ID of the channel with the message" },
            timestamp: { type: "string", description: "The timestamp of the message to react to" },
            reaction: { type: "string", description: "The name of the emoji" },
          },
          required: ["channel_id", "timestamp", "reaction"],
        },
        implementation: `function add_reaction(args, ctx) {
  const found = ctx.one('SELECT id FROM message WHERE id = ? AND channel_id = ?', [args.timestamp, args.channel_id]);
  if (!found) ctx.fail("not_found", "no message " + args.timestamp + " in " + args.channel_id);
  const id = ctx.id("rea");
  ctx.run('INSERT INTO reaction (id, channel_id, timestamp, reaction) VALUES (?, ?, ?, ?)', [id, args.channel_id, args.timestamp, args.reaction]);
  return { id, channel_id: args.channel_id, timestamp: args.timestamp, reaction: args.reaction };
}`,
        tests: [
          {
            name: "reacts",
            args: { channel_id: "C100", timestamp: "msg_a2", reaction: "rocket" },
            expect: {
              match: "exact",
              changes: { reaction: { inserted: 1, updated: 0, deleted: 0 } },
            },
          },
        ],
      },
      {
        name: "add_tags",
        description: "Add tags to messages",
        effect: "write",
        inputSchema: {
          type: "object",
          properties: {
            tags: {
              type: "array",
              items: {
                type: "object",
                properties: {
                  message: { type: "string", description: "The ID of the message to tag" },
                  label: { type: "string", description: "The tag's label" },
                },
                required: ["message", "label"],
              },
            },
          },
          required: ["tags"],
        },
        implementation: `function add_tags(args, ctx) {
  const out = [];
  for (const t of args.tags) {
    if (!ctx.one('SELECT id FROM message WHERE id = ?', [t.message])) ctx.fail("not_found", "no message " + t.message);
    const id = ctx.id("tag");
    ctx.run('INSERT INTO tag (id, message, label) VALUES (?, ?, ?)', [id, t.message, t.label]);
    out.push({ id, message: t.message, label: t.label });
  }
  return { tags: out };
}`,
        tests: [
          {
            name: "tags",
            args: { tags: [{ message: "msg_a3", label: "later" }] },
            expect: { match: "exact", changes: { tag: { inserted: 1, updated: 0, deleted: 0 } } },
          },
        ],
      },
    ],
  };
}
