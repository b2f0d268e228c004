// Graph templates that change a mailbox. Each names a received message by its sender, day and
// subject; the chain finds the message's id with a search (and a label's id in the label list, or
// the thread in the opened message) and feeds them to the write: put a label on it, star it, mark
// it read or archive it, file it under a label made for it, reply or draft a reply in its thread,
// or set up a filter for a sender with one of the user's labels.
import { pick } from "../../../tasks/graph-walk/graph-random";
import { dayMonthYearAt } from "../../../tasks/phrasing/words-dates";
import { lit } from "../../../tasks/programs/program-code";
import type { MailboxContext, MailboxView, MessageView } from "./explore";
import { callWith, mailboxDraft, modifyCall } from "./program";
import {
  findQuery,
  type MailboxTemplate,
  nameable,
  naming,
  quoted,
  senders,
  toolOf,
  unfit,
  userLabels,
} from "./template";
import { changes, FLAG_CHANGES, type LabelChange, labelChange, NEW_LABELS, REPLIES } from "./words";

const findStatement = (m: MessageView) =>
  `const id = messageIdOf(${lit(findQuery(m))}, ${lit(m.subject)});`;

/** Messages paired with the label changes that would alter them and the modify tool can make. */
function changePairs(ctx: MailboxContext, view: MailboxView, choices: readonly LabelChange[]) {
  return nameable(view).flatMap((m) =>
    choices
      .filter((c) => changes(c, m) && modifyCall(ctx.lens, "id", c.add.map(lit), c.remove.map(lit)))
      .map((c) => ({ m, c })),
  );
}

const labelChoices = (view: MailboxView) => userLabels(view).map((l) => labelChange(l.id, l.name));

/** "Find the email Priya Raman sent me on 5 December 2024 with the subject "..." and label it "Finance"." */
export const labelMessage: MailboxTemplate = {
  name: "label-message",
  kind: "graph",
  roles: ["modify", "list_labels"],
  maxWrites: () => 1,
  capacity: (ctx, view) => changePairs(ctx, view, labelChoices(view)).length,
  build(ctx, view) {
    const found = pick(ctx.rng, changePairs(ctx, view, labelChoices(view)));
    if (!found) return unfit("no_message", "every nameable message has every label");
    const { m, c } = found;
    const label = userLabels(view).find((l) => c.add.includes(l.id));
    if (!label) return unfit("no_label", "the label is gone");
    const instruction =
      pick(ctx.rng, [
        `Find ${naming(m, dayMonthYearAt(m.time))} and label it ${quoted(label.name)}.`,
        `Put my label ${quoted(label.name)} on ${naming(m, dayMonthYearAt(m.time))}.`,
      ]) ?? "";
    return mailboxDraft(ctx.lens, {
      kind: "graph",
      instruction,
      helpers: ["labelIdOf", "messageIdOf"],
      statements: [
        `const labelId = labelIdOf(${lit(label.name)});`,
        findStatement(m),
        `${modifyCall(ctx.lens, "id", ["labelId"], [])};`,
        "return null;",
      ],
      hidden: [m.id, m.threadId, label.id],
      tools: [toolOf(ctx, "list_labels").name, ctx.lens.search.name, toolOf(ctx, "modify").name],
      difficulty: { chainLength: 3, branching: 0, writes: 1, hiddenIds: 2 },
    });
  },
};

/** "Find the email ... and star it / mark it as read / archive it." */
export const flagMessage: MailboxTemplate = {
  name: "flag-message",
  kind: "graph",
  roles: ["modify"],
  maxWrites: () => 1,
  capacity: (ctx, view) => changePairs(ctx, view, FLAG_CHANGES).length,
  build(ctx, view) {
    const found = pick(ctx.rng, changePairs(ctx, view, FLAG_CHANGES));
    if (!found) return unfit("no_message", "no nameable message to change");
    const { m, c } = found;
    return mailboxDraft(ctx.lens, {
      kind: "graph",
      instruction: `Find ${naming(m, dayMonthYearAt(m.time))} and ${c.one}.`,
      helpers: ["messageIdOf"],
      statements: [
        findStatement(m),
        `${modifyCall(ctx.lens, "id", c.add.map(lit), c.remove.map(lit))};`,
        "return null;",
      ],
      hidden: [m.id, m.threadId],
      tools: [ctx.lens.search.name, toolOf(ctx, "modify").name],
      difficulty: { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 },
    });
  },
};

const freshNames = (view: MailboxView) => {
  const taken = new Set(view.labels.map((l) => l.name.toLowerCase()));
  return NEW_LABELS.filter((n) => !taken.has(n.toLowerCase()));
};

