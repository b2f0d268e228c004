// The property definitions of each modelled object type: HubSpot's own (hubspotDefined, with the
// real names, types, field types, groups and option values: lifecycle stages, lead statuses, the
// deal pipeline's stages, ticket priorities...) and two custom ones the portal added (a contact's
// product interest, a company's customer tier). Values written to objects are checked against
// these; the owner property's options are the portal's owners.

export interface PropertyOption {
  label: string;
  value: string;
  displayOrder: number;
  hidden: boolean;
}

export interface PropertyDefinition {
  objectType: string;
  name: string;
  label: string;
  type: "string" | "number" | "date" | "datetime" | "enumeration" | "bool";
  fieldType: string;
  groupName: string;
  description: string;
  options: PropertyOption[];
  displayOrder: number;
  hubspotDefined: boolean;
  /** Set by HubSpot only (ids, create and change dates). */
  readOnlyValue: boolean;
  hasUniqueValue: boolean;
  hidden: boolean;
  formField: boolean;
  createdAt: string;
}

/** The property groups each object type has; a new property must join one of them. */
export const PROPERTY_GROUPS: Record<string, readonly string[]> = {
  contacts: ["contactinformation", "contact_activity", "conversioninformation", "sales_properties"],
  companies: ["companyinformation", "company_activity", "sales_properties"],
  deals: ["dealinformation", "deal_activity"],
  tickets: ["ticketinformation", "ticket_activity"],
  notes: ["engagement"],
  tasks: ["engagement", "task"],
  calls: ["engagement", "call"],
};

export const DEAL_STAGES = [
  { value: "appointmentscheduled", label: "Appointment Scheduled", probability: "0.2" },
  { value: "qualifiedtobuy", label: "Qualified To Buy", probability: "0.4" },
  { value: "presentationscheduled", label: "Presentation Scheduled", probability: "0.6" },
  { value: "decisionmakerboughtin", label: "Decision Maker Bought-In", probability: "0.8" },
  { value: "contractsent", label: "Contract Sent", probability: "0.9" },
  { value: "closedwon", label: "Closed Won", probability: "1.0" },
  { value: "closedlost", label: "Closed Lost", probability: "0.0" },
] as const;

export const TICKET_STAGES = [
  { value: "1", label: "New" },
  { value: "2", label: "Waiting on contact" },
  { value: "3", label: "Waiting on us" },
  { value: "4", label: "Closed" },
] as const;

const DEFINED_AT = "2019-08-06T02:41:52.261Z";

const options = (pairs: readonly (readonly [string, string])[]): PropertyOption[] =>
  pairs.map(([value, label], i) => ({ label, value, displayOrder: i, hidden: false }));

type Shape = Partial<
  Pick<
    PropertyDefinition,
    "options" | "description" | "readOnlyValue" | "hasUniqueValue" | "hidden" | "createdAt"
  >
> & { custom?: boolean };

type Row = readonly [string, string, PropertyDefinition["type"], string, Shape?];

function defs(objectType: string, group: string, list: readonly Row[]): PropertyDefinition[] {
  return list.map(([name, label, type, fieldType, shape = {}], i) => ({
    objectType,
    name,
    label,
    type,
    fieldType,
    groupName: group,
    description: shape.description ?? "",
    options: shape.options ?? [],
    displayOrder: shape.readOnlyValue ? -1 : i,
    hubspotDefined: !shape.custom,
    readOnlyValue: shape.readOnlyValue ?? false,
    hasUniqueValue: shape.hasUniqueValue ?? false,
    hidden: shape.hidden ?? false,
    formField: !shape.readOnlyValue && (objectType === "contacts" || objectType === "companies"),
    createdAt: shape.createdAt ?? DEFINED_AT,
  }));
}

const LIFECYCLE = options([
  ["subscriber", "Subscriber"],
  ["lead", "Lead"],
  ["marketingqualifiedlead", "Marketing Qualified Lead"],
  ["salesqualifiedlead", "Sales Qualified Lead"],
  ["opportunity", "Opportunity"],
  ["customer", "Customer"],
  ["evangelist", "Evangelist"],
  ["other", "Other"],
]);

const READ_ONLY = (description: string): Shape => ({ readOnlyValue: true, description });
const system = (created: string, modified: string): Row[] => [
  [created, "Create Date", "datetime", "date", READ_ONLY("The date the record was created")],
  [modified, "Last Modified Date", "datetime", "date", READ_ONLY("Most recent change")],
  ["hs_object_id", "Record ID", "number", "number", READ_ONLY("The unique ID for this record")],
];

