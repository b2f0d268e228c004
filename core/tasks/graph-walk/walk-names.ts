// The records a step's stated identifiers name, in a user's words ("the customer named X"), found
// before the step runs, so the name is the one the agent sees when it gets to that step. Keyed by
// slot like the step's bindings; an identifier with no usable name is not in the map and is stated.
import type { Json } from "../../base/json";
import type { GeneratorContext } from "../draft";
import { identifierWords } from "../phrasing/phrasing-intent";
import type { ToolField, ToolProfile } from "../tool-profile";
import { slotOf } from "./walk-slots";

/** Postal codes are named like identifiers but are plain values a user states. */
export function isIdentifier(input: ToolField): boolean {
  return input.identifier && !/(postal|zip)code$|zip$/.test(input.key);
}

export interface StatedName {
  phrase: string;
  /** What a later mention calls it: "that customer". */
  noun: string;
}

/** The one value an identifier argument holds (a list of one counts), or undefined. */
function single(value: Json | undefined): string | number | undefined {
  const one = Array.isArray(value) ? (value.length === 1 ? value[0] : undefined) : value;
  return typeof one === "string" || typeof one === "number" ? one : undefined;
}

export function nameStatedRecords(
  ctx: GeneratorContext,
  profile: ToolProfile,
  args: Record<string, Json>,
  known: readonly string[],
  bound: Readonly<Record<string, unknown>>,
): Record<string, StatedName> {
  const namer = ctx.namer;
  const out: Record<string, StatedName> = {};
  if (!namer) return out;
  const name = (slot: string, input: ToolField, value: Json | undefined) => {
    const one = single(value);
    if (one === undefined || slot in bound) return;
    const described = namer.describe(profile, input, one, ctx.runner);
    if (described) out[slot] = { phrase: described.phrase, noun: identifierWords(input.name) };
  };
  for (const arg of known) {
    const input = profile.inputs.find((i) => i.name === arg);
    if (!input) continue;
    if (isIdentifier(input)) name(arg, input, args[arg]);
    const value = args[arg];
    const elements = Array.isArray(value) ? value : value === undefined ? [] : [value];
    for (const field of input.items ?? []) {
      if (!isIdentifier(field)) continue;
      elements.forEach((element, i) => {
        if (element === null || typeof element !== "object" || Array.isArray(element)) return;
        const slot = slotOf(Array.isArray(value) ? [arg, i, field.name] : [arg, field.name]);
        name(slot, field, element[field.name]);
      });
    }
  }
  return out;
}
