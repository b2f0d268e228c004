// The JavaScript of each CRM tool: `function name(args, ctx) { const M = {...}; helpers; body }`,
// the model constant (model.ts), the property groups, and the error prefix the real server
// puts before HubSpot's message. Bodies live by subject in *-tools.ts; every tool gets
// the shared helpers (guest.ts, guest-search.ts).
import type { ToolSpec } from "../../environment/spec";
import {
  FEEDBACK_LINK,
  GET_LINK,
  GET_SCHEMAS,
  GET_WORKFLOW,
  LIST_WORKFLOWS,
  USER_DETAILS,
  WORKFLOW_JS,
} from "./account-tools";
import {
  CREATE_ENGAGEMENT,
  ENGAGEMENT_JS,
  GET_ENGAGEMENT,
  UPDATE_ENGAGEMENT,
} from "./engagement-tools";
import { CRM_GUEST_JS } from "./guest";
import { CRM_SEARCH_JS } from "./guest-search";
import { ASSOCIATION_DEFINITIONS, CREATE_ASSOCIATIONS, LIST_ASSOCIATIONS } from "./link-tools";
import { crmModelConstant } from "./model";
import {
  CREATE_OBJECTS,
  LIST_OBJECTS,
  READ_OBJECTS,
  SEARCH_OBJECTS,
  UPDATE_OBJECTS,
} from "./object-tools";
import { PROPERTY_GROUPS } from "./properties";
import {
  CREATE_PROPERTY,
  GET_PROPERTY,
  LIST_PROPERTIES,
  PROPERTY_JSON_JS,
  UPDATE_PROPERTY,
} from "./property-tools";
import type { CrmRole } from "./roles";

interface RoleCode {
  body: string;
  /** Helper blocks besides the shared ones. */
  uses?: string[];
  /** What the real server says before HubSpot's error message. */
  prefix: string;
  effect: ToolSpec["effect"];
}

const CODE: Record<CrmRole, RoleCode> = {
  user_details: {
    body: USER_DETAILS,
    prefix: "Error retrieving token, owner, and account information. ",
    effect: "read",
  },
  list_objects: { body: LIST_OBJECTS, prefix: "Error listing HubSpot objects: ", effect: "read" },
  search_objects: {
    body: SEARCH_OBJECTS,
    uses: [CRM_SEARCH_JS],
    prefix: "Error searching HubSpot objects: ",
    effect: "read",
  },
  create_associations: {
    body: CREATE_ASSOCIATIONS,
    prefix: "Error creating HubSpot associations: ",
    effect: "write",
  },
  association_definitions: {
    body: ASSOCIATION_DEFINITIONS,
    prefix: "Error retrieving HubSpot association definitions: ",
    effect: "read",
  },
  list_associations: {
    body: LIST_ASSOCIATIONS,
    prefix: "Error retrieving HubSpot associations: ",
    effect: "read",
  },
  create_objects: {
    body: CREATE_OBJECTS,
    prefix: "Error batch creating HubSpot objects: ",
    effect: "write",
  },
  update_objects: {
    body: UPDATE_OBJECTS,
    prefix: "Error batch updating HubSpot objects: ",
    effect: "write",
  },
  read_objects: {
    body: READ_OBJECTS,
    prefix: "Error batch reading HubSpot objects: ",
    effect: "read",
  },
  list_properties: {
    body: LIST_PROPERTIES,
    uses: [PROPERTY_JSON_JS],
    prefix: "Error listing HubSpot properties: ",
    effect: "read",
  },
  get_property: {
    body: GET_PROPERTY,
    uses: [PROPERTY_JSON_JS],
    prefix: "Error retrieving HubSpot property: ",
    effect: "read",
  },
  create_property: {
    body: CREATE_PROPERTY,
    uses: [PROPERTY_JSON_JS],
    prefix: "Error creating HubSpot property: ",
    effect: "write",
  },
  update_property: {
    body: UPDATE_PROPERTY,
    uses: [PROPERTY_JSON_JS],
    prefix: "Error updating HubSpot property: ",
    effect: "write",
  },
  create_engagement: {
    body: CREATE_ENGAGEMENT,
    uses: [ENGAGEMENT_JS],
    prefix: "Error creating HubSpot engagement: ",
    effect: "write",
  },
  get_engagement: {
    body: GET_ENGAGEMENT,
    uses: [ENGAGEMENT_JS],
    prefix: "Error retrieving HubSpot engagement: ",
    effect: "read",
  },
  update_engagement: {
    body: UPDATE_ENGAGEMENT,
    uses: [ENGAGEMENT_JS],
    prefix: "Error updating HubSpot engagement: ",
    effect: "write",
  },
  feedback_link: { body: FEEDBACK_LINK, prefix: "", effect: "read" },
  get_schemas: { body: GET_SCHEMAS, prefix: "Error retrieving HubSpot schemas: ", effect: "read" },
  get_link: { body: GET_LINK, prefix: "", effect: "read" },
  list_workflows: {
    body: LIST_WORKFLOWS,
    uses: [WORKFLOW_JS],
    prefix: "Error listing HubSpot workflows: ",
    effect: "read",
  },
  get_workflow: {
    body: GET_WORKFLOW,
    uses: [WORKFLOW_JS],
    prefix: "Error retrieving HubSpot workflow: ",
    effect: "read",
  },
};

export function crmEffect(role: CrmRole): ToolSpec["effect"] {
  return CODE[role].effect;
}

/** `function name(args, ctx) { constants; helpers; body }`. */
export function crmImplementation(role: CrmRole, functionName: string): string {
  const code = CODE[role];
  const prefix =
    role === "search_objects"
      ? `"Error searching HubSpot " + args.objectType + ": "`
      : JSON.stringify(code.prefix);
  return [
    `function ${functionName}(args, ctx) {`,
    `  const M = ${JSON.stringify(crmModelConstant())};`,
    `  const GROUPS = ${JSON.stringify(PROPERTY_GROUPS)};`,
    `  const P = ${prefix};`,
    `  ${CRM_GUEST_JS.trim()}`,
    ...(code.uses ?? []).map((js) => `  ${js.trim()}`),
    `  ${code.body.trim()}`,
    "}",
  ].join("\n");
}
