// Programmatic templates that change a mailbox: loops over what a search finds with a condition
// — every message from a person that is unread, has an attachment, is still in the inbox or came
// before a day; every (unread) message of a conversation, checked by its thread; every (unread)
// message under a label — each given a label change; a filter for a sender applied to the mail
// already there; and a branch per message (one change when it has an attachment, another when not).
import { pick } from "../../../tasks/graph-walk/graph-random";
import { dayMonthYearAt } from "../../../tasks/phrasing/words-dates";
import { lit } from "../../../tasks/programs/program-code";
import type { MailboxContext, MailboxView, MessageView } from "./explore";
import { callWith, mailboxDraft, modifyCall } from "./program";
import {
  type MailboxTemplate,
  quoted,
  received,
  senders,
  threads,
  toolOf,
  unfit,
  userLabels,
} from "./template";
import { changes, FLAG_CHANGES, type LabelChange, labelChange, queryDay } from "./words";

interface Condition {
  /** A relative clause: "that is still unread". */
  words: string;
  query: string;
  holds(m: MessageView): boolean;
}

const UNREAD: Condition = {
  words: "that is still unread",
  query: "is:unread",
  holds: (m) => m.labels.has("UNREAD"),
};

function senderConditions(sent: readonly MessageView[]): Condition[] {
  const times = [...new Set(sent.map((m) => m.time))].sort((a, b) => a - b);
  const mid = times[Math.floor(times.length / 2)];
  const conditions: Condition[] = [
    UNREAD,
    {
      words: "that has an attachment",
      query: "has:attachment",
      holds: (m) => m.attachments.length > 0,
    },
    { words: "that is still in my inbox", query: "in:inbox", holds: (m) => m.labels.has("INBOX") },
  ];
  if (mid !== undefined) {
    const day = Date.UTC(
      new Date(mid).getUTCFullYear(),
      new Date(mid).getUTCMonth(),
      new Date(mid).getUTCDate(),
    );
    conditions.push({
      words: `that arrived before ${dayMonthYearAt(day)}`,
      query: `before:${queryDay(day)}`,
      holds: (m) => m.time < day,
    });
  }
  return conditions;
}

/** The label changes a loop can make: the flag changes and each user label, as code. */
function loopChanges(ctx: MailboxContext, view: MailboxView): { c: LabelChange; label?: string }[] {
  const flags = FLAG_CHANGES.filter((c) =>
    modifyCall(ctx.lens, "m.id", c.add.map(lit), c.remove.map(lit)),
  ).map((c) => ({ c }));
  const labels =
    ctx.lens.list_labels && modifyCall(ctx.lens, "m.id", ["labelId"], [])
      ? userLabels(view).map((l) => ({ c: labelChange(l.id, l.name), label: l.name }))
      : [];
  return [...flags, ...labels];
}

/** The statements that set up and make a change to `m`. */
function changeCode(ctx: MailboxContext, change: { c: LabelChange; label?: string }) {
  const setup =
    change.label === undefined ? [] : [`const labelId = labelIdOf(${lit(change.label)});`];
  const add = change.label === undefined ? change.c.add.map(lit) : ["labelId"];
  return { setup, call: modifyCall(ctx.lens, "m.id", add, change.c.remove.map(lit)) ?? "" };
}

interface Sweep {
  instruction: string;
  query: string;
  matches: MessageView[];
  change: { c: LabelChange; label?: string };
  /** Keep only the messages of this thread (read each one to see). */
  threadOf?: string;
}

/** Loops worth asking for: at least two messages, at least one of them changed. */
const worthIt = (s: Sweep) =>
  s.matches.length >= 2 && s.matches.some((m) => changes(s.change.c, m));

function sweepDraft(ctx: MailboxContext, s: Sweep) {
  const { setup, call } = changeCode(ctx, s.change);
  const loop = s.threadOf
    ? [
        `const first = find(${lit(s.query)}).find((m) => m.subject === ${lit(s.threadOf)});`,
        "const threadId = open(first.id).threadId;",
        `for (const m of find(${lit(s.query)})) {`,
        `  if (open(m.id).threadId === threadId) ${call};`,
        "}",
      ]
    : [`for (const m of find(${lit(s.query)})) ${call};`];
  const tools = [
    ...(s.change.label ? [toolOf(ctx, "list_labels").name] : []),
    ctx.lens.search.name,
    ...(s.threadOf ? [ctx.lens.read.name] : []),
    toolOf(ctx, "modify").name,
  ];
  return mailboxDraft(ctx.lens, {
    kind: "programmatic",
    instruction: s.instruction,
    helpers: [
      "find",
      ...(s.threadOf ? (["open"] as const) : []),
      ...(s.change.label ? (["labelIdOf"] as const) : []),
    ],
    statements: [...setup, ...loop, "return null;"],
    hidden: [...s.matches.map((m) => m.id), ...s.matches.map((m) => m.threadId)],
    tools,
    difficulty: {
      chainLength: 1 + s.matches.length * (s.threadOf ? 2 : 1),
      branching: 2,
      writes: s.matches.length,
      hiddenIds: 2,
    },
  });
}

