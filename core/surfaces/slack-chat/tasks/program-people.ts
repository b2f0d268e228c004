// Programmatic chat questions about people: the solution loops over a channel's messages and
// threads (or every channel's) and tallies by person: who wrote the most thread replies, how many
// messages someone posted, the titles of everyone who reacted with an emoji (one profile read
// each), the channel someone posts in most or posted in last.

import { lit } from "../../../tasks/programs/program-code";
import {
  exact,
  isColleague,
  loopDifficulty,
  messagesCode,
  newestFirst,
  numeric,
  readCalls,
  readsThreads,
  tally,
  uniqueBest,
  withReplies,
} from "./program-code";
import {
  type ChatCandidate,
  type ChatTemplate,
  channelWords,
  chatDraft,
  colleagues,
  emojiWords,
} from "./template";
import type { SeenChannel, SeenMessage } from "./workspace";

/** "Who wrote the most thread replies in #engineering? Answer with their full name." */
export const topReplier: ChatTemplate = {
  name: "top-replier",
  kind: "programmatic",
  writes: false,
  candidates(ctx) {
    if (!ctx.lens.list_users || !readsThreads(ctx)) return [];
    return ctx.ws.channels.flatMap((channel): ChatCandidate[] => {
      const all = withReplies(ctx.ws, channel);
      const where = channelWords(channel);
      const key = ["L", ...readCalls(ctx.ws, channel, true), "U"].join("|");
      const options = [
        {
          words: `Who wrote the most thread replies in ${where}? Answer with their full name.`,
          pool: all.filter((m) => m.parent !== undefined),
          filter: "all.filter((m) => m.thread_ts && m.thread_ts !== m.ts)",
        },
        {
          words: `Who has posted the most messages in ${where}, thread replies included? Answer with their full name.`,
          pool: all,
          filter: "all",
        },
      ];
      return options.flatMap((option): ChatCandidate[] => {
        const counts = [...tally(option.pool, (m) => m.user)];
        const best = uniqueBest(counts, ([, n]) => n);
        if (!best || !isColleague(ctx, best[0])) return [];
        return [
          {
            key,
            render: () =>
              chatDraft(
                ctx,
                "programmatic",
                option.words,
                [
                  `const channel = channelId(${lit(channel.name)});`,
                  ...messagesCode("all", "channel", true),
                  "const counts = {};",
                  `for (const m of ${option.filter}) counts[m.user] = (counts[m.user] || 0) + 1;`,
                  "let best = null;",
                  "for (const user of Object.keys(counts)) if (best === null || counts[user] > counts[best]) best = user;",
                  "return nameOf(people(), best);",
                ],
                { hidden: [channel.id, best[0]], answerMatch: exact },
                loopDifficulty(3, 2),
              ),
          },
        ];
      });
    });
  },
};

/** "How many messages has Omar Haddad posted in #engineering, thread replies included?" */
export const personCounts: ChatTemplate = {
  name: "person-counts",
  kind: "programmatic",
  writes: false,
  candidates(ctx) {
    if (!ctx.lens.list_users || !readsThreads(ctx)) return [];
    return ctx.ws.channels.flatMap((channel) => {
      const all = withReplies(ctx.ws, channel);
      const key = ["U", "L", ...readCalls(ctx.ws, channel, true)].join("|");
      const where = channelWords(channel);
      return colleagues(ctx.ws).flatMap((person): ChatCandidate[] => {
        const mine = all.filter((m) => m.user === person.id);
        const replies = mine.filter((m) => m.parent !== undefined).length;
        const options = [
          {
            words: `How many messages has ${person.realName} posted in ${where}, thread replies included?`,
            answer: mine.length,
            filter: "all",
          },
          {
            words: `How many thread replies has ${person.realName} written in ${where}?`,
            answer: replies,
            filter: "all.filter((m) => m.thread_ts && m.thread_ts !== m.ts)",
          },
        ];
        return options
          .filter((o) => o.answer > 0)
          .map(
            (option): ChatCandidate => ({
              key,
              render: () =>
                chatDraft(
                  ctx,
                  "programmatic",
                  option.words,
                  [
                    `const author = personId(${lit(person.realName)});`,
                    `const channel = channelId(${lit(channel.name)});`,
                    ...messagesCode("all", "channel", true),
                    `return ${option.filter}.filter((m) => m.user === author).length;`,
                  ],
                  { hidden: [channel.id, person.id], answerMatch: numeric },
                  loopDifficulty(3, 2),
                ),
            }),
          );
      });
    });
  },
};

