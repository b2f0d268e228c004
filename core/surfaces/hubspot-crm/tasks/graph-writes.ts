// Graph templates that change the CRM. Each names records by what a user knows (a deal's name,
// a person's name, a company's name, an owner's name, a ticket's or task's subject), and the chain
// finds their ids with the search (and the owner's id in the owner property's options, or "me"
// in the user details) before it writes: move a deal's stage, hand it to another owner, log a
// note, create a follow-up task for the deal's owner, link a contact to her company or to a deal,
// add a new contact at a company, change a ticket's priority, a task's status, a job title.

import { pick } from "../../../tasks/graph-walk/graph-random";
import { dayMonthYear } from "../../../tasks/phrasing/words-dates";
import { lit } from "../../../tasks/programs/program-code";
import { DEAL_STAGES } from "../properties";
import type { CrmContext } from "./lens";
import { byName, type CrmTemplate, callRole, crmDraft, phrase, quoted, unfit } from "./program";
import { DUE_DAYS, FOLLOW_UPS, JOB_TITLES, NEW_PEOPLE, NOTES } from "./words";
import { fullName, isOpenTicket } from "./world";

const ONE_HIDDEN = { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 };
const TWO_HIDDEN = { chainLength: 3, branching: 0, writes: 1, hiddenIds: 2 };
const findDeal = (name: string, props: string[] = ["dealname"]) =>
  `const deal = findOne("deals", ${lit([["dealname", name]])}, ${lit(props)});`;
const updateOne = (ctx: CrmContext, type: string, idCode: string, props: string) =>
  `${callRole(ctx, "update_objects", `{ objectType: ${lit(type)}, inputs: [{ id: ${idCode}, properties: ${props} }] }`)};`;

/** "Move the deal "..." to Closed Won." */
export const moveDeal: CrmTemplate = {
  name: "move-deal",
  kind: "graph",
  roles: ["update_objects"],
  maxWrites: 1,
  capacity: (ctx) => ctx.world.deals.length * (DEAL_STAGES.length - 1),
  build(ctx) {
    const deal = pick(ctx.rng, ctx.world.deals);
    const stage = pick(
      ctx.rng,
      DEAL_STAGES.filter((s) => s.value !== deal?.p.dealstage),
    );
    if (!deal || !stage) return unfit("no_deal", "no deal to move");
    const name = deal.p.dealname ?? "";
    return crmDraft(ctx, {
      kind: "graph",
      instruction: phrase(ctx, [
        `Move the deal ${quoted(name)} to the ${stage.label} stage.`,
        `The deal ${quoted(name)} is now at ${stage.label}. Update its stage in the CRM.`,
        `Set the stage of the deal ${quoted(name)} to ${stage.label}.`,
      ]),
      helpers: ["findOne"],
      statements: [
        findDeal(name),
        updateOne(ctx, "deals", "deal.id", lit({ dealstage: stage.value })),
        "return null;",
      ],
      hidden: [deal.id],
      roles: ["update_objects"],
      difficulty: ONE_HIDDEN,
    });
  },
};

/** "Hand the deal "..." over to Elena Varga." */
export const reassignDeal: CrmTemplate = {
  name: "reassign-deal",
  kind: "graph",
  roles: ["update_objects", "get_property"],
  maxWrites: 1,
  capacity: (ctx) => ctx.world.deals.length * (ctx.world.owners.length - 1),
  build(ctx) {
    const deal = pick(ctx.rng, ctx.world.deals);
    const owner = pick(
      ctx.rng,
      ctx.world.owners.filter((o) => o.id !== deal?.p.hubspot_owner_id),
    );
    if (!deal || !owner) return unfit("no_deal", "no deal to hand over");
    const name = deal.p.dealname ?? "";
    return crmDraft(ctx, {
      kind: "graph",
      instruction: phrase(ctx, [
        `Hand the deal ${quoted(name)} over to ${owner.name}.`,
        `${owner.name} is taking over the deal ${quoted(name)}. Make them its owner.`,
      ]),
      helpers: ["findOne", "ownerIdOf"],
      statements: [
        `const owner = ownerIdOf(${lit(owner.name)});`,
        findDeal(name),
        updateOne(ctx, "deals", "deal.id", "{ hubspot_owner_id: owner }"),
        "return null;",
      ],
      hidden: [deal.id, owner.id],
      roles: ["update_objects", "get_property"],
      difficulty: TWO_HIDDEN,
    });
  },
};