function senderSweeps(ctx: MailboxContext, view: MailboxView): Sweep[] {
  const all = received(view);
  return senders(view)
    .flatMap((s) =>
      senderConditions(s.sent).flatMap((cond) =>
        loopChanges(ctx, view).map((change) => ({
          instruction: `For each email from ${s.name} ${cond.words}, ${change.c.one}.`,
          query: `from:${s.address} ${cond.query}`,
          matches: all.filter((m) => m.address === s.address && cond.holds(m)),
          change,
        })),
      ),
    )
    .filter(worthIt);
}

/** "For every email from Priya Raman that is still unread, star them." */
export const sweepSender: MailboxTemplate = {
  name: "sweep-sender",
  kind: "programmatic",
  roles: ["modify"],
  maxWrites: (view) => Math.max(0, ...senders(view).map((s) => s.sent.length)),
  capacity: (ctx, view) => senderSweeps(ctx, view).length,
  build(ctx, view, target) {
    const s = pick(
      ctx.rng,
      senderSweeps(ctx, view).filter((s) => s.matches.length >= target.minWrites),
    );
    if (!s) return unfit("no_sweep", "no sender has enough matching mail");
    return sweepDraft(ctx, s);
  },
};

function threadSweeps(ctx: MailboxContext, view: MailboxView): Sweep[] {
  return threads(view)
    .flatMap((t) =>
      [undefined, UNREAD].flatMap((cond) =>
        loopChanges(ctx, view).map((change) => ({
          instruction: `In the conversation about ${quoted(t.subject)}, go through every message${
            cond ? " that is still unread" : ""
          } and ${change.c.one}.`,
          query: `subject:"${t.subject}"${cond ? ` ${cond.query}` : ""}`,
          matches: t.messages.filter((m) => !cond || cond.holds(m)),
          change,
          threadOf: t.subject,
        })),
      ),
    )
    .filter(worthIt);
}

/** "In the conversation about "...", take every message that is still unread and star them." */
export const sweepThread: MailboxTemplate = {
  name: "sweep-thread",
  kind: "programmatic",
  roles: ["modify"],
  maxWrites: (view) => Math.max(0, ...threads(view).map((t) => t.messages.length)),
  capacity: (ctx, view) => threadSweeps(ctx, view).length,
  build(ctx, view, target) {
    const s = pick(
      ctx.rng,
      threadSweeps(ctx, view).filter((s) => s.matches.length >= target.minWrites),
    );
    if (!s) return unfit("no_sweep", "no conversation has enough matching mail");
    return sweepDraft(ctx, s);
  },
};

function labelSweeps(ctx: MailboxContext, view: MailboxView): Sweep[] {
  const all = received(view);
  return userLabels(view)
    .flatMap((l) =>
      [undefined, UNREAD].flatMap((cond) =>
        loopChanges(ctx, view)
          .filter((change) => change.label === undefined)
          .map((change) => ({
            instruction: `Go through every ${cond ? "unread " : ""}email I received under my label ${quoted(l.name)} and ${change.c.one}.`,
            query: `label:"${l.name}"${cond ? ` ${cond.query}` : ""} -in:sent -in:drafts`,
            matches: all.filter((m) => m.labels.has(l.id) && (!cond || cond.holds(m))),
            change,
          })),
      ),
    )
    .filter(worthIt);
}

/** "Take every unread email I received under my label "Finance" and mark them as read." */
export const sweepLabel: MailboxTemplate = {
  name: "sweep-label",
  kind: "programmatic",
  roles: ["modify", "list_labels"],
  maxWrites: (view) => received(view).length,
  capacity: (ctx, view) => labelSweeps(ctx, view).length,
  build(ctx, view, target) {
    const s = pick(
      ctx.rng,
      labelSweeps(ctx, view).filter((s) => s.matches.length >= target.minWrites),
    );
    if (!s) return unfit("no_sweep", "no label holds enough matching mail");
    return sweepDraft(ctx, s);
  },
};

const filterChoices = (view: MailboxView) =>
  senders(view)
    .filter((s) => s.sent.length >= 2)
    .flatMap((s) =>
      userLabels(view).flatMap((l) => [false, true].map((archive) => ({ s, l, archive }))),
    );

