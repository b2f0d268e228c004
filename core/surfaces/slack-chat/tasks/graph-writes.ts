// Graph tasks that change the workspace: find a message the user names (by a phrase, as someone's
// latest, as the one someone reacted to, a reply inside a thread) and react to it or reply in its
// thread; or post a message and then reply to or react to that new post, which needs the ts the
// post returned. Every call after the first uses an id or ts an earlier call revealed.

import { pick } from "../../../tasks/graph-walk/graph-random";
import { lit } from "../../../tasks/programs/program-code";
import { refPlans } from "./refs";
import {
  type ChatCandidate,
  type ChatTemplate,
  channelWords,
  chatDraft,
  emojiWords,
  quoted,
  reactedByMe,
} from "./template";
import { ANNOUNCEMENTS, REACTIONS, THREAD_REPLIES } from "./words";

const writeDifficulty = (calls: number, hiddenIds: number) => ({
  chainLength: calls,
  branching: 0,
  writes: 1,
  hiddenIds,
});

/** "React with :rocket: to the message in #engineering that mentions "Error rates nominal"." */
export const reactToMessage: ChatTemplate = {
  name: "react-to-message",
  kind: "graph",
  writes: true,
  candidates(ctx) {
    if (!ctx.lens.add_reaction) return [];
    return ctx.ws.messages.flatMap((message) =>
      refPlans(ctx, message).flatMap((plan) =>
        REACTIONS.filter((emoji) => !reactedByMe(ctx, message, emoji)).map(
          (emoji): ChatCandidate => ({
            key: [...plan.calls, `R:${message.channel.id}:${message.ts}:${emoji}`].join("|"),
            render(rng) {
              const ref = plan.build(rng, []);
              if (!ref) return { reason: "no_phrase", detail: "the message cannot be named" };
              const verb = pick(rng, [
                `React with ${emojiWords(emoji)} to ${ref.words}.`,
                `Add the ${emojiWords(emoji)} reaction to ${ref.words}.`,
              ]) as string;
              return chatDraft(
                ctx,
                "graph",
                verb,
                [...ref.code, `react(channel, target.ts, ${lit(emoji)});`, "return null;"],
                { hidden: ref.hidden },
                writeDifficulty(plan.calls.length + 1, ref.hiddenIds),
              );
            },
          }),
        ),
      ),
    );
  },
};

/** "Reply in the thread of the message in #incidents that mentions "stuck queue worker": "...". */
export const replyInThread: ChatTemplate = {
  name: "reply-in-thread",
  kind: "graph",
  writes: true,
  candidates(ctx) {
    if (!ctx.lens.reply_to_thread) return [];
    return ctx.ws.messages.flatMap((message) =>
      refPlans(ctx, message)
        .filter((plan) => plan.kind !== "reply-phrase" && plan.kind !== "reply-by")
        .flatMap((plan) =>
          THREAD_REPLIES.map(
            (text): ChatCandidate => ({
              key: [
                ...plan.calls,
                `Y:${message.channel.id}:${message.parent?.ts ?? message.ts}:${text}`,
              ].join("|"),
              render(rng) {
                const ref = plan.build(rng, [text]);
                if (!ref?.thread)
                  return { reason: "no_phrase", detail: "the thread cannot be named" };
                const instruction = pick(rng, [
                  `Reply ${quoted(text)} in ${ref.thread}.`,
                  `Post ${quoted(text)} as a reply in ${ref.thread}.`,
                ]) as string;
                return chatDraft(
                  ctx,
                  "graph",
                  instruction,
                  [
                    ...ref.code,
                    `reply(channel, target.thread_ts || target.ts, ${lit(text)});`,
                    "return null;",
                  ],
                  { hidden: ref.hidden },
                  writeDifficulty(plan.calls.length + 1, ref.hiddenIds),
                );
              },
            }),
          ),
        ),
    );
  },
};

/** "Post "..." in #general, then reply to your own post in its thread with "..."." */
export const postThenReply: ChatTemplate = {
  name: "post-then-reply",
  kind: "graph",
  writes: true,
  candidates(ctx) {
    if (!ctx.lens.post_message || !ctx.lens.reply_to_thread) return [];
    return ctx.ws.channels.flatMap((channel) =>
      ANNOUNCEMENTS.map(
        ([text, followUp]): ChatCandidate => ({
          key: `L|S:${channel.id}:${text}|Y:new:${followUp}`,
          render: (rng) =>
            chatDraft(
              ctx,
              "graph",
              pick(rng, [
                `Post ${quoted(text)} in ${channelWords(channel)}, then reply to your own post in its thread with ${quoted(followUp)}`,
                `In ${channelWords(channel)}, post ${quoted(text)} and add ${quoted(followUp)} as the first reply in that message's thread.`,
              ]) as string,
              [
                `const channel = channelId(${lit(channel.name)});`,
                `const posted = post(channel, ${lit(text)});`,
                `reply(channel, posted.ts, ${lit(followUp)});`,
                "return null;",
              ],
              { hidden: [channel.id] },
              { chainLength: 3, branching: 0, writes: 2, hiddenIds: 2 },
            ),
        }),
      ),
    );
  },
};

const MARKERS = ["pushpin", "memo", "eyes", "white_check_mark"] as const;

/** "Post "..." in #product and add a :pushpin: reaction to it." */
export const postThenReact: ChatTemplate = {
  name: "post-then-react",
  kind: "graph",
  writes: true,
  candidates(ctx) {
    if (!ctx.lens.post_message || !ctx.lens.add_reaction) return [];
    return ctx.ws.channels.flatMap((channel) =>
      ANNOUNCEMENTS.flatMap(([text]) =>
        MARKERS.map(
          (emoji): ChatCandidate => ({
            key: `L|S:${channel.id}:${text}|R:new:${emoji}`,
            render: () =>
              chatDraft(
                ctx,
                "graph",
                `Post ${quoted(text)} in ${channelWords(channel)}, then react to your new message with ${emojiWords(emoji)}.`,
                [
                  `const channel = channelId(${lit(channel.name)});`,
                  `const posted = post(channel, ${lit(text)});`,
                  `react(channel, posted.ts, ${lit(emoji)});`,
                  "return null;",
                ],
                { hidden: [channel.id] },
                { chainLength: 3, branching: 0, writes: 2, hiddenIds: 2 },
              ),
          }),
        ),
      ),
    );
  },
};
