// Programmatic templates that change the CRM: sweeps over a search (every deal in a stage closing
// before a day moves to another stage or gets a later close date; every open deal of one owner
// goes to another; every open task of an owner due before a day is completed or pushed), and
// loops over a company's contacts with a condition per contact (move a lifecycle stage forward;
// create a task for each contact without a phone number).

import { pick } from "../../../tasks/graph-walk/graph-random";
import { dayMonthYear } from "../../../tasks/phrasing/words-dates";
import { lit } from "../../../tasks/programs/program-code";
import { DEAL_STAGES } from "../properties";
import type { CrmContext } from "./lens";
import { type CrmTemplate, callRole, crmDraft, quoted, unfit } from "./program";
import { CUT_OFF_DAYS, DUE_DAYS, LIFECYCLE } from "./words";
import { isOpenDeal, OPEN_DEAL_STAGES, type RecordView, stageLabel } from "./world";

const before = (value: string | undefined, day: string) =>
  Date.parse(value ?? "") < Date.parse(`${day}T00:00:00.000Z`);

/** A stage and cut-off day with the deals they pick (at least one). */
function stageCuts(ctx: CrmContext) {
  return OPEN_DEAL_STAGES.flatMap((stage) =>
    CUT_OFF_DAYS.flatMap((day) => {
      const hits = ctx.world.deals.filter(
        (d) => d.p.dealstage === stage && before(d.p.closedate, day),
      );
      return hits.length > 0 ? [{ stage, day, hits }] : [];
    }),
  );
}

const laterDays = (day: string) => CUT_OFF_DAYS.filter((d) => d > day);

const updateLoop = (ctx: CrmContext, type: string, item: string, props: string) => [
  `for (const ${item} of found) {`,
  `  ${callRole(ctx, "update_objects", `{ objectType: ${lit(type)}, inputs: [{ id: ${item}.id, properties: ${props} }] }`)};`,
  "}",
  "return null;",
];

const stageFilters = (stage: string, day: string) =>
  lit([
    { propertyName: "dealstage", operator: "EQ", value: stage },
    { propertyName: "closedate", operator: "LT", value: day },
  ]);

/** "Move every deal in the ... stage with a close date before ... to ..." (or push its close date). */
export const stageSweep: CrmTemplate = {
  name: "stage-sweep",
  kind: "programmatic",
  roles: ["update_objects"],
  maxWrites: 5,
  capacity: (ctx) =>
    stageCuts(ctx).reduce((n, c) => n + DEAL_STAGES.length - 1 + laterDays(c.day).length, 0),
  build(ctx, minWrites) {
    const cut = pick(
      ctx.rng,
      stageCuts(ctx).filter((c) => c.hits.length >= minWrites),
    );
    if (!cut) return unfit("no_deals", "no stage has deals closing early enough");
    const S = stageLabel(cut.stage);
    const moves = DEAL_STAGES.filter((s) => s.value !== cut.stage).map((s) => ({
      instruction: `Move every deal in the ${S} stage whose close date is before ${dayMonthYear(cut.day)} to ${s.label}.`,
      props: lit({ dealstage: s.value }),
    }));
    const pushes = laterDays(cut.day).map((d) => ({
      instruction: `For every deal in the ${S} stage whose close date is before ${dayMonthYear(cut.day)}, push the close date to ${dayMonthYear(d)}.`,
      props: lit({ closedate: `${d}T00:00:00.000Z` }),
    }));
    const action = pick(ctx.rng, [...moves, ...pushes]);
    if (!action) return unfit("no_action", "nothing to do with the deals");
    return crmDraft(ctx, {
      kind: "programmatic",
      instruction: action.instruction,
      helpers: ["findAll"],
      statements: [
        `const found = findAll("deals", ${stageFilters(cut.stage, cut.day)}, ["dealname"]);`,
        ...updateLoop(ctx, "deals", "deal", action.props),
      ],
      hidden: cut.hits.map((d) => d.id),
      roles: ["update_objects"],
      difficulty: {
        chainLength: 1 + cut.hits.length,
        branching: 1,
        writes: cut.hits.length,
        hiddenIds: cut.hits.length,
      },
    });
  },
};

const openDealsOf = (ctx: CrmContext, ownerId: string) =>
  ctx.world.deals.filter((d) => isOpenDeal(d) && d.p.hubspot_owner_id === ownerId);

