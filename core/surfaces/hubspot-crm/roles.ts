// Which CRM operation a tool is, from its name and arguments. A CRM server (like
// @hubspot/mcp-server) speaks the CRM v3/v4 API's vocabulary: objects of an `objectType` with a
// `properties` map, batch `inputs`, `filterGroups` searches, associations between two object
// types, property definitions, engagements (notes and tasks) with `metadata` and `associations`,
// and read-only workflows. The name must say the operation (`list objects`, `search objects`,
// `batch create associations`, `get engagement`, ...) and the tool's arguments must be among the
// operation's own (the API's names) with the ones it cannot do without present and required.
// A name that says an operation over arguments that do not fit is reported with the reason.
import {
  anyWord as has,
  type RoleMisfit,
  roleMisfit,
  ruleNaming,
  toolArguments,
} from "../kit/role-matching";
import type { SurfaceTool } from "../surface";

export type CrmRole =
  | "user_details"
  | "list_objects"
  | "search_objects"
  | "create_associations"
  | "association_definitions"
  | "list_associations"
  | "create_objects"
  | "update_objects"
  | "read_objects"
  | "list_properties"
  | "get_property"
  | "create_property"
  | "update_property"
  | "create_engagement"
  | "get_engagement"
  | "update_engagement"
  | "feedback_link"
  | "get_schemas"
  | "get_link"
  | "list_workflows"
  | "get_workflow";

interface RoleRule {
  role: CrmRole;
  named(words: ReadonlySet<string>): boolean;
  /** Arguments the operation must have (and the server must require). */
  needs: readonly string[];
  /** Arguments it may also take. */
  may: readonly string[];
}

const objectsWord = (w: ReadonlySet<string>) => has(w, "objects", "object", "records", "crm");
const associationWord = (w: ReadonlySet<string>) =>
  has(w, "association", "associations", "relationships");
const propertyWord = (w: ReadonlySet<string>) => has(w, "property", "properties", "fields");
const engagementWord = (w: ReadonlySet<string>) => has(w, "engagement", "engagements", "activity");
const workflowWord = (w: ReadonlySet<string>) => has(w, "workflow", "workflows", "flow", "flows");
const OBJECT_READ = ["properties", "associations", "archived", "limit", "after"];
/** What a property definition says besides its name, label and group (created or changed alike). */
const PROPERTY_SHAPE = [
  "description",
  "type",
  "fieldType",
  "options",
  "formField",
  "hidden",
  "displayOrder",
  "calculationFormula",
];

