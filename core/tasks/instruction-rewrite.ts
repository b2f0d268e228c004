// An optional LLM pass that turns a templated, step-by-step task instruction into the request a
// real user would write. The rewrite is only a paraphrase: it is kept when it passes the same leak
// check validation applies and still states every value the original states; otherwise (or when
// the model fails) the original stays, with the reason. It never fails a task.
import { AppError } from "../base/errors";
import { addUsage, type LlmClient, type TokenUsage, ZERO_USAGE } from "../llm/llm-client";
import { instructionLeaks, type LeakCheck } from "./phrasing/phrasing-leaks";
import type { RewriteReport } from "./synthesis-request";

export const MAX_INSTRUCTION_CHARS = 4000;

export const REWRITE_SYSTEM_PROMPT = [
  "You rewrite a templated, step-by-step task instruction as the natural request a real user",
  "would write to an assistant.",
  "Keep every name, number, date, email address and quoted value exactly as written.",
  "Add no information and drop no requirement.",
  "Never mention tools, functions, APIs, databases, tables or columns.",
  "Reply with the rewritten instruction only.",
].join(" ");

export interface RewriteInput {
  instruction: string;
  /** The leak context validation used for this task (tool and raw names, hidden values, answer). */
  leakCheck: LeakCheck;
}

export interface RewriteOutcome {
  /** The rewrite when accepted, otherwise the original. */
  instruction: string;
  rewritten: boolean;
  /** Why the rewrite was refused: `empty`, `too long`, `leak: ...`, `lost value "X"`, `llm: ...`. */
  reason?: string;
  usage: TokenUsage;
}

const QUOTED = /"([^"\n]+)"/g;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
const DATE = /\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?/g;
const NUMBER = /(?<![\p{L}\p{N}_])\d+(?:[.,]\d+)*(?![\p{L}\p{N}_])/gu;

/**
 * The values an instruction states, each as written: double-quoted strings (without the quotes),
 * emails, ISO dates and numbers. A rewrite must state all of them again.
 */
export function statedValues(text: string): string[] {
  const values = new Set<string>();
  for (const m of text.matchAll(QUOTED)) {
    const inner = m[1]?.trim();
    if (inner) values.add(inner);
  }
  for (const m of text.matchAll(EMAIL)) values.add(m[0]);
  for (const m of text.matchAll(DATE)) values.add(m[0]);
  // Digits inside a quoted value, an email or a date are checked as part of that whole value.
  const rest = text.replace(QUOTED, " ").replace(EMAIL, " ").replace(DATE, " ");
  for (const m of rest.matchAll(NUMBER)) values.add(m[0]);
  return [...values];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** `value` appears in `text`; a number only on its own (`382` is not found in `3823` or `1.382`). */
function states(text: string, value: string): boolean {
  if (/^\d+(?:[.,]\d+)*$/.test(value)) {
    return new RegExp(
      `(?<![\\p{L}\\p{N}_]|\\d[.,])${escapeRegExp(value)}(?![\\p{L}\\p{N}_]|[.,]\\d)`,
      "u",
    ).test(text);
  }
  return text.includes(value);
}

/** Values the original states that the rewrite no longer does. */
export function lostValues(original: string, rewrite: string): string[] {
  return statedValues(original).filter((value) => !states(rewrite, value));
}

/** Why `rewrite` cannot replace `original`, or undefined when it can. */
export function refusalReason(
  original: string,
  rewrite: string,
  leakCheck: LeakCheck,
): string | undefined {
  if (rewrite === "") return "empty";
  if (rewrite.length > MAX_INSTRUCTION_CHARS) return "too long";
  const leaks = instructionLeaks(rewrite, leakCheck);
  if (leaks.length > 0) return `leak: ${leaks[0]}`;
  const [lost] = lostValues(original, rewrite);
  if (lost !== undefined) return `lost value ${JSON.stringify(lost)}`;
  return undefined;
}

/** Models sometimes wrap the answer in quotes or a label; those are not part of the request. */
function cleaned(content: string): string {
  let text = content.trim();
  text = text.replace(/^(?:rewritten instruction|instruction|request)\s*:\s*/i, "").trim();
  const wrapped = /^"([^"]*)"$/.exec(text);
  return wrapped?.[1] !== undefined ? wrapped[1].trim() : text;
}

export async function rewriteInstruction(
  llm: LlmClient,
  input: RewriteInput,
): Promise<RewriteOutcome> {
  const original = input.instruction;
  let content: string;
  let usage: TokenUsage;
  try {
    const result = await llm.complete({
      messages: [
        { role: "system", content: REWRITE_SYSTEM_PROMPT },
        { role: "user", content: original },
      ],
      temperature: 0,
      maxTokens: 1000,
    });
    content = result.content;
    usage = result.usage;
  } catch (err) {
    const message = err instanceof AppError || err instanceof Error ? err.message : String(err);
    return {
      instruction: original,
      rewritten: false,
      reason: `llm: ${message}`.slice(0, 300),
      usage: { ...ZERO_USAGE },
    };
  }
  const rewrite = cleaned(content);
  const refused = refusalReason(original, rewrite, input.leakCheck);
  if (refused !== undefined) {
    return { instruction: original, rewritten: false, reason: refused, usage };
  }
  return { instruction: rewrite, rewritten: rewrite !== original, usage };
}

const EXAMPLES_KEPT = 3;

/** Counts a shard's rewrites for its report. */
export class RewriteTally {
  private rewritten = 0;
  private kept = 0;
  private readonly reasons: Record<string, number> = {};
  private readonly examples: string[] = [];
  private usage: TokenUsage = { ...ZERO_USAGE };

  constructor(private readonly status: RewriteReport["status"]) {}

  add(outcome: RewriteOutcome): void {
    this.usage = addUsage(this.usage, outcome.usage);
    if (outcome.rewritten) {
      this.rewritten++;
      return;
    }
    this.kept++;
    if (outcome.reason === undefined) return;
    const code = reasonCode(outcome.reason);
    this.reasons[code] = (this.reasons[code] ?? 0) + 1;
    if (this.examples.length < EXAMPLES_KEPT) this.examples.push(outcome.reason.slice(0, 300));
  }

  /** For a shard that did not run the rewrite: every kept task keeps its instruction. */
  skipped(count: number): void {
    this.kept += count;
  }

  finish(): RewriteReport {
    return {
      status: this.status,
      rewritten: this.rewritten,
      kept: this.kept,
      reasons: this.reasons,
      examples: this.examples,
      usage: this.usage,
    };
  }
}

/** `leak: names the tool x` → `leak`; `lost value "382"` → `lost value`. */
function reasonCode(reason: string): string {
  if (reason.startsWith("lost value")) return "lost value";
  return reason.split(":")[0] ?? reason;
}
