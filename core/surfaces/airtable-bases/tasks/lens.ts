// How task synthesis sees a bases environment (airtable-mcp-server and its look-alikes, imported by
// core/surfaces/airtable-bases/surface.ts): which published tool plays which role, recognised by the
// importer's own criterion (core/surfaces/airtable-bases/roles.ts), with the argument name each slot takes there.
// Tasks need the base list and the record list (the way a user's words become ids), and the
// surface's tables, so that a tool of that name built by another path is not taken for one of ours.
import type { ToolSpec } from "../../../environment/spec";
import { listUserTables } from "../../../episode/schema-introspection";
import type { SqlDatabase } from "../../../episode/sql-database";
import type { JsonObject } from "../../../mcp/spec-schema";
import { callCode } from "../../../tasks/programs/program-code";
import { BASES_TABLES } from "../model";
import { type BasesRole, type BasesSlot, matchBasesRole } from "../roles";

export interface BasesTool {
  name: string;
  /** The argument name for each slot the tool takes. */
  args: Partial<Record<BasesSlot, string>>;
}

export type BasesLens = Partial<Record<BasesRole, BasesTool>> & {
  list_bases: BasesTool;
  list_records: BasesTool;
  list_tables: BasesTool;
};

/** The lens, or undefined unless the environment is a bases account this source can read. */
export function basesLens(db: SqlDatabase, tools: readonly ToolSpec[]): BasesLens | undefined {
  const tables = new Set(listUserTables(db).map((t) => t.name));
  if (!Object.values(BASES_TABLES).every((t) => tables.has(t))) return undefined;
  const found: Partial<Record<BasesRole, BasesTool>> = {};
  for (const tool of tools) {
    const schema = tool.inputSchema as JsonObject;
    const match = matchBasesRole({
      original: { name: tool.name, description: tool.description, inputSchema: schema },
      schema,
    });
    if (match?.ok && found[match.role] === undefined) {
      found[match.role] = { name: tool.name, args: match.args };
    }
  }
  const { list_bases, list_records, list_tables } = found;
  if (!list_bases || !list_records || !list_tables) return undefined;
  if (!list_records.args.filterByFormula) return undefined;
  return { ...found, list_bases, list_records, list_tables };
}

/** `ctx.call(tool, {...})` with each slot's value code under the tool's own argument name. */
export function callWith(tool: BasesTool, values: Partial<Record<BasesSlot, string>>): string {
  const entries = (Object.entries(values) as [BasesSlot, string][]).flatMap(([slot, code]) => {
    const name = tool.args[slot];
    return name === undefined ? [] : [[name, code] as const];
  });
  return callCode(tool.name, entries);
}
