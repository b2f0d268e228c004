// The optional LLM judge of a task's rubric: given the instruction, the rubric, the agent's final
// answer and a summary of what it changed, the model answers `{"score": 0..1, "reason": "..."}`.
// A judge that fails or answers something unreadable scores 0 with the reason, never 1, so a
// rubric-weighted task cannot be passed by breaking the judge.

import type { Json } from "../base/json";
import type { StateDiff } from "../episode/state-diff";
import type { LlmClient, TokenUsage } from "../llm/llm-client";
import { ZERO_USAGE } from "../llm/llm-client";

export interface RubricVerdict {
  score: number;
  detail: string;
  usage: TokenUsage;
}

export interface RubricCase {
  instruction: string;
  rubric: string;
  answer: Json | undefined;
  changes: StateDiff;
}

/** Changed rows shown to the judge, at most, and characters of the whole case. */
const MAX_ROWS_SHOWN = 30;
const MAX_CASE_CHARS = 20_000;

export const RUBRIC_JUDGE_PROMPT = `You grade an AI agent's work on a task against a rubric.
You get the task as the user gave it, the rubric, the agent's final answer, and the database changes it made.
Judge only by the rubric. Answer with the JSON object {"score": <number from 0 to 1>, "reason": "<one sentence>"} and nothing else.`;

export async function judgeRubric(llm: LlmClient, rubricCase: RubricCase): Promise<RubricVerdict> {
  let content: string;
  let usage: TokenUsage = { ...ZERO_USAGE };
  try {
    const result = await llm.complete({
      messages: [
        { role: "system", content: RUBRIC_JUDGE_PROMPT },
        { role: "user", content: caseText(rubricCase) },
      ],
      temperature: 0,
      maxTokens: 400,
    });
    content = result.content;
    usage = result.usage;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { score: 0, detail: `rubric judge failed: ${message}`, usage };
  }
  const verdict = readVerdict(content);
  if (!verdict) {
    return {
      score: 0,
      detail: `rubric judge answered no usable score: ${content.slice(0, 200)}`,
      usage,
    };
  }
  return { score: verdict.score, detail: `rubric judge (${llm.model}): ${verdict.reason}`, usage };
}

/** `{"score": x, "reason": ...}` in the text (bare or fenced), x a number in [0, 1]. */
export function readVerdict(content: string): { score: number; reason: string } | null {
  const match = /\{[\s\S]*\}/.exec(content);
  if (!match) return null;
  try {
    const parsed = JSON.parse(match[0]) as { score?: unknown; reason?: unknown };
    const score = typeof parsed.score === "string" ? Number(parsed.score) : parsed.score;
    if (typeof score !== "number" || !Number.isFinite(score) || score < 0 || score > 1) return null;
    return { score, reason: typeof parsed.reason === "string" ? parsed.reason : "no reason given" };
  } catch {
    return null;
  }
}

function caseText({ instruction, rubric, answer, changes }: RubricCase): string {
  const rows = Object.entries(changes).flatMap(([table, change]) => [
    ...change.inserted.map((row) => `insert into ${table}: ${JSON.stringify(row)}`),
    ...change.updated.map(
      (u) => `update ${table}: ${JSON.stringify(u.before)} -> ${JSON.stringify(u.after)}`,
    ),
    ...change.deleted.map((row) => `delete from ${table}: ${JSON.stringify(row)}`),
  ]);
  const shown = rows.slice(0, MAX_ROWS_SHOWN);
  const more = rows.length > shown.length ? `\n... and ${rows.length - shown.length} more` : "";
  const text = [
    `Task:\n${instruction}`,
    `Rubric:\n${rubric}`,
    `Final answer:\n${answer === undefined ? "(none)" : JSON.stringify(answer)}`,
    `Database changes:\n${shown.length ? shown.join("\n") + more : "(none)"}`,
  ].join("\n\n");
  return text.slice(0, MAX_CASE_CHARS);
}
