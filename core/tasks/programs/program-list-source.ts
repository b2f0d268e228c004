// The collection a programmatic task loops over: a list tool called with its anchor (or with no
// arguments), at the largest page, and kept only when the page holds the whole list, so that a
// loop over it sees every element.
import type { Json } from "../../base/json";
import type { GeneratorContext } from "../draft";
import { statedPhrase } from "../phrasing/phrasing-values";
import { listPhrase, plural, singular, wordsOf } from "../phrasing/words";
import type { ToolField, ToolProfile } from "../tool-profile";
import { type Anchor, describeAnchor, nounOf, requiredInputs } from "./program-anchor";
import { access, callCode, lit } from "./program-code";
import { getPath, isRecord, type JsonRecord, shuffle } from "./program-values";

export interface ListSource {
  tool: ToolProfile;
  anchor?: Anchor;
  /** The argument the anchor fills. */
  anchorInput?: string;
  /** The arguments the list was called with. */
  args: Record<string, Json>;
  items: JsonRecord[];
  /** Code for the array, once `statements` have run (`list["items"]`). */
  itemsExpr: string;
  statements: string[];
  /** "the orders of the customer whose company name is Around the Horn" */
  phrase: string;
  /** "every order of the customer whose company name is Around the Horn" */
  every: string;
  /** Singular noun of one element, "order". */
  entity: string;
  calls: number;
  hidden: Json[];
  tools: string[];
}

export interface ListWanted {
  minItems: number;
  maxItems: number;
  /** Calls the list must take (2: its anchor is looked up, so a count alone is a chain). */
  minCalls?: number;
}

/** Page sizes tried in turn: the first the tool accepts is its largest allowed. */
const PAGE_SIZES = [50, 20];
const VALUES_PER_TOOL = 3;
const GENERIC_LISTS = new Set(["item", "result", "data", "row", "record", "entry", "match"]);

/**
 * Read tools with a main array whose required inputs are scalars: at most one record it lists for
 * (the anchor, `customerId`), the others values the user states (a repository's owner and name).
 */
export function listTools(ctx: GeneratorContext): ToolProfile[] {
  return ctx.graph.tools.filter((tool) => {
    if (tool.effect !== "read" || tool.listPath === undefined || tool.listPath.includes("[]")) {
      return false;
    }
    return requiredInputs(tool).every((i) => i.type !== "array" && i.type !== "object");
  });
}

/** The anchor input (a record key with a noun) and the stated scope of a list tool. */
function splitRequired(
  ctx: GeneratorContext,
  tool: ToolProfile,
): { anchor?: ToolField; scope: ToolField[] } {
  const required = requiredInputs(tool);
  const anchor = required.find((i) => i.identifier && nounOf(i, ctx.graph.keys) !== undefined);
  return { ...(anchor ? { anchor } : {}), scope: required.filter((i) => i !== anchor) };
}

/** Stated values for the scope inputs: from one real row where they share a table, else each. */
function scopeValues(
  ctx: GeneratorContext,
  tool: ToolProfile,
  scope: readonly ToolField[],
  fixed: Record<string, Json>,
): Record<string, Json> | undefined {
  if (scope.length === 0) return {};
  const row = ctx.sampler.row?.(tool, scope, fixed, ctx.rng);
  const out: Record<string, Json> = {};
  for (const input of scope) {
    const value = row?.[input.name] ?? ctx.sampler.candidates(tool, input, 1, ctx.rng)[0];
    if (value === undefined || value === null) return undefined;
    out[input.name] = value;
  }
  return out;
}

/** Complete lists, one after another (tools and anchor values in PRNG order), at most `max`. */
export function* openLists(
  ctx: GeneratorContext,
  wanted: ListWanted,
  max = 4,
): Generator<ListSource, void, undefined> {
  let given = 0;
  for (const tool of shuffle(ctx.rng, listTools(ctx))) {
    const { anchor: input, scope } = splitRequired(ctx, tool);
    const values = input ? ctx.sampler.candidates(tool, input, VALUES_PER_TOOL, ctx.rng) : [null];
    for (const value of values) {
      const anchor = input ? describeAnchor(ctx, input, value, tool.name) : undefined;
      if (input && !anchor) break;
      if ((anchor?.calls ?? 0) + 1 < (wanted.minCalls ?? 1)) break;
      const scoped = scopeValues(ctx, tool, scope, input ? { [input.name]: value } : {});
      if (!scoped) break;
      const source = callList(ctx, tool, input?.name, anchor, wanted, scoped);
      if (!source) continue;
      yield source;
      if (++given >= max) return;
      break; // the next list comes from another tool
    }
  }
}

