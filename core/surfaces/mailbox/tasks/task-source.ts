// Task source for mailbox environments (the Gmail MCP server and its look-alikes). Tasks speak
// the user's words: a message by who sent it, when and its subject; a conversation by its
// subject; a label by its name; a person by name and address. Graph chains find a message with a
// search (and a label in the label list, or a thread by opening the message) and act on it or
// read it; programs loop over what a search finds with a condition per message, sweep a
// conversation or a label, set up a filter and apply it to the mail already there, or count and
// compare over labels and threads. Templates are drawn in proportion to how many distinct tasks
// each can make on the explored mailbox (capped).

import type { DraftAttempt, DraftTarget } from "../../../tasks/draft";
import { lensTaskSource, unfitIfReadOnly } from "../../../tasks/lens-task-source";
import type { TaskKind } from "../../../tasks/task";
import { weightedTemplateTask } from "../../../tasks/template-draw";
import type { MailRole } from "../roles";
import { exploreMailbox, type MailboxContext, type MailboxView } from "./explore";
import { attachmentName, threadStarter } from "./graph-reads";
import {
  draftReply,
  filterFromSender,
  flagMessage,
  labelMessage,
  newLabelMessage,
  replyInThread,
} from "./graph-writes";
import { mailboxLens } from "./lens";
import { busiestThread, labelMost, labelUnread, threadSize } from "./program-reads";
import {
  branchByAttachment,
  filterAndApply,
  sweepLabel,
  sweepSender,
  sweepThread,
} from "./program-writes";
import type { MailboxTemplate } from "./template";

export const MAILBOX_TEMPLATES: readonly MailboxTemplate[] = [
  labelMessage,
  flagMessage,
  newLabelMessage,
  replyInThread,
  draftReply,
  filterFromSender,
  attachmentName,
  threadStarter,
  sweepSender,
  sweepThread,
  sweepLabel,
  filterAndApply,
  branchByAttachment,
  threadSize,
  labelUnread,
  labelMost,
  busiestThread,
];

const WRITE_ROLES: ReadonlySet<MailRole> = new Set([
  "send",
  "draft",
  "modify",
  "create_label",
  "create_filter",
]);

/** Environments whose tools are a mailbox of core/surfaces/mailbox/surface.ts. */
export const mailboxTaskSource = lensTaskSource({
  name: "mailbox",
  lens: mailboxLens,
  unfit: (lens) =>
    unfitIfReadOnly("this mailbox's tools only read", () =>
      MAILBOX_TEMPLATES.some(
        (t) =>
          t.roles.some((role) => WRITE_ROLES.has(role)) &&
          t.roles.every((role) => lens[role] !== undefined),
      ),
    ),
  drafter(lens) {
    // Every attempt starts from the same initial mailbox, so the first exploration serves all.
    let explored: { view: MailboxView | undefined } | undefined;
    return ({ rng, runner }, kind, target) => {
      const ctx = { lens, rng, runner };
      explored ??= { view: exploreMailbox(ctx) };
      return mailboxTask(ctx, explored.view, kind, target);
    };
  },
});

/** One mailbox task of `kind`: templates drawn by capped weight until one builds. */
export function mailboxTask(
  ctx: MailboxContext,
  view: MailboxView | undefined,
  kind: TaskKind,
  target: DraftTarget,
): DraftAttempt {
  if (!view) return { ok: false, reason: "no_mailbox", detail: "the mailbox cannot be listed" };
  return weightedTemplateTask(MAILBOX_TEMPLATES, kind, target, ctx.rng, {
    runs: (t) => t.roles.every((role) => ctx.lens[role] !== undefined),
    capacity: (t) => t.capacity(ctx, view),
    maxWrites: (t) => t.maxWrites(view),
    cap: 60,
    place: { of: "of this mailbox", fits: "this mailbox" },
    build: (t) => t.build(ctx, view, target),
  });
}
