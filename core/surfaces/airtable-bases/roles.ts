// Which spreadsheet-database operation a tool is, from its name and arguments. A bases server
// (Airtable and its look-alikes) keeps bases of tables whose records hold typed fields; its tools
// take a base id, a table id or name and a record id (`baseId`, `base_id`, `tableIdOrName`...),
// a `fields` object to write, a `filterByFormula` and `sort` to read. The name must say the
// operation (`list_records`, `search_records`, `describe_table`, `create_field`, ...) and every
// argument must fill one of that operation's slots; a name that says an operation over arguments
// that do not fit is reported with the reason. The family is recognised when the fitting tools
// list records with a formula filter, read one record by id, and describe a table's fields.

import { isJsonObject, type JsonObject } from "../../mcp/spec-schema";
import { typesOf } from "../../mcp/tool-json-schema";
import {
  anyWord as any,
  matchRoleSlots,
  roleMisfit,
  type SlotMatch,
  type SlotRule,
} from "../kit/role-matching";
import type { SurfaceTool } from "../surface";

export type BasesRole =
  | "list_records"
  | "search_records"
  | "list_bases"
  | "list_tables"
  | "describe_table"
  | "get_record"
  | "create_record"
  | "update_records"
  | "delete_records"
  | "create_table"
  | "update_table"
  | "create_field"
  | "update_field"
  | "create_comment"
  | "list_comments"
  | "upload_attachment";

export type BasesSlot =
  | "base"
  | "table"
  | "record"
  | "view"
  | "maxRecords"
  | "filterByFormula"
  | "sort"
  | "fields"
  | "searchTerm"
  | "fieldIds"
  | "detailLevel"
  | "records"
  | "recordIds"
  | "name"
  | "description"
  | "nested"
  | "field"
  | "text"
  | "parent"
  | "pageSize"
  | "offset"
  | "attachment";

type Kind = "text" | "number" | "object" | "array" | "any";

/** The argument names each slot answers to (compared without case, `_` or `-`) and its type. */
const SLOTS: Record<BasesSlot, { names: readonly string[]; kind: Kind }> = {
  base: { names: ["baseid", "base", "appid"], kind: "text" },
  table: { names: ["tableid", "tableidorname", "table", "tablename"], kind: "text" },
  record: { names: ["recordid", "record"], kind: "text" },
  view: { names: ["view", "viewid", "viewname"], kind: "text" },
  maxRecords: { names: ["maxrecords", "limit"], kind: "number" },
  filterByFormula: { names: ["filterbyformula", "formula", "filter"], kind: "text" },
  sort: { names: ["sort"], kind: "array" },
  fields: { names: ["fields"], kind: "any" },
  searchTerm: { names: ["searchterm", "query", "term"], kind: "text" },
  fieldIds: { names: ["fieldids", "searchfields"], kind: "array" },
  detailLevel: { names: ["detaillevel"], kind: "text" },
  records: { names: ["records"], kind: "array" },
  recordIds: { names: ["recordids", "records", "ids"], kind: "array" },
  name: { names: ["name", "newname"], kind: "text" },
  description: { names: ["description"], kind: "text" },
  nested: { names: ["nested"], kind: "object" },
  field: { names: ["fieldid", "field", "fieldidorname"], kind: "any" },
  text: { names: ["text", "comment", "message"], kind: "text" },
  parent: { names: ["parentcommentid", "parentid"], kind: "text" },
  pageSize: { names: ["pagesize"], kind: "number" },
  offset: { names: ["offset"], kind: "text" },
  attachment: {
    names: ["attachmentfieldidorname", "file", "filename", "contenttype"],
    kind: "text",
  },
};

type RoleRule = SlotRule<BasesRole, BasesSlot>;

const recordWord = (w: ReadonlySet<string>) => any(w, "record", "records", "row", "rows");
const tableWord = (w: ReadonlySet<string>) => any(w, "table", "tables");
const fieldWord = (w: ReadonlySet<string>) => any(w, "field", "fields", "column");
const commentWord = (w: ReadonlySet<string>) => any(w, "comment", "comments");

