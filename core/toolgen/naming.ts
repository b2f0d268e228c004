// Human names for schema objects: `InvoiceLine` -> "invoice line" / "invoice lines", tool names in
// snake_case within the 64-character limit, argument names that are plain identifiers.

/** Lower-case words of a SQL name: CamelCase, snake_case, spaces and punctuation all split. */
export function nameWords(name: string): string[] {
  const spaced = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase();
  return spaced.split(/[^a-z0-9]+/).filter((w) => w !== "");
}

const UNCHANGED_SINGULAR = /(ss|us|is|news|data|series|species)$/;

export function singularWord(word: string): string {
  if (UNCHANGED_SINGULAR.test(word)) return word;
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|x|z|sses)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && word.length > 2) return word.slice(0, -1);
  return word;
}

export function pluralWord(word: string): string {
  if (/(data|series|species|news)$/.test(word)) return word;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** "an invoice", "a track": the article by the first letter, which is right often enough for names. */
export function article(phrase: string): string {
  return `${/^[aeiou]/i.test(phrase) ? "an" : "a"} ${phrase}`;
}

export interface EntityNames {
  /** "invoice line" */
  singular: string;
  /** "invoice lines" */
  plural: string;
  /** "invoice_line" */
  singularSnake: string;
  /** "invoice_lines" */
  pluralSnake: string;
}

/** Names for the entity a table holds; the last word carries the number ("order details" -> "order detail"). */
export function entityNames(table: string, fallbackIndex = 0): EntityNames {
  const words = nameWords(table);
  if (words.length === 0) words.push(`table${fallbackIndex}`);
  if (/^[0-9]/.test(words[0] ?? "")) words.unshift("t");
  const head = words.slice(0, -1);
  const last = words[words.length - 1] ?? "item";
  const singularWords = [...head, singularWord(last)];
  const pluralWords = [...head, pluralWord(singularWord(last))];
  return {
    singular: singularWords.join(" "),
    plural: pluralWords.join(" "),
    singularSnake: singularWords.join("_"),
    pluralSnake: pluralWords.join("_"),
  };
}

/** A column's words as snake_case, e.g. `CustomerID` -> `customer_id`; never empty, never a leading digit. */
export function snakeName(name: string, fallback = "value"): string {
  const words = nameWords(name);
  const joined = words.join("_") || fallback;
  return /^[0-9]/.test(joined) ? `c_${joined}` : joined;
}

/** Words of a foreign-key column without a trailing "id": `SupportRepId` -> "support_rep". */
export function referenceWords(column: string): string {
  const words = nameWords(column);
  if (words.length > 1 && words[words.length - 1] === "id") words.pop();
  return words.join("_") || "ref";
}

const MAX_TOOL_NAME = 64;

/** Hands out unique tool names, shortening long ones and numbering repeats. */
export class ToolNamer {
  private readonly used = new Set<string>();

  take(wanted: string): string {
    let base = wanted
      .replace(/[^a-z0-9_]/g, "_")
      .replace(/_+/g, "_")
      .replace(/^_|_$/g, "");
    if (!/^[a-z]/.test(base)) base = `t_${base}`;
    base = base.slice(0, MAX_TOOL_NAME).replace(/_$/, "");
    let name = base;
    for (let n = 2; this.used.has(name); n++) {
      const suffix = `_${n}`;
      name = `${base.slice(0, MAX_TOOL_NAME - suffix.length)}${suffix}`;
    }
    this.used.add(name);
    return name;
  }
}

/** Unique argument names for a table's columns (`Order ID` and `order_id` cannot both be `order_id`). */
export function argumentNames(
  columns: readonly string[],
  reserved: readonly string[] = [],
): Map<string, string> {
  const used = new Set(reserved);
  const names = new Map<string, string>();
  for (const column of columns) {
    const base = snakeName(column);
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}_${n}`;
    used.add(name);
    names.set(column, name);
  }
  return names;
}
