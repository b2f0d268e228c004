// Which operation of a block-structured page workspace (Notion and its look-alikes) a tool is,
// from its name and arguments. The name must say the operation (`retrieve-a-page`,
// `patch-block-children`, `query-data-source`, `post-search`, in any case or separator) and every
// argument must fill one of that operation's slots, named as the Notion API names them (`page_id`,
// `block_id`, `data_source_id`, `start_cursor`, `page_size`, `children`, `properties`, `filter`,
// `sorts`, ... compared without case, `_` or `-`). A server is a page workspace when its fitting
// tools read a page, list and append a block's children, create or change pages, query a data
// source and search by title: the pages-blocks-rows model the surface implements.

import { isJsonObject, type JsonObject } from "../../mcp/spec-schema";
import { typesOf } from "../../mcp/tool-json-schema";
import {
  anyWord as any,
  matchRoleSlots,
  type SlotMatch,
  type SlotRule,
} from "../kit/role-matching";
import type { SurfaceTool } from "../surface";

export type PagesRole =
  | "get_user"
  | "list_users"
  | "get_self"
  | "search"
  | "block_children"
  | "append_children"
  | "get_block"
  | "update_block"
  | "delete_block"
  | "get_page"
  | "update_page"
  | "create_page"
  | "get_page_property"
  | "list_comments"
  | "create_comment"
  | "query_data_source"
  | "get_data_source"
  | "update_data_source"
  | "create_data_source"
  | "list_templates"
  | "get_database"
  | "move_page"
  | "page_markdown"
  | "update_markdown";

export type PagesSlot =
  | "user"
  | "page"
  | "block"
  | "dataSource"
  | "database"
  | "property"
  | "cursor"
  | "size"
  | "query"
  | "sort"
  | "sorts"
  | "filter"
  | "filterProperties"
  | "children"
  | "after"
  | "blockType"
  | "archived"
  | "inTrash"
  | "properties"
  | "icon"
  | "cover"
  | "parent"
  | "title"
  | "description"
  | "richText"
  | "transcript"
  | "edit"
  | "replaceContent"
  | "updateContent"
  | "insertContent"
  | "replaceRange";

/** The argument names each slot answers to, compared without case, `_` or `-`. */
const SLOT_NAMES: Record<PagesSlot, readonly string[]> = {
  user: ["userid"],
  page: ["pageid"],
  block: ["blockid"],
  dataSource: ["datasourceid"],
  database: ["databaseid"],
  property: ["propertyid"],
  cursor: ["startcursor"],
  size: ["pagesize"],
  query: ["query"],
  sort: ["sort"],
  sorts: ["sorts"],
  filter: ["filter"],
  filterProperties: ["filterproperties"],
  children: ["children"],
  after: ["after"],
  blockType: ["type"],
  archived: ["archived"],
  inTrash: ["intrash"],
  properties: ["properties"],
  icon: ["icon"],
  cover: ["cover"],
  parent: ["parent"],
  title: ["title"],
  description: ["description"],
  richText: ["richtext"],
  transcript: ["includetranscript"],
  edit: ["type"],
  replaceContent: ["replacecontent"],
  updateContent: ["updatecontent"],
  insertContent: ["insertcontent"],
  replaceRange: ["replacecontentrange"],
};

/** Slots whose schema must take a string (ids, cursors, the search text). */
const TEXT_SLOTS: ReadonlySet<PagesSlot> = new Set([
  "user",
  "page",
  "block",
  "dataSource",
  "database",
  "property",
  "cursor",
  "query",
  "after",
]);

type RoleRule = SlotRule<PagesRole, PagesSlot>;

const reads = (w: ReadonlySet<string>) => any(w, "get", "retrieve", "read", "fetch", "list");
const writes = (w: ReadonlySet<string>) => any(w, "update", "patch", "edit", "modify");
const creates = (w: ReadonlySet<string>) => any(w, "create", "post", "add", "new");
const source = (w: ReadonlySet<string>) => any(w, "source") && any(w, "data");
const paged = { cursor: false, size: false } as const;

