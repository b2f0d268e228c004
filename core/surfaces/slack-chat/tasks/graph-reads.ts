// Graph tasks that answer a question: who wrote a message the user quotes (their title, phone,
// email, status or time zone, from their profile), who started the thread where someone said
// something, and how many replies a thread has. The solution finds the channel, the message, maybe
// the thread, then the person: each call needs an id the one before revealed.
import type { Json } from "../../../base/json";
import { pick } from "../../../tasks/graph-walk/graph-random";
import { type RefKind, refPlans } from "./refs";
import { type ChatCandidate, type ChatContext, type ChatTemplate, chatDraft } from "./template";
import type { SeenPerson } from "./workspace";

interface Field {
  words: string;
  value(p: SeenPerson): string | undefined;
  /** The calls that read it (`P:<user>` for the profile, `U` for the member list). */
  call(user: string): string;
  /** Code answering with it for the user id in `who`. */
  code: string;
}

const nonEmpty = (text: string | undefined) => (text ? text : undefined);

function fields(ctx: ChatContext): Field[] {
  const out: Field[] = [];
  if (ctx.lens.user_profile) {
    const profile = (words: string, key: keyof SeenPerson, prop: string): Field => ({
      words,
      value: (p) => nonEmpty(p[key] as string),
      call: (user) => `P:${user}`,
      code: `return profile(who).${prop};`,
    });
    out.push(
      profile("job title", "title", "title"),
      profile("phone number", "phone", "phone"),
      profile("email address", "email", "email"),
      profile("current status", "statusText", "status_text"),
    );
  }
  if (ctx.lens.list_users) {
    out.push({
      words: "time zone",
      value: (p) => nonEmpty(p.tzLabel),
      call: () => "U",
      code: "return people().find((u) => u.id === who).tz_label;",
    });
  }
  return out;
}

const colleague = (ctx: ChatContext, id: string) => {
  const p = ctx.ws.person(id);
  return p && !p.isBot && !p.deleted && p.id !== ctx.ws.me?.id ? p : undefined;
};

const readDifficulty = (calls: number, hiddenIds: number) => ({
  chainLength: calls,
  branching: 0,
  writes: 0,
  hiddenIds,
});

const AUTHOR_REFS: ReadonlySet<RefKind> = new Set(["phrase", "reply-phrase", "thread-search"]);

/** "Who wrote the message in #engineering that mentions "X"? Tell me their job title." */
export const authorProfile: ChatTemplate = {
  name: "author-profile",
  kind: "graph",
  writes: false,
  candidates(ctx) {
    const asked = fields(ctx);
    return ctx.ws.messages.flatMap((message) => {
      const author = colleague(ctx, message.user);
      if (!author) return [];
      return refPlans(ctx, message)
        .filter((plan) => AUTHOR_REFS.has(plan.kind))
        .flatMap((plan) =>
          asked.flatMap((field): ChatCandidate[] => {
            const answer = field.value(author);
            if (answer === undefined) return [];
            return [
              {
                key: [...plan.calls, field.call(author.id)].join("|"),
                render(rng) {
                  const avoid: Json[] = [answer, author.realName];
                  const ref = plan.build(rng, avoid);
                  if (!ref) return { reason: "no_phrase", detail: "the message cannot be named" };
                  const instruction = pick(rng, [
                    `Who wrote ${ref.words}? Tell me their ${field.words}.`,
                    `What is the ${field.words} of the person who posted ${ref.words}?`,
                  ]) as string;
                  return chatDraft(
                    ctx,
                    "graph",
                    instruction,
                    [...ref.code, "const who = target.user;", field.code],
                    { hidden: [...ref.hidden, author.id], answerMatch: { kind: "exact" } },
                    readDifficulty(plan.calls.length + 1, ref.hiddenIds + 1),
                  );
                },
              },
            ];
          }),
        );
    });
  },
};

/** "Who started the #incidents thread where someone replied "X"? Answer with their job title." */
export const threadStarter: ChatTemplate = {
  name: "thread-starter",
  kind: "graph",
  writes: false,
  candidates(ctx) {
    const asked = fields(ctx).filter((f) => f.words === "job title" || f.words === "time zone");
    const byName: Field | undefined = ctx.lens.list_users
      ? {
          words: "full name",
          value: (p) => nonEmpty(p.realName),
          call: () => "U",
          code: "return people().find((u) => u.id === who).profile.real_name;",
        }
      : undefined;
    if (byName) asked.push(byName);
    return ctx.ws.messages.flatMap((message) => {
      const starter = message.parent && colleague(ctx, message.parent.user);
      if (!starter) return [];
      return refPlans(ctx, message)
        .filter((plan) => plan.kind === "thread-search")
        .flatMap((plan) =>
          asked.flatMap((field): ChatCandidate[] => {
            const answer = field.value(starter);
            if (answer === undefined) return [];
            return [
              {
                key: [...plan.calls, field.call(starter.id)].join("|"),
                render(rng) {
                  const ref = plan.build(rng, [answer, starter.realName]);
                  if (!ref?.thread)
                    return { reason: "no_phrase", detail: "the reply cannot be named" };
                  return chatDraft(
                    ctx,
                    "graph",
                    `Who started ${ref.thread}? Answer with their ${field.words}.`,
                    [...ref.code, "const who = root.user;", field.code],
                    { hidden: [...ref.hidden, starter.id], answerMatch: { kind: "exact" } },
                    readDifficulty(plan.calls.length + 1, ref.hiddenIds + 1),
                  );
                },
              },
            ];
          }),
        );
    });
  },
};

/** "How many replies does the thread of the latest message in #product have?" */
export const threadReplyCount: ChatTemplate = {
  name: "thread-reply-count",
  kind: "graph",
  writes: false,
  candidates(ctx) {
    if (!ctx.lens.thread_replies) return [];
    return ctx.ws.messages.flatMap((message) => {
      if (message.parent !== undefined || message.replies.length === 0) return [];
      const count = message.replies.length;
      return refPlans(ctx, message).map(
        (plan): ChatCandidate => ({
          key: [...plan.calls, `T:${message.channel.id}:${message.ts}`].join("|"),
          render(rng) {
            const ref = plan.build(rng, [count]);
            if (!ref?.thread) return { reason: "no_phrase", detail: "the thread cannot be named" };
            return chatDraft(
              ctx,
              "graph",
              `How many replies are there in ${ref.thread}?`,
              [...ref.code, "return replies(channel, target.ts).length;"],
              { hidden: ref.hidden, answerMatch: { kind: "numeric", tolerance: 0 } },
              readDifficulty(plan.calls.length + 1, ref.hiddenIds),
            );
          },
        }),
      );
    });
  },
};
