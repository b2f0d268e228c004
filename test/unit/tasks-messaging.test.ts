// Task synthesis on the Slack MCP server's workspace (mcp-slack): chains that find a channel by its
// #name, a message by a phrase of its text, a thread by its first words or a person by their real
// name and feed the id or ts on, and programs that loop over a channel's messages and threads;
// every kept task is solved by its own solution and not by doing nothing, and no instruction
// carries a channel id, user id, message ts or tool name. The app bot the agent posts as is "you".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EnvironmentSpec } from "../../core/environment/spec";
import { createPrng } from "../../core/sandbox/determinism";
import { messagingLens } from "../../core/surfaces/slack-chat/tasks/lens";
import { MESSAGING_TEMPLATES, openSession } from "../../core/surfaces/slack-chat/tasks/task-source";
import { exploreWorkspace } from "../../core/surfaces/slack-chat/tasks/workspace";
import { identifierNames } from "../../core/tasks/identifier-names";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import { validateCandidate } from "../../core/tasks/validate-candidate";
import { messagingSpec } from "../support/messaging-fixture";
import {
  catalogWorld,
  readsOnly,
  shard,
  surveySynthesis,
  synthesizeTwice,
} from "../support/surface-synthesis";
import { type NodeWorld, nodeWorld } from "../support/synthesis-harness";

const WRITE_TOOLS = ["slack_post_message", "slack_reply_to_thread", "slack_add_reaction"];

/** Channel ids, user ids and message ts: what a solution must find, never be told. */
function hiddenValues(spec: EnvironmentSpec): string[] {
  const column = (table: string, name: string) => {
    const t = spec.seed.tables[table];
    const at = t?.columns.indexOf(name) ?? -1;
    return (t?.rows ?? []).map((row) => row[at]).filter((v): v is string => typeof v === "string");
  };
  return [
    ...column("chat_channels", "id"),
    ...column("chat_users", "id"),
    ...column("chat_messages", "ts"),
  ];
}

