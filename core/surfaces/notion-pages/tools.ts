// The JavaScript of each pages tool, written after the Notion API the makenotion/notion-mcp-server
// forwards to: users, title search, block children (list, append, `after`), blocks (retrieve,
// update text or `checked`, trash), pages (retrieve, create under a page / data source /
// workspace, update properties, icon, cover and trash, move, one property item), comments, data
// sources (query with filters and sorts, retrieve, create, update the schema), databases, and a
// page as markdown (read, replace, find-and-replace, insert, replace a range). Answers are
// Notion's JSON objects; refusals are Notion's error objects as tool errors (`object_not_found`,
// `validation_error`) and write nothing.
import type { ToolSpec } from "../../environment/spec";
import { READ_BODIES } from "./bodies-read";
import { WRITE_BODIES } from "./bodies-write";
import { BOT } from "./content";
import { MARKDOWN_JS } from "./guest-markdown";
import { OBJECTS_JS } from "./guest-objects";
import { QUERY_JS } from "./guest-query";
import type { PagesRole, PagesSlot } from "./roles";

const BODIES: Record<Exclude<PagesRole, "list_templates">, string> = {
  ...READ_BODIES,
  ...WRITE_BODIES,
};

export type ImplementedRole = keyof typeof BODIES;

export const isImplemented = (role: PagesRole): role is ImplementedRole => role in BODIES;

const READS: ReadonlySet<PagesRole> = new Set([
  "get_self",
  "list_users",
  "get_user",
  "search",
  "block_children",
  "get_block",
  "get_page",
  "get_page_property",
  "list_comments",
  "query_data_source",
  "get_data_source",
  "get_database",
  "page_markdown",
]);

export function pagesEffect(role: PagesRole): ToolSpec["effect"] {
  return READS.has(role) ? "read" : "write";
}

/** `function name(args, ctx) { const A = {...}; const W = {...}; helpers; body }`. */
export function pagesImplementation(
  role: ImplementedRole,
  functionName: string,
  args: Partial<Record<PagesSlot, string>>,
): string {
  const extra =
    role === "query_data_source"
      ? QUERY_JS
      : role === "page_markdown" || role === "update_markdown"
        ? MARKDOWN_JS
        : "";
  return [
    `function ${functionName}(args, ctx) {`,
    `  const A = ${JSON.stringify(args)};`,
    `  const W = ${JSON.stringify({ workspace: BOT.workspace })};`,
    `  ${OBJECTS_JS.trim()}`,
    extra === "" ? "" : `  ${extra.trim()}`,
    `  ${BODIES[role].trim()}`,
    "}",
  ]
    .filter((line) => line !== "")
    .join("\n");
}
