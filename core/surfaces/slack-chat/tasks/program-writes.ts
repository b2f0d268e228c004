// Programmatic chat tasks that change the workspace: the solution loops over a channel's messages
// (and their threads) and reacts or replies where a condition holds: the message mentions a word,
// someone in particular posted it, nobody reacted yet, it was posted on a given day, its thread is
// busy or still empty, it drew the most reactions; or it counts and posts the count elsewhere.
import { pick } from "../../../tasks/graph-walk/graph-random";
import { lit } from "../../../tasks/programs/program-code";
import { topics } from "./phrases";
import {
  messagesCode,
  newestFirst,
  reactionTotal,
  readCalls,
  readsThreads,
  uniqueBest,
  withReplies,
} from "./program-code";
import {
  type ChatCandidate,
  type ChatContext,
  type ChatTemplate,
  channelWords,
  chatDraft,
  colleagues,
  dayWords,
  emojiWords,
  quoted,
  reactedByMe,
} from "./template";
import { COUNT_PREFIXES, REACTIONS, THREAD_REPLIES } from "./words";
import type { SeenChannel, SeenMessage } from "./workspace";

interface Selection {
  channel: SeenChannel;
  /** Reads thread replies too. */
  threads: boolean;
  /** A person the program looks up first (`author`). */
  person?: string;
  /** The condition a message must meet, as a user says it and as code over `m`. */
  words: string;
  test: string;
  targets: SeenMessage[];
  /** How many messages the condition was tried on (all targets is no condition at all). */
  of: number;
}

const SCOPE = {
  roots: "Only messages posted to the channel count, not thread replies.",
  threads: "Thread replies count too.",
};

function loopBody(s: Selection, action: string): string[] {
  return [
    ...(s.person ? [`const author = personId(${lit(s.person)});`] : []),
    `const channel = channelId(${lit(s.channel.name)});`,
    ...messagesCode("all", "channel", s.threads),
    "for (const m of all) {",
    `  if (${s.test}) ${action}`,
    "}",
    "return null;",
  ];
}

function readKey(ctx: ChatContext, s: Selection): string[] {
  return [...(s.person ? ["U"] : []), "L", ...readCalls(ctx.ws, s.channel, s.threads)];
}

const scopeOf = (ctx: ChatContext, channel: SeenChannel, threads: boolean) =>
  threads ? withReplies(ctx.ws, channel) : newestFirst(ctx.ws, channel);

/** Every selection over one channel the workspace allows: by word, author, no reactions, day. */
function selections(ctx: ChatContext): Selection[] {
  const out: Selection[] = [];
  const scopes = readsThreads(ctx) ? [false, true] : [false];
  for (const channel of ctx.ws.channels) {
    for (const threads of scopes) {
      const scope = scopeOf(ctx, channel, threads);
      const base = { channel, threads, of: scope.length };
      for (const topic of topics(scope)) {
        out.push({
          ...base,
          words: `that mentions ${quoted(topic.word)}`,
          test: `m.text.toLowerCase().includes(${lit(topic.word.toLowerCase())})`,
          targets: topic.matched,
        });
      }
      if (ctx.lens.list_users) {
        for (const person of colleagues(ctx.ws)) {
          const targets = scope.filter((m) => m.user === person.id);
          if (targets.length < 2) continue;
          out.push({
            ...base,
            person: person.realName,
            words: `posted by ${person.realName}`,
            test: "m.user === author",
            targets,
          });
        }
      }
      const days = [...new Set(scope.map((m) => m.day))];
      for (const day of days) {
        out.push({
          ...base,
          words: `posted on ${dayWords(day)} (UTC)`,
          test: `day(m) === ${lit(day)}`,
          targets: scope.filter((m) => m.day === day),
        });
      }
      if (!threads) {
        out.push({
          ...base,
          words: "that nobody has reacted to yet",
          test: "!(m.reactions || []).length",
          targets: scope.filter((m) => m.reactions.length === 0),
        });
      }
    }
  }
  return out.filter((s) => s.targets.length > 0 && s.targets.length < s.of);
}

