// Programmatic templates that read a mailbox: count a conversation's messages by opening what a
// search finds and keeping those of its thread; count the unread mail under two labels together
// (a message under both counts once); find the label holding the most unread, starred or received
// mail; and find the conversation holding most of a label's or a person's mail.
import { pick } from "../../../tasks/graph-walk/graph-random";
import { lit } from "../../../tasks/programs/program-code";
import type { MailboxView } from "./explore";
import { mailboxDraft } from "./program";
import {
  givesAway,
  type MailboxTemplate,
  quoted,
  received,
  sayable,
  senders,
  threads,
  unfit,
  userLabels,
} from "./template";

/** "How many messages are in the conversation about "..."?" */
export const threadSize: MailboxTemplate = {
  name: "thread-size",
  kind: "programmatic",
  roles: [],
  maxWrites: () => 0,
  capacity: (_ctx, view) => threads(view).length,
  build(ctx, view) {
    const t = pick(ctx.rng, threads(view));
    if (!t) return unfit("no_thread", "no conversation to count");
    const instruction = `How many messages are there in the conversation about ${quoted(t.subject)}, counting my own replies and drafts in it?`;
    const answer = t.messages.length;
    if (givesAway(instruction, answer)) return unfit("answer_in_question", "the count is stated");
    return mailboxDraft(ctx.lens, {
      kind: "programmatic",
      instruction,
      helpers: ["find", "open"],
      statements: [
        `const found = find(${lit(`subject:"${t.subject}"`)});`,
        `const threadId = open(found.find((m) => m.subject === ${lit(t.subject)}).id).threadId;`,
        "let n = 0;",
        "for (const m of found) if (open(m.id).threadId === threadId) n += 1;",
        "return n;",
      ],
      answerMatch: { kind: "numeric", tolerance: 1e-9 },
      hidden: [t.id],
      tools: [ctx.lens.search.name, ctx.lens.read.name],
      difficulty: { chainLength: 2 + t.messages.length, branching: 1, writes: 0, hiddenIds: 1 },
    });
  },
};

/** Pairs of user labels with how many unread received emails are under either. */
function labelPairs(view: MailboxView) {
  const labels = userLabels(view);
  const unread = received(view).filter((m) => m.labels.has("UNREAD"));
  return labels.flatMap((a, i) =>
    labels.slice(i + 1).flatMap((b) => {
      const either = unread.filter((m) => m.labels.has(a.id) || m.labels.has(b.id)).length;
      return either > 0 ? [{ a, b, answer: either }] : [];
    }),
  );
}

const labelQuery = (name: string, extra: string) =>
  lit(`label:"${name}"${extra} -in:sent -in:drafts`);

/** "How many unread emails do I have under my labels "A" and "B" together?" */
export const labelUnread: MailboxTemplate = {
  name: "label-unread",
  kind: "programmatic",
  roles: [],
  maxWrites: () => 0,
  capacity: (_ctx, view) => labelPairs(view).length,
  build(ctx, view) {
    const q = pick(ctx.rng, labelPairs(view));
    if (!q) return unfit("no_labels", "no two labels hold unread mail");
    const { a, b } = q;
    const instruction = `How many unread emails do I have under my labels ${quoted(a.name)} and ${quoted(b.name)} together? Count an email under both labels once.`;
    if (givesAway(instruction, q.answer)) return unfit("answer_in_question", "the count is stated");
    return mailboxDraft(ctx.lens, {
      kind: "programmatic",
      instruction,
      helpers: ["find"],
      statements: [
        "const ids = new Set();",
        `for (const m of find(${labelQuery(a.name, " is:unread")})) ids.add(m.id);`,
        `for (const m of find(${labelQuery(b.name, " is:unread")})) ids.add(m.id);`,
        "return ids.size;",
      ],
      answerMatch: { kind: "numeric", tolerance: 1e-9 },
      hidden: [a.id, b.id],
      tools: [ctx.lens.search.name],
      difficulty: { chainLength: 2, branching: 1, writes: 0, hiddenIds: 0 },
    });
  },
};

const MOST = [
  { words: "the most unread emails", query: " is:unread", holds: "UNREAD" },
  { words: "the most starred emails", query: " is:starred", holds: "STARRED" },
  { words: "the most emails I received", query: "", holds: "" },
] as const;

/** Which user label holds the most of a kind of mail, when one label alone does. */
function mostChoices(view: MailboxView) {
  return MOST.flatMap((most) => {
    const counts = userLabels(view).map((l) => ({
      l,
      n: received(view).filter(
        (m) => m.labels.has(l.id) && (most.holds === "" || m.labels.has(most.holds)),
      ).length,
    }));
    const top = Math.max(...counts.map((c) => c.n));
    const winners = counts.filter((c) => c.n === top);
    const winner = winners[0];
    return winners.length === 1 && winner && top > 0 ? [{ most, winner: winner.l.name }] : [];
  });
}

