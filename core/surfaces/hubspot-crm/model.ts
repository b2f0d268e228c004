// The fixed facts of the modelled CRM portal that are not rows: the portal itself (hub id, UI
// domain, the signed-in user), the object types it serves with their HubSpot type ids, the
// properties each returns by default and searches by text, the HUBSPOT_DEFINED association types
// between them (the real type ids and labels), the engagement types, and the object type ids the
// link tool knows. The guest code gets these as one JSON constant.

export const CRM_PORTAL = {
  hubId: 48210937,
  uiDomain: "app.hubspot.com",
  appId: 3317204,
  /** The signed-in user: an owner of the portal (seed.ts). */
  userId: 9120441,
  userEmail: "jordan.reyes@lumenledger.com",
  timeZone: "America/New_York",
  currency: "USD",
  scopes: [
    "crm.objects.companies.read",
    "crm.objects.companies.write",
    "crm.objects.contacts.read",
    "crm.objects.contacts.write",
    "crm.objects.deals.read",
    "crm.objects.deals.write",
    "crm.objects.owners.read",
    "crm.schemas.companies.read",
    "crm.schemas.contacts.read",
    "crm.schemas.deals.read",
    "crm.schemas.custom.read",
    "automation",
    "tickets",
  ],
} as const;

export interface CrmObjectType {
  /** The API name (`contacts`) and the type id the UI links use (`0-1`). */
  name: string;
  typeId: string;
  /** The singular, as association type names and task types say it: `contact`. */
  singular: string;
  /** The property the object is created with, and the one holding its last change. */
  createdProperty: string;
  modifiedProperty: string;
  /** Properties a list or search returns when none are asked for. */
  defaults: readonly string[];
  /** Properties a search's `query` text looks in. */
  searchable: readonly string[];
}

const object = (
  name: string,
  typeId: string,
  singular: string,
  defaults: string[],
  searchable: string[],
  dates: [string, string] = ["createdate", "hs_lastmodifieddate"],
): CrmObjectType => ({
  name,
  typeId,
  singular,
  createdProperty: dates[0],
  modifiedProperty: dates[1],
  defaults,
  searchable,
});

const ENGAGEMENT_DATES: [string, string] = ["hs_createdate", "hs_lastmodifieddate"];

export const CRM_OBJECT_TYPES: readonly CrmObjectType[] = [
  object(
    "contacts",
    "0-1",
    "contact",
    ["createdate", "email", "firstname", "hs_object_id", "lastmodifieddate", "lastname"],
    ["firstname", "lastname", "email", "phone", "company"],
    ["createdate", "lastmodifieddate"],
  ),
  object(
    "companies",
    "0-2",
    "company",
    ["createdate", "domain", "hs_lastmodifieddate", "hs_object_id", "name"],
    ["name", "domain", "website", "phone"],
  ),
  object(
    "deals",
    "0-3",
    "deal",
    [
      "amount",
      "closedate",
      "createdate",
      "dealname",
      "dealstage",
      "hs_lastmodifieddate",
      "hs_object_id",
      "pipeline",
    ],
    ["dealname", "pipeline", "dealstage", "description", "dealtype"],
  ),
  object(
    "tickets",
    "0-5",
    "ticket",
    [
      "content",
      "createdate",
      "hs_lastmodifieddate",
      "hs_object_id",
      "hs_pipeline",
      "hs_pipeline_stage",
      "hs_ticket_category",
      "hs_ticket_priority",
      "subject",
    ],
    ["subject", "content"],
  ),
  object(
    "notes",
    "0-46",
    "note",
    ["hs_createdate", "hs_lastmodifieddate", "hs_object_id"],
    ["hs_note_body"],
    ENGAGEMENT_DATES,
  ),
  object(
    "tasks",
    "0-27",
    "task",
    ["hs_createdate", "hs_lastmodifieddate", "hs_object_id"],
    ["hs_task_subject", "hs_task_body"],
    ENGAGEMENT_DATES,
  ),
  object(
    "calls",
    "0-48",
    "call",
    ["hs_createdate", "hs_lastmodifieddate", "hs_object_id"],
    ["hs_call_title", "hs_call_body"],
    ENGAGEMENT_DATES,
  ),
];

/** Engagement types of the v1 engagements API and the object type each is stored as. */
export const ENGAGEMENT_TYPES = { NOTE: "notes", TASK: "tasks", CALL: "calls" } as const;

