// Unit tests of the CRM tools, computed from the seeded records independently of the guest code:
// exact answers where nothing depends on the clock (definitions, engagements, links, workflows),
// the shape and the rows each write adds or changes otherwise, and HubSpot's refusals (unknown
// properties and ids, taken names, metadata the server's schema rejects) as tool errors that
// write nothing. The object and association tools' tests are in object-tests.ts.
import type { ToolTest } from "../../environment/spec";
import { CRM_PORTAL } from "./model";
import { crmObjectTests } from "./object-tests";
import type { CrmRole } from "./roles";
import type { CrmSeed } from "./seed";
import { ownerEmail } from "./seed-records";
import { fails, like, ok, propertyJson, rows, seedLookup } from "./test-kit";

export function crmToolTests(role: CrmRole, seed: CrmSeed): ToolTest[] {
  const kit = seedLookup(seed);
  const objects = crmObjectTests(role, kit);
  if (objects) return objects;
  const { of, find, linked, priya, maya, jordan, nextId } = kit;
  switch (role) {
    case "user_details":
      return [
        like(
          "names the signed-in user, their owner record and the portal",
          {},
          {
            tokenInfo: {
              userId: CRM_PORTAL.userId,
              hubId: CRM_PORTAL.hubId,
              scopes: [...CRM_PORTAL.scopes],
            },
            ownerInfo: {
              id: String(jordan.id),
              email: ownerEmail(jordan),
              firstName: jordan.first,
              lastName: jordan.last,
              userId: jordan.userId,
            },
            accountInfo: {
              portalId: CRM_PORTAL.hubId,
              uiDomain: CRM_PORTAL.uiDomain,
              companyCurrency: "USD",
            },
          },
        ),
      ];
    case "list_properties":
      return [
        ok(
          "lists the deal properties by name",
          { objectType: "deals" },
          {
            results: seed.properties
              .filter((p) => p.objectType === "deals")
              .sort((a, b) => (a.name < b.name ? -1 : 1))
              .map(propertyJson),
          },
        ),
      ];
    case "get_property": {
      const stage = seed.properties.find((p) => p.objectType === "deals" && p.name === "dealstage");
      if (!stage) throw new Error("no dealstage property");
      return [
        ok(
          "describes the deal stage with the pipeline's stages as options",
          { objectType: "deals", propertyName: "dealstage" },
          propertyJson(stage),
        ),
        fails(
          "refuses a property that does not exist",
          { objectType: "deals", propertyName: "colour" },
          "not_found",
        ),
      ];
    }
    case "create_property":
      return [
        like(
          "creates a custom enumeration property",
          {
            objectType: "contacts",
            name: "preferred_language",
            label: "Preferred language",
            groupName: "contactinformation",
            type: "enumeration",
            fieldType: "select",
            options: [
              { label: "English", value: "en" },
              { label: "German", value: "de" },
            ],
          },
          {
            name: "preferred_language",
            type: "enumeration",
            fieldType: "select",
            options: [
              { label: "English", value: "en", displayOrder: 0, hidden: false },
              { label: "German", value: "de", displayOrder: 1, hidden: false },
            ],
            modificationMetadata: {
              archivable: true,
              readOnlyDefinition: false,
              readOnlyValue: false,
            },
          },
          rows("properties", 1),
        ),
        fails(
          "refuses a name already taken",
          {
            objectType: "contacts",
            name: "email",
            label: "Email again",
            groupName: "contactinformation",
          },
          "conflict",
        ),
        fails(
          "refuses a field type that does not fit the data type",
          {
            objectType: "deals",
            name: "risk_score",
            label: "Risk score",
            groupName: "dealinformation",
            type: "number",
            fieldType: "select",
          },
          "validation_error",
        ),
      ];
    case "update_property":
      return [
        like(
          "relabels a custom property",
          { objectType: "companies", propertyName: "customer_tier", label: "Support tier" },
          { name: "customer_tier", label: "Support tier", type: "enumeration" },
          rows("properties", 0, 1),
        ),
        fails(
          "keeps the options of a HubSpot-defined property",
          {
            objectType: "deals",
            propertyName: "dealstage",
            options: [{ label: "Won", value: "won" }],
          },
          "validation_error",
        ),
      ];
    case "create_engagement":
      return [
        like(
          "logs a note on a contact",
          {
            type: "NOTE",
            ownerId: maya.id,
            associations: { contactIds: [Number(priya.id)] },
            metadata: { body: "Priya asked for the renewal paperwork in German." },
          },
          {
            status: "success",
            message: "Successfully created note engagement",
            engagement: {
              engagement: {
                id: Number(nextId),
                type: "NOTE",
                ownerId: maya.id,
                portalId: CRM_PORTAL.hubId,
              },
              associations: {
                contactIds: [Number(priya.id)],
                companyIds: [],
                dealIds: [],
                ticketIds: [],
              },
              metadata: { body: "Priya asked for the renewal paperwork in German." },
            },
          },
          { ...rows("objects", 1), ...rows("associations", 2) },
        ),
        fails(
          "refuses a task without a subject, as the server's schema does",
          {
            type: "TASK",
            ownerId: maya.id,
            associations: {},
            metadata: { body: "Call back" },
          },
          "invalid_arguments",
        ),
        fails(
          "refuses an owner the portal does not have",
          { type: "NOTE", ownerId: 12345, associations: {}, metadata: { body: "x" } },
          "validation_error",
        ),
      ];
    case "get_engagement": {
      const note = of("notes")[0];
      if (!note) throw new Error("no seeded note");
      return [
        ok(
          "reads a note as the v1 engagement JSON",
          { engagementId: Number(note.id) },
          {
            engagement: {
              id: Number(note.id),
              portalId: CRM_PORTAL.hubId,
              active: true,
              createdAt: Date.parse(note.createdAt),
              lastUpdated: Date.parse(note.updatedAt),
              ownerId: Number(note.props.hubspot_owner_id),
              type: "NOTE",
              timestamp: Date.parse(note.props.hs_timestamp ?? ""),
              bodyPreview: note.props.hs_note_body ?? "",
              bodyPreviewIsTruncated: false,
            },
            associations: {
              contactIds: linked("notes", note.id, "contacts"),
              companyIds: linked("notes", note.id, "companies"),
              dealIds: linked("notes", note.id, "deals"),
              ownerIds: [],
              workflowIds: [],
              ticketIds: linked("notes", note.id, "tickets"),
              contentIds: [],
              quoteIds: [],
            },
            attachments: [],
            metadata: { body: note.props.hs_note_body ?? "" },
          },
        ),
        fails(
          "refuses an id that is no engagement",
          { engagementId: Number(priya.id) },
          "not_found",
        ),
      ];
    }
    case "update_engagement": {
      const task = find("tasks", (p) => p.hs_task_status === "NOT_STARTED");
      return [
        like(
          "completes a task and keeps its links",
          { engagementId: Number(task.id), metadata: { status: "COMPLETED" }, associations: {} },
          {
            status: "success",
            engagement: {
              metadata: { subject: task.props.hs_task_subject ?? "", status: "COMPLETED" },
              associations: { dealIds: linked("tasks", task.id, "deals") },
            },
          },
          rows("objects", 0, 1),
        ),
        fails(
          "refuses a status the server's schema does not allow",
          { engagementId: Number(task.id), metadata: { status: "DONE" }, associations: {} },
          "invalid_arguments",
        ),
      ];
    }
    case "feedback_link":
      return [
        ok(
          "gives the feedback page",
          {},
          "Share Feedback link with the user and ask the user to provide feedback: https://developers.hubspot.com/mcp",
        ),
      ];
    case "get_schemas":
      return [ok("says the portal defines no custom objects", {}, { results: [] })];
    case "get_link":
      return [
        ok(
          "builds record and index links from the portal and domain",
          {
            portalId: String(CRM_PORTAL.hubId),
            uiDomain: CRM_PORTAL.uiDomain,
            pageRequests: [
              { pagetype: "record", objectTypeId: "0-1", objectId: priya.id },
              { pagetype: "index", objectTypeId: "0-3" },
            ],
          },
          [
            {
              pagetype: "record",
              objectTypeId: "0-1",
              objectId: priya.id,
              url: `https://${CRM_PORTAL.uiDomain}/contacts/${CRM_PORTAL.hubId}/record/0-1/${priya.id}`,
            },
            {
              pagetype: "index",
              objectTypeId: "0-3",
              url: `https://${CRM_PORTAL.uiDomain}/contacts/${CRM_PORTAL.hubId}/objects/0-3`,
            },
          ],
        ),
        fails(
          "refuses an object type id HubSpot does not have",
          {
            portalId: String(CRM_PORTAL.hubId),
            uiDomain: CRM_PORTAL.uiDomain,
            pageRequests: [{ pagetype: "index", objectTypeId: "0-999" }],
          },
          "invalid_argument",
        ),
      ];
    case "list_workflows":
      return [
        like(
          "lists the first page of workflows",
          { limit: 2 },
          {
            results: [
              { id: "1571201", name: "New lead nurture", isEnabled: true, flowType: "WORKFLOW" },
              { id: "1571202", name: "Closed won handoff to onboarding", isEnabled: true },
            ],
            paging: { next: { after: "2" } },
          },
        ),
      ];
    case "get_workflow":
      return [
        like(
          "reads a workflow with its actions in order",
          { flowId: "1571204" },
          {
            id: "1571204",
            name: "Renewal reminder 90 days",
            isEnabled: false,
            objectTypeId: "0-3",
            actions: [
              {
                actionId: "1",
                actionTypeId: "0-3",
                fields: { description: "Create task: Prepare renewal quote" },
              },
            ],
          },
        ),
        fails("refuses a workflow that does not exist", { flowId: "42" }, "not_found"),
      ];
    default:
      throw new Error(`no tests for the CRM role ${role}`);
  }
}
