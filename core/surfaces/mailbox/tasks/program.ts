// The solution side of mailbox synthesis: the JavaScript a program needs to find messages with a
// search and read the listing the way exploration reads it, to open a message for its thread,
// sender and attachments, and to find a label's id by its name in the label list; the calls
// written from the lens; and the draft every template returns. Helpers are emitted only when a
// program uses them.

import type { TaskDraft } from "../../../tasks/draft";
import { callCode } from "../../../tasks/programs/program-code";
import { inOrder, type SurfaceDraftParts, surfaceDraft } from "../../../tasks/surface-draft";
import type { MailSlot } from "../roles";
import type { MailboxLens, MailTool } from "./lens";

export type Helper = "find" | "messageIdOf" | "open" | "labelIdOf" | "addressOf";

/** `ctx.call(tool, {...})` with each slot's value code under the tool's own argument name. */
export function callWith(tool: MailTool, values: Partial<Record<MailSlot, string>>): string {
  const entries = (Object.entries(values) as [MailSlot, string][]).flatMap(([slot, code]) => {
    const name = tool.args[slot];
    return name === undefined ? [] : [[name, code] as const];
  });
  return callCode(tool.name, entries);
}

function helperCode(lens: MailboxLens, helper: Helper): string {
  switch (helper) {
    case "find":
      return [
        "const find = (query) => {",
        `  const answer = String(${callWith(lens.search, { query: "query", max: "500" })});`,
        "  return [...answer.matchAll(/^ID: (\\S+)\\nSubject: (.*)\\nFrom: (.*)\\nDate: (.*)$/gm)]",
        "    .map((m) => ({ id: m[1], subject: m[2], from: m[3], date: m[4] }));",
        "};",
      ].join("\n");
    case "messageIdOf":
      return [
        "const messageIdOf = (query, subject) => {",
        "  const hits = find(query).filter((m) => m.subject === subject);",
        '  if (hits.length !== 1) throw new Error("no single message " + JSON.stringify(subject));',
        "  return hits[0].id;",
        "};",
      ].join("\n");
    case "open":
      return [
        "const open = (id) => {",
        `  const answer = String(${callWith(lens.read, { message: "id" })});`,
        '  const header = (name) => (new RegExp("^" + name + ": (.*)$", "m").exec(answer) || [null, ""])[1];',
        "  const files = [...answer.matchAll(/^- (.+) \\([^()]*, \\d+ KB, ID: [^()]*\\)$/gm)].map((m) => m[1]);",
        '  return { id, threadId: header("Thread ID"), subject: header("Subject"), from: header("From"), to: header("To"), date: header("Date"), files };',
        "};",
      ].join("\n");
    case "labelIdOf":
      return [
        "const labelIdOf = (name) => {",
        `  const answer = String(${callCode(lens.list_labels?.name ?? "", [])});`,
        "  const found = [...answer.matchAll(/^ID: (.+)\\nName: (.+)$/gm)].find((m) => m[2] === name);",
        '  if (!found) throw new Error("no label " + JSON.stringify(name));',
        "  return found[1];",
        "};",
      ].join("\n");
    case "addressOf":
      return "const addressOf = (from) => (/<([^>]+)>$/.exec(from) || [null, from])[1];";
  }
}

export type MailboxDraftParts = SurfaceDraftParts<Helper>;

const ORDER: readonly Helper[] = ["find", "messageIdOf", "open", "labelIdOf", "addressOf"];

export function mailboxDraft(lens: MailboxLens, parts: MailboxDraftParts): TaskDraft {
  const wanted = new Set(parts.helpers);
  if (wanted.has("messageIdOf")) wanted.add("find");
  return surfaceDraft(
    parts,
    inOrder(ORDER, wanted).map((h) => helperCode(lens, h)),
  );
}

/** The modify call that adds and removes labels (each given as code), or undefined if it cannot. */
export function modifyCall(
  lens: MailboxLens,
  idCode: string,
  add: readonly string[],
  remove: readonly string[],
): string | undefined {
  const modify = lens.modify;
  if (!modify) return undefined;
  const list = (items: readonly string[]) => `[${items.join(", ")}]`;
  const addSlot = modify.args.add !== undefined ? "add" : "labelIds";
  if (add.length > 0 && modify.args[addSlot] === undefined) return undefined;
  if (remove.length > 0 && modify.args.remove === undefined) return undefined;
  return callWith(modify, {
    message: idCode,
    ...(add.length > 0 ? { [addSlot]: list(add) } : {}),
    ...(remove.length > 0 ? { remove: list(remove) } : {}),
  });
}
