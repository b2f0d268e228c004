// Task source for mailbox environments (the Gmail MCP server and its look-alikes). Tasks speak
// the user's words: a message by who sent it, when and its subject; a conversation by its
// subject; a label by its name; a person by name and address. Graph chains find a message with a
// search (and a label in the label list, or a thread by opening the message) and act on it or
// read it; programs loop over what a search finds with a condition per message, sweep a
// conversation or a label, set up a filter and apply it to the mail already there, or count and
// compare over labels and threads. Templates are drawn in proportion to how many distinct tasks
// each can make on the explored mailbox (capped).
import type { MailRole } from "../importers/mcp-mailbox-roles";
import type { DraftAttempt, DraftTarget } from "./draft";
import { pickWeighted } from "./graph-random";
import { exploreMailbox, type MailboxContext, type MailboxView } from "./mailbox-explore";
import { attachmentName, threadStarter } from "./mailbox-graph-reads";
import {
  draftReply,
  filterFromSender,
  flagMessage,
  labelMessage,
  newLabelMessage,
  replyInThread,
} from "./mailbox-graph-writes";
import { mailboxLens } from "./mailbox-lens";
import { busiestThread, labelMost, labelUnread, threadSize } from "./mailbox-program-reads";
import {
  branchByAttachment,
  filterAndApply,
  sweepLabel,
  sweepSender,
  sweepThread,
} from "./mailbox-program-writes";
import type { MailboxTemplate } from "./mailbox-template";
import type { SurfaceTaskSource } from "./surface-tasks";
import type { TaskKind } from "./task";

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

/** No template is drawn more often than one that can make this many tasks. */
const WEIGHT_CAP = 60;

/** Environments whose tools are a mailbox of core/importers/mcp-mailbox-surface.ts. */
export const mailboxTaskSource: SurfaceTaskSource = {
  name: "mailbox",
  recognise(db, tools) {
    const lens = mailboxLens(db, tools);
    if (!lens) return undefined;
    // Every attempt starts from the same initial mailbox, so the first exploration serves all.
    let explored: { view: MailboxView | undefined } | undefined;
    return {
      unfit(minWrites) {
        if (minWrites === 0) return undefined;
        const writes = MAILBOX_TEMPLATES.some(
          (t) =>
            t.roles.some((role) => WRITE_ROLES.has(role)) &&
            t.roles.every((role) => lens[role] !== undefined),
        );
        return writes
          ? undefined
          : `this mailbox's tools only read, so no task can make ${minWrites} write(s)`;
      },
      draft: ({ rng, runner }, kind, target) => {
        const ctx = { lens, rng, runner };
        explored ??= { view: exploreMailbox(ctx) };
        return mailboxTask(ctx, explored.view, kind, target);
      },
    };
  },
};

/** One mailbox task of `kind`: templates drawn by weight until one builds. */
export function mailboxTask(
  ctx: MailboxContext,
  view: MailboxView | undefined,
  kind: TaskKind,
  target: DraftTarget,
): DraftAttempt {
  if (!view) return { ok: false, reason: "no_mailbox", detail: "the mailbox cannot be listed" };
  let usable = MAILBOX_TEMPLATES.filter(
    (t) =>
      t.kind === kind &&
      t.roles.every((role) => ctx.lens[role] !== undefined) &&
      t.capacity(ctx, view) > 0 &&
      (target.minWrites === 0 || t.maxWrites(view) >= target.minWrites),
  );
  if (usable.length === 0) {
    return {
      ok: false,
      reason: "no_template",
      detail:
        target.minWrites > 0
          ? `no ${kind} task of this mailbox makes ${target.minWrites} write(s)`
          : `no ${kind} template fits this mailbox`,
    };
  }
  let last = { reason: "no_template", detail: "" };
  while (usable.length > 0) {
    const template = pickWeighted(
      ctx.rng,
      usable.map((t) => ({ item: t, weight: Math.min(WEIGHT_CAP, t.capacity(ctx, view)) })),
    );
    if (!template) break;
    const built = template.build(ctx, view, target);
    if ("program" in built) return { ok: true, draft: built };
    last = built;
    usable = usable.filter((t) => t !== template);
  }
  return { ok: false, ...last };
}
