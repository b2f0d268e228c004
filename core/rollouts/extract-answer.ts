// Reads the final answer out of the model's last message: the verifier compares a JSON value, and
// models wrap it in prose, code fences or an "Answer:" line as often as they send it bare.
import type { Json } from "../base/json";

const DONE = /^done\.?$/i;
// Reasoning models served without a reasoning parser put their thinking in the content.
const THINKING = /<think>[\s\S]*?<\/think>/gi;
const FENCED = /```[ \t]*(?:json)?[ \t]*\r?\n([\s\S]*?)\r?\n?```/gi;
const ANSWER_LINE = /^[*_\s]*(?:final\s+)?answer[*_\s]*[:：][*_\s]*(.*?)[*_\s]*$/i;

/** The answer as a JSON value; null for an empty message or `DONE` (a task that asks for changes). */
export function extractAnswer(content: string): Json | null {
  const text = content.replace(THINKING, "").trim();
  if (text === "" || DONE.test(text)) return null;
  const whole = parseJson(text);
  if (whole !== undefined) return whole;
  const fenced = [...text.matchAll(FENCED)].at(-1)?.[1];
  if (fenced !== undefined) {
    const value = parseJson(fenced);
    if (value !== undefined) return value;
  }
  const lastLine = text.split(/\r?\n/).at(-1) ?? "";
  const labelled = ANSWER_LINE.exec(lastLine)?.[1]?.trim();
  if (labelled !== undefined && labelled !== "") {
    return DONE.test(labelled) ? null : (parseJson(labelled) ?? labelled);
  }
  return text;
}

function parseJson(text: string): Json | undefined {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}