/** "Reassign every deal of Maya Patel that is still open to Tom Okafor." */
export const reassignOpen: CrmTemplate = {
  name: "reassign-open",
  kind: "programmatic",
  roles: ["update_objects", "get_property"],
  maxWrites: 5,
  capacity: (ctx) =>
    ctx.world.owners.filter((o) => openDealsOf(ctx, o.id).length > 0).length *
    (ctx.world.owners.length - 1),
  build(ctx, minWrites) {
    const from = pick(
      ctx.rng,
      ctx.world.owners.filter((o) => openDealsOf(ctx, o.id).length >= Math.max(1, minWrites)),
    );
    const to = pick(
      ctx.rng,
      ctx.world.owners.filter((o) => o.id !== from?.id),
    );
    if (!from || !to) return unfit("no_open_deals", "no owner has open deals");
    const hits = openDealsOf(ctx, from.id);
    return crmDraft(ctx, {
      kind: "programmatic",
      instruction: `${from.name} is moving to another team. Reassign every deal of theirs that is still open (not Closed Won or Closed Lost) to ${to.name}.`,
      helpers: ["findAll", "ownerIdOf"],
      statements: [
        `const from = ownerIdOf(${lit(from.name)});`,
        `const to = ownerIdOf(${lit(to.name)});`,
        `const found = findAll("deals", [{ propertyName: "hubspot_owner_id", operator: "EQ", value: from }, { propertyName: "dealstage", operator: "NOT_IN", values: ["closedwon", "closedlost"] }], ["dealname"]);`,
        ...updateLoop(ctx, "deals", "deal", "{ hubspot_owner_id: to }"),
      ],
      hidden: [from.id, to.id, ...hits.map((d) => d.id)],
      roles: ["update_objects", "get_property"],
      difficulty: {
        chainLength: 3 + hits.length,
        branching: 1,
        writes: hits.length,
        hiddenIds: 2 + hits.length,
      },
    });
  },
};

const TASK_CUTS = [
  "2025-01-08",
  "2025-01-10",
  "2025-01-12",
  "2025-01-14",
  "2025-01-16",
  "2025-01-19",
  "2025-01-21",
];

function taskCuts(ctx: CrmContext) {
  return ctx.world.owners.flatMap((owner) =>
    TASK_CUTS.flatMap((day) => {
      const hits = ctx.world.tasks.filter(
        (t) =>
          t.p.hubspot_owner_id === owner.id &&
          t.p.hs_task_status !== "COMPLETED" &&
          before(t.p.hs_timestamp, day),
      );
      return hits.length > 0 ? [{ owner, day, hits }] : [];
    }),
  );
}

/** "Mark every unfinished task of Tom Okafor due before ... as completed" (or move its due day). */
export const taskSweep: CrmTemplate = {
  name: "task-sweep",
  kind: "programmatic",
  roles: ["update_engagement", "get_property"],
  maxWrites: 3,
  capacity: (ctx) => taskCuts(ctx).length * (1 + DUE_DAYS.length),
  build(ctx, minWrites) {
    const cut = pick(
      ctx.rng,
      taskCuts(ctx).filter((c) => c.hits.length >= minWrites),
    );
    if (!cut) return unfit("no_tasks", "no owner has unfinished tasks due early enough");
    const due = pick(ctx.rng, [undefined, ...DUE_DAYS.filter((d) => d >= cut.day)]);
    const scope = `every task owned by ${cut.owner.name} that is not completed and is due before ${dayMonthYear(cut.day)}`;
    const instruction =
      due === undefined
        ? `Mark ${scope} as completed.`
        : `Move the due date of ${scope} to ${dayMonthYear(due)} at 17:00 UTC.`;
    const change =
      due === undefined
        ? '{ metadata: { status: "COMPLETED" } }'
        : `{ metadata: {}, timestamp: ${Date.parse(`${due}T17:00:00.000Z`)} }`;
    return crmDraft(ctx, {
      kind: "programmatic",
      instruction,
      helpers: ["findAll", "ownerIdOf"],
      statements: [
        `const owner = ownerIdOf(${lit(cut.owner.name)});`,
        `const found = findAll("tasks", [{ propertyName: "hubspot_owner_id", operator: "EQ", value: owner }, { propertyName: "hs_task_status", operator: "NEQ", value: "COMPLETED" }, { propertyName: "hs_timestamp", operator: "LT", value: ${lit(cut.day)} }], ["hs_task_subject"]);`,
        "for (const task of found) {",
        `  ${callRole(ctx, "update_engagement", `Object.assign({ engagementId: Number(task.id), associations: {} }, ${change})`)};`,
        "}",
        "return null;",
      ],
      hidden: [cut.owner.id, ...cut.hits.map((t) => t.id)],
      roles: ["update_engagement", "get_property"],
      difficulty: {
        chainLength: 2 + cut.hits.length,
        branching: 1,
        writes: cut.hits.length,
        hiddenIds: 1 + cut.hits.length,
      },
    });
  },
};

/** A company's linked contacts, when no contact names it without being linked (either reading agrees). */
function companyContacts(ctx: CrmContext, company: RecordView): RecordView[] | undefined {
  const linked = ctx.world.contacts.filter((c) =>
    ctx.world.links(c.id, "companies").includes(company.id),
  );
  const named = ctx.world.contacts.filter((c) => c.p.company === company.p.name);
  return named.length === linked.length ? linked : undefined;
}