/** "Which of my own labels holds the most unread emails? Answer with its name." */
export const labelMost: MailboxTemplate = {
  name: "label-most",
  kind: "programmatic",
  roles: ["list_labels"],
  maxWrites: () => 0,
  capacity: (_ctx, view) => mostChoices(view).length,
  build(ctx, view) {
    const found = pick(ctx.rng, mostChoices(view));
    const list = ctx.lens.list_labels;
    if (!found || !list) return unfit("no_winner", "no label alone holds the most");
    const instruction = `Which of the labels I made myself holds ${found.most.words}? Answer with the label's name.`;
    if (givesAway(instruction, found.winner))
      return unfit("answer_in_question", "the label is named");
    return mailboxDraft(ctx.lens, {
      kind: "programmatic",
      instruction,
      helpers: ["find"],
      statements: [
        `const answer = String(ctx.call(${lit(list.name)}, {}));`,
        'const own = answer.slice(answer.indexOf("\\nUser Labels:\\n"));',
        "let best = null;",
        "for (const m of own.matchAll(/^Name: (.+)$/gm)) {",
        `  const n = find("label:\\"" + m[1] + "\\"" + ${lit(found.most.query)} + " -in:sent -in:drafts").length;`,
        "  if (best === null || n > best.n) best = { name: m[1], n };",
        "}",
        "return best.name;",
      ],
      answerMatch: { kind: "exact" },
      hidden: userLabels(view).map((l) => l.id),
      tools: [list.name, ctx.lens.search.name],
      difficulty: {
        chainLength: 1 + userLabels(view).length,
        branching: 2,
        writes: 0,
        hiddenIds: 0,
      },
    });
  },
};

/** Scopes (a label's mail, a person's mail) whose messages fall in one conversation more than any other. */
function busiestChoices(view: MailboxView) {
  const scopes = [
    ...userLabels(view).map((l) => ({
      words: `Among the emails under my label ${quoted(l.name)}`,
      query: `label:"${l.name}"`,
      messages: view.messages.filter(
        (m) => m.labels.has(l.id) && !m.labels.has("SPAM") && !m.labels.has("TRASH"),
      ),
    })),
    ...senders(view).map((s) => ({
      words: `Among the emails ${s.name} sent me`,
      query: `from:${s.address}`,
      messages: s.sent,
    })),
  ];
  const byId = new Map(view.messages.map((m) => [m.id, m]));
  return scopes.flatMap((scope) => {
    const counts = new Map<string, number>();
    for (const m of scope.messages) counts.set(m.threadId, (counts.get(m.threadId) ?? 0) + 1);
    const top = Math.max(0, ...counts.values());
    const winners = [...counts.entries()].filter(([, n]) => n === top);
    const subject = byId.get(winners[0]?.[0] ?? "")?.subject;
    return counts.size >= 2 && top >= 2 && winners.length === 1 && subject && sayable(subject)
      ? [{ scope, subject, threadIds: [...counts.keys()] }]
      : [];
  });
}

/** "Among the emails under my label "Finance", which conversation has the most of them?" */
export const busiestThread: MailboxTemplate = {
  name: "busiest-thread",
  kind: "programmatic",
  roles: [],
  maxWrites: () => 0,
  capacity: (_ctx, view) => busiestChoices(view).length,
  build(ctx, view) {
    const found = pick(ctx.rng, busiestChoices(view));
    if (!found) return unfit("no_busiest", "no scope has one busiest conversation");
    const instruction = `${found.scope.words}, which conversation has the most of them? Answer with the subject of the conversation's first message.`;
    if (givesAway(instruction, found.subject))
      return unfit("answer_in_question", "the subject is stated");
    return mailboxDraft(ctx.lens, {
      kind: "programmatic",
      instruction,
      helpers: ["find", "open"],
      statements: [
        "const counts = {};",
        `for (const m of find(${lit(found.scope.query)})) {`,
        "  const thread = open(m.id).threadId;",
        "  counts[thread] = (counts[thread] || 0) + 1;",
        "}",
        "let best = null;",
        "for (const thread of Object.keys(counts)) if (best === null || counts[thread] > counts[best]) best = thread;",
        "return open(best).subject;",
      ],
      answerMatch: { kind: "exact" },
      hidden: found.threadIds,
      tools: [ctx.lens.search.name, ctx.lens.read.name],
      difficulty: {
        chainLength: 2 + found.scope.messages.length,
        branching: 2,
        writes: 0,
        hiddenIds: 1,
      },
    });
  },
};
