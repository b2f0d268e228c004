// The mailbox a Gmail-like server starts with, as tables: the threads of threads.ts
// turned into messages (Gmail-style hex ids in time order, the thread id being its first
// message's id, RFC 2822 dates, snippets, attachment metadata), the labels each carries, the
// system and user labels, and the owner's filters. The id and date rules here are the ones the
// tools (guest.ts) use for new mail, so a sent message continues the sequence.
import type { SqlValue } from "../../environment/spec";
import {
  headerOf,
  LABEL_KEYS,
  OWNER,
  PEOPLE,
  SEED_FILTERS,
  SEED_LABELS,
  type SeedFilter,
  type SeedLabel,
} from "./people";
import { THREADS } from "./threads";

/** In load order: a message's labels reference both the labels and the messages. */
export const MAILBOX_TABLES = {
  labels: "mailbox_labels",
  messages: "mailbox_messages",
  messageLabels: "mailbox_message_labels",
  filters: "mailbox_filters",
} as const;

/** How ids and sizes are made; the guest code gets the same numbers. */
export const MAILBOX_IDS = {
  /** A message id is "19" and 14 hex digits of `base + seq * step`. */
  messageBase: 0x1c3f2a6c4e1b20,
  messageStep: 0x2f1d3b,
  draftBase: 4815162342000,
  draftStep: 7919,
  /** Bytes a message's headers add to its size estimate. */
  headerBytes: 640,
  snippetChars: 100,
} as const;

export const messageIdOf = (seq: number) =>
  `19${(MAILBOX_IDS.messageBase + seq * MAILBOX_IDS.messageStep).toString(16).padStart(14, "0")}`;
export const filterIdOf = (seq: number) => `ANe1Bmj4kQ7d${seq + 1}`;
export const draftIdOf = (seq: number) => `r${MAILBOX_IDS.draftBase + seq * MAILBOX_IDS.draftStep}`;

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const two = (n: number) => String(n).padStart(2, "0");

/** `Mon, 18 Nov 2024 09:14:00 +0000`: the Date header of a message at `ms` (UTC). */
export function rfc2822(ms: number): string {
  const d = new Date(ms);
  return `${DAYS[d.getUTCDay()]}, ${two(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`;
}

/** The first characters of the text, whitespace collapsed, as Gmail's snippet. */
export const snippetOf = (text: string) =>
  text.replace(/\s+/g, " ").trim().slice(0, MAILBOX_IDS.snippetChars);

export interface MailAttachment {
  id: string;
  filename: string;
  mimeType: string;
  size: number;
}

export interface MailMessage {
  id: string;
  seq: number;
  threadId: string;
  draftId: string | null;
  rfcMessageId: string;
  from: string;
  to: string;
  cc: string;
  bcc: string;
  subject: string;
  text: string;
  html: string;
  date: string;
  internalDate: number;
  snippet: string;
  size: number;
  attachments: MailAttachment[];
  /** Label ids, system labels first in their list order, then user labels. */
  labels: string[];
}

export interface Mailbox {
  messages: MailMessage[];
  labels: readonly SeedLabel[];
  filters: readonly SeedFilter[];
}

export const MAILBOX_SCHEMA_SQL = `CREATE TABLE mailbox_labels (
  id TEXT NOT NULL PRIMARY KEY,
  position INTEGER NOT NULL UNIQUE,
  name TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('system', 'user')),
  message_list_visibility TEXT,
  label_list_visibility TEXT
);

CREATE TABLE mailbox_messages (
  id TEXT NOT NULL PRIMARY KEY,
  seq INTEGER NOT NULL UNIQUE,
  thread_id TEXT NOT NULL,
  draft_id TEXT UNIQUE,
  rfc_message_id TEXT NOT NULL,
  from_header TEXT NOT NULL,
  to_header TEXT NOT NULL,
  cc_header TEXT NOT NULL,
  bcc_header TEXT NOT NULL,
  subject TEXT NOT NULL,
  body_text TEXT NOT NULL,
  body_html TEXT NOT NULL,
  date_header TEXT NOT NULL,
  internal_date INTEGER NOT NULL,
  snippet TEXT NOT NULL,
  size_estimate INTEGER NOT NULL,
  attachments TEXT NOT NULL
);

CREATE TABLE mailbox_message_labels (
  message_id TEXT NOT NULL REFERENCES mailbox_messages (id),
  label_id TEXT NOT NULL REFERENCES mailbox_labels (id),
  PRIMARY KEY (message_id, label_id)
);

CREATE TABLE mailbox_filters (
  id TEXT NOT NULL PRIMARY KEY,
  seq INTEGER NOT NULL UNIQUE,
  criteria TEXT NOT NULL,
  action TEXT NOT NULL
);

CREATE INDEX mailbox_messages_thread ON mailbox_messages (thread_id, internal_date);
CREATE INDEX mailbox_message_labels_label ON mailbox_message_labels (label_id);`;