function lifecycleMoves(ctx: CrmContext) {
  return ctx.world.companies.flatMap((company) => {
    const people = companyContacts(ctx, company) ?? [];
    return LIFECYCLE.flatMap(([stage], i) => {
      const hits = people.filter((c) => c.p.lifecyclestage === stage);
      return hits.length === 0
        ? []
        : LIFECYCLE.slice(i + 1).map((to) => ({ company, stage: i, to, hits }));
    });
  });
}

const contactsOfCompany = (ctx: CrmContext, name: string, properties: string[]) => [
  `const company = findOne("companies", ${lit([["name", name]])}, ["name"]);`,
  `const linked = ${callRole(ctx, "list_associations", '{ objectType: "companies", objectId: company.id, toObjectType: "contacts" }')}.results;`,
  `const people = linked.length === 0 ? [] : ${callRole(ctx, "read_objects", `{ objectType: "contacts", inputs: linked.map((l) => ({ id: String(l.toObjectId) })), properties: ${lit(properties)} }`)}.results;`,
];

/** "At Meridian Insurance, move every contact at Marketing Qualified Lead to Sales Qualified Lead." */
export const lifecycleSweep: CrmTemplate = {
  name: "lifecycle-sweep",
  kind: "programmatic",
  roles: ["update_objects", "list_associations", "read_objects"],
  maxWrites: 4,
  capacity: (ctx) => lifecycleMoves(ctx).length,
  build(ctx, minWrites) {
    const move = pick(
      ctx.rng,
      lifecycleMoves(ctx).filter((m) => m.hits.length >= minWrites),
    );
    if (!move) return unfit("no_contacts", "no company has contacts at that stage");
    const from = LIFECYCLE[move.stage] ?? LIFECYCLE[0];
    return crmDraft(ctx, {
      kind: "programmatic",
      instruction: `At ${move.company.p.name}, move every contact whose lifecycle stage is ${from[1]} forward to ${move.to[1]}.`,
      helpers: ["findOne"],
      statements: [
        ...contactsOfCompany(ctx, move.company.p.name ?? "", ["lifecyclestage"]),
        "for (const person of people) {",
        `  if (person.properties.lifecyclestage !== ${lit(from[0])}) continue;`,
        `  ${callRole(ctx, "update_objects", `{ objectType: "contacts", inputs: [{ id: person.id, properties: ${lit({ lifecyclestage: move.to[0] })} }] }`)};`,
        "}",
        "return null;",
      ],
      hidden: [move.company.id, ...move.hits.map((c) => c.id)],
      roles: ["update_objects", "list_associations", "read_objects"],
      difficulty: {
        chainLength: 3 + move.hits.length,
        branching: 2,
        writes: move.hits.length,
        hiddenIds: 1 + move.hits.length,
      },
    });
  },
};

function phoneless(ctx: CrmContext) {
  return ctx.world.companies.flatMap((company) => {
    const people = companyContacts(ctx, company);
    const hits = (people ?? []).filter((c) => !c.p.phone);
    return hits.length > 0 ? [{ company, hits }] : [];
  });
}

/** "For every contact at ... with no phone number, create a task for me to find one, due ..." */
export const phoneTasks: CrmTemplate = {
  name: "phone-tasks",
  kind: "programmatic",
  roles: ["create_engagement", "list_associations", "read_objects", "user_details"],
  maxWrites: 3,
  capacity: (ctx) => phoneless(ctx).length * DUE_DAYS.length,
  build(ctx, minWrites) {
    const found = pick(
      ctx.rng,
      phoneless(ctx).filter((f) => f.hits.length >= minWrites),
    );
    const due = pick(ctx.rng, DUE_DAYS);
    if (!found || !due) return unfit("no_contacts", "every contact has a phone number");
    return crmDraft(ctx, {
      kind: "programmatic",
      instruction: `For every contact at ${found.company.p.name} with no phone number on file, create a task owned by me with the title ${quoted("Find a phone number for <first name> <last name>")} (their name filled in) and an empty description, due ${dayMonthYear(due)} at 17:00 UTC and linked to that contact.`,
      helpers: ["findOne", "myOwnerId"],
      statements: [
        "const me = Number(myOwnerId());",
        ...contactsOfCompany(ctx, found.company.p.name ?? "", ["firstname", "lastname", "phone"]),
        "for (const person of people) {",
        "  if (person.properties.phone) continue;",
        `  ${callRole(ctx, "create_engagement", `{ type: "TASK", ownerId: me, timestamp: ${Date.parse(`${due}T17:00:00.000Z`)}, associations: { contactIds: [Number(person.id)] }, metadata: { subject: "Find a phone number for " + person.properties.firstname + " " + person.properties.lastname, body: "" } }`)};`,
        "}",
        "return null;",
      ],
      hidden: [found.company.id, Number(ctx.world.me), ...found.hits.map((c) => c.id)],
      roles: ["create_engagement", "list_associations", "read_objects", "user_details"],
      difficulty: {
        chainLength: 4 + found.hits.length,
        branching: 2,
        writes: found.hits.length,
        hiddenIds: 2 + found.hits.length,
      },
    });
  },
};
