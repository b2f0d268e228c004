// What a mailbox template is (graph-*.ts, program-*.ts), and the choices several
// share: which messages a user can name (a received message by its sender and subject, unique in
// the mailbox), who wrote to the mailbox, the conversations, the user labels, and whether an
// instruction would give its own answer away.

import type { DraftTarget, TaskDraft } from "../../../tasks/draft";
import { givesAway, quoted, unfit } from "../../../tasks/surface-draft";
import type { TaskKind } from "../../../tasks/task";
import type { MailRole } from "../roles";
import type { MailboxContext, MailboxView, MessageView } from "./explore";
import type { MailTool } from "./lens";

export { givesAway, quoted, unfit };

export type Built = TaskDraft | { reason: string; detail: string };

export interface MailboxTemplate {
  name: string;
  kind: TaskKind;
  /** The roles it calls besides search and read. */
  roles: readonly MailRole[];
  /** The most state-changing calls one of its tasks makes on this mailbox (0: it only reads). */
  maxWrites(view: MailboxView): number;
  /** How many distinct tasks it can make on this mailbox; 0 when it does not fit. */
  capacity(ctx: MailboxContext, view: MailboxView): number;
  build(ctx: MailboxContext, view: MailboxView, target: DraftTarget): Built;
}

/** A tool of the lens the template's roles guarantee. */
export function toolOf(ctx: MailboxContext, role: MailRole): MailTool {
  const tool = ctx.lens[role];
  if (!tool) throw new Error(`the mailbox lens has no ${role} tool`);
  return tool;
}

/** Text that can sit inside a quoted instruction, a JSON literal and a quoted query alike. */
export const sayable = (text: string) => text.length > 0 && !/["\n\r`\\]/.test(text);

const mine = (m: MessageView) => m.labels.has("SENT") || m.labels.has("DRAFT");
const hidden = (m: MessageView) => m.labels.has("SPAM") || m.labels.has("TRASH");

/** Messages others sent to the mailbox, outside Spam and Trash. */
export const received = (view: MailboxView) => view.messages.filter((m) => !mine(m) && !hidden(m));

/** Received messages a user can name by sender and subject: no other message shares both. */
export function nameable(view: MailboxView): MessageView[] {
  const key = (m: MessageView) => `${m.address}\n${m.subject}`;
  const counts = new Map<string, number>();
  for (const m of view.messages) counts.set(key(m), (counts.get(key(m)) ?? 0) + 1);
  return received(view).filter(
    (m) =>
      counts.get(key(m)) === 1 && sayable(m.subject) && sayable(m.name) && m.address.includes("@"),
  );
}

/** The search that finds a named message among others (the program picks the exact subject). */
export const findQuery = (m: MessageView) => `from:${m.address} subject:"${m.subject}"`;

/** `the email Priya Raman sent on 5 December 2024 with the subject "..."`. */
export const naming = (m: MessageView, day: string) =>
  `the email ${m.name} sent me on ${day} with the subject ${quoted(m.subject)}`;

export const firstName = (name: string) => name.split(" ")[0] ?? name;

/** People who wrote to the mailbox, with what they sent. */
export function senders(
  view: MailboxView,
): { name: string; address: string; sent: MessageView[] }[] {
  const by = new Map<string, MessageView[]>();
  for (const m of received(view)) by.set(m.address, [...(by.get(m.address) ?? []), m]);
  return [...by.entries()]
    .filter(
      ([, sent]) => sent.every((m) => m.name === sent[0]?.name) && sayable(sent[0]?.name ?? ""),
    )
    .map(([address, sent]) => ({ name: sent[0]?.name ?? address, address, sent }));
}

/** Conversations by thread id, oldest message first. */
export function threads(
  view: MailboxView,
): { id: string; subject: string; messages: MessageView[] }[] {
  const by = new Map<string, MessageView[]>();
  for (const m of [...view.messages].sort((a, b) => a.time - b.time)) {
    if (hidden(m)) continue;
    by.set(m.threadId, [...(by.get(m.threadId) ?? []), m]);
  }
  const subjects = new Map<string, number>();
  const out = [...by.entries()].map(([id, messages]) => ({
    id,
    subject: messages.find((m) => m.id === id)?.subject ?? "",
    messages,
  }));
  for (const t of out) subjects.set(t.subject, (subjects.get(t.subject) ?? 0) + 1);
  // A conversation is named by its first subject, which must be its own.
  return out.filter((t) => t.subject !== "" && sayable(t.subject) && subjects.get(t.subject) === 1);
}

export const userLabels = (view: MailboxView) =>
  view.labels.filter((l) => l.type === "user" && sayable(l.name));
