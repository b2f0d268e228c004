// The CRM surface: servers whose tools keep a CRM's records (contacts, companies, deals, tickets,
// engagements) as objects of an `objectType` with a `properties` map, search them with
// `filterGroups`, write them in batches, relate them by associations of HubSpot-defined types,
// and describe them with property definitions, like @hubspot/mcp-server. Recognised by a general
// criterion (roles.ts): each tool's name says a CRM operation and its arguments are that
// operation's, and the server searches objects, writes them and relates them. The model is five
// tables (owners, objects, associations, property definitions, workflows) seeded with a B2B
// software vendor's CRM (mcp-crm-seed*.ts); each tool answers as the real server's tool and the
// HubSpot API behind it (tools.ts).
import { fittingMatches, matchTools } from "../kit/role-matching";
import { importRoleSurface, roleTables } from "../kit/role-surface";
import type { McpSurface, SurfaceImport, SurfaceInput, SurfaceTool } from "../surface";
import { CRM_PORTAL } from "./model";
import { type CrmRole, type CrmRoleMatch, looksLikeCrm, matchCrmRole } from "./roles";
import { CRM_COLUMNS, CRM_SCHEMA_SQL, CRM_TABLES } from "./schema";
import { crmRows, seedCrm } from "./seed";
import { crmToolTests } from "./tests";
import { crmEffect, crmImplementation } from "./tools";

const T = CRM_TABLES;

/** The verb the import report shows, and the table each role works on. */
const ROLES: Record<CrmRole, { verb: string; table: string }> = {
  user_details: { verb: "get", table: T.owners },
  list_objects: { verb: "list", table: T.objects },
  search_objects: { verb: "search", table: T.objects },
  create_associations: { verb: "create", table: T.associations },
  association_definitions: { verb: "list", table: T.associations },
  list_associations: { verb: "list", table: T.associations },
  create_objects: { verb: "create", table: T.objects },
  update_objects: { verb: "update", table: T.objects },
  read_objects: { verb: "get", table: T.objects },
  list_properties: { verb: "list", table: T.properties },
  get_property: { verb: "get", table: T.properties },
  create_property: { verb: "create", table: T.properties },
  update_property: { verb: "update", table: T.properties },
  create_engagement: { verb: "create", table: T.objects },
  get_engagement: { verb: "get", table: T.objects },
  update_engagement: { verb: "update", table: T.objects },
  feedback_link: { verb: "get", table: T.owners },
  get_schemas: { verb: "list", table: T.objects },
  get_link: { verb: "get", table: T.objects },
  list_workflows: { verb: "list", table: T.workflows },
  get_workflow: { verb: "get", table: T.workflows },
};

export const crmSurface: McpSurface = {
  name: "crm",
  recognise(input: SurfaceInput): SurfaceImport | undefined {
    const matched = matchTools(input.tools, matchCrmRole);
    const fitting = fittingMatches(matched).map((m) => m.role);
    if (!looksLikeCrm(fitting)) return undefined;
    return importCrm(input, matched);
  },
};

function importCrm(
  input: SurfaceInput,
  matched: readonly { tool: SurfaceTool; match: CrmRoleMatch }[],
): SurfaceImport {
  const seed = seedCrm();
  const rows = crmRows(seed);
  const count = (type: string) => seed.objects.filter((o) => o.type === type && !o.archived).length;
  const table = roleTables(CRM_TABLES, CRM_COLUMNS, rows);
  return importRoleSurface(input, matched, {
    surface: "crm",
    schemaSql: CRM_SCHEMA_SQL,
    tables: [
      table("owners", "id"),
      table("objects", "id"),
      table("associations", "from_type, from_id, to_type, to_id, type_id"),
      table("properties", "object_type, name"),
      table("workflows", "id"),
    ],
    roles: ROLES,
    tests: (match) => crmToolTests(match.role, seed),
    tool: (match, name) => ({
      effect: crmEffect(match.role),
      implementation: crmImplementation(match.role, name),
    }),
    notes: [
      `crm: the HubSpot-like portal ${CRM_PORTAL.hubId} of Lumen Ledger, a B2B finance-software vendor: ${seed.owners.length} owners, ${count("companies")} companies, ${count("contacts")} contacts (2 more archived), ${count("deals")} deals across the sales pipeline, ${count("tickets")} tickets, ${count("notes")} notes, ${count("tasks")} tasks and ${count("calls")} calls, ${seed.associations.length} association rows and ${seed.properties.length} property definitions; values are checked against the definitions and refusals are HubSpot's error JSON as tool errors that write nothing; engagements are objects (notes, tasks, calls) shared by the v1 engagement tools and the object tools; the portal keeps no property history and defines no custom objects`,
    ],
  });
}
