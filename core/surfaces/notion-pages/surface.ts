// The pages surface: servers of block-structured page workspaces like Notion (the
// makenotion/notion-mcp-server's `API-*` tools and look-alikes). Recognised by a general
// criterion (roles.ts): each tool's name says a workspace operation and its arguments
// fill that operation's slots (page, block and data source ids, children blocks, properties,
// filters, sorts, cursors), and the server reads pages, lists and appends block children, writes
// pages, queries data sources and searches. The model is five tables (users, pages, blocks, data
// sources, comments) seeded with a team wiki (content.ts); each tool answers with the
// Notion API's JSON objects and errors (tools.ts).
import { fittingMatches, matchTools } from "../kit/role-matching";
import { importRoleSurface, leaveOutRoles, roleTables } from "../kit/role-surface";
import type { McpSurface, SurfaceImport, SurfaceInput, SurfaceTool } from "../surface";
import { DATA_SOURCES, PEOPLE } from "./content";
import { looksLikePages, matchPagesRole, type PagesRoleMatch } from "./roles";
import { PAGES_COLUMNS, PAGES_SCHEMA_SQL, PAGES_TABLES, pagesRows } from "./seed";
import { pagesToolTests } from "./tests";
import { type ImplementedRole, isImplemented, pagesEffect, pagesImplementation } from "./tools";

/** The verb the import report shows, and the table each role works on. */
const ROLES: Record<ImplementedRole, { verb: string; table: string }> = {
  get_user: { verb: "get", table: PAGES_TABLES.users },
  list_users: { verb: "list", table: PAGES_TABLES.users },
  get_self: { verb: "get", table: PAGES_TABLES.users },
  search: { verb: "list", table: PAGES_TABLES.pages },
  block_children: { verb: "list", table: PAGES_TABLES.blocks },
  append_children: { verb: "create", table: PAGES_TABLES.blocks },
  get_block: { verb: "get", table: PAGES_TABLES.blocks },
  update_block: { verb: "update", table: PAGES_TABLES.blocks },
  delete_block: { verb: "delete", table: PAGES_TABLES.blocks },
  get_page: { verb: "get", table: PAGES_TABLES.pages },
  update_page: { verb: "update", table: PAGES_TABLES.pages },
  create_page: { verb: "create", table: PAGES_TABLES.pages },
  get_page_property: { verb: "get", table: PAGES_TABLES.pages },
  list_comments: { verb: "list", table: PAGES_TABLES.comments },
  create_comment: { verb: "create", table: PAGES_TABLES.comments },
  query_data_source: { verb: "list", table: PAGES_TABLES.pages },
  get_data_source: { verb: "get", table: PAGES_TABLES.dataSources },
  update_data_source: { verb: "update", table: PAGES_TABLES.dataSources },
  create_data_source: { verb: "create", table: PAGES_TABLES.dataSources },
  get_database: { verb: "get", table: PAGES_TABLES.dataSources },
  move_page: { verb: "update", table: PAGES_TABLES.pages },
  page_markdown: { verb: "get", table: PAGES_TABLES.blocks },
  update_markdown: { verb: "update", table: PAGES_TABLES.blocks },
};

const TEMPLATES_LEFT_OUT =
  "the workspace model keeps no page templates, so every data source would list none; an always-empty answer is not modelled";

export const pagesSurface: McpSurface = {
  name: "pages",
  recognise(input: SurfaceInput): SurfaceImport | undefined {
    const matched = matchTools(input.tools, matchPagesRole);
    const fitting = fittingMatches(matched).map((m) => m.role);
    if (!looksLikePages(fitting)) return undefined;
    return importWorkspace(input, matched);
  },
};

function importWorkspace(
  input: SurfaceInput,
  matched: readonly { tool: SurfaceTool; match: PagesRoleMatch }[],
): SurfaceImport {
  const rows = pagesRows();
  const table = roleTables(PAGES_TABLES, PAGES_COLUMNS, rows);
  const sourceRows = DATA_SOURCES.map((s) => `${s.title} (${s.rows.length} rows)`).join(" and ");
  return importRoleSurface(input, leaveOutRoles(matched, isImplemented, TEMPLATES_LEFT_OUT), {
    surface: "pages",
    schemaSql: PAGES_SCHEMA_SQL,
    tables: [
      table("users", "user_id"),
      table("pages", "page_id"),
      table("blocks", "block_id"),
      table("dataSources", "data_source_id"),
      table("comments", "comment_id"),
    ],
    roles: ROLES,
    tests: ({ role, args }) => pagesToolTests(role, args),
    tool: ({ role, args }, name) => ({
      effect: pagesEffect(role),
      implementation: pagesImplementation(role, name, args),
    }),
    notes: [
      `pages: a team wiki of ${PEOPLE.length} people and the integration's bot, ${rows.pages.length} pages (${rows.pages.filter((r) => r[1] === "data_source_id").length} of them data source rows), ${rows.blocks.length} blocks and ${rows.comments.length} comments, with the data sources ${sourceRows}; rich text keeps its plain text (no annotations or links), block types beyond paragraph, headings, list items, to-dos, quotes, code, dividers and child pages/databases are refused, a database holds one data source, and query results without sorts come in creation order; Notion's errors are tool errors (object_not_found, validation_error) with the error object as details`,
    ],
  });
}
