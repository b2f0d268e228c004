// What a user says to a mailbox: short replies to send in a thread, names for new labels, the
// label changes a user asks for in plain words (star, mark read, archive...), and how a day is
// written in a Gmail search (in an instruction it comes from words-dates).
import type { MessageView } from "./explore";

/** Short replies that fit any work thread. */
export const REPLIES: readonly string[] = [
  "Thanks, that works for me.",
  "Got it, I will take care of it this week.",
  "Thank you! Let's discuss the details on Monday.",
  "Noted. Please keep me posted.",
  "Thanks for the update, this looks good.",
  "Sounds good. Go ahead.",
  "Thanks, I will review it tomorrow morning.",
  "Perfect, thank you for sorting this out.",
  "Could we talk about this in our next call?",
  "Understood, I will forward this to the team.",
];

/** Names a user gives a new label. */
export const NEW_LABELS: readonly string[] = [
  "Vendors",
  "Board prep",
  "Waiting on others",
  "Contracts",
  "Read later",
  "Partners",
  "Office",
  "Events",
  "Legal review",
  "Planning",
];

export interface LabelChange {
  name: string;
  /** `to ...` for one message, as in "find it and ...". */
  one: string;
  /** For many messages: "star them". */
  many: string;
  add: string[];
  remove: string[];
}

/** The label changes a user asks for without naming a label. */
export const FLAG_CHANGES: readonly LabelChange[] = [
  { name: "star", one: "star it", many: "star them", add: ["STARRED"], remove: [] },
  {
    name: "unstar",
    one: "remove its star",
    many: "remove their stars",
    add: [],
    remove: ["STARRED"],
  },
  { name: "read", one: "mark it as read", many: "mark them as read", add: [], remove: ["UNREAD"] },
  {
    name: "unread",
    one: "mark it as unread",
    many: "mark them as unread",
    add: ["UNREAD"],
    remove: [],
  },
  {
    name: "archive",
    one: "archive it (take it out of the inbox)",
    many: "archive them (take them out of the inbox)",
    add: [],
    remove: ["INBOX"],
  },
  {
    name: "important",
    one: "mark it as important",
    many: "mark them as important",
    add: ["IMPORTANT"],
    remove: [],
  },
];

/** Adding a user label, in words. */
export const labelChange = (id: string, name: string): LabelChange => ({
  name: `label ${name}`,
  one: `label it "${name}"`,
  many: `label them "${name}"`,
  add: [id],
  remove: [],
});

/** Whether the change would alter the message. */
export const changes = (c: LabelChange, m: MessageView) =>
  c.add.some((l) => !m.labels.has(l)) || c.remove.some((l) => m.labels.has(l));

/** `2024/12/05`, as a Gmail date operator takes it. */
export function queryDay(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}/${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())}`;
}