function callList(
  ctx: GeneratorContext,
  tool: ToolProfile,
  inputName: string | undefined,
  anchor: Anchor | undefined,
  wanted: ListWanted,
  scope: Record<string, Json>,
): ListSource | undefined {
  const limit = tool.inputs.find((i) => i.key === "limit" || i.key === "perpage");
  for (const size of limit ? PAGE_SIZES : [undefined]) {
    const args: Record<string, Json> = {};
    const code: [string, string][] = [];
    if (inputName && anchor) {
      args[inputName] = anchor.value;
      code.push([inputName, anchor.expr]);
    }
    for (const [name, value] of Object.entries(scope)) {
      args[name] = value;
      code.push([name, lit(value)]);
    }
    if (limit && size !== undefined) {
      args[limit.name] = size;
      code.push([limit.name, lit(size)]);
    }
    const outcome = ctx.runner.call(tool.name, args);
    if (!outcome.ok) continue;
    const listPath = tool.listPath ?? "";
    const items = getPath(outcome.result, listPath);
    if (!Array.isArray(items) || !items.every(isRecord)) return undefined;
    if (!isComplete(outcome.result, items.length, size)) return undefined;
    if (items.length < wanted.minItems || items.length > wanted.maxItems) return undefined;
    const entity = elementNoun(tool);
    const scoped = scopePhrase(tool, scope);
    const of = anchor ? ` of ${anchor.phrase}` : "";
    return {
      tool,
      ...(anchor ? { anchor } : {}),
      ...(anchor && inputName ? { anchorInput: inputName } : {}),
      args,
      items: items as JsonRecord[],
      itemsExpr: access("list", listPath),
      statements: [...(anchor?.statements ?? []), `const list = ${callCode(tool.name, code)};`],
      phrase:
        anchor || scoped
          ? `the ${pluralNoun(entity)}${of}${scoped}`
          : `all the ${pluralNoun(entity)}`,
      every: `every ${entity}${of}${scoped}`,
      entity,
      calls: (anchor?.calls ?? 0) + 1,
      hidden: [...(anchor?.hidden ?? [])],
      tools: [...(anchor?.tools ?? []), tool.name],
    };
  }
  return undefined;
}

/** ` with owner alanper and repo release-harbor`; `` when the list has no stated scope. */
function scopePhrase(tool: ToolProfile, scope: Record<string, Json>): string {
  const parts = Object.entries(scope).map(([name, value]) => {
    const input = tool.inputs.find((i) => i.name === name);
    return statedPhrase(name, value, input?.identifier === true);
  });
  return parts.length > 0 ? ` with ${listPhrase(parts)}` : "";
}

/** The page is the whole list: no larger count, no truncation flag, not a full page of unknown size. */
function isComplete(result: Json, returned: number, size: number | undefined): boolean {
  if (!isRecord(result)) return size === undefined || returned < size;
  if (result.truncated === true || result.hasMore === true || result.has_more === true)
    return false;
  const counts = ["total", "matches", "count"]
    .map((name) => result[name])
    .filter((n): n is number => typeof n === "number");
  if (counts.length > 0) return counts.every((n) => n <= returned);
  return size === undefined || returned < size;
}

/** "invoice" for `invoices`, "support rep" for `reps` of `list_support_reps`, "order" for `items`. */
export function elementNoun(tool: ToolProfile): string {
  const last = singular(wordsOf((tool.listPath ?? "").split(".").pop() ?? "").pop() ?? "");
  const entity = wordsOf(tool.entity).join(" ");
  const entityLast = entity.split(" ").pop() ?? "";
  if (last === "" || GENERIC_LISTS.has(last) || last === entityLast) return entity || last;
  return wordsOf(tool.listPath?.split(".").pop() ?? "")
    .map(singular)
    .join(" ");
}

/** "order details" */
export function pluralNoun(noun: string): string {
  const words = noun.split(" ");
  const last = words.pop() ?? "";
  return [...words, plural(last)].join(" ");
}