/** "Log a note on Priya Shah's record, with me as its owner: "..."" */
export const logNote: CrmTemplate = {
  name: "log-note",
  kind: "graph",
  roles: ["create_engagement", "user_details"],
  maxWrites: 1,
  capacity: (ctx) => ctx.world.contacts.length * NOTES.length,
  build(ctx) {
    const contact = pick(ctx.rng, ctx.world.contacts);
    const note = pick(ctx.rng, NOTES);
    if (!contact || !note) return unfit("no_contact", "no contact to note");
    const name = fullName(contact);
    return crmDraft(ctx, {
      kind: "graph",
      instruction: phrase(ctx, [
        `Log a note on ${name}'s contact record, with me as its owner: ${quoted(note)}`,
        `I just spoke with ${name}. Add a note to their contact record saying ${quoted(note)}, owned by me.`,
        `Log a call note on ${name}'s contact record after my call with them, owned by me, with the text ${quoted(note)}`,
      ]),
      helpers: ["findOne", "myOwnerId"],
      statements: [
        "const me = Number(myOwnerId());",
        `const contact = findOne("contacts", ${byName(contact.p.firstname ?? "", contact.p.lastname ?? "")}, ["email"]);`,
        `${callRole(ctx, "create_engagement", `{ type: "NOTE", ownerId: me, associations: { contactIds: [Number(contact.id)] }, metadata: { body: ${lit(note)} } }`)};`,
        "return null;",
      ],
      hidden: [contact.id, Number(ctx.world.me)],
      roles: ["create_engagement", "user_details"],
      difficulty: { chainLength: 3, branching: 0, writes: 1, hiddenIds: 2 },
    });
  },
};

/** "Create a task "..." for the owner of the deal "...", due ..., linked to the deal." */
export const followUpTask: CrmTemplate = {
  name: "follow-up-task",
  kind: "graph",
  roles: ["create_engagement"],
  maxWrites: 1,
  capacity: (ctx) => ctx.world.deals.length * FOLLOW_UPS.length * DUE_DAYS.length,
  build(ctx) {
    const deal = pick(ctx.rng, ctx.world.deals);
    const task = pick(ctx.rng, FOLLOW_UPS);
    const due = pick(ctx.rng, DUE_DAYS);
    if (!deal || !task || !due) return unfit("no_deal", "no deal to follow up");
    const name = deal.p.dealname ?? "";
    const [subject, body] = task;
    return crmDraft(ctx, {
      kind: "graph",
      instruction: `Create a task ${quoted(subject)} for whoever owns the deal ${quoted(name)}, due ${dayMonthYear(due)} at 17:00 UTC, linked to the deal, with the notes ${quoted(body)}`,
      helpers: ["findOne"],
      statements: [
        findDeal(name, ["dealname", "hubspot_owner_id"]),
        `${callRole(ctx, "create_engagement", `{ type: "TASK", ownerId: Number(deal.properties.hubspot_owner_id), timestamp: ${Date.parse(`${due}T17:00:00.000Z`)}, associations: { dealIds: [Number(deal.id)] }, metadata: { subject: ${lit(subject)}, body: ${lit(body)} } }`)};`,
        "return null;",
      ],
      hidden: [deal.id, Number(deal.p.hubspot_owner_id)],
      roles: ["create_engagement"],
      difficulty: { chainLength: 2, branching: 0, writes: 1, hiddenIds: 2 },
    });
  },
};

/** Contacts not yet linked to the company their record names. */
const unlinked = (ctx: CrmContext) =>
  ctx.world.contacts.flatMap((c) => {
    const company = ctx.world.companies.find((co) => co.p.name === c.p.company);
    return company && ctx.world.links(c.id, "companies").length === 0 ? [{ c, company }] : [];
  });

/** Contacts of a deal's company who are not on the deal yet. */
const offDeal = (ctx: CrmContext) =>
  ctx.world.deals.flatMap((d) => {
    const company = ctx.world.links(d.id, "companies")[0];
    const on = ctx.world.links(d.id, "contacts");
    return ctx.world.contacts
      .filter(
        (c) =>
          company !== undefined &&
          ctx.world.links(c.id, "companies").includes(company) &&
          !on.includes(c.id),
      )
      .map((c) => ({ d, c }));
  });

