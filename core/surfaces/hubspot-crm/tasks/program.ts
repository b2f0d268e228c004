// The solution side of CRM task synthesis: the JavaScript a program needs to find records by what
// a user knows of them (a deal's name, a contact's first and last name, a company's name, an
// owner's name, "me"), written against the lens's tools with the CRM API's own argument names,
// and the draft every template returns. Helpers are emitted only when a program uses them.

import type { TaskDraft } from "../../../tasks/draft";
import { pick } from "../../../tasks/graph-walk/graph-random";
import { lit } from "../../../tasks/programs/program-code";
import {
  givesAway,
  inOrder,
  quoted,
  type SurfaceDraftParts,
  surfaceDraft,
  unfit,
} from "../../../tasks/surface-draft";
import type { TaskKind } from "../../../tasks/task";
import type { CrmRole } from "../roles";
import type { CrmContext, CrmLens } from "./lens";

export { givesAway, quoted, unfit };

export type Helper = "findOne" | "findAll" | "ownerIdOf" | "myOwnerId";

function helperCode(lens: CrmLens, helper: Helper): string {
  switch (helper) {
    case "findOne":
      return [
        "const findOne = (objectType, pairs, properties) => {",
        '  const filters = pairs.map(([propertyName, value]) => ({ propertyName, operator: "EQ", value }));',
        `  const found = ctx.call(${lit(lens.search_objects)}, { objectType, filterGroups: [{ filters }], properties, limit: 10 }).results;`,
        '  if (found.length !== 1) throw new Error("expected one " + objectType + " for " + JSON.stringify(pairs));',
        "  return found[0];",
        "};",
      ].join("\n");
    case "findAll":
      return [
        "const findAll = (objectType, filters, properties) => {",
        "  const out = [];",
        "  let after;",
        "  do {",
        "    const page = ctx.call(" +
          lit(lens.search_objects) +
          ", Object.assign({ objectType, filterGroups: [{ filters }], properties, limit: 100 }, after === undefined ? {} : { after }));",
        "    out.push(...page.results);",
        "    after = page.paging && page.paging.next ? page.paging.next.after : undefined;",
        "  } while (after !== undefined);",
        "  return out;",
        "};",
      ].join("\n");
    case "ownerIdOf":
      return [
        "const ownerIdOf = (name) => {",
        `  const options = ctx.call(${lit(lens.get_property ?? "")}, { objectType: "deals", propertyName: "hubspot_owner_id" }).options;`,
        "  const found = options.find((o) => o.label === name);",
        '  if (!found) throw new Error("no owner " + name);',
        "  return found.value;",
        "};",
      ].join("\n");
    case "myOwnerId":
      return `const myOwnerId = () => ctx.call(${lit(lens.user_details ?? "")}, {}).ownerInfo.id;`;
  }
}

/** The published tool of a role the template's roles guarantee. */
export function toolOf(ctx: CrmContext, role: CrmRole): string {
  const tool = ctx.lens[role];
  if (!tool) throw new Error(`the CRM lens has no ${role} tool`);
  return tool;
}

/** `ctx.call("tool", <args literal>)` for the tool of a role, args written as code. */
export const callRole = (ctx: CrmContext, role: CrmRole, argsCode: string) =>
  `ctx.call(${lit(toolOf(ctx, role))}, ${argsCode})`;

export interface CrmDraftParts extends Omit<SurfaceDraftParts<Helper>, "tools"> {
  roles: CrmRole[];
}

export function crmDraft(ctx: CrmContext, parts: CrmDraftParts): TaskDraft {
  const helpers = inOrder<Helper>(["findOne", "findAll", "ownerIdOf", "myOwnerId"], parts.helpers);
  const helperRoles: CrmRole[] = [
    ...(parts.helpers.includes("ownerIdOf") ? (["get_property"] as const) : []),
    ...(parts.helpers.includes("myOwnerId") ? (["user_details"] as const) : []),
  ];
  const roles: CrmRole[] = ["search_objects", ...helperRoles, ...parts.roles];
  return surfaceDraft(
    { ...parts, tools: roles.map((r) => toolOf(ctx, r)) },
    helpers.map((h) => helperCode(ctx.lens, h)),
  );
}

export interface CrmTemplate {
  name: string;
  kind: TaskKind;
  /** Roles it calls besides the search (and those its helpers bring). */
  roles: readonly CrmRole[];
  /** The most state-changing calls one of its tasks makes (0: it only reads). */
  maxWrites: number;
  /** How many distinct tasks it can make; templates are drawn in proportion (capped). */
  capacity(ctx: CrmContext): number;
  build(ctx: CrmContext, minWrites: number): TaskDraft | { reason: string; detail: string };
}

/** One of several ways to open the same request, so instructions do not all read alike. */
export const phrase = (ctx: CrmContext, ways: readonly string[]) =>
  pick(ctx.rng, ways) ?? ways[0] ?? "";

/** `[propertyName, value]` pairs that find a contact by name. */
export const byName = (first: string, last: string) =>
  lit([
    ["firstname", first],
    ["lastname", last],
  ]);