/** "Add a :white_check_mark: reaction to every message in #random that mentions "coffee"." */
export const reactWhere: ChatTemplate = {
  name: "react-where",
  kind: "programmatic",
  writes: true,
  candidates(ctx) {
    if (!ctx.lens.add_reaction) return [];
    return selections(ctx).flatMap((s) =>
      REACTIONS.filter((emoji) => !s.targets.some((m) => reactedByMe(ctx, m, emoji))).map(
        (emoji): ChatCandidate => ({
          key: [...readKey(ctx, s), ...s.targets.map((m) => `R:${m.ts}:${emoji}`)].join("|"),
          render(rng) {
            const where = channelWords(s.channel);
            const instruction = pick(rng, [
              `Add the ${emojiWords(emoji)} reaction to every message in ${where} ${s.words}.`,
              `React with ${emojiWords(emoji)} to each message in ${where} ${s.words}.`,
            ]) as string;
            return chatDraft(
              ctx,
              "programmatic",
              `${instruction} ${s.threads ? SCOPE.threads : SCOPE.roots}`,
              loopBody(s, `react(channel, m.ts, ${lit(emoji)});`),
              { hidden: [s.channel.id, ...s.targets.map((m) => m.ts)] },
              {
                chainLength: readKey(ctx, s).length + s.targets.length,
                branching: 2,
                writes: s.targets.length,
                hiddenIds: 2,
              },
            );
          },
        }),
      ),
    );
  },
};

/** "In #engineering, reply "Is there a ticket for this?" in every thread with at least 3 replies." */
export const replyWhere: ChatTemplate = {
  name: "reply-where",
  kind: "programmatic",
  writes: true,
  candidates(ctx) {
    if (!ctx.lens.reply_to_thread) return [];
    const out: ChatCandidate[] = [];
    for (const channel of ctx.ws.channels) {
      const roots = newestFirst(ctx.ws, channel);
      const where = channelWords(channel);
      const conditions: Omit<Selection, "channel" | "threads" | "of">[] = [];
      const sizes = [...new Set(roots.map((m) => m.replies.length))].filter((n) => n >= 2);
      for (const n of sizes) {
        conditions.push({
          words: `in every thread there that already has at least ${n} replies`,
          test: `(m.reply_count || 0) >= ${n}`,
          targets: roots.filter((m) => m.replies.length >= n),
        });
      }
      if (ctx.lens.list_users) {
        for (const person of colleagues(ctx.ws)) {
          const theirs = roots.filter((m) => m.user === person.id);
          const quiet = theirs.filter((m) => m.replies.length === 0);
          if (quiet.length === 0 || quiet.length === theirs.length) continue;
          conditions.push({
            person: person.realName,
            words: `to every message ${person.realName} posted there that has no replies yet`,
            test: "m.user === author && !m.reply_count",
            targets: quiet,
          });
        }
      }
      for (const condition of conditions) {
        const s: Selection = { ...condition, channel, threads: false, of: roots.length };
        if (s.targets.length === 0 || s.targets.length === roots.length) continue;
        for (const text of THREAD_REPLIES) {
          out.push({
            key: [...readKey(ctx, s), ...s.targets.map((m) => `Y:${m.ts}:${text}`)].join("|"),
            render: () =>
              chatDraft(
                ctx,
                "programmatic",
                `In ${where}, reply ${quoted(text)} ${s.words}. Each reply goes in the message's thread.`,
                loopBody(s, `reply(channel, m.ts, ${lit(text)});`),
                { hidden: [channel.id, ...s.targets.map((m) => m.ts)] },
                {
                  chainLength: readKey(ctx, s).length + s.targets.length,
                  branching: 2,
                  writes: s.targets.length,
                  hiddenIds: 2,
                },
              ),
          });
        }
      }
    }
    return out;
  },
};

