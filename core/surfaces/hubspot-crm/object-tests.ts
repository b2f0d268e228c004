// Unit tests of the CRM object and association tools, computed from the seeded records
// independently of the guest code: pages of objects with the asked properties, searches with
// their filters and sorts, reads, batch creates and updates with the rows they change, links
// between records, and HubSpot's refusals (unknown types, properties, ids, options; taken emails).
import type { ToolTest } from "../../environment/spec";
import { ASSOCIATION_TYPES } from "./model";
import type { CrmRole } from "./roles";
import { fails, like, objectJson, ok, rows, type SeedLookup } from "./test-kit";

export function crmObjectTests(role: CrmRole, kit: SeedLookup): ToolTest[] | undefined {
  const { of, find, company, nextId, linked, priya, zoe } = kit;
  switch (role) {
    case "list_objects": {
      const companies = of("companies");
      return [
        ok(
          "lists a page of companies with the asked properties and the next page's cursor",
          { objectType: "companies", limit: 2, properties: ["name", "industry"] },
          {
            results: companies.slice(0, 2).map((c) => objectJson(c, ["name", "industry"])),
            paging: {
              next: {
                after: companies[2]?.id ?? "",
                link: `https://api.hubapi.com/crm/v3/objects/companies?limit=2&after=${companies[2]?.id}`,
              },
            },
          },
        ),
        like(
          "shows the associated company ids on request",
          { objectType: "contacts", limit: 1, associations: ["companies"] },
          {
            results: [
              {
                id: priya.id,
                associations: {
                  companies: {
                    results: linked("contacts", priya.id, "companies").flatMap((id) => [
                      { id: String(id), type: "contact_to_company" },
                      { id: String(id), type: "contact_to_company_unlabeled" },
                    ]),
                  },
                },
              },
            ],
          },
        ),
        fails(
          "refuses an object type the portal does not know",
          { objectType: "widgets" },
          "validation_error",
        ),
      ];
    }
    case "search_objects": {
      const sent = of("deals")
        .filter((d) => d.props.dealstage === "contractsent")
        .sort((a, b) => Number(b.props.amount) - Number(a.props.amount));
      const early = of("deals").filter(
        (d) =>
          d.props.dealstage !== "closedwon" &&
          d.props.dealstage !== "closedlost" &&
          Date.parse(d.props.closedate ?? "") < Date.parse("2025-03-01"),
      );
      return [
        ok(
          "filters deals by stage and sorts them by amount",
          {
            objectType: "deals",
            filterGroups: [
              { filters: [{ propertyName: "dealstage", operator: "EQ", value: "contractsent" }] },
            ],
            sorts: [{ propertyName: "amount", direction: "DESCENDING" }],
            properties: ["dealname", "amount"],
          },
          { results: sent.map((d) => objectJson(d, ["dealname", "amount"])) },
        ),
        ok(
          "compares close dates as dates and excludes closed stages with NOT_IN",
          {
            objectType: "deals",
            filterGroups: [
              {
                filters: [
                  { propertyName: "closedate", operator: "LT", value: "2025-03-01" },
                  {
                    propertyName: "dealstage",
                    operator: "NOT_IN",
                    values: ["closedwon", "closedlost"],
                  },
                ],
              },
            ],
            properties: ["dealname"],
            limit: 100,
          },
          { results: early.map((d) => objectJson(d, ["dealname"])) },
        ),
        ok(
          "finds a contact by the start of a name",
          { objectType: "contacts", query: "priya", filterGroups: [] },
          { results: [objectJson(priya)] },
        ),
        fails(
          "refuses a filter on a property the type does not have",
          {
            objectType: "contacts",
            filterGroups: [
              { filters: [{ propertyName: "shoe_size", operator: "EQ", value: "9" }] },
            ],
          },
          "validation_error",
        ),
      ];
    }
    case "create_associations": {
      const evergreen = company("Evergreen Foods");
      return [
        ok(
          "links a contact to a company, both ways",
          {
            fromObjectType: "contacts",
            toObjectType: "companies",
            types: [{ associationCategory: "HUBSPOT_DEFINED", associationTypeId: 279 }],
            inputs: [{ from: { id: zoe.id }, to: { id: evergreen.id } }],
          },
          {
            status: "COMPLETE",
            results: [
              {
                fromObjectTypeId: "0-1",
                fromObjectId: Number(zoe.id),
                toObjectTypeId: "0-2",
                toObjectId: Number(evergreen.id),
                labels: [],
              },
            ],
            startedAt: "2025-01-06T09:00:00.000Z",
            completedAt: "2025-01-06T09:00:00.000Z",
          },
          rows("associations", 2),
        ),
        fails(
          "refuses a type that does not link the two object types",
          {
            fromObjectType: "contacts",
            toObjectType: "companies",
            types: [{ associationCategory: "HUBSPOT_DEFINED", associationTypeId: 3 }],
            inputs: [{ from: { id: zoe.id }, to: { id: evergreen.id } }],
          },
          "validation_error",
        ),
        fails(
          "refuses an object that does not exist",
          {
            fromObjectType: "contacts",
            toObjectType: "companies",
            types: [{ associationCategory: "HUBSPOT_DEFINED", associationTypeId: 279 }],
            inputs: [{ from: { id: "999999" }, to: { id: evergreen.id } }],
          },
          "validation_error",
        ),
      ];
    }
    case "association_definitions":
      return [
        ok(
          "lists the primary and unlabeled types from contacts to companies",
          { fromObjectType: "contacts", toObjectType: "companies" },
          {
            results: ASSOCIATION_TYPES.filter(
              (a) => a.from === "contacts" && a.to === "companies",
            ).map((a) => ({ category: "HUBSPOT_DEFINED", typeId: a.typeId, label: a.label })),
          },
        ),
        fails(
          "refuses an unknown object type",
          { fromObjectType: "contacts", toObjectType: "spaceships" },
          "validation_error",
        ),
      ];
    case "list_associations": {
      const deal = find("deals", (p) => p.dealname === "Acme Logistics - Platform renewal 2025");
      return [
        ok(
          "lists a deal's contacts with their association types",
          { objectType: "deals", objectId: deal.id, toObjectType: "contacts" },
          {
            results: linked("deals", deal.id, "contacts").map((id) => ({
              toObjectId: id,
              associationTypes: [{ category: "HUBSPOT_DEFINED", typeId: 3, label: null }],
            })),
          },
        ),
        ok(
          "lists a deal's company under the primary and unlabeled types",
          { objectType: "deals", objectId: deal.id, toObjectType: "companies" },
          {
            results: linked("deals", deal.id, "companies").map((id) => ({
              toObjectId: id,
              associationTypes: [
                { category: "HUBSPOT_DEFINED", typeId: 5, label: "Primary" },
                { category: "HUBSPOT_DEFINED", typeId: 341, label: null },
              ],
            })),
          },
        ),
      ];
    }
    case "create_objects":
      return [
        like(
          "creates a contact with an id one above the highest",
          {
            objectType: "contacts",
            inputs: [
              {
                properties: {
                  email: "wendy.lam@fjordmaritime.no",
                  firstname: "Wendy",
                  lastname: "Lam",
                  lifecyclestage: "lead",
                },
              },
            ],
          },
          {
            status: "COMPLETE",
            results: [
              {
                id: nextId,
                properties: {
                  email: "wendy.lam@fjordmaritime.no",
                  firstname: "Wendy",
                  lastname: "Lam",
                  lifecyclestage: "lead",
                  hs_object_id: nextId,
                },
                archived: false,
              },
            ],
          },
          rows("objects", 1),
        ),
        fails(
          "refuses a value outside the property's options",
          {
            objectType: "deals",
            inputs: [
              { properties: { dealname: "Fjord Maritime - Receivables", dealstage: "almostwon" } },
            ],
          },
          "validation_error",
        ),
        fails(
          "refuses an email another contact has",
          {
            objectType: "contacts",
            inputs: [{ properties: { email: priya.props.email ?? "", firstname: "Again" } }],
          },
          "conflict",
        ),
      ];
    case "update_objects": {
      const deal = find("deals", (p) => p.dealstage === "contractsent");
      return [
        like(
          "moves a deal to another stage",
          {
            objectType: "deals",
            inputs: [{ id: deal.id, properties: { dealstage: "closedwon" } }],
          },
          {
            status: "COMPLETE",
            results: [
              {
                id: deal.id,
                properties: {
                  dealstage: "closedwon",
                  dealname: deal.props.dealname ?? "",
                  amount: deal.props.amount ?? "",
                },
              },
            ],
          },
          rows("objects", 0, 1),
        ),
        fails(
          "refuses an amount that is not a number",
          { objectType: "deals", inputs: [{ id: deal.id, properties: { amount: "a lot" } }] },
          "validation_error",
        ),
        fails(
          "refuses an id that does not exist",
          { objectType: "deals", inputs: [{ id: "999999", properties: { amount: "10" } }] },
          "not_found",
        ),
      ];
    }
    case "read_objects":
      return [
        like(
          "reads contacts by id and lists the ids it cannot find",
          {
            objectType: "contacts",
            inputs: [{ id: priya.id }, { id: "999999" }],
            properties: ["email", "phone"],
          },
          {
            status: "COMPLETE",
            results: [objectJson(priya, ["email", "phone"])],
            numErrors: 1,
            errors: [
              { status: "error", category: "OBJECT_NOT_FOUND", context: { ids: ["999999"] } },
            ],
          },
        ),
      ];
    default:
      return undefined;
  }
}