export const MAILBOX_COLUMNS = {
  labels: ["id", "position", "name", "type", "message_list_visibility", "label_list_visibility"],
  messages: [
    "id",
    "seq",
    "thread_id",
    "draft_id",
    "rfc_message_id",
    "from_header",
    "to_header",
    "cc_header",
    "bcc_header",
    "subject",
    "body_text",
    "body_html",
    "date_header",
    "internal_date",
    "snippet",
    "size_estimate",
    "attachments",
  ],
  messageLabels: ["message_id", "label_id"],
  filters: ["id", "seq", "criteria", "action"],
} as const;

/** Gmail's size estimate as the tools compute it: bodies, headers and attachments in bytes. */
export const sizeOf = (text: string, html: string, attachments: readonly MailAttachment[]) =>
  text.length + html.length + MAILBOX_IDS.headerBytes + attachments.reduce((n, a) => n + a.size, 0);

const domainOf = (address: string) => address.slice(address.indexOf("@") + 1);

/** Every seeded message with its labels, in time order. */
export function seedMailbox(): Mailbox {
  const scripted = THREADS.flatMap((thread, t) =>
    thread.mails.map((mail, m) => ({ thread, t, mail, m })),
  ).sort((a, b) => (a.mail.at < b.mail.at ? -1 : a.mail.at > b.mail.at ? 1 : 0));
  const byThread = new Map<number, MailMessage[]>();
  const position = new Map(SEED_LABELS.map((l, i) => [l.id, i]));
  const messages = scripted.map(({ thread, t, mail, m }, i): MailMessage => {
    const seq = i + 1;
    const id = messageIdOf(seq);
    const earlier = byThread.get(t) ?? [];
    const flags = mail.flags ?? "";
    const from = PEOPLE[mail.from];
    const mine = from.address === OWNER.address;
    const internalDate = Date.parse(`${mail.at.replace(" ", "T")}:00Z`);
    const attachments = (mail.attachments ?? []).map((a, k) => ({
      id: `ANGjdJ${id.slice(4)}${k + 1}`,
      ...a,
    }));
    const labels = new Set<string>();
    if (flags.includes("d")) labels.add("DRAFT");
    else if (mine) labels.add("SENT");
    else if (flags.includes("x")) labels.add("SPAM");
    else if (flags.includes("t")) labels.add("TRASH");
    else if (!flags.includes("a")) labels.add("INBOX");
    if (flags.includes("u")) labels.add("UNREAD");
    if (flags.includes("s")) labels.add("STARRED");
    if (flags.includes("i")) labels.add("IMPORTANT");
    if (!flags.includes("x")) for (const key of thread.labels ?? []) labels.add(LABEL_KEYS[key]);
    const message: MailMessage = {
      id,
      seq,
      threadId: earlier[0]?.id ?? id,
      draftId: flags.includes("d") ? draftIdOf(seq) : null,
      rfcMessageId: `<CA${id.toUpperCase()}.${seq}@mail.${domainOf(from.address)}>`,
      from: headerOf(from),
      to: mail.to.map((k) => headerOf(PEOPLE[k])).join(", "),
      cc: (mail.cc ?? []).map((k) => headerOf(PEOPLE[k])).join(", "),
      bcc: "",
      subject: m === 0 ? thread.subject : `Re: ${thread.subject}`,
      text: mail.body,
      html: "",
      date: rfc2822(internalDate),
      internalDate,
      snippet: snippetOf(mail.body),
      size: sizeOf(mail.body, "", attachments),
      attachments,
      labels: [...labels].sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0)),
    };
    byThread.set(t, [...earlier, message]);
    return message;
  });
  return { messages, labels: SEED_LABELS, filters: SEED_FILTERS };
}

export function mailboxRows(mailbox: Mailbox): Record<keyof typeof MAILBOX_TABLES, SqlValue[][]> {
  return {
    labels: mailbox.labels.map((l, i) => [
      l.id,
      i + 1,
      l.name,
      l.type,
      l.messageListVisibility,
      l.labelListVisibility,
    ]),
    messages: mailbox.messages.map((m) => [
      m.id,
      m.seq,
      m.threadId,
      m.draftId,
      m.rfcMessageId,
      m.from,
      m.to,
      m.cc,
      m.bcc,
      m.subject,
      m.text,
      m.html,
      m.date,
      m.internalDate,
      m.snippet,
      m.size,
      JSON.stringify(m.attachments),
    ]),
    messageLabels: mailbox.messages.flatMap((m) => m.labels.map((l) => [m.id, l])),
    filters: mailbox.filters.map((f, i) => [
      f.id,
      i + 1,
      JSON.stringify(f.criteria),
      JSON.stringify(f.action),
    ]),
  };
}
