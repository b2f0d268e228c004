// Filling a tool's arguments during a walk: first from earlier results along the graph's edges
// (dependent, hidden values), then from the sampler (values the user states), with new values for
// the fields a write changes. Paging arguments are left to their defaults.
import type { Json } from "../json";
import type { GeneratorContext } from "./draft";
import { parsePath, readRef, resolvePath } from "./graph-paths";
import { pick, pickWeighted } from "./graph-random";
import type { ValueRef, Walk } from "./graph-step";
import { varyValue } from "./graph-variation";
import { changesFields, intentOf } from "./phrasing-intent";
import type { ToolField, ToolProfile } from "./tool-profile";
import { fieldKey } from "./words";

const PAGING = new Set(["limit", "offset", "page", "pagesize", "perpage", "cursor", "pagetoken"]);

export function isPaging(input: ToolField): boolean {
  return PAGING.has(input.key);
}

export interface FilledArgs {
  args: Record<string, Json>;
  bound: Record<string, ValueRef>;
  known: string[];
}

export type FillOutcome = { ok: true; filled: FilledArgs } | { ok: false; missing: string };

export interface FillOptions {
  /** Use variations of sampled values for write inputs (after a conflict with the real ones). */
  vary: boolean;
  /** Bind only from this step (the edge just taken) first; the others follow. */
  from?: number;
  /** Fail (`missing: "a dependent input"`) unless some input is read from an earlier result. */
  requireBound?: boolean;
}

function fits(input: ToolField, value: Json): boolean {
  const scalar = (type: string | undefined, v: Json): boolean => {
    if (type === "integer") return typeof v === "number" && Number.isInteger(v);
    if (type === "number") return typeof v === "number";
    if (type === "string") return typeof v === "string";
    if (type === "boolean") return typeof v === "boolean";
    return v !== null && typeof v !== "object";
  };
  if (input.type === "array") return Array.isArray(value) || scalar(input.itemType, value);
  if (input.type === "object") return typeof value === "object" && value !== null;
  return scalar(input.type, value);
}

/** Postal codes are named like identifiers but are plain values a user states. */
function isIdentifier(input: ToolField): boolean {
  return input.identifier && !/(postal|zip)code$|zip$/.test(input.key);
}

/** Fields whose values are unique per row, so a new one is a variation of a real one. */
function uniqueKind(input: ToolField): boolean {
  return /email|name|title|phone|fax|login|slug/.test(input.key);
}

/** Binds `input` from an earlier step along an edge of the graph, if any result has the value. */
function bindFrom(
  ctx: GeneratorContext,
  walk: Walk,
  index: number,
  tool: string,
  input: ToolField,
) {
  const source = walk.steps[index];
  if (!source) return undefined;
  const edges = ctx.graph.edges.filter((e) => e.from === source.tool && e.to === tool);
  const preferred = source.known.map((k) => source.args[k] ?? null);
  for (const edge of edges) {
    for (const via of edge.via) {
      if (via.input !== input.path && via.input !== input.name) continue;
      const selections = walk.selections[index] ?? new Map();
      const tokens = resolvePath(
        source.result,
        parsePath(via.output),
        ctx.rng,
        selections,
        (v) => fits(input, v) && (input.type !== "array" || !Array.isArray(v) || v.length > 0),
        preferred,
      );
      if (!tokens) continue;
      walk.selections[index] = selections;
      return { tokens, index };
    }
  }
  return undefined;
}

function sample(ctx: GeneratorContext, profile: ToolProfile, input: ToolField, avoid: Json[]) {
  const values = ctx.sampler
    .candidates(profile, input, 8, ctx.rng)
    .filter((v) => v !== null && !avoid.some((a) => JSON.stringify(a) === JSON.stringify(v)));
  return values.length > 0 ? pick(ctx.rng, values) : undefined;
}

/** Values an earlier result already has under the same field key (an update must differ). */
function seenValues(walk: Walk, key: string): Json[] {
  const out: Json[] = [];
  const visit = (value: Json, name: string) => {
    if (Array.isArray(value)) for (const v of value) visit(v, name);
    else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) visit(v, k);
    } else if (name !== "" && fieldKey(name) === key) out.push(value);
  };
  for (const step of walk.steps) visit(step.result, "");
  return out;
}

export function fillArgs(
  ctx: GeneratorContext,
  walk: Walk,
  profile: ToolProfile,
  options: FillOptions,
): FillOutcome {
  const filled: FilledArgs = { args: {}, bound: {}, known: [] };
  const inputs = profile.inputs.filter((i) => !isPaging(i));
  const order = walk.steps.map((_, i) => walk.steps.length - 1 - i);
  const updates = profile.effect === "write" && changesFields(intentOf(profile));
  if (options.from !== undefined) order.unshift(options.from);
  const setBound = (input: ToolField, index: number, tokens: ValueRef["tokens"]) => {
    const source = walk.steps[index];
    const value = source ? readRef(source.result, tokens) : undefined;
    if (value === undefined) return;
    const wrap = input.type === "array" && !Array.isArray(value);
    filled.args[input.name] = wrap ? [value] : value;
    filled.bound[input.name] = { step: index, tokens, wrap };
  };
  // Dependent values: the edge just taken binds its identifier inputs (optional ones too: that is
  // the link); earlier steps bind the remaining required ones. Plain values (an email, a city) are
  // never copied from a result: the user states them, and an update would change nothing.
  for (const input of inputs) {
    if (!isIdentifier(input)) continue;
    for (const index of order) {
      // An update's optional references are the fields it changes: copying them changes nothing.
      if (!input.required && (index !== options.from || updates)) continue;
      const hit = bindFrom(ctx, walk, index, profile.name, input);
      if (hit) {
        setBound(input, hit.index, hit.tokens);
        break;
      }
    }
  }
  if (options.requireBound && Object.keys(filled.bound).length === 0) {
    return { ok: false, missing: "an input an earlier step produced" };
  }
  const write = profile.effect === "write";
  const stated = (input: ToolField, avoid: Json[] = []): boolean => {
    const value = sample(ctx, profile, input, avoid);
    if (value === undefined) return false;
    const fresh =
      write && options.vary && !isIdentifier(input) && uniqueKind(input)
        ? varyValue(value, ctx.rng)
        : value;
    filled.args[input.name] = fresh;
    filled.known.push(input.name);
    return true;
  };
  for (const input of inputs) {
    if (!input.required || input.name in filled.args) continue;
    if (!stated(input)) return { ok: false, missing: input.name };
  }
  const optional = inputs.filter((i) => !i.required && !(i.name in filled.args));
  if (Object.keys(filled.args).length === 0 && optional.length > 0) {
    // A search with no criteria is no question: state one filter the user knows.
    const choice = pickWeighted(
      ctx.rng,
      optional.map((input) => ({ item: input, weight: isIdentifier(input) ? 1 : 3 })),
    );
    if (choice && !stated(choice)) {
      const fallback = optional.find((i) => i !== choice && stated(i));
      if (!fallback) return { ok: false, missing: choice.name };
    }
  }
  if (write && changesFields(intentOf(profile))) {
    const fields = optional.filter((i) => !isIdentifier(i) && !(i.name in filled.args));
    const already = filled.known.some((k) => !inputs.find((i) => i.name === k)?.identifier);
    const field = already ? undefined : pick(ctx.rng, fields);
    if (!already && (!field || !stated(field, seenValues(walk, field.key)))) {
      return { ok: false, missing: field?.name ?? "a field to change" };
    }
  }
  return { ok: true, filled };
}
