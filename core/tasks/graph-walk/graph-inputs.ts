// Filling a tool's arguments during a walk: first from earlier results along the graph's edges
// (dependent, hidden values), then from the sampler (values the user states), with new values for
// the fields a write changes. Paging arguments are left to their defaults.
import { canonicalJson, type Json } from "../../base/json";
import type { GeneratorContext } from "../draft";
import { changesFields, intentOf } from "../phrasing/phrasing-intent";
import { fieldKey } from "../phrasing/words";
import type { ToolField, ToolProfile } from "../tool-profile";
import {
  bindElement,
  isReference,
  resampleElement,
  sample,
  uniqueKind,
  varyElement,
} from "./graph-elements";
import { parsePath, readRef, resolvePath } from "./graph-paths";
import { pick, pickWeighted } from "./graph-random";
import { readsCreatedRecord, type ValueRef, type Walk } from "./graph-step";
import { varyValue } from "./graph-variation";
import { isIdentifier } from "./walk-names";

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

interface Hit {
  index: number;
  tokens: ValueRef["tokens"];
  value: Json;
}

/**
 * Binds `input` (an argument, or a field of one element of it) from step `index` along an edge of
 * the graph when some element of its result has a value `accept` takes.
 */
function bindFrom(
  ctx: GeneratorContext,
  walk: Walk,
  index: number,
  tool: string,
  input: ToolField,
  accept: (hit: Hit) => boolean,
): Hit | undefined {
  const source = walk.steps[index];
  if (!source) return undefined;
  const edges = ctx.graph.edges.filter((e) => e.from === source.tool && e.to === tool);
  const preferred = source.known.map((k) => source.args[k] ?? null);
  for (const edge of edges) {
    for (const via of edge.via) {
      if (via.input !== input.path) continue;
      const selections = new Map(walk.selections[index] ?? []);
      const tokens = resolvePath(
        source.result,
        parsePath(via.output),
        ctx.rng,
        selections,
        (v) => fits(input, v) && (input.type !== "array" || !Array.isArray(v) || v.length > 0),
        preferred,
      );
      const value = tokens ? readRef(source.result, tokens) : undefined;
      if (!tokens || value === undefined) continue;
      const hit = { tokens, index, value };
      if (!accept(hit)) continue;
      walk.selections[index] = selections;
      return hit;
    }
  }
  return undefined;
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
  const write = profile.effect === "write";
  const updates = write && changesFields(intentOf(profile));
  if (options.from !== undefined) order.unshift(options.from);
  // Dependent values: the edge just taken binds its reference inputs (optional ones too: that is
  // the link); earlier steps bind the remaining required ones. A plain value (an email, a city) is
  // copied from a result only when it names the record an earlier call made ("the new entity");
  // otherwise the user states it, and an update would change nothing.
  const taken = new Set<string>();
  const bindOne = (input: ToolField, required: boolean) => {
    for (const index of order) {
      // An update's optional references are the fields it changes: copying them changes nothing.
      if (!required && (index !== options.from || updates)) continue;
      const hit = bindFrom(ctx, walk, index, profile.name, input, ({ tokens, value }) => {
        const source = walk.steps[index];
        // Two references of one call to the same record ("from X to X") ask for nothing new.
        if (taken.has(canonicalJson(value))) return false;
        return isReference(input) || (!!source && readsCreatedRecord(source, tokens, value));
      });
      if (!hit) continue;
      const wrap = input.type === "array" && !Array.isArray(hit.value);
      const ref: ValueRef = { step: hit.index, tokens: hit.tokens, wrap };
      taken.add(canonicalJson(hit.value));
      return { ref, value: wrap ? [hit.value] : hit.value };
    }
    return undefined;
  };
  for (const input of inputs) {
    if (input.items || (!isReference(input) && !input.required)) continue;
    const hit = bindOne(input, input.required === true);
    if (!hit) continue;
    filled.args[input.name] = hit.value;
    filled.bound[input.name] = hit.ref;
  }
  for (const input of inputs) {
    if (!input.items) continue;
    const built = bindElement(ctx, profile, input, options.vary && write, bindOne);
    if (built === "missing") return { ok: false, missing: input.name };
    if (!built) continue;
    filled.args[input.name] = built.value;
    Object.assign(filled.bound, built.bound);
    filled.known.push(input.name);
  }
  if (options.requireBound && Object.keys(filled.bound).length === 0) {
    return { ok: false, missing: "an input an earlier step produced" };
  }
  const stated = (input: ToolField, avoid: Json[] = []): boolean => {
    const sampled = sample(ctx, profile, input, avoid);
    if (sampled === undefined) return false;
    const value =
      write && input.items ? resampleElement(ctx, profile, sampled, input.items) : sampled;
    const fresh =
      write && options.vary && !isIdentifier(input) && uniqueKind(input)
        ? varyValue(value, ctx.rng)
        : write && options.vary && input.items
          ? varyElement(value, input.items, ctx)
          : value;
    filled.args[input.name] = fresh;
    filled.known.push(input.name);
    return true;
  };
  // The keys of one existing record come from one row: a task id with its own request id, an
  // order line's position within the order already chosen. A new record's are drawn apart.
  const intent = intentOf(profile);
  if (intent !== "create" && intent !== "add") {
    const open = inputs.filter((i) => i.required && !(i.name in filled.args) && !i.items);
    const fixed: Record<string, Json> = {};
    for (const name of Object.keys(filled.bound)) {
      const value = filled.args[name];
      if (value !== undefined && (value === null || typeof value !== "object")) fixed[name] = value;
    }
    const row = open.length > 0 ? ctx.sampler.row?.(profile, open, fixed, ctx.rng) : undefined;
    for (const [name, value] of Object.entries(row ?? {})) {
      filled.args[name] = value;
      filled.known.push(name);
    }
  }
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
  if (updates) {
    const fields = optional.filter((i) => !isReference(i) && !(i.name in filled.args));
    const already = filled.known.some((k) => !inputs.find((i) => i.name === k)?.identifier);
    const field = already ? undefined : pick(ctx.rng, fields);
    if (!already && (!field || !stated(field, seenValues(walk, field.key)))) {
      return { ok: false, missing: field?.name ?? "a field to change" };
    }
  }
  return { ok: true, filled };
}
