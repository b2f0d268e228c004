// The CRM's seed rows (its tables are in schema.ts), built from the fixed records
// (seed-records.ts) and property definitions (properties.ts). An object's values
// are stored as a JSON map with sorted keys, so the same values always store the same text; the
// create and change dates and the record id are columns, added to the map only when it is read.
// Associations are stored one row per direction and type, as the v4 API lists them.
import type { SqlValue } from "../../environment/spec";
import { ASSOCIATION_TYPES, type AssociationType } from "./model";
import { type PropertyDefinition, propertyDefinitions } from "./properties";
import type { CRM_TABLES } from "./schema";
import {
  ARCHIVED_CONTACTS,
  CALLS,
  COMPANIES,
  CONTACTS,
  DEALS,
  type EngagementLinks,
  NOTES,
  OWNERS,
  ownerEmail,
  TASKS,
  TICKETS,
  WORKFLOWS,
} from "./seed-records";

export interface SeedObject {
  id: string;
  type: string;
  /** The values set on the object (no dates or id). */
  props: Record<string, string>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
}

export interface SeedAssociation {
  fromType: string;
  fromId: string;
  toType: string;
  toId: string;
  typeId: number;
}

export interface CrmSeed {
  owners: readonly (typeof OWNERS)[number][];
  objects: SeedObject[];
  associations: SeedAssociation[];
  properties: PropertyDefinition[];
}

/** The JSON text a value map is stored as: keys sorted, empty values left out. */
export function storedProperties(props: Record<string, string>): string {
  const keys = Object.keys(props)
    .filter((k) => props[k] !== "")
    .sort();
  return JSON.stringify(Object.fromEntries(keys.map((k) => [k, props[k]])));
}

const DAY = 86_400_000;
const at = (base: string, days: number) => new Date(Date.parse(base) + days * DAY).toISOString();
const ownerId = (index: number) => String(OWNERS[index]?.id ?? OWNERS[0].id);

/** The types linking `from` to `to` when two records are related: the unlabeled type, and Primary. */
function linkTypes(from: string, to: string, primary: boolean): AssociationType[] {
  return ASSOCIATION_TYPES.filter(
    (t) => t.from === from && t.to === to && (t.label === null || primary),
  );
}