const associateCode = (
  ctx: CrmContext,
  from: string,
  to: string,
  typeId: number,
  fromId: string,
  toId: string,
) =>
  `${callRole(ctx, "create_associations", `{ fromObjectType: ${lit(from)}, toObjectType: ${lit(to)}, types: [{ associationCategory: "HUBSPOT_DEFINED", associationTypeId: ${typeId} }], inputs: [{ from: { id: ${fromId} }, to: { id: ${toId} } }] }`)};`;

/** "Zoe Adams works at Evergreen Foods. Link her contact to that company as its primary company." */
export const linkToCompany: CrmTemplate = {
  name: "link-to-company",
  kind: "graph",
  roles: ["create_associations"],
  maxWrites: 1,
  capacity: (ctx) => unlinked(ctx).length,
  build(ctx) {
    const found = pick(ctx.rng, unlinked(ctx));
    if (!found) return unfit("no_unlinked_contact", "every contact is linked to its company");
    const { c, company } = found;
    return crmDraft(ctx, {
      kind: "graph",
      instruction: `${fullName(c)} works at ${company.p.name}, but the contact is not linked to it yet. Associate the contact with that company as its primary company.`,
      helpers: ["findOne"],
      statements: [
        `const contact = findOne("contacts", ${byName(c.p.firstname ?? "", c.p.lastname ?? "")}, ["email"]);`,
        `const company = findOne("companies", ${lit([["name", company.p.name ?? ""]])}, ["name"]);`,
        associateCode(ctx, "contacts", "companies", 1, "contact.id", "company.id"),
        "return null;",
      ],
      hidden: [c.id, company.id],
      roles: ["create_associations"],
      difficulty: TWO_HIDDEN,
    });
  },
};

/** "Add Laura Chen to the deal "..." as one of its contacts." */
export const addToDeal: CrmTemplate = {
  name: "add-to-deal",
  kind: "graph",
  roles: ["create_associations"],
  maxWrites: 1,
  capacity: (ctx) => offDeal(ctx).length,
  build(ctx) {
    const found = pick(ctx.rng, offDeal(ctx));
    if (!found) return unfit("no_contact", "no contact to add to a deal");
    const { d, c } = found;
    return crmDraft(ctx, {
      kind: "graph",
      instruction: phrase(ctx, [
        `Add ${fullName(c)} to the deal ${quoted(d.p.dealname ?? "")} as one of its contacts.`,
        `${fullName(c)} is now involved in the deal ${quoted(d.p.dealname ?? "")}. Associate them with it.`,
      ]),
      helpers: ["findOne"],
      statements: [
        findDeal(d.p.dealname ?? ""),
        `const contact = findOne("contacts", ${byName(c.p.firstname ?? "", c.p.lastname ?? "")}, ["email"]);`,
        associateCode(ctx, "deals", "contacts", 3, "deal.id", "contact.id"),
        "return null;",
      ],
      hidden: [d.id, c.id],
      roles: ["create_associations"],
      difficulty: TWO_HIDDEN,
    });
  },
};

/** "Add Nina Roy (nina.roy@...), Treasury Analyst, as a contact at Acme Logistics." */
export const newContact: CrmTemplate = {
  name: "new-contact",
  kind: "graph",
  roles: ["create_objects"],
  maxWrites: 1,
  capacity: (ctx) => NEW_PEOPLE.length * ctx.world.companies.length,
  build(ctx) {
    const person = pick(ctx.rng, NEW_PEOPLE);
    const company = pick(ctx.rng, ctx.world.companies);
    if (!person || !company) return unfit("no_company", "no company to add a contact to");
    const [first, last, title] = person;
    const email = `${first}.${last}@${company.p.domain}`.toLowerCase();
    const properties = { email, firstname: first, lastname: last, jobtitle: title };
    return crmDraft(ctx, {
      kind: "graph",
      instruction: `Create a contact for ${first} ${last} (email ${email}, job title ${quoted(title)}) and link it to ${company.p.name} as its primary company.`,
      helpers: ["findOne"],
      statements: [
        `const company = findOne("companies", ${lit([["name", company.p.name ?? ""]])}, ["name"]);`,
        `${callRole(ctx, "create_objects", `{ objectType: "contacts", inputs: [{ properties: ${lit(properties)}, associations: [{ types: [{ associationCategory: "HUBSPOT_DEFINED", associationTypeId: 1 }], to: { id: company.id } }] }] }`)};`,
        "return null;",
      ],
      hidden: [company.id],
      roles: ["create_objects"],
      difficulty: ONE_HIDDEN,
    });
  },
};

