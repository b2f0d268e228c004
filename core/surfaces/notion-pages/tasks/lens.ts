// How task synthesis sees a page workspace (Notion and its look-alikes, imported by
// core/surfaces/notion-pages/surface.ts): which published tool plays which workspace role,
// recognised by the importer's own criterion (core/surfaces/notion-pages/roles.ts), and the argument name each slot
// takes there. Tasks need title search, block children and data source queries to find what a
// user names, and the surface's tables, so that a tool of that name built by another path is not
// taken for one of ours.
import type { ToolSpec } from "../../../environment/spec";
import { listUserTables } from "../../../episode/schema-introspection";
import type { SqlDatabase } from "../../../episode/sql-database";
import type { JsonObject } from "../../../mcp/spec-schema";
import { matchPagesRole, type PagesRole, type PagesSlot } from "../roles";
import { PAGES_TABLES } from "../seed";

export interface PagesTool {
  name: string;
  /** The argument name for each slot the tool takes. */
  args: Partial<Record<PagesSlot, string>>;
}

export type PagesLens = Partial<Record<PagesRole, PagesTool>> & {
  search: PagesTool;
  block_children: PagesTool;
  query_data_source: PagesTool;
};

/** The lens, or undefined unless the environment is a page workspace this source can read. */
export function pagesLens(db: SqlDatabase, tools: readonly ToolSpec[]): PagesLens | undefined {
  const tables = new Set(listUserTables(db).map((t) => t.name));
  if (!Object.values(PAGES_TABLES).every((t) => tables.has(t))) return undefined;
  const found: Partial<Record<PagesRole, PagesTool>> = {};
  for (const tool of tools) {
    const schema = tool.inputSchema as JsonObject;
    const match = matchPagesRole({
      original: { name: tool.name, description: tool.description, inputSchema: schema },
      schema,
    });
    if (match?.ok && found[match.role] === undefined) {
      found[match.role] = { name: tool.name, args: match.args };
    }
  }
  const { search, block_children, query_data_source } = found;
  if (!search || !block_children || !query_data_source) return undefined;
  if (
    search.args.query === undefined ||
    block_children.args.block === undefined ||
    query_data_source.args.filter === undefined
  ) {
    return undefined;
  }
  return { ...found, search, block_children, query_data_source };
}
