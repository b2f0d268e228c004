// How the role-recognising surfaces (mailbox, pages, bases, CRM, calendar, code host, task queue,
// chat, knowledge graph, file system) match a tool to an operation: the words of its name pick
// the first rule that names the operation, then every argument must fill one of that operation's
// slots by its name (compared without case, `_` or `-`) and type, with the server requiring
// exactly the slots the operation cannot do without. A misfit says why, in one sentence shape.

import { isJsonObject, type JsonObject } from "../../mcp/spec-schema";
import { typesOf } from "../../mcp/tool-json-schema";
import type { SurfaceTool } from "../surface";

/** The lower-case words of a tool name: `batch_modify_emails`, `readFile`, `get-page`. */
export function toolWords(name: string): Set<string> {
  return new Set(
    name
      .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w !== ""),
  );
}

/** Whether the name's words include any of `wanted`. */
export const anyWord = (words: ReadonlySet<string>, ...wanted: string[]) =>
  wanted.some((w) => words.has(w));

/** An argument name as slots compare it: lower case, letters and digits only. */
export const squashName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Whether the schema declares types and all of them are among `allowed`. */
export function onlyTypes(schema: JsonObject, ...allowed: string[]): boolean {
  const types = typesOf(schema);
  return types.length > 0 && types.every((t) => allowed.includes(t));
}

/** The first rule (in order) whose name test passes on the tool's name words. */
export function ruleNaming<T extends { named(words: ReadonlySet<string>): boolean }>(
  rules: readonly T[],
  tool: SurfaceTool,
): T | undefined {
  const words = toolWords(tool.original.name);
  return rules.find((r) => r.named(words));
}

/** The tool's argument schemas by name and the names its schema requires. */
export function toolArguments(tool: SurfaceTool): { props: JsonObject; required: Set<unknown> } {
  return {
    props: isJsonObject(tool.schema.properties) ? tool.schema.properties : {},
    required: new Set(Array.isArray(tool.schema.required) ? tool.schema.required : []),
  };
}

export interface RoleMisfit<R extends string> {
  ok: false;
  role: R;
  reason: string;
}

/** A tool whose name says `role` but whose arguments the surface cannot take, and why. */
export function roleMisfit<R extends string>(role: R, surface: string, why: string): RoleMisfit<R> {
  return {
    ok: false,
    role,
    reason: `its name says ${role.replaceAll("_", " ")} but ${why}, which the ${surface} surface does not model`,
  };
}

/** An operation taking named slots: each slot it takes, and whether the server must require it. */
export interface SlotRule<R extends string, S extends string> {
  role: R;
  named(words: ReadonlySet<string>): boolean;
  slots: Partial<Record<S, boolean>>;
}

/** What a surface knows of its slots. */
export interface SlotCatalog<S extends string> {
  /** The surface's name in misfit reasons ("mailbox" gives "the mailbox surface"). */
  surface: string;
  /** The squashed argument names the slot answers to. */
  names(slot: S): readonly string[];
  /** Why the argument `name` with this schema cannot fill the slot, or undefined when it can. */
  unfit(schema: unknown, slot: S, name: string): string | undefined;
  /** A slot that may take several arguments (every one of them fills it); none by default. */
  repeats?(slot: S): boolean;
  /** Whether a slot the operation may go without may still be required; no by default. */
  optionalMayBeRequired?: boolean;
  /** The slot as the "it has no … argument" reason names it; the slot's own name by default. */
  words?(slot: S): string;
}

export type SlotMatch<R extends string, S extends string> =
  | {
      ok: true;
      role: R;
      /** The server's argument name for each slot it offers. */
      args: Partial<Record<S, string>>;
    }
  | RoleMisfit<R>;

/** The match of the first rule naming the tool (see `matchSlots`), or undefined when none does. */
export function matchRoleSlots<R extends string, S extends string>(
  tool: SurfaceTool,
  rules: readonly SlotRule<R, S>[],
  catalog: SlotCatalog<S>,
): SlotMatch<R, S> | undefined {
  const rule = ruleNaming(rules, tool);
  return rule && matchSlots(tool, rule, catalog);
}

/** Fills the rule's slots with the tool's arguments, or says which argument does not fit. */
export function matchSlots<R extends string, S extends string>(
  tool: SurfaceTool,
  rule: SlotRule<R, S>,
  catalog: SlotCatalog<S>,
): SlotMatch<R, S> {
  const { props, required } = toolArguments(tool);
  const misfit = (why: string) => roleMisfit(rule.role, catalog.surface, why);
  const args: Partial<Record<S, string>> = {};
  const slots = Object.keys(rule.slots) as S[];
  for (const [name, schema] of Object.entries(props)) {
    const slot = slots.find(
      (s) =>
        (args[s] === undefined || catalog.repeats?.(s) === true) &&
        catalog.names(s).includes(squashName(name)),
    );
    if (slot === undefined) return misfit(`it takes an argument "${name}"`);
    const unfit = catalog.unfit(schema, slot, name);
    if (unfit !== undefined) return misfit(unfit);
    if (rule.slots[slot] && !required.has(name)) return misfit(`its "${name}" is optional`);
    if (!catalog.optionalMayBeRequired && !rule.slots[slot] && required.has(name)) {
      return misfit(`it requires "${name}"`);
    }
    args[slot] = name;
  }
  for (const [slot, needed] of Object.entries(rule.slots) as [S, boolean][]) {
    if (needed && args[slot] === undefined) {
      return misfit(`it has no ${catalog.words?.(slot) ?? slot} argument`);
    }
  }
  return { ok: true, role: rule.role, args };
}

/** Every tool whose name names one of the surface's operations, with its match (fitting or not). */
export function matchTools<M>(
  tools: readonly SurfaceTool[],
  match: (tool: SurfaceTool) => M | undefined,
): { tool: SurfaceTool; match: M }[] {
  return tools.flatMap((tool) => {
    const found = match(tool);
    return found === undefined ? [] : [{ tool, match: found }];
  });
}

/** The matches whose arguments fit, which decide whether the server is of the surface's kind. */
export function fittingMatches<M extends { ok: boolean }>(
  matched: readonly { match: M }[],
): Extract<M, { ok: true }>[] {
  return matched.flatMap((m) => (m.match.ok ? [m.match as Extract<M, { ok: true }>] : []));
}
