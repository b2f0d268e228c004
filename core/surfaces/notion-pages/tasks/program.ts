// The solution side of page-workspace synthesis: the JavaScript a program needs to find a page or
// a data source by its title (title search), a page's blocks (block children), the rows of a data
// source that pass a filter (a query, following cursors), a person by name (the user list), and
// the calls written from the lens under the server's own argument names. Helpers are emitted only
// when a program uses them, with the helpers they need.

import type { TaskDraft } from "../../../tasks/draft";
import { callCode } from "../../../tasks/programs/program-code";
import { inOrder, type SurfaceDraftParts, surfaceDraft } from "../../../tasks/surface-draft";
import type { PagesSlot } from "../roles";
import type { PagesLens, PagesTool } from "./lens";

export type Helper =
  | "plain"
  | "listAll"
  | "titleOf"
  | "pageIdOf"
  | "sourceIdOf"
  | "blocksOf"
  | "rowsOf"
  | "userIdOf";

const NEEDS: Record<Helper, Helper[]> = {
  plain: [],
  listAll: [],
  titleOf: ["plain"],
  pageIdOf: ["titleOf"],
  sourceIdOf: ["plain"],
  blocksOf: ["listAll", "plain"],
  rowsOf: ["listAll", "titleOf"],
  userIdOf: ["listAll"],
};

const ORDER: readonly Helper[] = [
  "plain",
  "listAll",
  "titleOf",
  "pageIdOf",
  "sourceIdOf",
  "blocksOf",
  "rowsOf",
  "userIdOf",
];

/** `ctx.call(tool, {...})` with each slot's value code under the tool's own argument name. */
export function callWith(tool: PagesTool, values: Partial<Record<PagesSlot, string>>): string {
  const entries = (Object.entries(values) as [PagesSlot, string][]).flatMap(([slot, code]) => {
    const name = tool.args[slot];
    return name === undefined ? [] : [[name, code] as const];
  });
  return callCode(tool.name, entries);
}

const cursorOf = (tool: PagesTool) => JSON.stringify(tool.args.cursor ?? "");

function helperCode(lens: PagesLens, helper: Helper): string {
  const search = lens.search;
  const filter = (value: string) =>
    search.args.filter ? { filter: `{ property: "object", value: ${JSON.stringify(value)} }` } : {};
  switch (helper) {
    case "plain":
      return 'const plain = (rich) => (rich || []).map((t) => t.plain_text).join("");';
    case "listAll":
      return [
        "const listAll = (tool, args, cursorArg) => {",
        "  const out = [];",
        "  let page = ctx.call(tool, args);",
        "  out.push(...page.results);",
        "  while (page.has_more && cursorArg) {",
        "    page = ctx.call(tool, Object.assign({}, args, { [cursorArg]: page.next_cursor }));",
        "    out.push(...page.results);",
        "  }",
        "  return out;",
        "};",
      ].join("\n");
    case "titleOf":
      return [
        "const titleOf = (page) => {",
        "  for (const name of Object.keys(page.properties)) {",
        '    if (page.properties[name].type === "title") return plain(page.properties[name].title);',
        "  }",
        '  return "";',
        "};",
      ].join("\n");
    case "pageIdOf":
      return [
        "const pageIdOf = (title) => {",
        `  const found = ${callWith(search, { query: "title", ...filter("page") })}.results.find((p) => p.object === "page" && p.parent.type !== "data_source_id" && titleOf(p) === title);`,
        '  if (!found) throw new Error("no page " + JSON.stringify(title));',
        "  return found.id;",
        "};",
      ].join("\n");
    case "sourceIdOf":
      return [
        "const sourceIdOf = (title) => {",
        `  const found = ${callWith(search, { query: "title", ...filter("data_source") })}.results.find((s) => s.object === "data_source" && plain(s.title) === title);`,
        '  if (!found) throw new Error("no data source " + JSON.stringify(title));',
        "  return found.id;",
        "};",
      ].join("\n");
    case "blocksOf":
      return [
        "const blocksOf = (id) => listAll(",
        `  ${JSON.stringify(lens.block_children.name)},`,
        `  { ${JSON.stringify(lens.block_children.args.block ?? "block_id")}: id },`,
        `  ${cursorOf(lens.block_children)},`,
        ').map((b) => ({ id: b.id, type: b.type, text: b.type === "child_page" ? b.child_page.title : plain((b[b.type] || {}).rich_text), checked: b.type === "to_do" ? b.to_do.checked : null }));',
      ].join("\n");
    case "rowsOf":
      return [
        "const rowsOf = (sourceId, filter, only) => listAll(",
        `  ${JSON.stringify(lens.query_data_source.name)},`,
        `  Object.assign({ ${JSON.stringify(lens.query_data_source.args.dataSource ?? "data_source_id")}: sourceId }, filter ? { ${JSON.stringify(lens.query_data_source.args.filter ?? "filter")}: filter } : {}, only ? { ${JSON.stringify(lens.query_data_source.args.filterProperties ?? "filter_properties")}: only } : {}),`,
        `  ${cursorOf(lens.query_data_source)},`,
        ").map((r) => ({ id: r.id, title: titleOf(r), properties: r.properties }));",
      ].join("\n");
    case "userIdOf":
      return [
        "const userIdOf = (name) => {",
        `  const found = listAll(${JSON.stringify(lens.list_users?.name ?? "")}, {}, ${cursorOf(lens.list_users ?? { name: "", args: {} })}).find((u) => u.name === name);`,
        '  if (!found) throw new Error("no person " + JSON.stringify(name));',
        "  return found.id;",
        "};",
      ].join("\n");
  }
}

function withNeeds(helpers: readonly Helper[]): Set<Helper> {
  const out = new Set<Helper>();
  const add = (h: Helper) => {
    if (out.has(h)) return;
    for (const n of NEEDS[h]) add(n);
    out.add(h);
  };
  for (const h of helpers) add(h);
  return out;
}

export type PagesDraftParts = SurfaceDraftParts<Helper>;

export function pagesDraft(lens: PagesLens, parts: PagesDraftParts): TaskDraft {
  return surfaceDraft(
    parts,
    inOrder(ORDER, withNeeds(parts.helpers)).map((h) => helperCode(lens, h)),
  );
}