/** Every definition, given the owners the owner property offers (`[id, "First Last"]`). */
export function propertyDefinitions(
  owners: readonly (readonly [string, string])[],
): PropertyDefinition[] {
  const owner: Row = [
    "hubspot_owner_id",
    "Owner",
    "enumeration",
    "select",
    { options: options(owners), description: "The owner of the record" },
  ];
  return [
    ...defs("contacts", "contactinformation", [
      ["email", "Email", "string", "text", { hasUniqueValue: true }],
      ["firstname", "First Name", "string", "text"],
      ["lastname", "Last Name", "string", "text"],
      ["phone", "Phone Number", "string", "phonenumber"],
      ["jobtitle", "Job Title", "string", "text"],
      ["company", "Company Name", "string", "text"],
      ["city", "City", "string", "text"],
      ["country", "Country/Region", "string", "text"],
      ["lifecyclestage", "Lifecycle Stage", "enumeration", "radio", { options: LIFECYCLE }],
      [
        "hs_lead_status",
        "Lead Status",
        "enumeration",
        "radio",
        {
          options: options([
            ["NEW", "New"],
            ["OPEN", "Open"],
            ["IN_PROGRESS", "In Progress"],
            ["OPEN_DEAL", "Open Deal"],
            ["UNQUALIFIED", "Unqualified"],
            ["ATTEMPTED_TO_CONTACT", "Attempted to Contact"],
            ["CONNECTED", "Connected"],
            ["BAD_TIMING", "Bad Timing"],
          ]),
        },
      ],
      owner,
      ...system("createdate", "lastmodifieddate"),
      [
        "product_interest",
        "Product interest",
        "enumeration",
        "checkbox",
        {
          custom: true,
          createdAt: "2024-03-12T14:05:33.118Z",
          description: "Which Lumen Ledger modules the contact asked about",
          options: options([
            ["payables", "Payables automation"],
            ["receivables", "Receivables"],
            ["spend_analytics", "Spend analytics"],
          ]),
        },
      ],
    ]),
    ...defs("companies", "companyinformation", [
      ["name", "Company name", "string", "text"],
      ["domain", "Company Domain Name", "string", "text", { hasUniqueValue: false }],
      ["phone", "Phone Number", "string", "phonenumber"],
      [
        "industry",
        "Industry",
        "enumeration",
        "select",
        {
          options: options([
            ["LOGISTICS_AND_SUPPLY_CHAIN", "Logistics and Supply Chain"],
            ["HOSPITAL_HEALTH_CARE", "Hospital & Health Care"],
            ["OIL_ENERGY", "Oil & Energy"],
            ["FOOD_PRODUCTION", "Food Production"],
            ["MARITIME", "Maritime"],
            ["BANKING", "Banking"],
            ["BIOTECHNOLOGY", "Biotechnology"],
            ["MACHINERY", "Machinery"],
            ["RETAIL", "Retail"],
            ["AVIATION_AEROSPACE", "Aviation & Aerospace"],
            ["INSURANCE", "Insurance"],
            ["COMPUTER_SOFTWARE", "Computer Software"],
          ]),
        },
      ],
      ["city", "City", "string", "text"],
      ["country", "Country/Region", "string", "text"],
      ["numberofemployees", "Number of Employees", "number", "number"],
      ["annualrevenue", "Annual Revenue", "number", "number"],
      ["lifecyclestage", "Lifecycle Stage", "enumeration", "radio", { options: LIFECYCLE }],
      owner,
      ...system("createdate", "hs_lastmodifieddate"),
      [
        "customer_tier",
        "Customer tier",
        "enumeration",
        "select",
        {
          custom: true,
          createdAt: "2024-05-02T09:41:07.560Z",
          description: "Support tier in the customer's contract",
          options: options([
            ["gold", "Gold"],
            ["silver", "Silver"],
            ["bronze", "Bronze"],
          ]),
        },
      ],
    ]),
    ...defs("deals", "dealinformation", [
      ["dealname", "Deal Name", "string", "text"],
      ["amount", "Amount", "number", "number"],
      ["closedate", "Close Date", "datetime", "date"],
      [
        "pipeline",
        "Pipeline",
        "enumeration",
        "select",
        { options: options([["default", "Sales Pipeline"]]) },
      ],
      [
        "dealstage",
        "Deal Stage",
        "enumeration",
        "radio",
        { options: options(DEAL_STAGES.map((s) => [s.value, s.label])) },
      ],
      [
        "dealtype",
        "Deal Type",
        "enumeration",
        "radio",
        {
          options: options([
            ["newbusiness", "New Business"],
            ["existingbusiness", "Existing Business"],
          ]),
        },
      ],
      ["description", "Deal Description", "string", "textarea"],
      owner,
      ...system("createdate", "hs_lastmodifieddate"),
    ]),
    ...defs("tickets", "ticketinformation", [
      ["subject", "Ticket name", "string", "text"],
      ["content", "Ticket description", "string", "textarea"],
      [
        "hs_pipeline",
        "Pipeline",
        "enumeration",
        "select",
        { options: options([["0", "Support Pipeline"]]) },
      ],
      [
        "hs_pipeline_stage",
        "Ticket status",
        "enumeration",
        "select",
        { options: options(TICKET_STAGES.map((s) => [s.value, s.label])) },
      ],
      [
        "hs_ticket_priority",
        "Priority",
        "enumeration",
        "select",
        {
          options: options([
            ["LOW", "Low"],
            ["MEDIUM", "Medium"],
            ["HIGH", "High"],
            ["URGENT", "Urgent"],
          ]),
        },
      ],
      [
        "hs_ticket_category",
        "Category",
        "enumeration",
        "checkbox",
        {
          options: options([
            ["PRODUCT_ISSUE", "Product issue"],
            ["BILLING_ISSUE", "Billing issue"],
            ["FEATURE_REQUEST", "Feature request"],
            ["GENERAL_INQUIRY", "General inquiry"],
          ]),
        },
      ],
      owner,
      ...system("createdate", "hs_lastmodifieddate"),
    ]),
    ...defs("notes", "engagement", [
      ["hs_note_body", "Note body", "string", "html"],
      ["hs_timestamp", "Activity date", "datetime", "date"],
      owner,
      ...system("hs_createdate", "hs_lastmodifieddate"),
    ]),
    ...defs("tasks", "engagement", [
      ["hs_task_subject", "Task Title", "string", "text"],
      ["hs_task_body", "Notes", "string", "html"],
      [
        "hs_task_status",
        "Task Status",
        "enumeration",
        "select",
        {
          options: options([
            ["NOT_STARTED", "Not Started"],
            ["IN_PROGRESS", "In Progress"],
            ["WAITING", "Waiting"],
            ["COMPLETED", "Completed"],
            ["DEFERRED", "Deferred"],
          ]),
        },
      ],
      [
        "hs_task_priority",
        "Priority",
        "enumeration",
        "select",
        {
          options: options([
            ["NONE", "None"],
            ["LOW", "Low"],
            ["MEDIUM", "Medium"],
            ["HIGH", "High"],
          ]),
        },
      ],
      [
        "hs_task_type",
        "Task Type",
        "enumeration",
        "select",
        {
          options: options([
            ["TODO", "To-do"],
            ["CALL", "Call"],
            ["EMAIL", "Email"],
          ]),
        },
      ],
      [
        "hs_task_for_object_type",
        "Task for object type",
        "enumeration",
        "select",
        {
          options: options([
            ["CONTACT", "Contact"],
            ["COMPANY", "Company"],
            ["DEAL", "Deal"],
            ["TICKET", "Ticket"],
          ]),
        },
      ],
      ["hs_timestamp", "Due date", "datetime", "date"],
      owner,
      ...system("hs_createdate", "hs_lastmodifieddate"),
    ]),
    ...defs("calls", "engagement", [
      ["hs_call_title", "Call Title", "string", "text"],
      ["hs_call_body", "Call notes", "string", "html"],
      [
        "hs_call_direction",
        "Call direction",
        "enumeration",
        "select",
        {
          options: options([
            ["INBOUND", "Inbound"],
            ["OUTBOUND", "Outbound"],
          ]),
        },
      ],
      ["hs_call_duration", "Call duration", "number", "number"],
      [
        "hs_call_status",
        "Call status",
        "enumeration",
        "select",
        {
          options: options([
            ["COMPLETED", "Completed"],
            ["NO_ANSWER", "No answer"],
            ["BUSY", "Busy"],
          ]),
        },
      ],
      ["hs_timestamp", "Activity date", "datetime", "date"],
      owner,
      ...system("hs_createdate", "hs_lastmodifieddate"),
    ]),
  ];
}
