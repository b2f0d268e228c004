// The value a write sets: a real value of the column (from the sampler) that none of the rows it
// changes already holds, so every write changes state; for numbers with no such value, a round one.
import type { Json } from "../../base/json";
import type { GeneratorContext } from "../draft";
import type { ToolField, ToolProfile } from "../tool-profile";
import { roundBetween, shuffle } from "./program-values";

const FRACTIONS = [0.05, 0.1, 0.15, 0.2, 0.25];

export function chooseNewValue(
  ctx: GeneratorContext,
  tool: ToolProfile,
  input: ToolField,
  current: readonly Json[],
): Json | undefined {
  const taken = new Set(current.map((v) => JSON.stringify(v)));
  const numeric = input.type === "number" || input.type === "integer";
  const fits = (v: Json): boolean => {
    if (v === null || taken.has(JSON.stringify(v))) return false;
    if (numeric) return typeof v === "number" && (input.type === "number" || Number.isInteger(v));
    return typeof v === "string" && v.trim() !== "" && v.length <= 40;
  };
  const sampled = ctx.sampler.candidates(tool, input, 8, ctx.rng).filter(fits);
  if (sampled[0] !== undefined) return sampled[0];
  if (!numeric) return undefined;
  const numbers = current.filter((v): v is number => typeof v === "number");
  if (numbers.every((n) => n >= 0 && n < 1) && input.type === "number") {
    return shuffle(ctx.rng, FRACTIONS).find(fits);
  }
  const top = Math.max(0, ...numbers);
  const fresh = roundBetween(top, top * 1.5 + 10);
  return fresh !== undefined && fits(fresh) ? fresh : undefined;
}

/** A value as the instruction writes it: numbers bare, texts quoted. */
export function spoken(value: Json): string {
  return typeof value === "string" ? `"${value}"` : String(value);
}
