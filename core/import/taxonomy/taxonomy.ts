// A two-level category for an imported environment from deterministic keyword rules over its
// table and column names (and the source's file name). First rule with the most hits wins; no
// hit leaves it `imported/general`. The rule that fired is returned so the report can say why.
import type { Category } from "../../environment/spec";

interface Rule {
  category: Category;
  keywords: readonly string[];
}

const RULES: readonly Rule[] = [
  {
    category: { domain: "commerce", subdomain: "music-store" },
    keywords: ["track", "album", "artist", "playlist", "genre"],
  },
  {
    category: { domain: "commerce", subdomain: "retail" },
    keywords: ["order", "product", "customer", "invoice", "cart", "sku", "shipment", "supplier"],
  },
  {
    category: { domain: "business", subdomain: "hr" },
    keywords: ["employee", "salary", "department", "payroll", "hire", "staff"],
  },
  {
    category: { domain: "health", subdomain: "clinical" },
    keywords: ["patient", "doctor", "diagnosis", "prescription", "appointment", "clinic"],
  },
  {
    category: { domain: "travel", subdomain: "airline" },
    keywords: ["flight", "airport", "airline", "booking", "passenger", "reservation"],
  },
  {
    category: { domain: "education", subdomain: "school" },
    keywords: ["student", "course", "teacher", "enrollment", "grade", "class"],
  },
  {
    category: { domain: "software", subdomain: "dev-tools" },
    keywords: ["repository", "issue", "commit", "pull", "branch", "deployment"],
  },
  {
    category: { domain: "communication", subdomain: "messaging" },
    keywords: ["message", "channel", "email", "thread", "conversation"],
  },
  {
    category: { domain: "productivity", subdomain: "calendar" },
    keywords: ["event", "calendar", "meeting", "attendee"],
  },
  {
    category: { domain: "productivity", subdomain: "tasks" },
    keywords: ["task", "project", "todo", "milestone"],
  },
  {
    category: { domain: "finance", subdomain: "banking" },
    keywords: ["account", "transaction", "transfer", "balance", "loan"],
  },
  {
    category: { domain: "reference", subdomain: "geography" },
    keywords: ["city", "country", "region", "continent", "population"],
  },
];

/** The categories the keyword rules know, offered to the LLM as the vocabulary to prefer. */
export const KNOWN_CATEGORIES: readonly Category[] = RULES.map((rule) => rule.category);

export const DEFAULT_CATEGORY: Category = { domain: "imported", subdomain: "general" };

export interface Classification {
  category: Category;
  /** The keywords that matched, empty when the default was used. */
  matched: string[];
}

export function classifySource(names: readonly string[]): Classification {
  const words = new Set(names.flatMap(splitWords));
  let best: Classification = { category: DEFAULT_CATEGORY, matched: [] };
  for (const rule of RULES) {
    const matched = rule.keywords.filter(
      (k) => words.has(k) || words.has(`${k}s`) || words.has(`${k}es`),
    );
    if (matched.length > best.matched.length) best = { category: rule.category, matched };
  }
  return best;
}

function splitWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1)
    .map((w) => (w.endsWith("ies") ? `${w.slice(0, -3)}y` : w));
}
