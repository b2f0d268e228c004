// The pages surface: servers of block-structured page workspaces like Notion (the
// makenotion/notion-mcp-server's `API-*` tools and look-alikes). Recognised by a general
// criterion (mcp-pages-roles.ts): each tool's name says a workspace operation and its arguments
// fill that operation's slots (page, block and data source ids, children blocks, properties,
// filters, sorts, cursors), and the server reads pages, lists and appends block children, writes
// pages, queries data sources and searches. The model is five tables (users, pages, blocks, data
// sources, comments) seeded with a team wiki (mcp-pages-content.ts); each tool answers with the
// Notion API's JSON objects and errors (mcp-pages-tools.ts).
import type { ToolSpec } from "../environment/spec";
import { validateArguments } from "../json-schema/validate-arguments";
import type { McpImportReport } from "./mcp-import-report";
import { DATA_SOURCES, PEOPLE } from "./mcp-pages-content";
import {
  looksLikePages,
  matchPagesRole,
  type PagesRole,
  type PagesRoleMatch,
} from "./mcp-pages-roles";
import {
  PAGES_COLUMNS,
  PAGES_SCHEMA_SQL,
  PAGES_TABLES,
  type PagesTable,
  pagesRows,
} from "./mcp-pages-seed";
import { pagesToolTests } from "./mcp-pages-tests";
import { isImplemented, pagesEffect, pagesImplementation } from "./mcp-pages-tools";
import { isJsonObject, type JsonObject } from "./mcp-spec-schema";
import type { McpSurface, SurfaceImport, SurfaceInput, SurfaceTool } from "./mcp-surface";

/** The verb the import report shows, and the table each role works on. */
const ROLES: Record<PagesRole, { verb: string; table: PagesTable }> = {
  get_user: { verb: "get", table: "users" },
  list_users: { verb: "list", table: "users" },
  get_self: { verb: "get", table: "users" },
  search: { verb: "list", table: "pages" },
  block_children: { verb: "list", table: "blocks" },
  append_children: { verb: "create", table: "blocks" },
  get_block: { verb: "get", table: "blocks" },
  update_block: { verb: "update", table: "blocks" },
  delete_block: { verb: "delete", table: "blocks" },
  get_page: { verb: "get", table: "pages" },
  update_page: { verb: "update", table: "pages" },
  create_page: { verb: "create", table: "pages" },
  get_page_property: { verb: "get", table: "pages" },
  list_comments: { verb: "list", table: "comments" },
  create_comment: { verb: "create", table: "comments" },
  query_data_source: { verb: "list", table: "pages" },
  get_data_source: { verb: "get", table: "dataSources" },
  update_data_source: { verb: "update", table: "dataSources" },
  create_data_source: { verb: "create", table: "dataSources" },
  list_templates: { verb: "list", table: "pages" },
  get_database: { verb: "get", table: "dataSources" },
  move_page: { verb: "update", table: "pages" },
  page_markdown: { verb: "get", table: "blocks" },
  update_markdown: { verb: "update", table: "blocks" },
};

const KEYS: Record<PagesTable, string> = {
  users: "user_id",
  pages: "page_id",
  blocks: "block_id",
  dataSources: "data_source_id",
  comments: "comment_id",
};

const TEMPLATES_LEFT_OUT =
  "the workspace model keeps no page templates, so every data source would list none; an always-empty answer is not modelled";

export const pagesSurface: McpSurface = {
  name: "pages",
  recognise(input: SurfaceInput): SurfaceImport | undefined {
    const matched = input.tools.flatMap((tool) => {
      const match = matchPagesRole(tool);
      return match ? [{ tool, match }] : [];
    });
    const fitting = matched.flatMap((m) => (m.match.ok ? [m.match.role] : []));
    if (!looksLikePages(fitting)) return undefined;
    return importWorkspace(input, matched);
  },
};

function importWorkspace(
  input: SurfaceInput,
  matched: readonly { tool: SurfaceTool; match: PagesRoleMatch }[],
): SurfaceImport {
  const leftOut: McpImportReport["leftOut"] = [];
  const tools: ToolSpec[] = [];
  const implemented: McpImportReport["implemented"] = [];
  const notes: string[] = [];
  for (const { tool, match } of matched) {
    const original = tool.original;
    const leave = (reason: string) =>
      leftOut.push({ tool: original.name, status: "not yet implemented", reason });
    if (!match.ok) {
      leave(match.reason);
      continue;
    }
    if (!isImplemented(match.role)) {
      leave(TEMPLATES_LEFT_OUT);
      continue;
    }
    const tests = pagesToolTests(match.role, match.args);
    const invalid = tests.find(
      (t) => t.expect.error === undefined && !validateArguments(tool.schema, t.args).valid,
    );
    if (invalid || !isJsonObject(original.inputSchema)) {
      leave(
        `could not build test arguments valid for its inputSchema (${invalid?.name ?? "schema"})`,
      );
      continue;
    }
    const name = input.publishName(original.name);
    if (name !== original.name)
      notes.push(
        `${original.name} is published as ${name} (tool names allow letters, digits and _)`,
      );
    tools.push({
      name,
      description: (original.description ?? name).slice(0, 4000) || name,
      inputSchema: original.inputSchema as JsonObject,
      effect: pagesEffect(match.role),
      implementation: pagesImplementation(match.role, name, match.args),
      tests,
    });
    implemented.push({
      tool: name,
      original: original.name,
      table: PAGES_TABLES[ROLES[match.role].table],
      verb: ROLES[match.role].verb,
      surface: "pages",
    });
  }
  const rows = pagesRows();
  const tableKeys = Object.keys(PAGES_TABLES) as PagesTable[];
  const sourceRows = DATA_SOURCES.map((s) => `${s.title} (${s.rows.length} rows)`).join(" and ");
  notes.push(
    `pages: a team wiki of ${PEOPLE.length} people and the integration's bot, ${rows.pages.length} pages (${rows.pages.filter((r) => r[1] === "data_source_id").length} of them data source rows), ${rows.blocks.length} blocks and ${rows.comments.length} comments, with the data sources ${sourceRows}; rich text keeps its plain text (no annotations or links), block types beyond paragraph, headings, list items, to-dos, quotes, code, dividers and child pages/databases are refused, a database holds one data source, and query results without sorts come in creation order; Notion's errors are tool errors (object_not_found, validation_error) with the error object as details`,
  );
  return {
    surface: "pages",
    claimed: matched.map((m) => m.tool.original.name),
    schemaSql: PAGES_SCHEMA_SQL,
    seed: {
      tables: Object.fromEntries(
        tableKeys.map((k) => [PAGES_TABLES[k], { columns: [...PAGES_COLUMNS[k]], rows: rows[k] }]),
      ),
    },
    tools,
    tables: tableKeys.map((k) => ({
      name: PAGES_TABLES[k],
      key: KEYS[k],
      columns: [...PAGES_COLUMNS[k]],
      rows: rows[k].length,
    })),
    implemented,
    leftOut,
    notes,
  };
}