/** In order: the first rule whose name test passes decides the role. */
const RULES: readonly RoleRule[] = [
  {
    role: "user_details",
    named: (w) => has(w, "user", "token", "account") && has(w, "details", "info", "whoami"),
    needs: [],
    may: [],
  },
  {
    role: "feedback_link",
    named: (w) => has(w, "feedback"),
    needs: [],
    may: [],
  },
  {
    role: "association_definitions",
    named: (w) => associationWord(w) && has(w, "definitions", "types", "labels", "schema"),
    needs: ["fromObjectType", "toObjectType"],
    may: [],
  },
  {
    role: "create_associations",
    named: (w) => associationWord(w) && has(w, "create", "add", "link", "associate"),
    needs: ["fromObjectType", "toObjectType", "types", "inputs"],
    may: [],
  },
  {
    role: "list_associations",
    named: (w) => associationWord(w) && has(w, "list", "get", "read"),
    needs: ["objectType", "objectId", "toObjectType"],
    may: ["after"],
  },
  {
    role: "create_engagement",
    named: (w) => engagementWord(w) && has(w, "create", "log", "add"),
    needs: ["type", "ownerId", "associations", "metadata"],
    may: ["timestamp"],
  },
  {
    role: "update_engagement",
    named: (w) => engagementWord(w) && has(w, "update", "edit", "patch"),
    needs: ["engagementId", "metadata", "associations"],
    may: ["ownerId", "timestamp"],
  },
  {
    role: "get_engagement",
    named: (w) => engagementWord(w) && has(w, "get", "read", "fetch"),
    needs: ["engagementId"],
    may: [],
  },
  {
    role: "list_workflows",
    named: (w) => workflowWord(w) && has(w, "list", "workflows", "flows") && !has(w, "get"),
    needs: [],
    may: ["limit", "after"],
  },
  {
    role: "get_workflow",
    named: (w) => workflowWord(w) && has(w, "get", "read", "fetch"),
    needs: ["flowId"],
    may: [],
  },
  {
    role: "get_schemas",
    named: (w) => has(w, "schemas"),
    needs: [],
    may: [],
  },
  {
    role: "get_link",
    named: (w) => has(w, "link", "links", "url", "urls"),
    needs: ["portalId", "uiDomain", "pageRequests"],
    may: [],
  },
  {
    role: "list_properties",
    named: (w) => propertyWord(w) && has(w, "list", "properties") && !has(w, "get", "create"),
    needs: ["objectType"],
    may: ["archived", "includeHidden"],
  },
  {
    role: "create_property",
    named: (w) => propertyWord(w) && has(w, "create", "add", "new"),
    needs: ["objectType", "name", "label", "groupName"],
    may: [...PROPERTY_SHAPE, "hasUniqueValue", "externalOptions"],
  },
  {
    role: "update_property",
    named: (w) => propertyWord(w) && has(w, "update", "edit", "change"),
    needs: ["objectType", "propertyName"],
    may: ["label", "groupName", ...PROPERTY_SHAPE],
  },
  {
    role: "get_property",
    named: (w) => propertyWord(w) && has(w, "get", "read", "describe"),
    needs: ["objectType", "propertyName"],
    may: [],
  },
  {
    role: "search_objects",
    named: (w) => has(w, "search", "find", "query") && objectsWord(w),
    needs: ["objectType", "filterGroups"],
    may: ["query", "limit", "after", "properties", "sorts"],
  },
  {
    role: "create_objects",
    named: (w) => objectsWord(w) && has(w, "create", "add", "insert"),
    needs: ["objectType", "inputs"],
    may: [],
  },
  {
    role: "update_objects",
    named: (w) => objectsWord(w) && has(w, "update", "edit", "patch"),
    needs: ["objectType", "inputs"],
    may: [],
  },
  {
    role: "read_objects",
    named: (w) => objectsWord(w) && has(w, "read", "get", "fetch"),
    needs: ["objectType", "inputs"],
    may: ["properties", "propertiesWithHistory"],
  },
  {
    role: "list_objects",
    named: (w) => objectsWord(w) && has(w, "list", "browse"),
    needs: ["objectType"],
    may: OBJECT_READ,
  },
];

/** Arguments a rule needs that the server may leave optional (filters are optional in the API). */
const OPTIONAL_NEEDS: ReadonlySet<string> = new Set(["filterGroups", "associations"]);

export type CrmRoleMatch = { ok: true; role: CrmRole } | RoleMisfit<CrmRole>;

/** The tool's role, or undefined when its name names no CRM operation. */
export function matchCrmRole(tool: SurfaceTool): CrmRoleMatch | undefined {
  const rule = ruleNaming(RULES, tool);
  if (!rule) return undefined;
  const { props, required } = toolArguments(tool);
  const misfit = (why: string) => roleMisfit(rule.role, "CRM", why);
  for (const name of Object.keys(props)) {
    if (!rule.needs.includes(name) && !rule.may.includes(name)) {
      return misfit(`it takes an argument "${name}"`);
    }
  }
  for (const name of rule.needs) {
    if (props[name] === undefined) return misfit(`it has no "${name}" argument`);
    if (!required.has(name) && !OPTIONAL_NEEDS.has(name))
      return misfit(`its "${name}" is optional`);
  }
  return { ok: true, role: rule.role };
}

/**
 * A server is a CRM when its fitting tools search objects with filter groups, write objects in
 * batches, and relate them by associations: the object store the surface models.
 */
export function looksLikeCrm(roles: readonly CrmRole[]): boolean {
  const any = (...wanted: CrmRole[]) => wanted.some((r) => roles.includes(r));
  return (
    roles.includes("search_objects") &&
    any("create_objects", "update_objects") &&
    any("list_associations", "create_associations")
  );
}
