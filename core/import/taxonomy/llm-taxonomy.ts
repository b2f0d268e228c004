// A two-level category chosen by the configured LLM from the source's name, its tables and
// columns, and its theme, preferring the categories the keyword rules know (taxonomy.ts). Used
// by discovery jobs that ask for the LLM and give no category; when the model fails or answers
// something unusable the caller falls back to the keyword rules and says why.
import type { Category } from "../../environment/spec";
import type { LlmClient, TokenUsage } from "../../llm/llm-client";
import { KNOWN_CATEGORIES } from "./taxonomy";

export interface TaxonomyCase {
  sourceName: string;
  /** Table name -> its column names. */
  tables: Record<string, readonly string[]>;
  theme?: string;
}

export type LlmClassification =
  | { ok: true; category: Category; reason: string; usage: TokenUsage }
  | { ok: false; error: string };

const SLUG = /^[a-z][a-z0-9-]{0,39}$/;
const MAX_TABLES_SHOWN = 60;

export const TAXONOMY_PROMPT = `You file a database-backed tool environment under a two-level category (domain / subdomain), like a product catalog would.
Prefer one of the known categories when it fits; otherwise make up a short one in the same style (lowercase words joined by dashes).
Answer with the JSON object {"domain": "...", "subdomain": "...", "reason": "<one sentence>"} and nothing else.`;

export async function classifyWithLlm(
  llm: LlmClient,
  taxonomyCase: TaxonomyCase,
): Promise<LlmClassification> {
  let content: string;
  let usage: TokenUsage;
  try {
    const result = await llm.complete({
      messages: [
        { role: "system", content: TAXONOMY_PROMPT },
        { role: "user", content: caseText(taxonomyCase) },
      ],
      temperature: 0,
      maxTokens: 200,
    });
    content = result.content;
    usage = result.usage;
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  const json = /\{[\s\S]*\}/.exec(content)?.[0];
  let parsed: { domain?: unknown; subdomain?: unknown; reason?: unknown };
  try {
    parsed = json ? JSON.parse(json) : {};
  } catch {
    parsed = {};
  }
  const { domain, subdomain, reason } = parsed;
  if (typeof domain !== "string" || typeof subdomain !== "string") {
    return { ok: false, error: `no category in the answer: ${content.slice(0, 200)}` };
  }
  if (!SLUG.test(domain) || !SLUG.test(subdomain)) {
    return { ok: false, error: `not a category slug: ${domain}/${subdomain}` };
  }
  return {
    ok: true,
    category: { domain, subdomain },
    reason: typeof reason === "string" ? reason : "",
    usage,
  };
}

function caseText({ sourceName, tables, theme }: TaxonomyCase): string {
  const entries = Object.entries(tables);
  const shown = entries
    .slice(0, MAX_TABLES_SHOWN)
    .map(([table, columns]) => `- ${table}(${columns.join(", ")})`);
  if (entries.length > shown.length) shown.push(`- ... and ${entries.length - shown.length} more`);
  return [
    `Source: ${sourceName}`,
    ...(theme?.trim() ? [`Theme: ${theme.trim().slice(0, 2000)}`] : []),
    `Tables:\n${shown.join("\n")}`,
    `Known categories: ${KNOWN_CATEGORIES.map((c) => `${c.domain}/${c.subdomain}`).join(", ")}`,
  ].join("\n\n");
}
