// Checks an instruction gives nothing away: no tool name, no raw column or argument name, none of
// the hidden values the agent must find, and not the answer. Returns the reasons (empty = clean);
// graph walks and validation both use it.
import type { Json } from "../../base/json";

export interface LeakCheck {
  toolNames: readonly string[];
  /** Raw names shaped like identifiers (`CustomerId`, `customer_id`, `invoiceDate`). */
  identifiers: readonly string[];
  hidden: readonly Json[];
  /** The gold answer; null or undefined when the task asks for none. */
  answer?: Json;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** `needle` as a whole word (letters and digits around it do not count as a hit). */
function containsWord(haystack: string, needle: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(needle)}(?![\\p{L}\\p{N}_])`, "iu").test(
    haystack,
  );
}

/** A number written on its own: `order 382`, `#382`, `382.` — not `3823`, `+1 (403)` or `2.382`. */
function containsNumber(haystack: string, value: number): boolean {
  const text = escapeRegExp(String(value));
  return new RegExp(`(?<![\\p{L}\\p{N}_.,+\\-/])${text}(?![\\p{L}\\p{N}_]|[.,]\\d)`, "u").test(
    haystack,
  );
}

function scalars(value: Json): (string | number)[] {
  if (typeof value === "string" || typeof value === "number") return [value];
  if (Array.isArray(value)) return value.flatMap(scalars);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(scalars);
  return [];
}

function mentions(instruction: string, value: string | number): boolean {
  if (typeof value === "number")
    return Number.isFinite(value) && containsNumber(instruction, value);
  const text = value.trim();
  if (text.length < 2) return false;
  if (/^-?\d+(\.\d+)?$/.test(text)) return containsNumber(instruction, Number(text));
  return containsWord(instruction, text);
}

export function instructionLeaks(instruction: string, check: LeakCheck): string[] {
  const reasons: string[] = [];
  for (const tool of check.toolNames) {
    if (containsWord(instruction, tool)) reasons.push(`names the tool ${tool}`);
  }
  for (const name of check.identifiers) {
    if (containsWord(instruction, name)) reasons.push(`uses the raw name ${name}`);
  }
  if (/`/.test(instruction)) reasons.push("contains code quotes");
  for (const value of new Set(check.hidden.flatMap(scalars))) {
    if (mentions(instruction, value))
      reasons.push(`gives the hidden value ${JSON.stringify(value)}`);
  }
  if (check.answer !== undefined && check.answer !== null) {
    for (const value of new Set(scalars(check.answer))) {
      if (mentions(instruction, value)) reasons.push(`gives the answer ${JSON.stringify(value)}`);
    }
  }
  return reasons;
}
