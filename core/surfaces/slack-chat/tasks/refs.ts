// The ways a user points at one message, each with the code that finds it: a channel message by a
// phrase of its text, as the latest in its channel, as someone's latest there, or as the one
// someone reacted to with an emoji; a thread reply by a phrase or its author inside the thread
// named by its first words, or by a phrase alone (the solution then searches the channel's
// threads). Each leaves the channel's id in `channel` and the message in `target` (and a searched
// reply's first message in `root`).
import type { Json } from "../../../base/json";
import type { Prng } from "../../../sandbox/determinism";
import { lit } from "../../../tasks/programs/program-code";
import type { PhraseBook } from "./phrases";
import { type ChatContext, channelWords, emojiWords, personWords, quoted } from "./template";
import type { SeenMessage } from "./workspace";

export interface MessageRef {
  /** A noun phrase: `the message in #engineering that mentions "pool exhaustion"`. */
  words: string;
  /** The thread it starts or sits in, when a user would name it so. */
  thread: string | undefined;
  code: string[];
  hidden: Json[];
  hiddenIds: number;
}

export type RefKind =
  | "phrase"
  | "latest"
  | "latest-by"
  | "reacted-by"
  | "reply-phrase"
  | "reply-by"
  | "thread-search";

export interface RefPlan {
  kind: RefKind;
  message: SeenMessage;
  /** The calls its code makes, written short (`L`, `U`, `H:<channel>`, `T:<channel>:<ts>`). */
  calls: string[];
  build(rng: Prng, avoid: readonly Json[]): MessageRef | undefined;
}

const newest = (list: readonly SeenMessage[]) =>
  list.reduce<SeenMessage | undefined>(
    (a, b) => (a === undefined || b.ts > a.ts ? b : a),
    undefined,
  );
const LATEST = ".reduce((a, b) => (b.ts > a.ts ? b : a))";

/** `personId("Dana Whitfield")`, or `myId()` for the agent's own bot. */
function whoCode(ctx: ChatContext, id: string): string {
  if (ctx.ws.me?.id === id) return "myId()";
  return `personId(${lit(ctx.ws.person(id)?.realName ?? "")})`;
}

/** How a thread's first message is found: by its opening words, else by a phrase. */
function rootFinder(
  phrases: PhraseBook,
  rng: Prng,
  root: SeenMessage,
  avoid: readonly Json[],
): { words: string; test: string } | undefined {
  const opening = phrases.opening(root, avoid);
  if (opening) {
    return {
      words: `the thread that starts with ${quoted(opening)}`,
      test: `(m) => m.text.startsWith(${lit(opening)})`,
    };
  }
  const phrase = phrases.phrase(rng, root, avoid);
  return phrase
    ? {
        words: `the thread whose first message mentions ${quoted(phrase)}`,
        test: `(m) => m.text.includes(${lit(phrase)})`,
      }
    : undefined;
}