/** "Create a new label called "Vendors" and put the email ... under it." */
export const newLabelMessage: MailboxTemplate = {
  name: "new-label-message",
  kind: "graph",
  roles: ["create_label", "modify"],
  maxWrites: () => 2,
  capacity: (ctx, view) =>
    modifyCall(ctx.lens, "id", ["labelId"], [])
      ? freshNames(view).length * nameable(view).length
      : 0,
  build(ctx, view) {
    const name = pick(ctx.rng, freshNames(view));
    const m = pick(ctx.rng, nameable(view));
    if (!name || !m) return unfit("no_name", "no new label name or message left");
    const create = toolOf(ctx, "create_label");
    return mailboxDraft(ctx.lens, {
      kind: "graph",
      instruction: `Create a new label called ${quoted(name)} and put ${naming(m, dayMonthYearAt(m.time))} under it.`,
      helpers: ["messageIdOf"],
      statements: [
        `const created = String(${callWith(create, { name: lit(name) })});`,
        "const labelId = /^ID: (.+)$/m.exec(created)[1];",
        findStatement(m),
        `${modifyCall(ctx.lens, "id", ["labelId"], [])};`,
        "return null;",
      ],
      hidden: [m.id, m.threadId],
      tools: [create.name, ctx.lens.search.name, toolOf(ctx, "modify").name],
      difficulty: { chainLength: 3, branching: 0, writes: 2, hiddenIds: 2 },
    });
  },
};

/** The subject of a reply: `Re: ` and the conversation's own subject. */
const replySubject = (m: MessageView) => `Re: ${m.subject.replace(/^(re:\s*)+/i, "")}`;

function replyTemplate(asDraft: boolean): MailboxTemplate {
  const role = asDraft ? "draft" : "send";
  return {
    name: asDraft ? "draft-reply" : "reply-in-thread",
    kind: "graph",
    roles: [role],
    maxWrites: () => 1,
    capacity: (ctx, view) =>
      ctx.lens[role]?.args.thread !== undefined ? nameable(view).length * REPLIES.length : 0,
    build(ctx, view) {
      const m = pick(ctx.rng, nameable(view));
      const reply = pick(ctx.rng, REPLIES);
      if (!m || !reply) return unfit("no_message", "no message to reply to");
      const tool = toolOf(ctx, role);
      const subject = replySubject(m);
      const what = `${naming(m, dayMonthYearAt(m.time))} in the same conversation, addressed only to ${m.name}'s email address, with the subject ${quoted(subject)} and the text ${quoted(reply)}.`;
      return mailboxDraft(ctx.lens, {
        kind: "graph",
        instruction: asDraft ? `Draft a reply (do not send it yet) to ${what}` : `Reply to ${what}`,
        helpers: ["messageIdOf", "open", "addressOf"],
        statements: [
          findStatement(m),
          "const message = open(id);",
          `${callWith(tool, { to: "[addressOf(message.from)]", subject: lit(subject), body: lit(reply), thread: "message.threadId" })};`,
          "return null;",
        ],
        hidden: [m.id, m.threadId],
        tools: [ctx.lens.search.name, ctx.lens.read.name, tool.name],
        difficulty: { chainLength: 3, branching: 0, writes: 1, hiddenIds: 2 },
      });
    },
  };
}

export const replyInThread = replyTemplate(false);
export const draftReply = replyTemplate(true);

/** Sender, label and whether to skip the inbox, for a filter no existing one already is. */
const filterChoices = (view: MailboxView) =>
  senders(view).flatMap((s) =>
    userLabels(view).flatMap((l) => [false, true].map((archive) => ({ s, l, archive }))),
  );

/** "Set up a filter for all mail from Tom Becker (...): give it the label "..." and skip the inbox." */
export const filterFromSender: MailboxTemplate = {
  name: "filter-from-sender",
  kind: "graph",
  roles: ["create_filter", "list_labels"],
  maxWrites: () => 1,
  capacity: (_ctx, view) => filterChoices(view).length,
  build(ctx, view) {
    const found = pick(ctx.rng, filterChoices(view));
    if (!found) return unfit("no_sender", "nobody wrote to this mailbox");
    const { s, l, archive } = found;
    const create = toolOf(ctx, "create_filter");
    const action = archive
      ? '{ "addLabelIds": [labelId], "removeLabelIds": ["INBOX"] }'
      : '{ "addLabelIds": [labelId] }';
    return mailboxDraft(ctx.lens, {
      kind: "graph",
      instruction: `Set up a filter for all mail from ${s.name} (${s.address}): it should get my label ${quoted(l.name)}${archive ? " and skip the inbox" : ""}.`,
      helpers: ["labelIdOf"],
      statements: [
        `const labelId = labelIdOf(${lit(l.name)});`,
        `${callWith(create, { criteria: lit({ from: s.address }), action })};`,
        "return null;",
      ],
      hidden: [l.id],
      tools: [toolOf(ctx, "list_labels").name, create.name],
      difficulty: { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 },
    });
  },
};
