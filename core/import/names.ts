// Human SQL names from headers and JSON keys: sanitised (quoting makes any name legal, but tools and
// agents read these), made unique case-insensitively as SQLite compares them, and singularised.

/** `Unit Price ($)` -> `Unit_Price`, `` -> `fallback`, `2024 sales` -> `_2024_sales`. */
export function sanitizeName(original: string, fallback: string): string {
  const cleaned = original
    .trim()
    .replace(/[^\p{L}\p{N}_]+/gu, "_")
    .replace(/^_+|_+$/g, "");
  if (cleaned === "") return fallback;
  return /^\p{N}/u.test(cleaned) ? `_${cleaned}` : cleaned;
}

/** Hands out names unique within one scope: the second `name` becomes `name_2`, and so on. */
export class NameScope {
  private readonly taken = new Set<string>();

  constructor(reserved: readonly string[] = []) {
    for (const name of reserved) this.taken.add(name.toLowerCase());
  }

  claim(wanted: string): string {
    let name = wanted;
    for (let n = 2; this.taken.has(name.toLowerCase()); n++) name = `${wanted}_${n}`;
    this.taken.add(name.toLowerCase());
    return name;
  }
}

/** English plural to singular for table-ish words: `users` -> `user`, `categories` -> `category`. */
export function singular(word: string): string {
  if (/[^aeiou]ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is)$/i.test(word)) return word;
  if (/(sses|xes|ches|shes)$/i.test(word)) return word.slice(0, -2);
  if (/s$/i.test(word) && word.length > 1) return word.slice(0, -1);
  return word;
}
