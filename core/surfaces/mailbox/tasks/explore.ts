// The exploration side of mailbox synthesis: reading the mailbox through the environment's own
// tools on a fresh copy — the label list, every message a search for `in:anywhere` finds, each
// one opened for its thread, recipients, body and attachments, and a search per label for which
// messages carry it. The mailbox is the same on every fresh copy, so a source explores it once.
// Nothing here writes.
import type { Json } from "../../../base/json";
import type { ToolRunner } from "../../../episode/tool-runner";
import type { Prng } from "../../../sandbox/determinism";
import type { MailboxLens, MailTool } from "./lens";

export interface MailboxContext {
  lens: MailboxLens;
  rng: Prng;
  runner: ToolRunner;
}

export interface LabelView {
  id: string;
  name: string;
  type: "system" | "user";
}

export interface MessageView {
  id: string;
  threadId: string;
  subject: string;
  /** The From header, `Name <address>`. */
  from: string;
  name: string;
  address: string;
  to: string;
  date: string;
  time: number;
  body: string;
  attachments: string[];
  labels: ReadonlySet<string>;
}

export interface MailboxView {
  labels: LabelView[];
  messages: MessageView[];
}

const text = (outcome: { ok: boolean; result?: Json }) =>
  outcome.ok && typeof outcome.result === "string" ? outcome.result : undefined;

/** `{tool's argument name: value}` for the slots the tool takes. */
export function argsFor(
  tool: MailTool,
  values: Partial<Record<string, Json>>,
): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [slot, value] of Object.entries(values)) {
    const name = tool.args[slot as keyof MailTool["args"]];
    if (name !== undefined && value !== undefined) out[name] = value;
  }
  return out;
}

/** The ids a search answer lists, in order. */
export const listedIds = (answer: string) =>
  [...answer.matchAll(/^ID: (\S+)$/gm)].map((m) => m[1] ?? "");

/** Labels from the label list's "System Labels:" and "User Labels:" sections. */
export function parseLabels(answer: string): LabelView[] {
  const userAt = answer.indexOf("\nUser Labels:\n");
  return [...answer.matchAll(/^ID: (.+)\nName: (.+)$/gm)].map((m) => ({
    id: m[1] ?? "",
    name: m[2] ?? "",
    type: userAt >= 0 && (m.index ?? 0) > userAt ? "user" : "system",
  }));
}

const header = (answer: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, "m").exec(answer)?.[1] ?? "";

/** A read_email answer as a message (labels come from searches). */
export function parseRead(id: string, answer: string): Omit<MessageView, "labels"> {
  const from = header(answer, "From");
  const bodyAt = answer.indexOf("\n\n");
  let body = bodyAt >= 0 ? answer.slice(bodyAt + 2) : "";
  const filesAt = body.lastIndexOf("\n\nAttachments (");
  const attachments: string[] = [];
  if (filesAt >= 0) {
    for (const m of body.slice(filesAt).matchAll(/^- (.+) \([^()]*, \d+ KB, ID: [^()]*\)$/gm)) {
      attachments.push(m[1] ?? "");
    }
    body = body.slice(0, filesAt);
  }
  const address = /<([^>]+)>$/.exec(from)?.[1] ?? from;
  const date = header(answer, "Date");
  return {
    id,
    threadId: header(answer, "Thread ID"),
    subject: header(answer, "Subject"),
    from,
    name: from.replace(/\s*<[^>]*>$/, "") || address,
    address,
    to: header(answer, "To"),
    date,
    time: Date.parse(date),
    body,
    attachments,
  };
}

/** The whole mailbox as the tools show it, or undefined when it cannot be listed. */
export function exploreMailbox(ctx: MailboxContext): MailboxView | undefined {
  const { search, read, list_labels } = ctx.lens;
  if (search.args.max === undefined || search.args.query === undefined) return undefined;
  const find = (query: string) =>
    text(ctx.runner.call(search.name, argsFor(search, { query, max: 500 })));
  const everything = find("in:anywhere");
  if (everything === undefined) return undefined;
  const labels = list_labels ? parseLabels(text(ctx.runner.call(list_labels.name, {})) ?? "") : [];
  const carried = new Map<string, Set<string>>();
  for (const label of labels) {
    for (const id of listedIds(find(`label:${label.id} in:anywhere`) ?? "")) {
      carried.set(id, (carried.get(id) ?? new Set()).add(label.id));
    }
  }
  const messages: MessageView[] = [];
  for (const id of listedIds(everything)) {
    const answer = text(ctx.runner.call(read.name, argsFor(read, { message: id })));
    if (answer === undefined) continue;
    messages.push({ ...parseRead(id, answer), labels: carried.get(id) ?? new Set() });
  }
  return { labels, messages };
}