const PRIORITIES = [
  ["LOW", "Low"],
  ["MEDIUM", "Medium"],
  ["HIGH", "High"],
  ["URGENT", "Urgent"],
] as const;

/** "Set the priority of the ticket "..." to High." */
export const ticketPriority: CrmTemplate = {
  name: "ticket-priority",
  kind: "graph",
  roles: ["update_objects"],
  maxWrites: 1,
  capacity: (ctx) => ctx.world.tickets.filter(isOpenTicket).length * 3,
  build(ctx) {
    const ticket = pick(ctx.rng, ctx.world.tickets.filter(isOpenTicket));
    const level = pick(
      ctx.rng,
      PRIORITIES.filter(([v]) => v !== ticket?.p.hs_ticket_priority),
    );
    if (!ticket || !level) return unfit("no_ticket", "no open ticket");
    return crmDraft(ctx, {
      kind: "graph",
      instruction: `Set the priority of the support ticket ${quoted(ticket.p.subject ?? "")} to ${level[1]}.`,
      helpers: ["findOne"],
      statements: [
        `const ticket = findOne("tickets", ${lit([["subject", ticket.p.subject ?? ""]])}, ["subject"]);`,
        updateOne(ctx, "tickets", "ticket.id", lit({ hs_ticket_priority: level[0] })),
        "return null;",
      ],
      hidden: [ticket.id],
      roles: ["update_objects"],
      difficulty: ONE_HIDDEN,
    });
  },
};

const STATUSES = [
  ["COMPLETED", "completed"],
  ["IN_PROGRESS", "in progress"],
  ["WAITING", "waiting"],
] as const;

/** "Mark the task "..." as completed." */
export const taskStatus: CrmTemplate = {
  name: "task-status",
  kind: "graph",
  roles: ["update_engagement"],
  maxWrites: 1,
  capacity: (ctx) => ctx.world.tasks.length * 2,
  build(ctx) {
    const task = pick(ctx.rng, ctx.world.tasks);
    const status = pick(
      ctx.rng,
      STATUSES.filter(([v]) => v !== task?.p.hs_task_status),
    );
    if (!task || !status) return unfit("no_task", "no task");
    return crmDraft(ctx, {
      kind: "graph",
      instruction: `Mark the CRM task ${quoted(task.p.hs_task_subject ?? "")} as ${status[1]}.`,
      helpers: ["findOne"],
      statements: [
        `const task = findOne("tasks", ${lit([["hs_task_subject", task.p.hs_task_subject ?? ""]])}, ["hs_task_subject"]);`,
        `${callRole(ctx, "update_engagement", `{ engagementId: Number(task.id), metadata: { status: ${lit(status[0])} }, associations: {} }`)};`,
        "return null;",
      ],
      hidden: [task.id],
      roles: ["update_engagement"],
      difficulty: ONE_HIDDEN,
    });
  },
};

/** "Change Priya Shah's job title to "Chief Financial Officer"." */
export const jobTitle: CrmTemplate = {
  name: "job-title",
  kind: "graph",
  roles: ["update_objects"],
  maxWrites: 1,
  capacity: (ctx) => ctx.world.contacts.length * JOB_TITLES.length,
  build(ctx) {
    const contact = pick(ctx.rng, ctx.world.contacts);
    const title = pick(
      ctx.rng,
      JOB_TITLES.filter((t) => t !== contact?.p.jobtitle),
    );
    if (!contact || !title) return unfit("no_contact", "no contact");
    return crmDraft(ctx, {
      kind: "graph",
      instruction: `${fullName(contact)} has a new role. Change their job title to ${quoted(title)}.`,
      helpers: ["findOne"],
      statements: [
        `const contact = findOne("contacts", ${byName(contact.p.firstname ?? "", contact.p.lastname ?? "")}, ["email"]);`,
        updateOne(ctx, "contacts", "contact.id", lit({ jobtitle: title })),
        "return null;",
      ],
      hidden: [contact.id],
      roles: ["update_objects"],
      difficulty: ONE_HIDDEN,
    });
  },
};
