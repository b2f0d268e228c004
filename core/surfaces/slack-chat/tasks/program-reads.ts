// Programmatic chat questions about messages: the solution loops over a channel's messages (and
// their threads) and counts or compares: how many messages carry a reaction, whose message drew
// the most reactions, the busiest day, how many people replied in a thread. Questions about
// people are in program-people.ts.
import { lit } from "../../../tasks/programs/program-code";
import {
  exact,
  isColleague,
  loopDifficulty,
  messagesCode,
  newestFirst,
  numeric,
  reactionTotal,
  readCalls,
  readsThreads,
  tally,
  uniqueBest,
  withReplies,
} from "./program-code";
import { PEOPLE_READS } from "./program-people";
import {
  type ChatCandidate,
  type ChatTemplate,
  channelWords,
  chatDraft,
  emojiWords,
  quoted,
} from "./template";
import type { SeenMessage } from "./workspace";

/** "How many messages in #engineering have a :+1: reaction?" and other counts over one channel. */
export const channelCounts: ChatTemplate = {
  name: "channel-counts",
  kind: "programmatic",
  writes: false,
  candidates(ctx) {
    return ctx.ws.channels.flatMap((channel) => {
      const roots = newestFirst(ctx.ws, channel);
      const key = ["L", ...readCalls(ctx.ws, channel, false)].join("|");
      const where = channelWords(channel);
      const out: ChatCandidate[] = [];
      const add = (instruction: string, body: string[], answer: number) => {
        if (answer === 0 || answer === roots.length) return;
        out.push({
          key,
          render: () =>
            chatDraft(
              ctx,
              "programmatic",
              instruction,
              [
                `const channel = channelId(${lit(channel.name)});`,
                "let n = 0;",
                ...body,
                "return n;",
              ],
              { hidden: [channel.id], answerMatch: numeric },
              loopDifficulty(2),
            ),
        });
      };
      const emoji = [...new Set(roots.flatMap((m) => m.reactions.map((r) => r.name)))];
      for (const name of emoji) {
        add(
          `How many messages in ${where} have a ${emojiWords(name)} reaction? Count messages posted to the channel, not thread replies.`,
          [
            "for (const m of history(channel)) {",
            `  if ((m.reactions || []).some((r) => r.name === ${lit(name)})) n += 1;`,
            "}",
          ],
          roots.filter((m) => m.reactions.some((r) => r.name === name)).length,
        );
      }
      add(
        `How many messages posted in ${where} have no reactions at all? Leave thread replies out.`,
        ["for (const m of history(channel)) if (!(m.reactions || []).length) n += 1;"],
        roots.filter((m) => m.reactions.length === 0).length,
      );
      add(
        `How many messages in ${where} started a thread (have at least one reply)?`,
        ["for (const m of history(channel)) if (m.reply_count) n += 1;"],
        roots.filter((m) => m.replies.length > 0).length,
      );
      return out;
    });
  },
};

/** "Whose message in #general drew the most reactions? Answer with their full name." */
export const topMessageAuthor: ChatTemplate = {
  name: "top-message-author",
  kind: "programmatic",
  writes: false,
  candidates(ctx) {
    if (!ctx.lens.list_users) return [];
    return ctx.ws.channels.flatMap((channel) => {
      const roots = newestFirst(ctx.ws, channel);
      const key = ["L", ...readCalls(ctx.ws, channel, false), "U"].join("|");
      const where = channelWords(channel);
      const measures = [
        {
          words: `Which message in ${where} drew the most reactions (all emoji together)? Answer with the full name of the person who posted it.`,
          score: reactionTotal,
          code: "(m.reactions || []).reduce((sum, r) => sum + r.count, 0)",
        },
        {
          words: `Which message in ${where} has the longest thread? Answer with the full name of the person who posted it.`,
          score: (m: SeenMessage) => m.replies.length,
          code: "m.reply_count || 0",
        },
      ];
      return measures.flatMap((measure): ChatCandidate[] => {
        const best = uniqueBest(roots, measure.score);
        if (!best || !isColleague(ctx, best.user)) return [];
        return [
          {
            key,
            render: () =>
              chatDraft(
                ctx,
                "programmatic",
                measure.words,
                [
                  `const channel = channelId(${lit(channel.name)});`,
                  "let best = null;",
                  "let most = -1;",
                  "for (const m of history(channel)) {",
                  `  const score = ${measure.code};`,
                  "  if (score > most) {",
                  "    most = score;",
                  "    best = m;",
                  "  }",
                  "}",
                  "return nameOf(people(), best.user);",
                ],
                { hidden: [channel.id, best.ts, best.user], answerMatch: exact },
                loopDifficulty(3, 2),
              ),
          },
        ];
      });
    });
  },
};

