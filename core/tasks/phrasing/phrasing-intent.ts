// What a tool does, as a user would put it: the tool's verb sorted into a few intents, each with
// the words an instruction uses for it ("look up", "go through", "create", "change", "remove" ...).
import type { ToolProfile } from "../tool-profile";
import { humanize, singular, wordsOf } from "./words";

export type Intent =
  | "lookup"
  | "list"
  | "search"
  | "aggregate"
  | "create"
  | "add"
  | "update"
  | "assign"
  | "remove"
  | "refund"
  | "write"
  | "read";

const VERBS: Record<Exclude<Intent, "write" | "read">, readonly string[]> = {
  lookup: [
    "get",
    "find",
    "lookup",
    "fetch",
    "read",
    "show",
    "describe",
    "retrieve",
    "check",
    "view",
  ],
  list: ["list", "browse", "enumerate"],
  search: ["search", "query", "filter"],
  aggregate: ["count", "sum", "total", "average", "avg", "min", "max", "stats"],
  create: ["create", "new", "insert", "register", "open", "make", "book", "place", "sell"],
  add: ["add", "append", "attach", "grant", "link"],
  update: ["update", "change", "set", "edit", "modify", "rename", "patch", "replace"],
  assign: ["assign", "reassign", "move", "transfer"],
  remove: ["delete", "remove", "cancel", "revoke", "detach", "clear", "close", "unlink"],
  refund: ["refund", "return", "exchange", "reimburse"],
};

export function intentOf(profile: Pick<ToolProfile, "verb" | "effect">): Intent {
  const verb = profile.verb.toLowerCase();
  for (const [intent, verbs] of Object.entries(VERBS)) {
    if (!verbs.includes(verb)) continue;
    const writes = ["create", "add", "update", "assign", "remove", "refund"].includes(intent);
    // A verb on the wrong side of the effect (a read named `set_...`) falls back to the effect.
    if (writes === (profile.effect === "write")) return intent as Intent;
  }
  return profile.effect === "write" ? "write" : "read";
}

/** Writes that change fields of an existing row need a new value for at least one field. */
export function changesFields(intent: Intent): boolean {
  return intent === "update";
}

/** The entity in words: `support_rep` -> "support rep", `invoiceLines` -> "invoice line". */
export function entityWords(name: string): string {
  const words = wordsOf(name);
  const last = words.pop();
  if (last !== undefined) words.push(singular(last));
  return words.join(" ");
}

/** An identifier argument in words, without the `id`: `customerId` -> "customer". */
export function identifierWords(name: string): string {
  const words = wordsOf(name);
  if (words.length > 1 && ["id", "ids", "key", "code", "sku"].includes(words.at(-1) ?? "")) {
    words.pop();
  }
  return entityWords(words.join(" ")) || humanize(name);
}
