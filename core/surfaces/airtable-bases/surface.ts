// The bases surface: spreadsheet-database servers like airtable-mcp-server, whose tools take a base
// id, a table id or name and record ids, write `fields` objects, and read with `filterByFormula`,
// `sort` and views (roles.ts recognises them by names and arguments). The model is an
// account of bases with typed fields, records whose cells hold real values, links kept on both
// sides, views and comments (model.ts), seeded with a product roadmap, a sales CRM and a
// content calendar (seed.ts); each tool answers as the real server over Airtable's Web
// API (tools.ts), filterByFormula through a parser of a documented formula subset
// (guest-formula.ts). upload_attachment is left out: attachment fields and file
// content are not modelled.

import { fittingMatches, matchTools } from "../kit/role-matching";
import { importRoleSurface, leaveOutRoles, roleTables } from "../kit/role-surface";
import type { McpSurface, SurfaceImport, SurfaceInput, SurfaceTool } from "../surface";
import { BASES_LIMITS } from "./guest";
import { FORMULA_FUNCTIONS, FORMULA_LIMITS } from "./guest-formula";
import { BASES_SCHEMA_SQL, BASES_TABLES } from "./model";
import { type BasesRole, type BasesRoleMatch, looksLikeBases, matchBasesRole } from "./roles";
import { buildWorkspace, seedColumns, workspaceRows } from "./seed";
import { basesToolTests } from "./tests";
import { basesEffect, basesImplementation, type ImplementedRole } from "./tools";

/** The verb the import report shows, and the table each role works on. */
const ROLES: Record<ImplementedRole, { verb: string; table: string }> = {
  list_records: { verb: "list", table: BASES_TABLES.records },
  search_records: { verb: "list", table: BASES_TABLES.records },
  list_bases: { verb: "list", table: BASES_TABLES.bases },
  list_tables: { verb: "list", table: BASES_TABLES.tables },
  describe_table: { verb: "get", table: BASES_TABLES.tables },
  get_record: { verb: "get", table: BASES_TABLES.records },
  create_record: { verb: "create", table: BASES_TABLES.records },
  update_records: { verb: "update", table: BASES_TABLES.cells },
  delete_records: { verb: "delete", table: BASES_TABLES.records },
  create_table: { verb: "create", table: BASES_TABLES.tables },
  update_table: { verb: "update", table: BASES_TABLES.tables },
  create_field: { verb: "create", table: BASES_TABLES.fields },
  update_field: { verb: "update", table: BASES_TABLES.fields },
  create_comment: { verb: "create", table: BASES_TABLES.comments },
  list_comments: { verb: "list", table: BASES_TABLES.comments },
};

const ATTACHMENT_LEFT_OUT =
  "attachment fields and uploaded file content are not modelled by the bases surface, so an upload could not be stored or read back";

export const basesSurface: McpSurface = {
  name: "bases",
  recognise(input: SurfaceInput): SurfaceImport | undefined {
    const matched = matchTools(input.tools, matchBasesRole);
    const fitting = fittingMatches(matched).map((m) => m.role);
    if (!looksLikeBases(fitting)) return undefined;
    return importBases(input, matched);
  },
};

function importBases(
  input: SurfaceInput,
  matched: readonly { tool: SurfaceTool; match: BasesRoleMatch }[],
): SurfaceImport {
  const ws = buildWorkspace();
  const rows = workspaceRows(ws);
  const tableCount = ws.bases.reduce((n, b) => n + b.tables.length, 0);
  const table = roleTables(BASES_TABLES, seedColumns, rows);
  const modelled = (role: BasesRole): role is ImplementedRole => role !== "upload_attachment";
  return importRoleSurface(input, leaveOutRoles(matched, modelled, ATTACHMENT_LEFT_OUT), {
    surface: "bases",
    schemaSql: BASES_SCHEMA_SQL,
    tables: [
      table("bases", "base_id"),
      table("tables", "table_id"),
      table("fields", "field_id"),
      table("views", "view_id"),
      table("records", "record_id"),
      table("cells", "record_id, field_id"),
      table("comments", "comment_id"),
      table("users", "user_id"),
    ],
    roles: ROLES,
    tests: ({ role, args }) => basesToolTests({ role, args, ws }),
    tool: ({ role, args }, name) => ({
      effect: basesEffect(role),
      implementation: basesImplementation(role, name, args),
    }),
    notes: [
      `bases: ${ws.bases.length} bases (${ws.bases.map((b) => b.name).join(", ")}) with ${tableCount} linked tables, ${rows.records.length} records, ${rows.cells.length} filled cells and ${rows.comments.length} comments; filterByFormula takes a subset of Airtable's formula language (field references, literals, = != < > <= >=, & + - * /, ${FORMULA_FUNCTIONS.join(" ")}), at most ${FORMULA_LIMITS.chars} characters and ${FORMULA_LIMITS.depth} levels deep, anything else is refused as an invalid formula; a table holds at most ${BASES_LIMITS.maxRecordsPerTable} records; API errors are tool errors (not_found, invalid_request) with Airtable's error body as details`,
    ],
  });
}