/** "Find the message in #product with the most reactions and react to it with :tada:." */
export const reactToTop: ChatTemplate = {
  name: "react-to-top",
  kind: "programmatic",
  writes: true,
  candidates(ctx) {
    if (!ctx.lens.add_reaction) return [];
    return ctx.ws.channels.flatMap((channel) => {
      const roots = newestFirst(ctx.ws, channel);
      const measures = [
        {
          words: "the most reactions (all emoji together)",
          best: uniqueBest(roots, reactionTotal),
          code: "(m.reactions || []).reduce((sum, r) => sum + r.count, 0)",
        },
        {
          words: "the most thread replies",
          best: uniqueBest(roots, (m) => m.replies.length),
          code: "m.reply_count || 0",
        },
      ];
      return measures.flatMap(({ words, best, code }) => {
        if (!best) return [];
        return REACTIONS.filter((emoji) => !reactedByMe(ctx, best, emoji)).map(
          (emoji): ChatCandidate => ({
            key: ["L", `H:${channel.id}`, `R:${best.ts}:${emoji}`].join("|"),
            render: () =>
              chatDraft(
                ctx,
                "programmatic",
                `Find the message in ${channelWords(channel)} with ${words} and react to it with ${emojiWords(emoji)}.`,
                [
                  `const channel = channelId(${lit(channel.name)});`,
                  "let best = null;",
                  "let most = -1;",
                  "for (const m of history(channel)) {",
                  `  const score = ${code};`,
                  "  if (score > most) {",
                  "    most = score;",
                  "    best = m;",
                  "  }",
                  "}",
                  `react(channel, best.ts, ${lit(emoji)});`,
                  "return null;",
                ],
                { hidden: [channel.id, best.ts] },
                { chainLength: 3, branching: 2, writes: 1, hiddenIds: 2 },
              ),
          }),
        );
      });
    });
  },
};

/** "Count the messages in #engineering with a :+1: reaction and post "Tally: N" in #general." */
export const postCount: ChatTemplate = {
  name: "post-count",
  kind: "programmatic",
  writes: true,
  candidates(ctx) {
    if (!ctx.lens.post_message) return [];
    const out: ChatCandidate[] = [];
    for (const source of ctx.ws.channels) {
      const roots = newestFirst(ctx.ws, source);
      const emoji = [...new Set(roots.flatMap((m) => m.reactions.map((r) => r.name)))];
      for (const name of emoji) {
        const n = roots.filter((m) => m.reactions.some((r) => r.name === name)).length;
        for (const target of ctx.ws.channels) {
          for (const prefix of COUNT_PREFIXES) {
            const text = `${prefix} ${n}`;
            out.push({
              key: ["L", `H:${source.id}`, "L", `S:${target.id}:${text}`].join("|"),
              render: () =>
                chatDraft(
                  ctx,
                  "programmatic",
                  `Count the messages in ${channelWords(source)} that have a ${emojiWords(name)} reaction (thread replies aside), then post the count in ${channelWords(target)} as ${quoted(`${prefix} N`)}, with N the number.`,
                  [
                    `const source = channelId(${lit(source.name)});`,
                    "let n = 0;",
                    "for (const m of history(source)) {",
                    `  if ((m.reactions || []).some((r) => r.name === ${lit(name)})) n += 1;`,
                    "}",
                    `post(channelId(${lit(target.name)}), ${lit(`${prefix} `)} + n);`,
                    "return null;",
                  ],
                  { hidden: [source.id, target.id] },
                  { chainLength: 4, branching: 2, writes: 1, hiddenIds: 2 },
                ),
            });
          }
        }
      }
    }
    return out;
  },
};

export const PROGRAM_WRITES: readonly ChatTemplate[] = [
  reactWhere,
  replyWhere,
  reactToTop,
  postCount,
];
