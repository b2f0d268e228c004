// The pieces of a walk's argument filling that know what kind of input they fill: references
// (record keys, by name or by description), unique-per-row values, and arguments holding objects,
// whose element is built with one field read from an earlier result and the rest drawn from real
// values.
import type { Json } from "../../base/json";
import type { GeneratorContext } from "../draft";
import type { ToolField, ToolProfile } from "../tool-profile";
import { pick } from "./graph-random";
import type { ValueRef } from "./graph-step";
import { varyValue } from "./graph-variation";
import { isIdentifier } from "./walk-names";
import { slotOf } from "./walk-slots";

/** Inputs that name a record: identifiers, and inputs whose description says which record. */
export function isReference(input: ToolField): boolean {
  return isIdentifier(input) || input.refers !== undefined;
}

/** Fields whose values are unique per row, so a new one is a variation of a real one. */
export function uniqueKind(input: Pick<ToolField, "key">): boolean {
  return /email|name|title|phone|fax|login|slug/.test(input.key);
}

/** One real value for `input`, not among `avoid`. */
export function sample(
  ctx: GeneratorContext,
  profile: ToolProfile,
  input: ToolField,
  avoid: Json[],
) {
  const values = ctx.sampler
    .candidates(profile, input, 8, ctx.rng)
    .filter((v) => v !== null && !avoid.some((a) => JSON.stringify(a) === JSON.stringify(v)));
  return values.length > 0 ? pick(ctx.rng, values) : undefined;
}

export type BindOne = (
  input: ToolField,
  required: boolean,
) => { ref: ValueRef; value: Json } | undefined;

/**
 * An argument holding an object (or objects) with a field read from an earlier result: the first
 * element of a real value with that field bound (`observations[0].entityName` = the new entity's
 * name), the element's other required fields filled from real values. Undefined when nothing
 * binds (the argument is then stated whole, as sampled).
 */
export function bindElement(
  ctx: GeneratorContext,
  profile: ToolProfile,
  input: ToolField,
  vary: boolean,
  bindOne: BindOne,
): { value: Json; bound: Record<string, ValueRef> } | "missing" | undefined {
  const list = input.type === "array";
  const bound: Record<string, ValueRef> = {};
  const element: Record<string, Json> = {};
  for (const field of input.items ?? []) {
    if (!isReference(field) && !field.required) continue;
    const hit = bindOne(field, input.required === true && field.required === true);
    if (!hit) continue;
    element[field.name] = hit.value;
    bound[slotOf(list ? [input.name, 0, field.name] : [input.name, field.name])] = hit.ref;
  }
  if (Object.keys(bound).length === 0) return undefined;
  const drawn = sample(ctx, profile, input, []);
  const base =
    drawn !== undefined && profile.effect === "write"
      ? resampleElement(ctx, profile, drawn, input.items ?? [])
      : drawn;
  const rest = list && Array.isArray(base) ? base.slice(1) : [];
  const first = list ? (Array.isArray(base) ? base[0] : undefined) : base;
  const sampled = isRecord(first)
    ? vary
      ? varyElement(first, input.items ?? [], ctx)
      : first
    : {};
  for (const field of input.items ?? []) {
    if (field.name in element) continue;
    const given = isRecord(sampled) ? sampled[field.name] : undefined;
    if (given !== undefined) element[field.name] = given;
    else if (field.required) {
      const value = sample(ctx, profile, field, []);
      if (value === undefined) return "missing";
      element[field.name] = value;
    }
  }
  return { value: list ? [element, ...rest] : element, bound };
}

/**
 * A sampled object (or the first of a list of them) written anew: its references and plain text
 * fields drawn from real values, so writes of structured arguments vary beyond the tools' test
 * examples (and name records that exist). Names and other unique-per-row texts keep the example
 * (a real one would collide); dates keep theirs.
 */
export function resampleElement(
  ctx: GeneratorContext,
  profile: ToolProfile,
  value: Json,
  items: readonly ToolField[],
): Json {
  const first = Array.isArray(value) ? value[0] : value;
  if (!isRecord(first)) return value;
  const fresh: Record<string, Json> = { ...first };
  for (const field of items) {
    const current = fresh[field.name];
    const reference = isReference(field);
    if (!reference && (field.type !== "string" || uniqueKind(field))) continue;
    if (typeof current === "string" && /^\d{4}-\d{2}-\d{2}/.test(current)) continue;
    if (current === undefined || current === null || typeof current === "object") continue;
    const drawn = sample(ctx, profile, field, []);
    if (drawn !== undefined && typeof drawn === typeof current) fresh[field.name] = drawn;
  }
  return Array.isArray(value) ? [fresh, ...value.slice(1)] : fresh;
}

/** A sampled object (or the first of a list of them) with its unique-per-row texts varied. */
export function varyElement(value: Json, items: readonly ToolField[], ctx: GeneratorContext): Json {
  const first = Array.isArray(value) ? value[0] : value;
  if (!isRecord(first)) return value;
  const varied: Record<string, Json> = { ...first };
  for (const field of items) {
    const v = varied[field.name];
    if (v !== undefined && !isReference(field) && uniqueKind(field)) {
      varied[field.name] = varyValue(v, ctx.rng);
    }
  }
  return Array.isArray(value) ? [varied, ...value.slice(1)] : varied;
}

function isRecord(value: Json | undefined): value is { [key: string]: Json } {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