describe("chat task synthesis on mcp-slack", () => {
  let env: NodeWorld;
  let hidden: string[];
  beforeAll(async () => {
    env = await catalogWorld("mcp-slack");
    hidden = hiddenValues(env.spec);
  });
  afterAll(() => env.close());

  const lensOf = () => {
    const lens = messagingLens(env.world.db, env.world.tools);
    if (!lens) throw new Error("mcp-slack is not recognised");
    return lens;
  };

  it("sees each chat operation's tool and its arguments", () => {
    const lens = lensOf();
    expect(lens.list_channels.name).toBe("slack_list_channels");
    expect(lens.channel_history).toEqual({
      name: "slack_get_channel_history",
      args: { channel: "channel_id", limit: "limit" },
    });
    expect(lens.add_reaction?.args).toEqual({
      channel: "channel_id",
      timestamp: "timestamp",
      reaction: "reaction",
    });
    expect(lens.reply_to_thread?.args.thread).toBe("thread_ts");
    expect(lens.user_profile?.args).toEqual({ user: "user_id" });
  });

  it("reads the active channels, every message and thread reply, and the bot as you", () => {
    const ws = env.world.fresh({ seed: "read", clockStart: env.world.clockStart }, (runner) =>
      exploreWorkspace(lensOf(), runner),
    ).value;
    const seeded = env.spec.seed.tables.chat_messages?.rows.length ?? 0;
    const names = ws.channels.map((c) => c.name);
    expect(names).toContain("engineering");
    expect(names).not.toContain("proj-mobile-beta");
    // Every message outside the archived channel, replies included, with its thread's start.
    expect(ws.messages.length).toBeGreaterThan(seeded / 2);
    expect(ws.messages.length).toBeLessThan(seeded);
    expect(ws.messages.some((m) => m.parent?.replies.includes(m))).toBe(true);
    expect(ws.me?.realName).toBe("Claude");
    expect(ws.me?.isBot).toBe(true);
  });

  it.each(["graph", "programmatic"] as const)(
    "keeps %s tasks the oracle solves, inaction does not, naming nothing by its id",
    async (strategy) => {
      const run = await surveySynthesis(
        env,
        shard({ count: 15, strategy, seed: `chat-${strategy}` }),
        { leaks: [/slack_|channel_id|thread_ts|user_id/, ...hidden], oracleEvery: 1 },
      );
      expect(run.tasks.length).toBe(15);
      expect(run.kinds).toEqual([strategy]);
      expect(run.fewestCalls).toBeGreaterThanOrEqual(2);
      expect(run.leaking).toEqual([]);
      expect(run.oracleRewards).toEqual([1]);
      expect(run.nothingRewards).toEqual([0]);
      // Channels are named by #name: every solution looks its channel (or a person) up first.
      const first = new Set(run.tasks.map((t) => t.solution.calls[0]?.tool));
      expect([...first].every((t) => t === "slack_list_channels" || t === "slack_get_users")).toBe(
        true,
      );
    },
  );

  it("makes write tasks through the chat tools when writes are asked for", async () => {
    const run = await surveySynthesis(
      env,
      shard({ count: 8, strategy: "mixed", seed: "chat-writes", difficulty: { minWrites: 1 } }),
      { writeTools: WRITE_TOOLS, oracleEvery: 1 },
    );
    expect(run.tasks.length).toBe(8);
    expect(Math.min(...run.writes)).toBeGreaterThanOrEqual(1);
    expect(run.unchanged).toEqual([]);
    expect(run.oracleRewards).toEqual([1]);
  });

  it("posts, then replies in the new post's thread by the ts the post returned (volatile)", async () => {
    const lens = lensOf();
    const session = env.world.fresh({ seed: "post", clockStart: env.world.clockStart }, (runner) =>
      openSession(lens, runner),
    ).value;
    const template = MESSAGING_TEMPLATES.find((t) => t.name === "post-then-reply");
    const candidate = template && session.pools.get(template)?.[0];
    const draft = candidate?.render(createPrng("post"));
    if (!draft || !("program" in draft)) throw new Error("no post-then-reply draft");
    const episode = { seed: "post", clockStart: env.world.clockStart };
    const programs = await env.world.loadPrograms([draft.program]);
    try {
      const names = {
        toolNames: env.world.tools.map((t) => t.name),
        identifiers: identifierNames(env.world.db, env.world.tools),
      };
      const run = validateCandidate(env.world, programs, 0, draft, episode, names);
      if ("reason" in run) throw new Error(`${run.reason}: ${run.detail}`);
      expect(run.calls.map((c) => c.tool)).toEqual([
        "slack_list_channels",
        "slack_post_message",
        "slack_reply_to_thread",
      ]);
      const posted = run.calls[1]?.outcome;
      const postedTs = posted?.ok ? (posted.result as { ts?: string }).ts : undefined;
      expect(postedTs).toMatch(/^\d{10}\.\d{6}$/);
      expect(run.calls[2]?.args.thread_ts).toBe(postedTs);
      expect(run.truth.volatile.chat_messages).toEqual(expect.arrayContaining(["ts"]));
      expect(run.truth.answer).toBeUndefined();
    } finally {
      programs.dispose();
    }
  });

  it("names the bot's own reaction as yours", () => {
    const lens = lensOf();
    const session = env.world.fresh({ seed: "you", clockStart: env.world.clockStart }, (runner) =>
      openSession(lens, runner),
    ).value;
    const template = MESSAGING_TEMPLATES.find((t) => t.name === "reply-in-thread");
    const rng = createPrng("you");
    const instructions = (template ? (session.pools.get(template) ?? []) : [])
      .map((c) => c.render(rng))
      .flatMap((d) => ("instruction" in d ? [d.instruction] : []));
    expect(instructions.some((i) => /#incidents that you reacted to with :eyes:/.test(i))).toBe(
      true,
    );
    expect(instructions.some((i) => /\bClaude\b/.test(i))).toBe(false);
  });

  it("is deterministic", async () => {
    const [a, b] = await synthesizeTwice(
      env,
      shard({ count: 6, strategy: "mixed", seed: "chat-same" }),
    );
    expect(b.ids).toEqual(a.ids);
    expect(b.instructions).toEqual(a.instructions);
  });
});

describe("chat task synthesis on a workspace whose tools only read", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-slack", readsOnly);
  });
  afterAll(() => env.close());

  it("still asks questions, and says why when writes are asked for", async () => {
    const reads = await surveySynthesis(
      env,
      shard({ count: 6, strategy: "mixed", seed: "chat-read" }),
    );
    expect(reads.tasks.length).toBe(6);
    expect(reads.unanswered).toEqual([]);
    const writes = await synthesizeTasks(
      env.world,
      shard({ count: 3, strategy: "graph", seed: "chat-read-w", difficulty: { minWrites: 1 } }),
    );
    expect(writes.tasks).toEqual([]);
    expect(writes.report.stoppedBecause).toMatch(/only reads/);
  });
});

describe("a Slack-like environment without the chat workspace", () => {
  it("is left to the generic generators", async () => {
    const env = await nodeWorld(messagingSpec());
    try {
      expect(messagingLens(env.world.db, env.world.tools)).toBeUndefined();
    } finally {
      env.close();
    }
  });
});