/** "Create a filter that labels all mail from ... "..." (and skips the inbox), then do the same to what is there." */
export const filterAndApply: MailboxTemplate = {
  name: "filter-and-apply",
  kind: "programmatic",
  roles: ["create_filter", "list_labels", "modify"],
  maxWrites: (view) => 1 + Math.max(0, ...senders(view).map((s) => s.sent.length)),
  capacity: (ctx, view) =>
    modifyCall(ctx.lens, "m.id", ["labelId"], ['"INBOX"']) ? filterChoices(view).length : 0,
  build(ctx, view, target) {
    const found = pick(
      ctx.rng,
      filterChoices(view).filter((f) => 1 + f.s.sent.length >= target.minWrites),
    );
    if (!found) return unfit("no_sender", "nobody wrote enough mail");
    const { s, l, archive } = found;
    const create = toolOf(ctx, "create_filter");
    const action = archive
      ? '{ "addLabelIds": [labelId], "removeLabelIds": ["INBOX"] }'
      : '{ "addLabelIds": [labelId] }';
    const apply = modifyCall(ctx.lens, "m.id", ["labelId"], archive ? ['"INBOX"'] : []);
    return mailboxDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `Create a filter that gives all mail from ${s.name} (${s.address}) my label ${quoted(l.name)}${archive ? " and makes it skip the inbox" : ""}. Then do the same by hand to every email from ${s.name} already in my mailbox.`,
      helpers: ["find", "labelIdOf"],
      statements: [
        `const labelId = labelIdOf(${lit(l.name)});`,
        `${callWith(create, { criteria: lit({ from: s.address }), action })};`,
        `for (const m of find(${lit(`from:${s.address}`)})) ${apply};`,
        "return null;",
      ],
      hidden: [l.id, ...s.sent.map((m) => m.id)],
      tools: [
        toolOf(ctx, "list_labels").name,
        create.name,
        ctx.lens.search.name,
        toolOf(ctx, "modify").name,
      ],
      difficulty: {
        chainLength: 3 + s.sent.length,
        branching: 1,
        writes: 1 + s.sent.length,
        hiddenIds: 2,
      },
    });
  },
};

/** Mail domains of the people who wrote, and each domain's unread received mail. */
function domainChoices(ctx: MailboxContext, view: MailboxView) {
  const domains = [
    ...new Set(received(view).map((m) => m.address.slice(m.address.indexOf("@") + 1))),
  ].sort();
  const flags = FLAG_CHANGES.filter((c) =>
    modifyCall(ctx.lens, "m.id", c.add.map(lit), c.remove.map(lit)),
  );
  return domains.flatMap((domain) => {
    const unread = received(view).filter(
      (m) => m.address.endsWith(`@${domain}`) && m.labels.has("UNREAD"),
    );
    const withFiles = unread.filter((m) => m.attachments.length > 0);
    const without = unread.filter((m) => m.attachments.length === 0);
    if (withFiles.length === 0 || without.length === 0) return [];
    return flags.flatMap((yes) =>
      flags
        .filter(
          (no) =>
            no !== yes &&
            withFiles.some((m) => changes(yes, m)) &&
            without.some((m) => changes(no, m)),
        )
        .map((no) => ({ domain, unread, yes, no })),
    );
  });
}

/** "For every unread email from anyone at cedarpine.com: star it if it has an attachment, otherwise mark it as read." */
export const branchByAttachment: MailboxTemplate = {
  name: "branch-by-attachment",
  kind: "programmatic",
  roles: ["modify"],
  maxWrites: (view) => received(view).length,
  capacity: (ctx, view) => domainChoices(ctx, view).length,
  build(ctx, view, target) {
    const found = pick(
      ctx.rng,
      domainChoices(ctx, view).filter((d) => d.unread.length >= target.minWrites),
    );
    if (!found) return unfit("no_domain", "no domain has unread mail with and without attachments");
    const { domain, unread, yes, no } = found;
    const call = (c: LabelChange) =>
      modifyCall(ctx.lens, "m.id", c.add.map(lit), c.remove.map(lit));
    return mailboxDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `Go through every unread email from anyone at ${domain}: if it has an attachment, ${yes.one}; otherwise ${no.one}.`,
      helpers: ["find", "open"],
      statements: [
        `for (const m of find(${lit(`from:@${domain} is:unread`)})) {`,
        `  if (open(m.id).files.length > 0) ${call(yes)};`,
        `  else ${call(no)};`,
        "}",
        "return null;",
      ],
      hidden: unread.map((m) => m.id),
      tools: [ctx.lens.search.name, ctx.lens.read.name, toolOf(ctx, "modify").name],
      difficulty: {
        chainLength: 1 + unread.length * 2,
        branching: 2,
        writes: unread.length,
        hiddenIds: 2,
      },
    });
  },
};