/** The object type ids the real link tool accepts (its HUBSPOT_ID_TO_OBJECT_TYPE). */
export const LINK_OBJECT_TYPE_IDS: Record<string, string> = {
  "0-1": "contacts",
  "0-2": "companies",
  "0-3": "deals",
  "0-5": "tickets",
  "0-421": "appointments",
  "0-410": "courses",
  "0-136": "leads",
  "0-8": "line_items",
  "0-420": "listings",
  "0-54": "marketing_events",
  "0-47": "meetings",
  "0-123": "orders",
  "0-116": "postal_mail",
  "0-7": "products",
  "0-14": "quotes",
  "0-162": "services",
  "0-69": "subscriptions",
  "0-115": "users",
};

export interface AssociationType {
  from: string;
  to: string;
  typeId: number;
  /** "Primary" for the primary company, null for the unlabeled default. */
  label: string | null;
  /** The v3 name list reads show (`contact_to_company`). */
  name: string;
  /** The type of the same link seen from the other side. */
  inverse: number;
}

const singularOf = (name: string) =>
  CRM_OBJECT_TYPES.find((t) => t.name === name)?.singular ?? name;

/** Both directions of one relation; with `primary`, the labelled "Primary" types come first. */
function pair(
  from: string,
  to: string,
  unlabeled: [number, number],
  primary?: [number, number],
): AssociationType[] {
  const ab = `${singularOf(from)}_to_${singularOf(to)}`;
  const ba = `${singularOf(to)}_to_${singularOf(from)}`;
  const suffix = primary ? "_unlabeled" : "";
  return [
    ...(primary
      ? [{ from, to, typeId: primary[0], label: "Primary", name: ab, inverse: primary[1] }]
      : []),
    { from, to, typeId: unlabeled[0], label: null, name: ab + suffix, inverse: unlabeled[1] },
    ...(primary
      ? [
          {
            from: to,
            to: from,
            typeId: primary[1],
            label: "Primary",
            name: ba,
            inverse: primary[0],
          },
        ]
      : []),
    {
      from: to,
      to: from,
      typeId: unlabeled[1],
      label: null,
      name: ba + suffix,
      inverse: unlabeled[0],
    },
  ];
}

/** HUBSPOT_DEFINED association types (ids as HubSpot defines them), both directions. */
export const ASSOCIATION_TYPES: readonly AssociationType[] = [
  ...pair("contacts", "companies", [279, 280], [1, 2]),
  ...pair("deals", "contacts", [3, 4]),
  ...pair("deals", "companies", [341, 342], [5, 6]),
  ...pair("tickets", "contacts", [16, 15]),
  ...pair("tickets", "companies", [339, 340], [26, 25]),
  ...pair("deals", "tickets", [27, 28]),
  ...pair("notes", "contacts", [202, 201]),
  ...pair("notes", "companies", [190, 189]),
  ...pair("notes", "deals", [214, 213]),
  ...pair("notes", "tickets", [228, 227]),
  ...pair("tasks", "contacts", [204, 203]),
  ...pair("tasks", "companies", [192, 191]),
  ...pair("tasks", "deals", [216, 215]),
  ...pair("tasks", "tickets", [230, 229]),
  ...pair("calls", "contacts", [194, 193]),
  ...pair("calls", "companies", [182, 181]),
  ...pair("calls", "deals", [206, 205]),
  ...pair("calls", "tickets", [220, 219]),
];

/** The default (unlabeled) association type from one object type to another. */
export function defaultAssociation(from: string, to: string): AssociationType | undefined {
  return ASSOCIATION_TYPES.find((t) => t.from === from && t.to === to && t.label === null);
}

/** Bounds on one call's work; the API has its own and an episode's call must too. */
export const CRM_LIMITS = {
  maxFilterGroups: 5,
  maxFiltersPerGroup: 6,
  maxFilters: 18,
  maxBatch: 100,
  maxAssociationBatch: 100,
  maxValueChars: 65536,
  maxObjects: 5000,
  maxProperties: 300,
} as const;

/** Everything the guest code needs of the model, as one JSON constant. */
export function crmModelConstant() {
  return {
    portal: CRM_PORTAL,
    types: CRM_OBJECT_TYPES,
    associations: ASSOCIATION_TYPES,
    engagementTypes: ENGAGEMENT_TYPES,
    linkTypes: LINK_OBJECT_TYPE_IDS,
    limits: CRM_LIMITS,
  };
}
