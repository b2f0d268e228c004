// Calls a loop body can make with one element of a list: tools reached along a strong edge of the
// tool graph whose required inputs the element fills (by identifier key), or the list's own
// arguments (a refund needs the invoice the lines came from as well as the line).
import type { Json } from "../../base/json";
import type { GeneratorContext } from "../draft";
import { isOwnKeyName } from "../own-fields";
import { fieldKey, wordsOf } from "../phrasing/words";
import { outEdges } from "../tool-graph";
import type { ToolField, ToolProfile } from "../tool-profile";
import { listItemPath, requiredInputs } from "./program-anchor";
import { access, lit } from "./program-code";
import type { ListSource } from "./program-list-source";
import { identifierNamed } from "./program-values";

export interface LinkArg {
  input: string;
  /** `item`: a field of the element; `anchor`: the list's anchored argument. */
  from: "item" | "anchor";
  field: string;
}

export interface Link {
  tool: ToolProfile;
  args: LinkArg[];
}

const GENERIC_KEYS = new Set(["id", "key", "code"]);

/** An input that takes the key of the list's own records under another name (`origin` <- `faa`). */
function referredField(
  input: ToolField,
  listTool: ToolProfile,
  itemFields: ReadonlyMap<string, string>,
): string | undefined {
  const refers = input.refers;
  if (!refers || fieldKey(refers.entity) !== fieldKey(listTool.entity)) return undefined;
  return itemFields.get(fieldKey(refers.attr));
}

export function linksFrom(
  ctx: GeneratorContext,
  list: ListSource,
  accept: (tool: ToolProfile) => boolean,
): Link[] {
  const sample = list.items[0];
  if (!sample) return [];
  const itemFields = new Map<string, string>();
  // Identifier-shaped names, and the fields the tool's profile knows as keys (`issue_number`,
  // a group's `value` keyed as what it groups by).
  const profiled = new Map(
    list.tool.outputs
      .filter((o) => o.identifier && o.path === listItemPath(list.tool.listPath ?? "", o.name))
      .map((o) => [o.name, o.key]),
  );
  for (const name of Object.keys(sample)) {
    const key = profiled.get(name);
    if (key !== undefined) itemFields.set(key, name);
    else if (identifierNamed(ctx, name)) itemFields.set(fieldKey(name), name);
  }
  const edges = outEdges(ctx.graph, list.tool.name);
  const strong = new Set(edges.filter((e) => e.strength === "strong").map((e) => e.to));
  // An element's own name feeding a required input is a key too (a property's `name` ->
  // `propertyName`), though the edge it makes is weak.
  const named = new Map<string, Map<string, string>>();
  for (const edge of edges) {
    for (const via of edge.via) {
      const field = via.output.slice(listItemPath(list.tool.listPath ?? "", "").length);
      if (via.output !== listItemPath(list.tool.listPath ?? "", field)) continue;
      if (!isOwnKeyName(list.tool.entity, field)) continue;
      const byInput = named.get(edge.to) ?? new Map<string, string>();
      byInput.set(via.input, field);
      named.set(edge.to, byInput);
    }
  }
  const links: Link[] = [];
  for (const tool of ctx.graph.tools) {
    const reached = strong.has(tool.name) || named.has(tool.name);
    if (tool.name === list.tool.name || !reached || !accept(tool)) continue;
    const sameEntity = wordsOf(tool.entity).join(" ") === list.entity;
    const args: LinkArg[] = [];
    for (const input of requiredInputs(tool)) {
      const field =
        itemFields.get(input.key) ??
        referredField(input, list.tool, itemFields) ??
        named.get(tool.name)?.get(input.name);
      const anchored = Object.keys(list.args).find((name) => fieldKey(name) === input.key);
      if (field && (sameEntity || !GENERIC_KEYS.has(input.key))) {
        args.push({ input: input.name, from: "item", field });
      } else if (anchored) args.push({ input: input.name, from: "anchor", field: anchored });
      else break;
    }
    const complete = args.length === requiredInputs(tool).length;
    if (complete && args.some((a) => a.from === "item")) links.push({ tool, args });
  }
  return links;
}

/** The link's arguments for one element. */
export function linkArgs(
  link: Link,
  item: { [key: string]: Json },
  list: ListSource,
): Record<string, Json> {
  const args: Record<string, Json> = {};
  for (const a of link.args) {
    args[a.input] = (a.from === "item" ? item[a.field] : list.args[a.field]) ?? null;
  }
  return args;
}

/** The link's arguments as code, the element held in `itemVar`. */
export function linkCode(link: Link, itemVar: string, list: ListSource): [string, string][] {
  return link.args.map((a) => [
    a.input,
    a.from === "item"
      ? access(itemVar, a.field)
      : a.field === list.anchorInput && list.anchor
        ? list.anchor.expr
        : lit(list.args[a.field] ?? null),
  ]);
}

/**
 * The identifier values of one element that the link reads (they stay out of the instruction),
 * less the anchor's value when the instruction states it ("order 10250").
 */
export function linkHidden(link: Link, item: { [key: string]: Json }, list: ListSource): Json[] {
  const stated = list.anchor && list.anchor.calls === 0 ? list.anchor.value : undefined;
  return link.args
    .filter((a) => a.from === "item")
    .map((a) => item[a.field] ?? null)
    .filter((v) => v !== stated);
}
