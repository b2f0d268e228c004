// The CRM surface (core/surfaces/hubspot-crm/surface.ts) on the real @hubspot/mcp-server spec: all
// 21 tools admitted in the QuickJS sandbox with tests no stand-in passes, byte-identical imports,
// a seeded B2B vendor's CRM, and the tools behaving like the real server and the HubSpot API call
// after call (search, move a deal, link a new contact, log and complete a task, add a property and
// use it; every search operator; refusals as HubSpot's error JSON that write nothing); look-alike
// servers are recognised, one without the essentials is not, and no other shared spec is claimed.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Json } from "../../core/base/json";
import { importMcpSpec } from "../../core/mcp/import/spec-import";
import { crmSurface } from "../../core/surfaces/hubspot-crm/surface";
import { admitImport, failingTests } from "../support/mcp-admission";
import { type McpEpisode, openEpisode, vacuousImportTools } from "../support/mcp-episode";
import {
  otherSpecClaims,
  seededRowCounts,
  sharedSpecText,
  wholeSurfaceProblems,
} from "../support/mcp-surface-checks";

const specText = sharedSpecText("hubspot");
const imported = importMcpSpec(specText);

type Obj = Record<string, unknown>;
const asObj = (value: Json) => value as unknown as Obj;
const results = (value: Json) => asObj(value).results as Obj[];
const ids = (value: Json) => results(value).map((r) => r.id);
const props = (o: Obj) => o.properties as Record<string, string | null>;

/** The seeded objects of a type, as stored. */
function seeded(type: string) {
  const table = imported.seed.tables.crm_objects;
  return (table?.rows ?? [])
    .filter((r) => r[1] === type && r[5] === 0)
    .map((r) => ({ id: String(r[0]), p: JSON.parse(String(r[2])) as Record<string, string> }));
}

describe("the hubspot spec", () => {
  it("implements all 21 tools with the server's schemas, and admits them", async () => {
    expect(imported.report.leftOut).toEqual([]);
    expect(wholeSurfaceProblems(specText, imported, "crm")).toEqual([]);
    expect(imported.tools.filter((t) => t.effect === "write").map((t) => t.name)).toEqual([
      "hubspot_batch_create_associations",
      "hubspot_batch_create_objects",
      "hubspot_batch_update_objects",
      "hubspot_create_property",
      "hubspot_update_property",
      "hubspot_create_engagement",
      "hubspot_update_engagement",
    ]);
    const admission = await admitImport(imported);
    expect(failingTests(admission)).toEqual([]);
    expect(admission.problems).toEqual([]);
    expect(admission.totals.admittedTools).toBe(21);
    expect(admission.totals.tests).toBeGreaterThanOrEqual(44);
  });

  it("has tests that no stand-in implementation passes", async () => {
    expect(await vacuousImportTools(imported)).toEqual([]);
  });

  it("imports byte-identically twice", () => {
    expect(JSON.stringify(importMcpSpec(specText))).toBe(JSON.stringify(imported));
  });

  it("seeds a vendor's CRM: owners, companies, contacts, deals in every stage, tickets, activity", () => {
    const tables = seededRowCounts(imported);
    expect(tables.crm_owners).toBe(5);
    expect(tables.crm_workflows).toBe(4);
    const count = (type: string) => seeded(type).length;
    expect([count("companies"), count("contacts"), count("deals"), count("tickets")]).toEqual([
      12, 40, 20, 10,
    ]);
    expect([count("notes"), count("tasks"), count("calls")]).toEqual([8, 10, 6]);
    const archived = (imported.seed.tables.crm_objects?.rows ?? []).filter((r) => r[5] === 1);
    expect(archived).toHaveLength(2);
    const stages = new Set(seeded("deals").map((d) => d.p.dealstage));
    expect(stages.size).toBe(7);
    // Every deal has an amount, a close date and an owner; every contact an email.
    for (const d of seeded("deals"))
      expect([d.p.amount, d.p.closedate, d.p.hubspot_owner_id].every(Boolean)).toBe(true);
    expect(new Set(seeded("contacts").map((c) => c.p.email)).size).toBe(40);
    // All but four contacts are linked to their company as the primary one.
    const links = imported.seed.tables.crm_associations?.rows ?? [];
    const primary = links.filter((l) => l[0] === "contacts" && l[2] === "companies" && l[5] === 1);
    expect(primary).toHaveLength(36);
    // Ids are unique across types, and the stored value maps have sorted keys.
    const all = imported.seed.tables.crm_objects?.rows ?? [];
    expect(new Set(all.map((r) => r[0])).size).toBe(all.length);
    for (const r of all) {
      const keys = Object.keys(JSON.parse(String(r[2])));
      expect(keys).toEqual([...keys].sort());
    }
  });
});

