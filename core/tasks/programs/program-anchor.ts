// The one value a programmatic task starts from, said the way a user would say it. An identifier
// is resolved through a lookup tool when one exists ("the customer whose email is x": the program
// looks the id up, and the id stays hidden); otherwise the instruction names it ("order 10250").
import type { Json } from "../../base/json";
import type { GeneratorContext } from "../draft";
import { type EntityKeys, isKeyName } from "../entity-keys";
import { fieldKey, humanize, wordsOf } from "../phrasing/words";
import type { ToolField, ToolProfile } from "../tool-profile";
import { access, callCode, lit } from "./program-code";
import { getPath, isRecord, looksLikeIdentifier, shuffle } from "./program-values";

export interface Anchor {
  /** "the customer whose email is x" or "order 10250". */
  phrase: string;
  /** "customer" */
  noun: string;
  value: Json;
  /** Statements that leave the value in `expr`. */
  statements: string[];
  expr: string;
  calls: number;
  hidden: Json[];
  tools: string[];
}

const PAGING = new Set(["limit", "offset", "page", "pagesize", "cursor"]);

/** Required inputs other than paging. */
export function requiredInputs(tool: ToolProfile): ToolField[] {
  return tool.inputs.filter((i) => i.required === true && !PAGING.has(i.key));
}

/**
 * "customer" for `customer_id`, "airline" for a natural key `carrier`; undefined when the name
 * neither ends in an identifier word nor holds an entity's key.
 */
export function nounOf(input: ToolField, keys?: EntityKeys): string | undefined {
  const words = wordsOf(input.name);
  if (words.length >= 2 && looksLikeIdentifier(input.name)) return words.slice(0, -1).join(" ");
  return keys?.get(input.key)?.entity;
}

/** The key the entity's own records carry for `input`: `faa` for `origin`, else the input's own. */
function recordKey(ctx: GeneratorContext, input: ToolField): string {
  const key = ctx.graph.keys.get(input.key);
  return key ? fieldKey(key.attr) : input.key;
}

// Lookup inputs a user would quote, best first.
function lookupRank(key: string): number {
  if (key.includes("email")) return 0;
  if (key.includes("name")) return 1;
  if (key.includes("title")) return 2;
  return 3;
}

export function describeAnchor(
  ctx: GeneratorContext,
  input: ToolField,
  value: Json,
  exclude: string,
): Anchor | undefined {
  const noun = nounOf(input, ctx.graph.keys);
  if (noun === undefined) return undefined;
  const resolved = resolveAnchor(ctx, input, value, noun, exclude);
  if (resolved) return resolved;
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  return {
    phrase: `${noun} ${value}`,
    noun,
    value,
    statements: [`const anchorId = ${lit(value)};`],
    expr: "anchorId",
    calls: 0,
    hidden: [],
    tools: [],
  };
}

// A detail tool gives the entity's text fields; a lookup tool taking one of them must find exactly
// this entity again.
function resolveAnchor(
  ctx: GeneratorContext,
  input: ToolField,
  value: Json,
  noun: string,
  exclude: string,
): Anchor | undefined {
  const texts = entityTexts(ctx, input, value);
  if (texts.size === 0) return undefined;
  const key = recordKey(ctx, input);
  const lookups: { tool: ToolProfile; by: ToolField; text: string; out: ToolField }[] = [];
  for (const tool of ctx.graph.tools) {
    if (tool.effect !== "read" || tool.name === exclude) continue;
    const out = tool.outputs.find(
      (o) =>
        o.key === key &&
        (o.path === o.name ||
          (tool.listPath !== undefined && o.path === listItemPath(tool.listPath, o.name))),
    );
    if (!out) continue;
    for (const by of tool.inputs) {
      const text = texts.get(by.key);
      if (by.type !== "string" || by.identifier || by.enum || text === undefined) continue;
      if (requiredInputs(tool).some((r) => r.name !== by.name)) continue;
      lookups.push({ tool, by, text, out });
    }
  }
  const ordered = shuffle(ctx.rng, lookups).sort(
    (a, b) => lookupRank(a.by.key) - lookupRank(b.by.key),
  );
  for (const { tool, by, text, out } of ordered.slice(0, 3)) {
    const outcome = ctx.runner.call(tool.name, { [by.name]: text });
    if (!outcome.ok) continue;
    const found = locate(outcome.result, tool, out, value);
    if (found === undefined) continue;
    return {
      phrase: `the ${noun} whose ${humanize(by.name)} is ${text}`,
      noun,
      value,
      statements: [
        `const anchor = ${callCode(tool.name, [[by.name, lit(text)]])};`,
        `const anchorId = ${access("anchor", found)};`,
      ],
      expr: "anchorId",
      calls: 1,
      hidden: [value],
      tools: [tool.name],
    };
  }
  return undefined;
}

export function listItemPath(listPath: string, name: string): string {
  return listPath === "" ? `[].${name}` : `${listPath}[].${name}`;
}

/** The path (with `[0]` for the single list element) where the lookup returned `value`. */
function locate(result: Json, tool: ToolProfile, out: ToolField, value: Json): string | undefined {
  if (tool.listPath === undefined || out.path === out.name) {
    return getPath(result, out.name) === value ? out.name : undefined;
  }
  const items = getPath(result, tool.listPath);
  if (!Array.isArray(items) || items.length !== 1) return undefined;
  const only = items[0];
  if (!isRecord(only) || only[out.name] !== value) return undefined;
  return tool.listPath === "" ? `[0].${out.name}` : `${tool.listPath}.[0].${out.name}`;
}

/** Short text fields of the entity, by key, read through a one-input detail tool. */
function entityTexts(ctx: GeneratorContext, input: ToolField, value: Json): Map<string, string> {
  const texts = new Map<string, string>();
  const key = recordKey(ctx, input);
  const detail = ctx.graph.tools.find((t) => {
    const required = requiredInputs(t);
    return t.effect === "read" && required.length === 1 && required[0]?.key === key;
  });
  const arg = detail && requiredInputs(detail)[0];
  if (!detail || !arg) return texts;
  const outcome = ctx.runner.call(detail.name, { [arg.name]: value });
  if (!outcome.ok || !isRecord(outcome.result)) return texts;
  for (const [name, v] of Object.entries(outcome.result)) {
    if (typeof v !== "string" || v.trim() === "" || v.length > 60) continue;
    if (looksLikeIdentifier(name) || isKeyName(ctx.graph.keys, name)) continue;
    texts.set(fieldKey(name), v);
  }
  return texts;
}
