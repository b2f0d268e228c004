// Values and attributes in a user's words: `invoiceDate` of an invoice -> "dated 2025-08-07",
// `name` -> `named "Go Down"`, `email` -> "with email x@y.z"; strings with spaces are quoted.
import type { Json } from "../../base/json";
import type { Selection } from "../graph-walk/graph-paths";
import { identifierWords } from "./phrasing-intent";
import { humanize, plural, wordsOf } from "./words";

const MIDNIGHT = /^(\d{4}-\d{2}-\d{2})(?:[ T]00:00:00(?:\.000)?Z?)$/;

function isDateLike(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}/.test(value);
}

/**
 * A value in words. `phrases` maps placeholder strings (a bound slot inside an object) to the words
 * for what they name ("that track"); such an entry reads as those words alone.
 */
export function formatValue(value: Json, phrases?: ReadonlyMap<string, string>): string {
  if (value === null) return "none";
  if (typeof value === "string" && phrases?.has(value)) return phrases.get(value) as string;
  if (typeof value === "string") {
    const date = MIDNIGHT.exec(value);
    if (date?.[1]) return date[1];
    if (isDateLike(value) || /^[+()\d\s./-]+$/.test(value) || !/\s/.test(value)) return value;
    if (value.includes('"')) return value;
    return `"${value}"`;
  }
  if (typeof value !== "object") return String(value);
  if (Array.isArray(value)) {
    const parts = value.map((v) => formatValue(v, phrases));
    return parts.length <= 1
      ? (parts[0] ?? "nothing")
      : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  }
  if (Object.keys(value).length === 0) return "nothing";
  const parts = Object.entries(value).map(([k, v]) =>
    typeof v === "string" && phrases?.has(v)
      ? formatValue(v, phrases)
      : `${/id$/i.test(k) ? identifierWords(k) : humanize(k)} ${formatValue(v, phrases)}`,
  );
  return `(${parts.join(", ")})`;
}

/** An attribute's words without the entity's own: `invoiceDate` of "invoice" -> "date". */
export function attributeWords(attr: string, entity: string): string {
  const words = wordsOf(attr);
  const own = wordsOf(entity);
  let start = 0;
  while (start < words.length - 1 && own.includes(words[start] ?? "")) start++;
  return words.slice(start).join(" ");
}

/** How a user tells one element from the others: "named X", "dated D", "with email E". */
export function selectionPhrase(selection: Selection, entity: string): string {
  const words = attributeWords(selection.attr, entity);
  const value = formatValue(selection.value);
  if (words === "name") return `named ${value}`;
  if (words === "title") return `titled ${value}`;
  if (typeof selection.value === "string" && /\bdate$/.test(words) && isDateLike(selection.value)) {
    return words === "date" ? `dated ${value}` : `with ${words} ${value}`;
  }
  return `with ${words} ${value}`;
}

/**
 * What the user says about one stated argument: "email x@y.z", `matching "rosie"`, "customer 5".
 * A search word reads "matching" only on a read (`search`); a write's `text` is its text.
 */
export function statedPhrase(
  name: string,
  value: Json,
  identifier: boolean,
  search = true,
): string {
  const words = wordsOf(name);
  const key = words.join("");
  if (search && ["query", "q", "search", "keyword", "term", "text"].includes(key)) {
    return typeof value === "string" ? `matching "${value}"` : `matching ${formatValue(value)}`;
  }
  if (identifier) {
    const noun = identifierWords(name);
    return `${Array.isArray(value) && value.length > 1 ? plural(noun) : noun} ${formatValue(value)}`;
  }
  const [first, ...rest] = words;
  const restWords = rest.join(" ");
  if (first === "min" && rest.length > 0) return `${restWords} of at least ${formatValue(value)}`;
  if (first === "max" && rest.length > 0) return `${restWords} of at most ${formatValue(value)}`;
  const last = words.at(-1);
  const head = words.slice(0, -1).join(" ");
  if (last === "from" && head) return `${head} from ${formatValue(value)}`;
  if (last === "to" && head) return `${head} up to ${formatValue(value)}`;
  if (key === "name") return `named ${formatValue(value)}`;
  return `${humanize(name)} ${formatValue(value)}`;
}

export function article(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}