describe("the hubspot tools, call after call", () => {
  let episode: McpEpisode;
  beforeEach(async () => {
    episode = await openEpisode(imported);
  });
  afterEach(() => episode.close());

  const search = (objectType: string, filters: Json[], extra: Record<string, Json> = {}) =>
    episode.ok("hubspot_search_objects", {
      objectType,
      filterGroups: [{ filters }],
      limit: 100,
      ...extra,
    });

  it("finds Acme's renewal, moves it to Closed won, and every read sees it", () => {
    const found = results(
      episode.ok("hubspot_search_objects", {
        objectType: "deals",
        query: "Acme Logistics",
        filterGroups: [],
        properties: ["dealname", "dealstage"],
      }),
    );
    expect(found.map((d) => props(d).dealname)).toEqual([
      "Acme Logistics - Platform renewal 2025",
      "Acme Logistics - Receivables add-on",
    ]);
    const deal = String(found[0]?.id);
    const updated = asObj(
      episode.ok("hubspot_batch_update_objects", {
        objectType: "deals",
        inputs: [{ id: deal, properties: { dealstage: "closedwon" } }],
      }),
    );
    expect(updated.status).toBe("COMPLETE");
    expect(props((updated.results as Obj[])[0] ?? {})).toMatchObject({
      dealstage: "closedwon",
      amount: "96000",
      hs_object_id: deal,
    });
    const won = search(
      "deals",
      [{ propertyName: "dealstage", operator: "EQ", value: "closedwon" }],
      { properties: ["dealname"] },
    );
    expect(ids(won)).toContain(deal);
    const read = asObj(
      episode.ok("hubspot_batch_read_objects", {
        objectType: "deals",
        inputs: [{ id: deal }],
        properties: ["dealstage"],
      }),
    );
    expect(props((read.results as Obj[])[0] ?? {}).dealstage).toBe("closedwon");
    expect((read.results as Obj[])[0]?.updatedAt).not.toBe((read.results as Obj[])[0]?.createdAt);
    // Dates given as a day are stored as that midnight, and compared as dates.
    episode.ok("hubspot_batch_update_objects", {
      objectType: "deals",
      inputs: [{ id: deal, properties: { closedate: "2025-01-31" } }],
    });
    const row = episode.rows("crm_objects").find((r) => r.id === deal);
    expect(JSON.parse(String(row?.properties)).closedate).toBe("2025-01-31T00:00:00.000Z");
  });

  it("creates a contact linked to her company, and both sides list the link", () => {
    const acme = results(
      search("companies", [{ propertyName: "domain", operator: "EQ", value: "acmelogistics.com" }]),
    )[0];
    const created = asObj(
      episode.ok("hubspot_batch_create_objects", {
        objectType: "contacts",
        inputs: [
          {
            properties: {
              email: "nina.roy@acmelogistics.com",
              firstname: "Nina",
              lastname: "Roy",
              jobtitle: "Treasury Analyst",
            },
            associations: [
              {
                types: [{ associationCategory: "HUBSPOT_DEFINED", associationTypeId: 1 }],
                to: { id: String(acme?.id) },
              },
            ],
          },
        ],
      }),
    );
    const id = String((created.results as Obj[])[0]?.id);
    expect(id).toBe("9025");
    const fromContact = episode.ok("hubspot_list_associations", {
      objectType: "contacts",
      objectId: id,
      toObjectType: "companies",
    });
    expect(fromContact).toEqual({
      results: [
        {
          toObjectId: Number(acme?.id),
          associationTypes: [
            { category: "HUBSPOT_DEFINED", typeId: 1, label: "Primary" },
            { category: "HUBSPOT_DEFINED", typeId: 279, label: null },
          ],
        },
      ],
    });
    const fromCompany = results(
      episode.ok("hubspot_list_associations", {
        objectType: "companies",
        objectId: String(acme?.id),
        toObjectType: "contacts",
      }),
    );
    expect(fromCompany.map((r) => r.toObjectId)).toContain(Number(id));
    // The same email again is HubSpot's conflict, naming the existing contact.
    const again = episode.call("hubspot_batch_create_objects", {
      objectType: "contacts",
      inputs: [{ properties: { email: "NINA.ROY@acmelogistics.com" } }],
    });
    expect(again).toMatchObject({
      ok: false,
      error: {
        code: "conflict",
        details: { category: "CONFLICT", message: `Contact already exists. Existing ID: ${id}` },
      },
    });
  });

  it("logs a task for a deal's owner, completes it, and finds it by status", () => {
    const deal =
      results(
        search(
          "deals",
          [{ propertyName: "dealname", operator: "CONTAINS_TOKEN", value: "Granite" }],
          { properties: ["dealname", "hubspot_owner_id"] },
        ),
      )[0] ?? {};
    const owner = Number(props(deal).hubspot_owner_id);
    const due = Date.parse("2025-01-20T15:00:00.000Z");
    const created = asObj(
      episode.ok("hubspot_create_engagement", {
        type: "TASK",
        ownerId: owner,
        timestamp: due,
        associations: { dealIds: [Number(deal.id)] },
        metadata: { subject: "Send the revised quote", body: "With the three-region pricing." },
      }),
    );
    expect(created.message).toBe("Successfully created task engagement");
    const engagement = created.engagement as Obj;
    const id = Number((engagement.engagement as Obj).id);
    expect(engagement.metadata).toEqual({
      body: "With the three-region pricing.",
      subject: "Send the revised quote",
      status: "NOT_STARTED",
      forObjectType: "CONTACT",
      priority: "NONE",
      taskType: "TODO",
    });
    expect((engagement.engagement as Obj).timestamp).toBe(due);
    const tasks = search(
      "tasks",
      [{ propertyName: "hs_task_subject", operator: "EQ", value: "send the revised quote" }],
      { properties: ["hs_task_status", "hs_timestamp", "hubspot_owner_id"] },
    );
    expect(results(tasks).map((t) => props(t))).toMatchObject([
      {
        hs_task_status: "NOT_STARTED",
        hs_timestamp: "2025-01-20T15:00:00.000Z",
        hubspot_owner_id: String(owner),
      },
    ]);
    episode.ok("hubspot_update_engagement", {
      engagementId: id,
      metadata: { status: "COMPLETED" },
      associations: {},
    });
    const read = asObj(episode.ok("hubspot_get_engagement", { engagementId: id }));
    expect((read.metadata as Obj).status).toBe("COMPLETED");
    expect((read.associations as Obj).dealIds).toEqual([Number(deal.id)]);
    expect(
      ids(
        search("tasks", [{ propertyName: "hs_task_status", operator: "EQ", value: "COMPLETED" }]),
      ),
    ).toContain(String(id));
  });

  it("adds a custom property that writes are then checked against", () => {
    episode.ok("hubspot_create_property", {
      objectType: "deals",
      name: "risk_level",
      label: "Risk level",
      groupName: "dealinformation",
      type: "enumeration",
      fieldType: "select",
      options: [
        { label: "Low", value: "low" },
        { label: "High", value: "high" },
      ],
    });
    const deal = seeded("deals")[0]?.id ?? "";
    episode.ok("hubspot_batch_update_objects", {
      objectType: "deals",
      inputs: [{ id: deal, properties: { risk_level: "high" } }],
    });
    const refused = episode.call("hubspot_batch_update_objects", {
      objectType: "deals",
      inputs: [{ id: deal, properties: { risk_level: "medium" } }],
    });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: "validation_error",
        details: {
          category: "VALIDATION_ERROR",
          errors: [{ error: "INVALID_OPTION", name: "risk_level" }],
        },
      },
    });
    episode.ok("hubspot_update_property", {
      objectType: "deals",
      propertyName: "risk_level",
      options: [
        { label: "Low", value: "low" },
        { label: "Medium", value: "medium" },
        { label: "High", value: "high" },
      ],
    });
    episode.ok("hubspot_batch_update_objects", {
      objectType: "deals",
      inputs: [{ id: deal, properties: { risk_level: "medium" } }],
    });
    const listed = results(episode.ok("hubspot_list_properties", { objectType: "deals" })).map(
      (p) => p.name,
    );
    expect(listed).toContain("risk_level");
    expect(
      asObj(episode.ok("hubspot_get_property", { objectType: "deals", propertyName: "risk_level" }))
        .hubspotDefined,
    ).toBeUndefined();
  });

  it("answers every filter operator the way the search API does", () => {
    const deals = seeded("deals");
    const amount = (d: (typeof deals)[number]) => Number(d.p.amount);
    const expectIds = (filters: Json[], test: (d: (typeof deals)[number]) => boolean) =>
      expect(ids(search("deals", filters))).toEqual(deals.filter(test).map((d) => d.id));
    const f = (operator: string, value?: Json, more: Record<string, Json> = {}) => ({
      propertyName: "amount",
      operator,
      ...(value === undefined ? {} : { value }),
      ...more,
    });
    expectIds([f("EQ", "96000")], (d) => amount(d) === 96000);
    expectIds([f("NEQ", "96000")], (d) => amount(d) !== 96000);
    expectIds([f("LT", "30000")], (d) => amount(d) < 30000);
    expectIds([f("LTE", "29000")], (d) => amount(d) <= 29000);
    expectIds([f("GT", "140000")], (d) => amount(d) > 140000);
    expectIds([f("GTE", "145000")], (d) => amount(d) >= 145000);
    expectIds(
      [f("BETWEEN", "50000", { highValue: "80000" })],
      (d) => amount(d) >= 50000 && amount(d) <= 80000,
    );
    expectIds(
      [{ propertyName: "dealstage", operator: "IN", values: ["closedwon", "closedlost"] }],
      (d) => ["closedwon", "closedlost"].includes(d.p.dealstage ?? ""),
    );
    expectIds(
      [{ propertyName: "dealstage", operator: "NOT_IN", values: ["closedwon", "closedlost"] }],
      (d) => !["closedwon", "closedlost"].includes(d.p.dealstage ?? ""),
    );
    expectIds([{ propertyName: "dealname", operator: "CONTAINS_TOKEN", value: "renewal" }], (d) =>
      /renewal/i.test(d.p.dealname ?? ""),
    );
    expectIds(
      [{ propertyName: "dealname", operator: "NOT_CONTAINS_TOKEN", value: "renewal" }],
      (d) => !/renewal/i.test(d.p.dealname ?? ""),
    );
    expectIds([{ propertyName: "dealname", operator: "CONTAINS_TOKEN", value: "pay*" }], (d) =>
      /\bpay/i.test(d.p.dealname ?? ""),
    );
    expectIds(
      [{ propertyName: "closedate", operator: "LT", value: String(Date.parse("2025-01-01")) }],
      (d) => (d.p.closedate ?? "") < "2025-01-01",
    );
    const contacts = seeded("contacts");
    expect(
      ids(search("contacts", [{ propertyName: "phone", operator: "NOT_HAS_PROPERTY" }])),
    ).toEqual(contacts.filter((c) => !c.p.phone).map((c) => c.id));
    expect(ids(search("contacts", [{ propertyName: "phone", operator: "HAS_PROPERTY" }]))).toEqual(
      contacts.filter((c) => c.p.phone).map((c) => c.id),
    );
    // Groups are ORed, filters in a group ANDed.
    const either = episode.ok("hubspot_search_objects", {
      objectType: "deals",
      limit: 100,
      filterGroups: [
        { filters: [f("GT", "200000")] },
        {
          filters: [
            f("LT", "20000"),
            { propertyName: "dealstage", operator: "EQ", value: "closedlost" },
          ],
        },
      ],
    });
    expect(ids(either)).toEqual(
      deals
        .filter((d) => amount(d) > 200000 || (amount(d) < 20000 && d.p.dealstage === "closedlost"))
        .map((d) => d.id),
    );
  });

  it("pages searches by offset and lists by the next record's id", () => {
    const first = asObj(
      episode.ok("hubspot_search_objects", {
        objectType: "contacts",
        filterGroups: [],
        limit: 15,
        sorts: [{ propertyName: "lastname", direction: "ASCENDING" }],
        properties: ["lastname"],
      }),
    );
    expect(first.paging).toEqual({ next: { after: "15" } });
    const rest = [first];
    let after = "15";
    while (after) {
      const page = asObj(
        episode.ok("hubspot_search_objects", {
          objectType: "contacts",
          filterGroups: [],
          limit: 15,
          after,
          sorts: [{ propertyName: "lastname", direction: "ASCENDING" }],
          properties: ["lastname"],
        }),
      );
      rest.push(page);
      after = ((page.paging as Obj | undefined)?.next as Obj | undefined)?.after as string;
    }
    const names = rest.flatMap((p) => (p.results as Obj[]).map((r) => String(props(r).lastname)));
    expect(names).toHaveLength(40);
    expect(names).toEqual(
      [...names].sort((a, b) =>
        a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0,
      ),
    );
    const listed = asObj(episode.ok("hubspot_list_objects", { objectType: "contacts", limit: 30 }));
    const next = ((listed.paging as Obj).next as Obj).after as string;
    const second = asObj(
      episode.ok("hubspot_list_objects", { objectType: "contacts", limit: 30, after: next }),
    );
    expect([...ids(listed as Json), ...ids(second as Json)]).toEqual(
      seeded("contacts").map((c) => c.id),
    );
    expect(
      results(episode.ok("hubspot_list_objects", { objectType: "contacts", archived: true })).map(
        (c) => c.archived,
      ),
    ).toEqual([true, true]);
  });

  it("refuses what HubSpot refuses and writes nothing", () => {
    const before = episode.rows("crm_objects");
    const links = episode.rows("crm_associations");
    const deal = seeded("deals")[0]?.id ?? "";
    const unknown = episode.call("hubspot_batch_update_objects", {
      objectType: "deals",
      inputs: [{ id: deal, properties: { dealstage: "won", colour: "red" } }],
    });
    expect(unknown).toMatchObject({
      ok: false,
      error: {
        code: "validation_error",
        details: {
          status: "error",
          category: "VALIDATION_ERROR",
          errors: [
            { error: "INVALID_OPTION", name: "dealstage" },
            {
              error: "PROPERTY_DOESNT_EXIST",
              name: "colour",
              message: 'Property "colour" does not exist',
            },
          ],
        },
      },
    });
    expect(
      episode.fails("hubspot_batch_update_objects", {
        objectType: "deals",
        inputs: [{ id: deal, properties: { amount: "12k" } }],
      }),
    ).toBe("validation_error");
    expect(
      episode.fails("hubspot_batch_update_objects", {
        objectType: "deals",
        inputs: [{ id: deal, properties: { hs_object_id: "1" } }],
      }),
    ).toBe("validation_error");
    expect(
      episode.fails("hubspot_batch_update_objects", {
        objectType: "deals",
        inputs: [
          { id: deal, properties: { amount: "1" } },
          { id: deal, properties: { amount: "2" } },
        ],
      }),
    ).toBe("validation_error");
    expect(
      episode.fails("hubspot_batch_create_objects", {
        objectType: "tickets",
        inputs: [{ properties: { subject: "No stage" } }],
      }),
    ).toBe("validation_error");
    expect(episode.fails("hubspot_list_objects", { objectType: "spaceships" })).toBe(
      "validation_error",
    );
    expect(
      episode.fails("hubspot_search_objects", {
        objectType: "deals",
        filterGroups: Array.from({ length: 6 }, () => ({
          filters: [{ propertyName: "amount", operator: "GT", value: "1" }],
        })),
      }),
    ).toBe("validation_error");
    expect(
      episode.fails("hubspot_search_objects", {
        objectType: "deals",
        filterGroups: [{ filters: [{ propertyName: "amount", operator: "GT" }] }],
      }),
    ).toBe("validation_error");
    expect(
      episode.fails("hubspot_create_engagement", {
        type: "NOTE",
        ownerId: 75103812,
        associations: { contactIds: [999999] },
        metadata: { body: "x" },
      }),
    ).toBe("validation_error");
    expect(
      episode.fails("hubspot_create_property", {
        objectType: "deals",
        name: "Bad Name",
        label: "x",
        groupName: "dealinformation",
      }),
    ).toBe("validation_error");
    expect(
      episode.fails("hubspot_create_property", {
        objectType: "deals",
        name: "score",
        label: "x",
        groupName: "nowhere",
      }),
    ).toBe("validation_error");
    expect(episode.fails("hubspot_get_workflow", { flowId: "1" })).toBe("not_found");
    expect(episode.rows("crm_objects")).toEqual(before);
    expect(episode.rows("crm_associations")).toEqual(links);
  });

  it("stays cheap on the largest batch it accepts", () => {
    const inputs = Array.from({ length: 100 }, (_, i) => ({
      properties: { email: `lead${i}@example.com`, firstname: `Lead ${i}`, lifecyclestage: "lead" },
    }));
    episode.ok("hubspot_batch_create_objects", { objectType: "contacts", inputs });
    episode.ok("hubspot_search_objects", {
      objectType: "contacts",
      filterGroups: [
        { filters: [{ propertyName: "lifecyclestage", operator: "EQ", value: "lead" }] },
      ],
      limit: 100,
    });
    expect(Math.max(...episode.fuel)).toBeLessThan(2000);
  });
});