/** "On which day were the most messages posted in #random, thread replies included?" */
export const busiestDay: ChatTemplate = {
  name: "busiest-day",
  kind: "programmatic",
  writes: false,
  candidates(ctx) {
    if (!readsThreads(ctx)) return [];
    return ctx.ws.channels.flatMap((channel): ChatCandidate[] => {
      const all = withReplies(ctx.ws, channel);
      const best = uniqueBest([...tally(all, (m) => m.day)], ([, n]) => n);
      if (!best) return [];
      return [
        {
          key: ["L", ...readCalls(ctx.ws, channel, true)].join("|"),
          render: () =>
            chatDraft(
              ctx,
              "programmatic",
              `On which day (UTC) were the most messages posted in ${channelWords(channel)}, thread replies included? Answer with the date as YYYY-MM-DD.`,
              [
                `const channel = channelId(${lit(channel.name)});`,
                ...messagesCode("all", "channel", true),
                "const counts = {};",
                "for (const m of all) counts[day(m)] = (counts[day(m)] || 0) + 1;",
                "let best = null;",
                "for (const d of Object.keys(counts)) if (best === null || counts[d] > counts[best]) best = d;",
                "return best;",
              ],
              { hidden: [channel.id], answerMatch: exact },
              loopDifficulty(3),
            ),
        },
      ];
    });
  },
};

/** "How many different people replied in the thread that starts with "X" in #product?" */
export const threadPeople: ChatTemplate = {
  name: "thread-people",
  kind: "programmatic",
  writes: false,
  candidates(ctx) {
    if (!readsThreads(ctx)) return [];
    return ctx.ws.messages.flatMap((root): ChatCandidate[] => {
      if (root.parent !== undefined || root.replies.length < 2) return [];
      const others = new Set(root.replies.map((r) => r.user).filter((u) => u !== root.user));
      const byStarter = root.replies.filter((r) => r.user === root.user).length;
      const where = channelWords(root.channel);
      const key = ["L", `H:${root.channel.id}`, `T:${root.channel.id}:${root.ts}`].join("|");
      const options = [
        {
          words: (thread: string) =>
            `How many different people replied in ${thread} in ${where}, not counting whoever started it?`,
          answer: others.size,
          code: "return new Set(rest.map((m) => m.user).filter((u) => u !== root.user)).size;",
        },
        {
          words: (thread: string) =>
            `In ${thread} in ${where}, how many of the replies come from the person who started it?`,
          answer: byStarter,
          code: "return rest.filter((m) => m.user === root.user).length;",
        },
      ];
      return options
        .filter((o) => o.answer > 0)
        .map(
          (option): ChatCandidate => ({
            key,
            render: () => {
              const opening = ctx.phrases.opening(root, [option.answer]);
              if (!opening) return { reason: "no_phrase", detail: "the thread cannot be named" };
              return chatDraft(
                ctx,
                "programmatic",
                option.words(`the thread that starts with ${quoted(opening)}`),
                [
                  `const channel = channelId(${lit(root.channel.name)});`,
                  `const root = history(channel).find((m) => m.text.startsWith(${lit(opening)}));`,
                  "const rest = replies(channel, root.ts);",
                  option.code,
                ],
                { hidden: [root.channel.id, root.ts], answerMatch: numeric },
                loopDifficulty(3, 2),
              );
            },
          }),
        );
    });
  },
};

export const PROGRAM_READS: readonly ChatTemplate[] = [
  channelCounts,
  topMessageAuthor,
  busiestDay,
  threadPeople,
  ...PEOPLE_READS,
];