export function seedCrm(): CrmSeed {
  const objects: SeedObject[] = [];
  const associations: SeedAssociation[] = [];
  const link = (
    fromType: string,
    fromId: string,
    toType: string,
    toId: string,
    primary = false,
  ) => {
    for (const t of linkTypes(fromType, toType, primary)) {
      associations.push({ fromType, fromId, toType, toId, typeId: t.typeId });
    }
    for (const t of linkTypes(toType, fromType, primary)) {
      associations.push({
        fromType: toType,
        fromId: toId,
        toType: fromType,
        toId: fromId,
        typeId: t.typeId,
      });
    }
  };
  const add = (
    type: string,
    id: string,
    props: Record<string, string>,
    created: string,
    archived = false,
  ) => {
    objects.push({ id, type, props, createdAt: created, updatedAt: at(created, 9), archived });
  };
  const companyIds = COMPANIES.map((_, i) => String(2001 + i));
  COMPANIES.forEach(
    ([name, domain, industry, city, country, staff, revenue, stage, owner, phone, tier], i) => {
      add(
        "companies",
        companyIds[i] as string,
        {
          name,
          domain,
          industry,
          city,
          country,
          numberofemployees: String(staff),
          annualrevenue: String(revenue),
          lifecyclestage: stage,
          hubspot_owner_id: ownerId(owner),
          phone,
          customer_tier: tier,
        },
        at("2024-02-05T15:12:08.410Z", i * 6),
      );
    },
  );
  const contactIds = new Map<string, string>();
  CONTACTS.forEach(([first, last, company, title, phone, stage, lead, linked], i) => {
    const id = String(101 + i);
    const c = COMPANIES[company];
    contactIds.set(`${first} ${last}`, id);
    add(
      "contacts",
      id,
      {
        firstname: first,
        lastname: last,
        email: `${first}.${last.replaceAll(" ", "")}@${c[1]}`.toLowerCase(),
        phone,
        jobtitle: title,
        company: c[0],
        city: c[3],
        country: c[4],
        lifecyclestage: stage,
        hs_lead_status: lead,
        hubspot_owner_id: ownerId(c[8]),
      },
      at("2024-03-01T10:20:31.220Z", i * 4),
    );
    if (linked) link("contacts", id, "companies", companyIds[company] as string, true);
  });
  ARCHIVED_CONTACTS.forEach(([first, last, company, title], i) => {
    const c = COMPANIES[company];
    add(
      "contacts",
      String(101 + CONTACTS.length + i),
      {
        firstname: first,
        lastname: last,
        email: `${first}.${last}@${c[1]}`.toLowerCase(),
        jobtitle: title,
        company: c[0],
        lifecyclestage: "other",
      },
      at("2023-06-12T11:00:00.000Z", i * 30),
      true,
    );
  });
  const contact = (name: string) => {
    const id = contactIds.get(name);
    if (id === undefined) throw new Error(`no seeded contact ${name}`);
    return id;
  };
  const dealIds = DEALS.map((_, i) => String(5001 + i));
  DEALS.forEach(([company, name, amount, close, stage, owner, type, people], i) => {
    const id = dealIds[i] as string;
    add(
      "deals",
      id,
      {
        dealname: `${COMPANIES[company][0]} - ${name}`,
        amount: String(amount),
        closedate: `${close}T00:00:00.000Z`,
        pipeline: "default",
        dealstage: stage,
        dealtype: type,
        hubspot_owner_id: ownerId(owner),
      },
      at("2024-08-19T13:45:00.000Z", i * 5),
    );
    link("deals", id, "companies", companyIds[company] as string, true);
    for (const person of people) link("deals", id, "contacts", contact(person));
  });
  const ticketIds = TICKETS.map((_, i) => String(7001 + i));
  TICKETS.forEach(([subject, content, stage, priority, category, company, person, owner], i) => {
    const id = ticketIds[i] as string;
    add(
      "tickets",
      id,
      {
        subject,
        content,
        hs_pipeline: "0",
        hs_pipeline_stage: stage,
        hs_ticket_priority: priority,
        hs_ticket_category: category,
        hubspot_owner_id: ownerId(owner),
      },
      at("2024-11-28T16:02:44.000Z", i * 3),
    );
    link("tickets", id, "companies", companyIds[company] as string, true);
    link("tickets", id, "contacts", contact(person));
  });
  let next = 9001;
  const engagement = (
    type: string,
    props: Record<string, string>,
    when: string,
    links: EngagementLinks,
  ) => {
    const id = String(next++);
    add(type, id, props, when);
    for (const person of links.contacts ?? []) link(type, id, "contacts", contact(person));
    if (links.deal !== undefined) link(type, id, "deals", dealIds[links.deal - 1] as string);
    if (links.ticket !== undefined)
      link(type, id, "tickets", ticketIds[links.ticket - 1] as string);
  };
  for (const [body, when, owner, links] of NOTES) {
    engagement(
      "notes",
      { hs_note_body: body, hs_timestamp: when, hubspot_owner_id: ownerId(owner) },
      when,
      links,
    );
  }
  for (const [subject, body, status, priority, due, owner, links] of TASKS) {
    engagement(
      "tasks",
      {
        hs_task_subject: subject,
        hs_task_body: body,
        hs_task_status: status,
        hs_task_priority: priority,
        hs_task_type: "TODO",
        hs_timestamp: due,
        hubspot_owner_id: ownerId(owner),
      },
      at(due, -7),
      links,
    );
  }
  for (const [title, body, direction, duration, status, when, owner, links] of CALLS) {
    engagement(
      "calls",
      {
        hs_call_title: title,
        hs_call_body: body,
        hs_call_direction: direction,
        hs_call_duration: String(duration),
        hs_call_status: status,
        hs_timestamp: when,
        hubspot_owner_id: ownerId(owner),
      },
      when,
      links,
    );
  }
  const owners = OWNERS.map((o) => [String(o.id), `${o.first} ${o.last}`] as const);
  return { owners: [...OWNERS], objects, associations, properties: propertyDefinitions(owners) };
}

const bit = (b: boolean) => (b ? 1 : 0);

export function crmRows(seed: CrmSeed): Record<keyof typeof CRM_TABLES, SqlValue[][]> {
  return {
    owners: seed.owners.map((o, i) => [
      o.id,
      o.userId,
      ownerEmail(o),
      o.first,
      o.last,
      at("2023-01-09T14:00:00.000Z", i * 40),
      at("2024-10-01T09:00:00.000Z", i),
    ]),
    objects: seed.objects.map((o) => [
      o.id,
      o.type,
      storedProperties(o.props),
      o.createdAt,
      o.updatedAt,
      bit(o.archived),
    ]),
    associations: seed.associations.map((a) => [
      a.fromType,
      a.fromId,
      a.toType,
      a.toId,
      "HUBSPOT_DEFINED",
      a.typeId,
    ]),
    properties: seed.properties.map((p) => [
      p.objectType,
      p.name,
      p.label,
      p.type,
      p.fieldType,
      p.groupName,
      p.description,
      JSON.stringify(p.options),
      p.displayOrder,
      bit(p.hubspotDefined),
      bit(p.readOnlyValue),
      bit(p.hasUniqueValue),
      bit(p.hidden),
      bit(p.formField),
      null,
      p.createdAt,
      p.createdAt,
      0,
    ]),
    workflows: WORKFLOWS.map(([id, name, typeId, enabled, trigger, actions], i) => [
      id,
      name,
      typeId,
      bit(enabled),
      String(3 + i * 2),
      trigger,
      JSON.stringify(actions),
      at("2024-04-15T12:30:00.000Z", i * 21),
      at("2024-10-20T08:15:00.000Z", i * 7),
    ]),
  };
}
