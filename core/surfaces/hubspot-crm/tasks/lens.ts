// How task synthesis sees a CRM environment (the HubSpot server and its look-alikes, imported by
// core/surfaces/hubspot-crm/surface.ts): which published tool plays which CRM role, by the
// importer's own criterion (core/surfaces/hubspot-crm/roles.ts), and the portal's records read from its tables.
// Tasks need the object search (every chain starts by finding a record by what the user knows),
// and the surface's tables, so that a tool of that name built by another path is not taken for one.
import type { ToolSpec } from "../../../environment/spec";
import type { SqlDatabase } from "../../../episode/sql-database";
import type { JsonObject } from "../../../mcp/spec-schema";
import type { Prng } from "../../../sandbox/determinism";
import { type CrmRole, matchCrmRole } from "../roles";
import { type CrmWorld, readCrmWorld } from "./world";

export type CrmLens = Partial<Record<CrmRole, string>> & { search_objects: string };

export interface CrmContext {
  lens: CrmLens;
  world: CrmWorld;
  rng: Prng;
}

/** The published tool for each role, or undefined unless the environment is a CRM we can read. */
export function crmLens(db: SqlDatabase, tools: readonly ToolSpec[]): CrmLens | undefined {
  if (!readCrmWorld(db)) return undefined;
  const found: Partial<Record<CrmRole, string>> = {};
  for (const tool of tools) {
    const schema = tool.inputSchema as JsonObject;
    const match = matchCrmRole({
      original: { name: tool.name, description: tool.description, inputSchema: schema },
      schema,
    });
    if (match?.ok && found[match.role] === undefined) found[match.role] = tool.name;
  }
  const { search_objects } = found;
  return search_objects ? { ...found, search_objects } : undefined;
}