/** "What are the job titles of the people who reacted with :eyes: to messages in #product?" */
export const reactorTitles: ChatTemplate = {
  name: "reactor-titles",
  kind: "programmatic",
  writes: false,
  candidates(ctx) {
    if (!ctx.lens.user_profile) return [];
    return ctx.ws.channels.flatMap((channel) => {
      const roots = newestFirst(ctx.ws, channel);
      const emoji = [...new Set(roots.flatMap((m) => m.reactions.map((r) => r.name)))];
      return emoji.flatMap((name): ChatCandidate[] => {
        const ids: string[] = [];
        for (const m of roots) {
          for (const r of m.reactions) {
            if (r.name !== name) continue;
            for (const u of r.users) if (!ids.includes(u)) ids.push(u);
          }
        }
        const titles = [...new Set(ids.map((id) => ctx.ws.person(id)?.title ?? ""))];
        if (ids.length < 2 || !ids.every((id) => isColleague(ctx, id)) || titles.includes("")) {
          return [];
        }
        return [
          {
            key: ["L", `H:${channel.id}`, ...ids.map((id) => `P:${id}`)].join("|"),
            render: () =>
              chatDraft(
                ctx,
                "programmatic",
                `What are the job titles of the people who reacted with ${emojiWords(name)} to messages in ${channelWords(channel)} (not thread replies)? List each title once.`,
                [
                  `const channel = channelId(${lit(channel.name)});`,
                  "const ids = [];",
                  "for (const m of history(channel)) {",
                  "  for (const r of m.reactions || []) {",
                  `    if (r.name !== ${lit(name)}) continue;`,
                  "    for (const u of r.users) if (!ids.includes(u)) ids.push(u);",
                  "  }",
                  "}",
                  "const titles = [];",
                  "for (const id of ids) {",
                  "  const title = profile(id).title;",
                  "  if (!titles.includes(title)) titles.push(title);",
                  "}",
                  "return titles;",
                ],
                { hidden: [channel.id, ...ids], answerMatch: { kind: "set" } },
                loopDifficulty(2 + ids.length, ids.length + 1),
              ),
          },
        ];
      });
    });
  },
};

/** "In which channel has Hannah Okafor posted the most, thread replies included?" */
export const personChannel: ChatTemplate = {
  name: "person-channel",
  kind: "programmatic",
  writes: false,
  candidates(ctx) {
    if (!ctx.lens.list_users || !readsThreads(ctx)) return [];
    const channels = ctx.ws.channels;
    const key = ["U", "L", ...channels.flatMap((c) => readCalls(ctx.ws, c, true))].join("|");
    return colleagues(ctx.ws).flatMap((person): ChatCandidate[] => {
      const mine = channels.map((c) => ({
        channel: c,
        messages: withReplies(ctx.ws, c).filter((m) => m.user === person.id),
      }));
      const most = uniqueBest(mine, (c) => c.messages.length);
      const latest = mine
        .flatMap((c) => c.messages)
        .reduce<SeenMessage | undefined>(
          (a, b) => (a === undefined || b.ts > a.ts ? b : a),
          undefined,
        );
      const out: ChatCandidate[] = [];
      const add = (words: string, channel: SeenChannel, code: string[]) =>
        out.push({
          key,
          render: () =>
            chatDraft(
              ctx,
              "programmatic",
              words,
              [
                `const author = personId(${lit(person.realName)});`,
                "let best = null;",
                ...code,
                "return best;",
              ],
              { hidden: [person.id, channel.id], answerMatch: exact },
              loopDifficulty(2 + channels.length, 2),
            ),
        });
      const perChannel = (inner: string[]) => [
        "for (const c of channels()) {",
        ...messagesCode("all", "c.id", true).map((line) => `  ${line}`),
        "  const mine = all.filter((m) => m.user === author);",
        ...inner.map((line) => `  ${line}`),
        "}",
      ];
      if (most) {
        add(
          `In which channel has ${person.realName} posted the most messages, thread replies included? Answer with the channel's name.`,
          most.channel,
          [
            "let most = 0;",
            ...perChannel([
              "if (mine.length > most) {",
              "  most = mine.length;",
              "  best = c.name;",
              "}",
            ]),
          ],
        );
      }
      const home = latest && mine.find((c) => c.messages.includes(latest));
      if (home) {
        add(
          `In which channel did ${person.realName} post most recently (a thread reply counts)? Answer with the channel's name.`,
          home.channel,
          [
            `let newest = "";`,
            ...perChannel([
              "for (const m of mine) {",
              "  if (m.ts > newest) {",
              "    newest = m.ts;",
              "    best = c.name;",
              "  }",
              "}",
            ]),
          ],
        );
      }
      return out;
    });
  },
};

export const PEOPLE_READS: readonly ChatTemplate[] = [
  topReplier,
  personCounts,
  reactorTitles,
  personChannel,
];