/** In order: the first rule whose name test passes decides the role. */
const RULES: readonly RoleRule[] = [
  {
    role: "upload_attachment",
    named: (w) => any(w, "upload", "attachment", "attach"),
    slots: { base: true, record: true, attachment: true },
  },
  {
    role: "create_comment",
    named: (w) => commentWord(w) && any(w, "create", "add", "post"),
    slots: { base: true, table: true, record: true, text: true, parent: false },
  },
  {
    role: "list_comments",
    named: (w) => commentWord(w) && any(w, "list", "get", "read"),
    slots: { base: true, table: true, record: true, pageSize: false, offset: false },
  },
  {
    role: "search_records",
    named: (w) => any(w, "search", "find") && recordWord(w),
    slots: {
      base: true,
      table: true,
      searchTerm: true,
      fieldIds: false,
      maxRecords: false,
      view: false,
    },
  },
  {
    role: "list_records",
    named: (w) => any(w, "list", "query") && recordWord(w),
    slots: {
      base: true,
      table: true,
      view: false,
      maxRecords: false,
      filterByFormula: false,
      sort: false,
      fields: false,
    },
  },
  {
    role: "get_record",
    named: (w) => any(w, "get", "read", "fetch") && any(w, "record", "row"),
    slots: { base: true, table: true, record: true },
  },
  {
    role: "create_record",
    named: (w) => any(w, "create", "add", "insert") && any(w, "record", "row"),
    slots: { base: true, table: true, fields: true },
  },
  {
    role: "update_records",
    named: (w) => any(w, "update", "edit") && any(w, "records", "rows"),
    slots: { base: true, table: true, records: true },
  },
  {
    role: "delete_records",
    named: (w) => any(w, "delete", "remove") && recordWord(w),
    slots: { base: true, table: true, recordIds: true },
  },
  {
    role: "list_bases",
    named: (w) => any(w, "list", "get") && any(w, "bases"),
    slots: {},
  },
  {
    role: "describe_table",
    named: (w) => any(w, "describe") && any(w, "table"),
    slots: { base: true, table: true, detailLevel: false },
  },
  {
    role: "list_tables",
    named: (w) => any(w, "list", "get") && any(w, "tables"),
    slots: { base: true, detailLevel: false },
  },
  {
    role: "create_field",
    named: (w) => any(w, "create", "add") && fieldWord(w),
    slots: { base: true, table: true, nested: true },
  },
  {
    role: "update_field",
    named: (w) => any(w, "update", "edit", "rename") && fieldWord(w),
    slots: { base: true, table: true, field: true, name: false, description: false },
  },
  {
    role: "create_table",
    named: (w) => any(w, "create", "add") && tableWord(w),
    slots: { base: true, name: true, fields: true, description: false },
  },
  {
    role: "update_table",
    named: (w) => any(w, "update", "edit", "rename") && tableWord(w),
    slots: { base: true, table: true, name: false, description: false },
  },
];

export type BasesRoleMatch = SlotMatch<BasesRole, BasesSlot>;

function fitsKind(schema: JsonObject, kind: Kind): boolean {
  const types = typesOf(schema);
  if (kind === "any") return true;
  if (types.length === 0) return false;
  if (kind === "number") return types.every((t) => t === "number" || t === "integer");
  if (kind === "text") return types.every((t) => t === "string");
  return types.every((t) => t === kind);
}

/** The tool's role, or undefined when its name names no bases operation. */
export function matchBasesRole(tool: SurfaceTool): BasesRoleMatch | undefined {
  const match = matchRoleSlots(tool, RULES, {
    surface: "bases",
    names: (slot) => SLOTS[slot].names,
    unfit: (schema, slot, name) =>
      isJsonObject(schema) && fitsKind(schema, SLOTS[slot].kind)
        ? undefined
        : `its "${name}" is not of the type a ${slot} takes`,
    repeats: (slot) => slot === "attachment",
  });
  if (match?.ok && match.role === "list_records" && match.args.filterByFormula === undefined) {
    return roleMisfit(match.role, "bases", "it takes no formula filter");
  }
  return match;
}

/**
 * A server is a bases server when its fitting tools list records with a formula filter, read one
 * record by id, and describe a table (or list a base's tables with their fields).
 */
export function looksLikeBases(roles: readonly BasesRole[]): boolean {
  return (
    roles.includes("list_records") &&
    roles.includes("get_record") &&
    (roles.includes("describe_table") || roles.includes("list_tables"))
  );
}
