// Turning identifiers into words and back: `CustomerId`, `customer_id` and `customerID` all read
// "customer id" and normalise to the key `customerid`; and the small phrasing every task source
// shares: plurals, lists ("a, b and c"), articles and quoted names. (Dates: words-dates.)

/** `invoiceLineId` / `invoice_line_id` / `InvoiceLineID` -> ["invoice", "line", "id"]. */
export function wordsOf(identifier: string): string[] {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0)
    .map((w) => w.toLowerCase());
}

/** "invoice line id" */
export function humanize(identifier: string): string {
  return wordsOf(identifier).join(" ");
}

const IRREGULAR_SINGULAR: Record<string, string> = {
  people: "person",
  children: "child",
  data: "data",
  staff: "staff",
  status: "status",
  address: "address",
  analysis: "analysis",
  series: "series",
  // Too short for the plural rule below, yet `trackIds` must key as `trackid`.
  ids: "id",
};

/** A plural English word made singular, well enough for schema words. */
export function singular(word: string): string {
  const lower = word.toLowerCase();
  if (IRREGULAR_SINGULAR[lower]) return IRREGULAR_SINGULAR[lower];
  if (/ies$/.test(lower) && lower.length > 4) return `${lower.slice(0, -3)}y`;
  if (/(sses|shes|ches|xes|zes)$/.test(lower)) return lower.slice(0, -2);
  if (/ss$|us$|is$/.test(lower)) return lower;
  if (/s$/.test(lower) && lower.length > 3) return lower.slice(0, -1);
  return lower;
}

export function plural(word: string): string {
  const lower = word.toLowerCase();
  if (lower === "person") return "people";
  if (lower === "staff" || lower === "data" || lower === "series") return lower;
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  if (/(s|sh|ch|x|z)$/.test(lower)) return `${lower}es`;
  return `${lower}s`;
}

/** Matching key: lowercase alphanumerics with the last word singular (`trackIds` -> `trackid`). */
export function fieldKey(identifier: string): string {
  const words = wordsOf(identifier);
  const last = words.pop();
  if (last !== undefined) words.push(singular(last));
  return words.join("");
}

/** `a`, `b and c`, `a, b and c`. */
export function listPhrase(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** `"Q3 report"`: a name or phrase quoted as an instruction shows it. */
export const quoted = (text: string) => `"${text}"`;

/** `a bug`, `an epic`. */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;
}
