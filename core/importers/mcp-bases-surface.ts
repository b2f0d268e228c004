// The bases surface: spreadsheet-database servers like airtable-mcp-server, whose tools take a base
// id, a table id or name and record ids, write `fields` objects, and read with `filterByFormula`,
// `sort` and views (mcp-bases-roles.ts recognises them by names and arguments). The model is an
// account of bases with typed fields, records whose cells hold real values, links kept on both
// sides, views and comments (mcp-bases-model.ts), seeded with a product roadmap, a sales CRM and a
// content calendar (mcp-bases-seed.ts); each tool answers as the real server over Airtable's Web
// API (mcp-bases-tools.ts), filterByFormula through a parser of a documented formula subset
// (mcp-bases-guest-formula.ts). upload_attachment is left out: attachment fields and file
// content are not modelled.
import type { ToolSpec } from "../environment/spec";
import { validateArguments } from "../json-schema/validate-arguments";
import { BASES_LIMITS } from "./mcp-bases-guest";
import { FORMULA_FUNCTIONS, FORMULA_LIMITS } from "./mcp-bases-guest-formula";
import { BASES_SCHEMA_SQL, BASES_TABLES } from "./mcp-bases-model";
import {
  type BasesRole,
  type BasesRoleMatch,
  looksLikeBases,
  matchBasesRole,
} from "./mcp-bases-roles";
import { buildWorkspace, seedColumns, workspaceRows } from "./mcp-bases-seed";
import { basesToolTests } from "./mcp-bases-tests";
import { basesEffect, basesImplementation, type ImplementedRole } from "./mcp-bases-tools";
import type { McpImportReport } from "./mcp-import-report";
import { isJsonObject, type JsonObject } from "./mcp-spec-schema";
import type { McpSurface, SurfaceImport, SurfaceInput, SurfaceTool } from "./mcp-surface";

/** The verb the import report shows, and the table each role works on. */
const ROLES: Record<BasesRole, { verb: string; table: keyof typeof BASES_TABLES }> = {
  list_records: { verb: "list", table: "records" },
  search_records: { verb: "list", table: "records" },
  list_bases: { verb: "list", table: "bases" },
  list_tables: { verb: "list", table: "tables" },
  describe_table: { verb: "get", table: "tables" },
  get_record: { verb: "get", table: "records" },
  create_record: { verb: "create", table: "records" },
  update_records: { verb: "update", table: "cells" },
  delete_records: { verb: "delete", table: "records" },
  create_table: { verb: "create", table: "tables" },
  update_table: { verb: "update", table: "tables" },
  create_field: { verb: "create", table: "fields" },
  update_field: { verb: "update", table: "fields" },
  create_comment: { verb: "create", table: "comments" },
  list_comments: { verb: "list", table: "comments" },
  upload_attachment: { verb: "update", table: "cells" },
};

const KEYS: Record<keyof typeof BASES_TABLES, string> = {
  bases: "base_id",
  tables: "table_id",
  fields: "field_id",
  views: "view_id",
  records: "record_id",
  cells: "record_id, field_id",
  comments: "comment_id",
  users: "user_id",
};

export const basesSurface: McpSurface = {
  name: "bases",
  recognise(input: SurfaceInput): SurfaceImport | undefined {
    const matched = input.tools.flatMap((tool) => {
      const match = matchBasesRole(tool);
      return match ? [{ tool, match }] : [];
    });
    const fitting = matched.flatMap((m) => (m.match.ok ? [m.match.role] : []));
    if (!looksLikeBases(fitting)) return undefined;
    return importBases(input, matched);
  },
};

function importBases(
  input: SurfaceInput,
  matched: readonly { tool: SurfaceTool; match: BasesRoleMatch }[],
): SurfaceImport {
  const ws = buildWorkspace();
  const leftOut: McpImportReport["leftOut"] = [];
  const tools: ToolSpec[] = [];
  const implemented: McpImportReport["implemented"] = [];
  const notes: string[] = [];
  for (const { tool, match } of matched) {
    const original = tool.original;
    if (!match.ok) {
      leftOut.push({ tool: original.name, status: "not yet implemented", reason: match.reason });
      continue;
    }
    if (match.role === "upload_attachment") {
      leftOut.push({
        tool: original.name,
        status: "not yet implemented",
        reason:
          "attachment fields and uploaded file content are not modelled by the bases surface, so an upload could not be stored or read back",
      });
      continue;
    }
    const role: ImplementedRole = match.role;
    const tests = basesToolTests({ role, args: match.args, ws });
    const invalid = tests.find(
      (t) => t.expect.error === undefined && !validateArguments(tool.schema, t.args).valid,
    );
    if (invalid || !isJsonObject(original.inputSchema)) {
      leftOut.push({
        tool: original.name,
        status: "not yet implemented",
        reason: `could not build test arguments valid for its inputSchema (${invalid?.name ?? "schema"})`,
      });
      continue;
    }
    const name = input.publishName(original.name);
    if (name !== original.name) {
      notes.push(
        `${original.name} is published as ${name} (tool names allow letters, digits and _)`,
      );
    }
    tools.push({
      name,
      description: (original.description ?? name).slice(0, 4000) || name,
      inputSchema: original.inputSchema as JsonObject,
      effect: basesEffect(role),
      implementation: basesImplementation(role, name, match.args),
      tests,
    });
    implemented.push({
      tool: name,
      original: original.name,
      table: BASES_TABLES[ROLES[role].table],
      verb: ROLES[role].verb,
      surface: "bases",
    });
  }
  const rows = workspaceRows(ws);
  const tableCount = ws.bases.reduce((n, b) => n + b.tables.length, 0);
  notes.push(
    `bases: ${ws.bases.length} bases (${ws.bases.map((b) => b.name).join(", ")}) with ${tableCount} linked tables, ${rows.records.length} records, ${rows.cells.length} filled cells and ${rows.comments.length} comments; filterByFormula takes a subset of Airtable's formula language (field references, literals, = != < > <= >=, & + - * /, ${FORMULA_FUNCTIONS.join(" ")}), at most ${FORMULA_LIMITS.chars} characters and ${FORMULA_LIMITS.depth} levels deep, anything else is refused as an invalid formula; a table holds at most ${BASES_LIMITS.maxRecordsPerTable} records; API errors are tool errors (not_found, invalid_request) with Airtable's error body as details`,
  );
  const keys = Object.keys(BASES_TABLES) as (keyof typeof BASES_TABLES)[];
  return {
    surface: "bases",
    claimed: matched.map((m) => m.tool.original.name),
    schemaSql: BASES_SCHEMA_SQL,
    seed: {
      tables: Object.fromEntries(
        keys.map((k) => [BASES_TABLES[k], { columns: seedColumns(k), rows: rows[k] }]),
      ),
    },
    tools,
    tables: keys.map((k) => ({
      name: BASES_TABLES[k],
      key: KEYS[k],
      columns: seedColumns(k),
      rows: rows[k].length,
    })),
    implemented,
    leftOut,
    notes,
  };
}