describe("recognising a CRM server", () => {
  const spec = JSON.parse(specText) as {
    tools: { name: string; description?: string; inputSchema: Json }[];
  };
  const renamed: Record<string, string> = {
    "hubspot-search-objects": "search_crm_records",
    "hubspot-batch-update-objects": "update_crm_records",
    "hubspot-batch-create-objects": "create_crm_records",
    "hubspot-list-associations": "list_record_associations",
    "hubspot-get-property": "get_field_property",
  };

  it("recognises the same operations under other names", async () => {
    const lookAlike = {
      serverInfo: { name: "sales-crm", version: "1.2.0" },
      tools: spec.tools
        .filter((t) => renamed[t.name])
        .map((t) => ({ ...t, name: renamed[t.name] ?? t.name })),
    };
    const again = importMcpSpec(lookAlike);
    expect(again.report.implemented.map((t) => [t.tool, t.surface])).toEqual(
      lookAlike.tools.map((t) => [t.name, "crm"]),
    );
    expect(failingTests(await admitImport(again))).toEqual([]);
    const episode = await openEpisode(again);
    try {
      const found = results(
        episode.ok("search_crm_records", {
          objectType: "contacts",
          query: "Priya",
          filterGroups: [],
        }),
      );
      expect(found.map((c) => props(c).email)).toEqual(["priya.shah@acmelogistics.com"]);
    } finally {
      episode.close();
    }
  });

  it("leaves a server that cannot search or relate records alone", () => {
    const partial = {
      tools: spec.tools.filter((t) =>
        [
          "hubspot-batch-create-objects",
          "hubspot-batch-update-objects",
          "hubspot-list-objects",
        ].includes(t.name),
      ),
    };
    expect(importMcpSpec(partial).report.implemented.some((t) => t.surface === "crm")).toBe(false);
  });

  it("claims no tool of the other shared specs", () => {
    expect(otherSpecClaims(crmSurface, ["hubspot"])).toEqual([]);
  });
});
