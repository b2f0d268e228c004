// Graph templates that read the CRM and answer: who owns a deal, a ticket or a company (the owner
// property's options turn the owner id into a name), which contact reported a ticket (its
// associations, then the contact's email), and which company a contact belongs to (the primary
// company association, then the company's name).

import { pick } from "../../../tasks/graph-walk/graph-random";
import { lit } from "../../../tasks/programs/program-code";
import type { CrmContext } from "./lens";
import { byName, type CrmTemplate, callRole, crmDraft, givesAway, quoted, unfit } from "./program";
import { fullName, type RecordView } from "./world";

const ownerName = (ctx: CrmContext, r: RecordView) =>
  ctx.world.owners.find((o) => o.id === r.p.hubspot_owner_id)?.name;

interface Owned {
  type: string;
  what: (r: RecordView) => string;
  key: string;
  value: (r: RecordView) => string;
}

const OWNED: readonly Owned[] = [
  {
    type: "deals",
    what: (r) => `the deal ${quoted(r.p.dealname ?? "")}`,
    key: "dealname",
    value: (r) => r.p.dealname ?? "",
  },
  {
    type: "tickets",
    what: (r) => `the support ticket ${quoted(r.p.subject ?? "")}`,
    key: "subject",
    value: (r) => r.p.subject ?? "",
  },
  {
    type: "companies",
    what: (r) => `the account ${r.p.name ?? ""}`,
    key: "name",
    value: (r) => r.p.name ?? "",
  },
];

const recordsOf = (ctx: CrmContext, type: string): RecordView[] =>
  type === "deals" ? ctx.world.deals : type === "tickets" ? ctx.world.tickets : ctx.world.companies;

/** "Who owns the deal "..."? Answer with their full name." */
export const whoOwns: CrmTemplate = {
  name: "who-owns",
  kind: "graph",
  roles: ["get_property"],
  maxWrites: 0,
  capacity: (ctx) => OWNED.reduce((n, o) => n + recordsOf(ctx, o.type).length, 0),
  build(ctx) {
    const kind = pick(ctx.rng, OWNED);
    const record = kind ? pick(ctx.rng, recordsOf(ctx, kind.type)) : undefined;
    const answer = record ? ownerName(ctx, record) : undefined;
    if (!kind || !record || !answer) return unfit("no_owner", "no owned record");
    const instruction = `Who owns ${kind.what(record)}? Answer with the owner's full name.`;
    if (givesAway(instruction, answer)) return unfit("no_answer", "the answer is in the question");
    return crmDraft(ctx, {
      kind: "graph",
      instruction,
      helpers: ["findOne"],
      statements: [
        `const record = findOne(${lit(kind.type)}, ${lit([[kind.key, kind.value(record)]])}, ["hubspot_owner_id"]);`,
        `const options = ${callRole(ctx, "get_property", `{ objectType: ${lit(kind.type)}, propertyName: "hubspot_owner_id" }`)}.options;`,
        "return options.find((o) => o.value === record.properties.hubspot_owner_id).label;",
      ],
      answerMatch: { kind: "exact" },
      hidden: [record.id, record.p.hubspot_owner_id ?? ""],
      roles: ["get_property"],
      difficulty: { chainLength: 2, branching: 0, writes: 0, hiddenIds: 2 },
    });
  },
};

/** "Which contact reported the support ticket "..."? Answer with their email address." */
export const ticketReporter: CrmTemplate = {
  name: "ticket-reporter",
  kind: "graph",
  roles: ["list_associations", "read_objects"],
  maxWrites: 0,
  capacity: (ctx) => ctx.world.tickets.length,
  build(ctx) {
    const ticket = pick(
      ctx.rng,
      ctx.world.tickets.filter((t) => ctx.world.links(t.id, "contacts").length === 1),
    );
    const contactId = ticket ? ctx.world.links(ticket.id, "contacts")[0] : undefined;
    const contact = ctx.world.contacts.find((c) => c.id === contactId);
    if (!ticket || !contact) return unfit("no_ticket", "no ticket with one contact");
    return crmDraft(ctx, {
      kind: "graph",
      instruction: `Which contact reported the support ticket ${quoted(ticket.p.subject ?? "")}? Answer with their email address.`,
      helpers: ["findOne"],
      statements: [
        `const ticket = findOne("tickets", ${lit([["subject", ticket.p.subject ?? ""]])}, ["subject"]);`,
        `const linked = ${callRole(ctx, "list_associations", `{ objectType: "tickets", objectId: ticket.id, toObjectType: "contacts" }`)}.results;`,
        `const read = ${callRole(ctx, "read_objects", `{ objectType: "contacts", inputs: [{ id: String(linked[0].toObjectId) }], properties: ["email"] }`)};`,
        "return read.results[0].properties.email;",
      ],
      answerMatch: { kind: "exact" },
      hidden: [ticket.id, contact.id],
      roles: ["list_associations", "read_objects"],
      difficulty: { chainLength: 3, branching: 0, writes: 0, hiddenIds: 2 },
    });
  },
};

/** "Which company is Priya Shah's primary company in the CRM? Answer with its name." */
export const primaryCompany: CrmTemplate = {
  name: "primary-company",
  kind: "graph",
  roles: ["list_associations", "read_objects"],
  maxWrites: 0,
  capacity: (ctx) =>
    ctx.world.contacts.filter((c) => ctx.world.links(c.id, "companies").length === 1).length,
  build(ctx) {
    const contact = pick(
      ctx.rng,
      ctx.world.contacts.filter((c) => ctx.world.links(c.id, "companies").length === 1),
    );
    const company = ctx.world.companies.find(
      (co) => contact && co.id === ctx.world.links(contact.id, "companies")[0],
    );
    if (!contact || !company) return unfit("no_contact", "no linked contact");
    const instruction = `Which company is ${fullName(contact)} associated with as their primary company? Answer with the company's name.`;
    if (givesAway(instruction, company.p.name ?? ""))
      return unfit("no_answer", "the answer is in the question");
    return crmDraft(ctx, {
      kind: "graph",
      instruction,
      helpers: ["findOne"],
      statements: [
        `const contact = findOne("contacts", ${byName(contact.p.firstname ?? "", contact.p.lastname ?? "")}, ["email"]);`,
        `const linked = ${callRole(ctx, "list_associations", `{ objectType: "contacts", objectId: contact.id, toObjectType: "companies" }`)}.results;`,
        'const primary = linked.find((l) => l.associationTypes.some((t) => t.label === "Primary"));',
        `const read = ${callRole(ctx, "read_objects", `{ objectType: "companies", inputs: [{ id: String(primary.toObjectId) }], properties: ["name"] }`)};`,
        "return read.results[0].properties.name;",
      ],
      answerMatch: { kind: "exact" },
      hidden: [contact.id, company.id],
      roles: ["list_associations", "read_objects"],
      difficulty: { chainLength: 3, branching: 0, writes: 0, hiddenIds: 2 },
    });
  },
};