/** In order: the first rule whose name test passes decides the role. */
const RULES: readonly RoleRule[] = [
  {
    role: "update_markdown",
    named: (w) => any(w, "markdown") && (writes(w) || any(w, "replace")),
    slots: {
      page: true,
      edit: true,
      replaceContent: false,
      updateContent: false,
      insertContent: false,
      replaceRange: false,
    },
  },
  {
    role: "page_markdown",
    named: (w) => any(w, "markdown"),
    slots: { page: true, transcript: false },
  },
  {
    role: "list_templates",
    named: (w) => any(w, "template", "templates"),
    slots: { dataSource: true, ...paged },
  },
  {
    role: "move_page",
    named: (w) => any(w, "move") && any(w, "page"),
    slots: { page: true, parent: true },
  },
  { role: "get_self", named: (w) => any(w, "self", "me"), slots: {} },
  { role: "list_users", named: (w) => any(w, "users"), slots: { ...paged } },
  { role: "get_user", named: (w) => any(w, "user"), slots: { user: true } },
  {
    role: "search",
    named: (w) => any(w, "search"),
    slots: { query: false, sort: false, filter: false, ...paged },
  },
  {
    role: "append_children",
    named: (w) => any(w, "children") && any(w, "block") && (writes(w) || any(w, "append", "add")),
    slots: { block: true, children: true, after: false },
  },
  {
    role: "block_children",
    named: (w) => any(w, "children") && any(w, "block"),
    slots: { block: true, ...paged },
  },
  {
    role: "delete_block",
    named: (w) => any(w, "block") && any(w, "delete", "remove"),
    slots: { block: true },
  },
  {
    role: "update_block",
    named: (w) => any(w, "block") && writes(w),
    slots: { block: true, blockType: false, archived: false },
  },
  { role: "get_block", named: (w) => any(w, "block") && reads(w), slots: { block: true } },
  {
    role: "get_page_property",
    named: (w) => any(w, "page") && any(w, "property"),
    slots: { page: true, property: true, ...paged },
  },
  {
    role: "create_comment",
    named: (w) => any(w, "comment", "comments") && creates(w),
    slots: { parent: true, richText: true },
  },
  {
    role: "list_comments",
    named: (w) => any(w, "comment", "comments"),
    slots: { block: true, ...paged },
  },
  {
    role: "query_data_source",
    named: (w) => any(w, "query") && (source(w) || any(w, "database")),
    slots: {
      dataSource: true,
      filterProperties: false,
      filter: false,
      sorts: false,
      archived: false,
      inTrash: false,
      ...paged,
    },
  },
  {
    role: "update_data_source",
    named: (w) => source(w) && writes(w),
    slots: { dataSource: true, title: false, description: false, properties: false },
  },
  {
    role: "create_data_source",
    named: (w) => source(w) && creates(w),
    slots: { parent: true, properties: true, title: false },
  },
  { role: "get_data_source", named: (w) => source(w) && reads(w), slots: { dataSource: true } },
  {
    role: "get_database",
    named: (w) => any(w, "database") && reads(w),
    slots: { database: true },
  },
  {
    role: "update_page",
    named: (w) => any(w, "page") && writes(w),
    slots: {
      page: true,
      properties: false,
      inTrash: false,
      archived: false,
      icon: false,
      cover: false,
    },
  },
  {
    role: "create_page",
    named: (w) => any(w, "page") && creates(w),
    slots: { parent: true, properties: true, children: false, icon: false, cover: false },
  },
  {
    role: "get_page",
    named: (w) => any(w, "page") && reads(w),
    slots: { page: true, filterProperties: false },
  },
];

export type PagesRoleMatch = SlotMatch<PagesRole, PagesSlot>;

/** Whether the schema can take a string (alone or among other types). */
function takesText(schema: JsonObject): boolean {
  if (typesOf(schema).includes("string")) return true;
  const options = [schema.anyOf, schema.oneOf].flatMap((o) => (Array.isArray(o) ? o : []));
  return options.some((o) => isJsonObject(o) && takesText(o));
}

/** The tool's role, or undefined when its name names no page-workspace operation. */
export function matchPagesRole(tool: SurfaceTool): PagesRoleMatch | undefined {
  return matchRoleSlots(tool, RULES, {
    surface: "pages",
    names: (slot) => SLOT_NAMES[slot],
    unfit: (schema, slot, name) => {
      if (!isJsonObject(schema)) return `its "${name}" has no schema`;
      if (TEXT_SLOTS.has(slot) && !takesText(schema)) return `its "${name}" is not a string`;
      return undefined;
    },
    optionalMayBeRequired: true,
  });
}

/** The operations without which the surface's model (pages of blocks, rows of data sources) is not there. */
const ESSENTIAL: readonly PagesRole[] = [
  "get_page",
  "block_children",
  "append_children",
  "query_data_source",
  "search",
];

/** A server is a page workspace when its fitting tools do every essential operation and write pages. */
export function looksLikePages(roles: readonly PagesRole[]): boolean {
  return (
    ESSENTIAL.every((r) => roles.includes(r)) &&
    (roles.includes("create_page") || roles.includes("update_page"))
  );
}
