// How a tool's name reads: `list_customer_invoices` is verb `list`, entity `invoice`, owner
// `customer`; `sum_order_detail_quantity_by_product` is verb `sum`, entity `order detail`, owner
// `product`. Entities are space-separated singular words, checked against the entities that the
// collection's single-record tools (`get_customer`, `create_invoice`) name, so that splits are
// only made where the collection itself says where an entity ends.
import { singular, wordsOf } from "./phrasing/words";

export interface NameParts {
  verb: string;
  entity: string;
  owner?: string;
}

/** Verbs whose object is one record: what they name is an entity of the collection. */
const RECORD_VERBS = new Set([
  "get",
  "create",
  "update",
  "delete",
  "find",
  "read",
  "retrieve",
  "describe",
  "patch",
  "post",
  "modify",
  "remove",
  "add",
  "send",
  "set",
  "fetch",
  "cancel",
  "refund",
]);
/** Verbs that reduce a field over records: the words after the entity name the field. */
const AGGREGATE_VERBS = new Set(["sum", "avg", "average", "min", "max", "total"]);
const OTHER_VERBS = ["list", "search", "count", "query", "insert", "upsert", "reassign", "assign"];
const VERBS = new Set([...RECORD_VERBS, ...AGGREGATE_VERBS, ...OTHER_VERBS]);
const ARTICLES = new Set(["a", "an", "the"]);
/** `by` is handled apart: it names an owner only when the tool takes that owner's id. */
const OWNER_CONNECTORS = new Set(["of", "to", "from", "for", "by"]);

/** Entities named by the collection's single-record tools (`get_customer` -> `customer`). */
export function knownEntities(names: readonly string[]): Set<string> {
  const known = new Set<string>();
  for (const name of names) {
    const { verb, head, tail } = split(name);
    if (RECORD_VERBS.has(verb) && head.length > 0 && tail.length === 0) {
      known.add(singularPhrase(head));
    }
  }
  return known;
}

/** `inputKeys` are the tool's input field keys (`customerid`), used to read a `_by_` suffix. */
export function parseToolName(
  name: string,
  known: ReadonlySet<string>,
  inputKeys: ReadonlySet<string>,
): NameParts {
  const { verb, head, connector, tail } = split(name);
  const parts: NameParts = { verb, entity: singularPhrase(head) };
  if (AGGREGATE_VERBS.has(verb)) {
    const prefix = longestKnownPrefix(head, known);
    if (prefix) parts.entity = prefix;
  } else if (tail.length === 0 && head.length > 1) {
    // `list_customer_invoices`: a known entity followed by a plural noun owns that noun.
    const ownerWords = head.slice(0, -1).join(" ");
    const last = head[head.length - 1] ?? "";
    if (known.has(ownerWords) && singular(last) !== last) {
      parts.owner = ownerWords;
      parts.entity = singular(last);
    }
  }
  if (tail.length > 0) {
    const owner = singularPhrase(tail);
    const ownerIdKey = `${owner.replace(/ /g, "")}id`;
    if (connector !== "by" || inputKeys.has(ownerIdKey)) parts.owner = owner;
  }
  return parts;
}

function split(name: string): { verb: string; head: string[]; connector: string; tail: string[] } {
  const words = wordsOf(name);
  // A namespace before the verb (`hubspot_get_property`, `API_retrieve_a_block`) is skipped.
  const start = words.length > 2 && !VERBS.has(words[0] ?? "") && VERBS.has(words[1] ?? "") ? 1 : 0;
  const verb = words[start] ?? "";
  const rest = words.slice(start + 1).filter((w) => !ARTICLES.has(w));
  const at = rest.findIndex((w, i) => OWNER_CONNECTORS.has(w) && i > 0 && i < rest.length - 1);
  if (at < 0) return { verb, head: rest, connector: "", tail: [] };
  return { verb, head: rest.slice(0, at), connector: rest[at] ?? "", tail: rest.slice(at + 1) };
}

function singularPhrase(words: readonly string[]): string {
  if (words.length === 0) return "";
  return [...words.slice(0, -1), singular(words[words.length - 1] ?? "")].join(" ");
}

function longestKnownPrefix(words: readonly string[], known: ReadonlySet<string>): string {
  for (let n = words.length; n > 0; n--) {
    const phrase = singularPhrase(words.slice(0, n));
    if (known.has(phrase)) return phrase;
  }
  return "";
}