/** Every way `message` can be named in this workspace. */
export function refPlans(ctx: ChatContext, message: SeenMessage): RefPlan[] {
  const { ws, phrases } = ctx;
  const channel = message.channel;
  const where = channelWords(channel);
  const L = "L";
  const H = `H:${channel.id}`;
  const plans: RefPlan[] = [];
  const channelStep = `const channel = channelId(${lit(channel.name)});`;
  const author = personWords(ctx, message.user);
  const needsPeople = ctx.lens.list_users !== undefined;
  const hidden = (...more: Json[]) => [channel.id, message.ts, ...more];

  if (message.parent === undefined) {
    const roots = ws.roots.get(channel) ?? [];
    if (phrases.nameable(message)) {
      plans.push({
        kind: "phrase",
        message,
        calls: [L, H],
        build(rng, avoid) {
          const phrase = phrases.phrase(rng, message, avoid);
          if (!phrase) return undefined;
          const words =
            author === "you"
              ? `your message in ${where} that says ${quoted(phrase)}`
              : `the message in ${where} that mentions ${quoted(phrase)}`;
          return {
            words,
            thread: `the thread of ${words}`,
            code: [
              channelStep,
              `const target = history(channel).find((m) => m.text.includes(${lit(phrase)}));`,
            ],
            hidden: hidden(),
            hiddenIds: 2,
          };
        },
      });
    }
    if (newest(roots) === message && roots.length > 1) {
      plans.push({
        kind: "latest",
        message,
        calls: [L, H],
        build: () => ({
          words: `the latest message posted in ${where} (not counting thread replies)`,
          thread: `the thread of the latest message in ${where}`,
          code: [channelStep, `const target = history(channel)${LATEST};`],
          hidden: hidden(),
          hiddenIds: 2,
        }),
      });
    }
    const byAuthor = roots.filter((m) => m.user === message.user);
    if (needsPeople && author && newest(byAuthor) === message) {
      plans.push({
        kind: "latest-by",
        message,
        calls: ["U", L, H],
        build: () => ({
          words:
            author === "you"
              ? `the last message you posted in ${where}`
              : `the last message ${author} posted in ${where} (not counting thread replies)`,
          thread: `the thread of ${author === "you" ? "your" : `${author}'s`} latest message in ${where}`,
          code: [
            `const author = ${whoCode(ctx, message.user)};`,
            channelStep,
            `const target = history(channel).filter((m) => m.user === author)${LATEST};`,
          ],
          hidden: hidden(message.user),
          hiddenIds: 3,
        }),
      });
    }
    for (const reaction of message.reactions) {
      for (const user of reaction.users) {
        const who = personWords(ctx, user);
        const alike = roots.filter((m) =>
          m.reactions.some((r) => r.name === reaction.name && r.users.includes(user)),
        );
        if (!needsPeople || !who || alike.length !== 1) continue;
        plans.push({
          kind: "reacted-by",
          message,
          calls: ["U", L, H],
          build: () => {
            const words = `the message in ${where} that ${who} reacted to with ${emojiWords(reaction.name)}`;
            return {
              words,
              thread: `the thread of ${words}`,
              code: [
                `const reactor = ${whoCode(ctx, user)};`,
                channelStep,
                `const target = history(channel).find((m) => (m.reactions || []).some((r) => r.name === ${lit(reaction.name)} && r.users.includes(reactor)));`,
              ],
              hidden: hidden(user),
              hiddenIds: 3,
            };
          },
        });
      }
    }
    return plans;
  }

  const root = message.parent;
  if (!ctx.lens.thread_replies) return plans;
  const T = `T:${channel.id}:${root.ts}`;
  const rootHidden = root.ts;
  if (phrases.nameable(message)) {
    plans.push({
      kind: "reply-phrase",
      message,
      calls: [L, H, T],
      build(rng, avoid) {
        const phrase = phrases.phrase(rng, message, avoid);
        const finder = rootFinder(phrases, rng, root, avoid);
        if (!phrase || !finder) return undefined;
        return {
          words: `the reply saying ${quoted(phrase)} in ${finder.words} in ${where}`,
          thread: undefined,
          code: [
            channelStep,
            `const root = history(channel).find(${finder.test});`,
            `const target = replies(channel, root.ts).find((m) => m.text.includes(${lit(phrase)}));`,
          ],
          hidden: hidden(rootHidden),
          hiddenIds: 3,
        };
      },
    });
  }
  const sameAuthor = root.replies.filter((r) => r.user === message.user);
  if (needsPeople && author && sameAuthor.length === 1) {
    plans.push({
      kind: "reply-by",
      message,
      calls: ["U", L, H, T],
      build(rng, avoid) {
        const finder = rootFinder(phrases, rng, root, avoid);
        if (!finder) return undefined;
        const whose = author === "you" ? "your" : `${author}'s`;
        return {
          words: `${whose} reply in ${finder.words} in ${where}`,
          thread: undefined,
          code: [
            `const author = ${whoCode(ctx, message.user)};`,
            channelStep,
            `const root = history(channel).find(${finder.test});`,
            "const target = replies(channel, root.ts).find((m) => m.user === author);",
          ],
          hidden: hidden(rootHidden, message.user),
          hiddenIds: 4,
        };
      },
    });
  }
  if (phrases.nameable(message)) {
    // The solution reads the channel's threads newest first until one holds the phrase.
    const threaded = [...(ws.roots.get(channel) ?? [])]
      .reverse()
      .filter((m) => m.replies.length > 0);
    const upTo = threaded.indexOf(root);
    plans.push({
      kind: "thread-search",
      message,
      calls: [L, H, ...threaded.slice(0, upTo + 1).map((m) => `T:${channel.id}:${m.ts}`)],
      build(rng, avoid) {
        const phrase = phrases.phrase(rng, message, avoid);
        if (!phrase || upTo < 0) return undefined;
        return {
          words: `the reply in a ${where} thread that says ${quoted(phrase)}`,
          thread: `the ${where} thread where someone replied ${quoted(phrase)}`,
          code: [
            channelStep,
            "let target;",
            "let root;",
            "for (const m of history(channel)) {",
            "  if (!m.reply_count) continue;",
            `  target = replies(channel, m.ts).find((r) => r.text.includes(${lit(phrase)}));`,
            "  if (target) {",
            "    root = m;",
            "    break;",
            "  }",
            "}",
          ],
          hidden: hidden(rootHidden),
          hiddenIds: 3,
        };
      },
    });
  }
  return plans;
}
