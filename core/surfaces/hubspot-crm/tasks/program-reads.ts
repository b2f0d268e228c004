// Programmatic templates that read the CRM and answer: totals over a search (an owner's open or
// won pipeline, or its open deals closing before a day), counts over a company's
// contacts by lifecycle stage, and picks over everything (the company with the most open
// tickets, the owner with the largest open pipeline or the most unfinished tasks). Each answer
// is computed from the seeded records and must be single (no ties) and absent from the question.

import { pick } from "../../../tasks/graph-walk/graph-random";
import { dayMonthYear } from "../../../tasks/phrasing/words-dates";
import { lit } from "../../../tasks/programs/program-code";
import type { CrmContext } from "./lens";
import { type CrmTemplate, callRole, crmDraft, givesAway, unfit } from "./program";
import { CUT_OFF_DAYS, LIFECYCLE } from "./words";
import { isOpenDeal, isOpenTicket, type RecordView } from "./world";

const before = (value: string | undefined, day: string) =>
  Date.parse(value ?? "") < Date.parse(`${day}T00:00:00.000Z`);
const total = (deals: readonly RecordView[]) =>
  deals.reduce((n, d) => n + Number(d.p.amount ?? 0), 0);
const OPEN_FILTER = {
  propertyName: "dealstage",
  operator: "NOT_IN",
  values: ["closedwon", "closedlost"],
};

interface Sum {
  ask: string;
  filters: (ownerCode: string) => string;
  deals: RecordView[];
  needsOwner?: string;
}

function sums(ctx: CrmContext): Sum[] {
  const out: Sum[] = [];
  for (const owner of ctx.world.owners) {
    const mine = ctx.world.deals.filter((d) => d.p.hubspot_owner_id === owner.id);
    const ownerFilter = (code: string) =>
      `{ propertyName: "hubspot_owner_id", operator: "EQ", value: ${code} }`;
    out.push({
      ask: `What is the total amount of the open deals (not Closed Won or Closed Lost) owned by ${owner.name}?`,
      filters: (code) => `[${ownerFilter(code)}, ${lit(OPEN_FILTER)}]`,
      deals: mine.filter(isOpenDeal),
      needsOwner: owner.name,
    });
    out.push({
      ask: `How much did ${owner.name} win in total? Add up the amounts of their Closed Won deals.`,
      filters: (code) =>
        `[${ownerFilter(code)}, { propertyName: "dealstage", operator: "EQ", value: "closedwon" }]`,
      deals: mine.filter((d) => d.p.dealstage === "closedwon"),
      needsOwner: owner.name,
    });
    for (const day of CUT_OFF_DAYS) {
      out.push({
        ask: `What is the total amount of ${owner.name}'s open deals that close before ${dayMonthYear(day)}?`,
        filters: (code) =>
          `[${ownerFilter(code)}, ${lit(OPEN_FILTER)}, ${lit({ propertyName: "closedate", operator: "LT", value: day })}]`,
        deals: mine.filter((d) => isOpenDeal(d) && before(d.p.closedate, day)),
        needsOwner: owner.name,
      });
    }
  }
  return out.filter((s) => s.deals.length > 0);
}

/** "What is the total amount of the open deals owned by Maya Patel?" and other sums. */
export const dealTotals: CrmTemplate = {
  name: "deal-totals",
  kind: "programmatic",
  roles: ["get_property"],
  maxWrites: 0,
  capacity: (ctx) => sums(ctx).length,
  build(ctx) {
    const sum = pick(ctx.rng, sums(ctx));
    if (!sum) return unfit("no_deals", "no deals to add up");
    const answer = total(sum.deals);
    if (givesAway(sum.ask, answer)) return unfit("no_answer", "the total is in the question");
    return crmDraft(ctx, {
      kind: "programmatic",
      instruction: sum.ask,
      helpers: sum.needsOwner ? ["findAll", "ownerIdOf"] : ["findAll"],
      statements: [
        ...(sum.needsOwner ? [`const owner = ownerIdOf(${lit(sum.needsOwner)});`] : []),
        `const found = findAll("deals", ${sum.filters("owner")}, ["amount"]);`,
        "let sum = 0;",
        "for (const deal of found) sum += Number(deal.properties.amount || 0);",
        "return sum;",
      ],
      answerMatch: { kind: "numeric", tolerance: 1e-9 },
      hidden: sum.deals.map((d) => d.id),
      roles: sum.needsOwner ? ["get_property"] : [],
      difficulty: {
        chainLength: sum.needsOwner ? 2 : 1,
        branching: 1,
        writes: 0,
        hiddenIds: sum.deals.length,
      },
    });
  },
};

function stageCounts(ctx: CrmContext) {
  return ctx.world.companies.flatMap((company) => {
    const people = ctx.world.contacts.filter((c) =>
      ctx.world.links(c.id, "companies").includes(company.id),
    );
    return LIFECYCLE.flatMap(([value, label]) => {
      const n = people.filter((c) => c.p.lifecyclestage === value).length;
      return n > 0 && n < people.length ? [{ company, value, label, n }] : [];
    });
  });
}

/** "How many of the contacts linked to Acme Logistics are at the Customer lifecycle stage?" */
export const stageCount: CrmTemplate = {
  name: "stage-count",
  kind: "programmatic",
  roles: ["list_associations", "read_objects"],
  maxWrites: 0,
  capacity: (ctx) => stageCounts(ctx).length,
  build(ctx) {
    const found = pick(ctx.rng, stageCounts(ctx));
    if (!found) return unfit("no_contacts", "no company has contacts at mixed stages");
    const instruction = `How many of the contacts associated with ${found.company.p.name} have the lifecycle stage ${found.label}?`;
    if (givesAway(instruction, found.n)) return unfit("no_answer", "the count is in the question");
    return crmDraft(ctx, {
      kind: "programmatic",
      instruction,
      helpers: ["findOne"],
      statements: [
        `const company = findOne("companies", ${lit([["name", found.company.p.name ?? ""]])}, ["name"]);`,
        `const linked = ${callRole(ctx, "list_associations", '{ objectType: "companies", objectId: company.id, toObjectType: "contacts" }')}.results;`,
        `const people = ${callRole(ctx, "read_objects", '{ objectType: "contacts", inputs: linked.map((l) => ({ id: String(l.toObjectId) })), properties: ["lifecyclestage"] }')}.results;`,
        `return people.filter((p) => p.properties.lifecyclestage === ${lit(found.value)}).length;`,
      ],
      answerMatch: { kind: "numeric", tolerance: 1e-9 },
      hidden: [found.company.id],
      roles: ["list_associations", "read_objects"],
      difficulty: { chainLength: 3, branching: 1, writes: 0, hiddenIds: 1 },
    });
  },
};

/** The single best key of `scores`, or undefined on a tie or when empty. */
function argmax(scores: ReadonlyMap<string, number>): string | undefined {
  const sorted = [...scores.entries()].sort((a, b) => b[1] - a[1]);
  const [first, second] = sorted;
  return first && (!second || second[1] < first[1]) ? first[0] : undefined;
}

const tally = (keys: readonly (string | undefined)[], weights?: readonly number[]) => {
  const out = new Map<string, number>();
  keys.forEach((k, i) => {
    if (k !== undefined) out.set(k, (out.get(k) ?? 0) + (weights?.[i] ?? 1));
  });
  return out;
};

interface Pick {
  ask: string;
  answer: (ctx: CrmContext) => string | undefined;
  roles: CrmTemplate["roles"];
  helpers: ("findAll" | "findOne")[];
  code: string[];
}

const ownerLabel = (ctx: CrmContext) =>
  `${callRole(ctx, "get_property", '{ objectType: "deals", propertyName: "hubspot_owner_id" }')}.options.find((o) => o.value === best).label`;
const bestOf = [
  "let best = null;",
  "for (const key of Object.keys(score)) if (best === null || score[key] > score[best]) best = key;",
];

const PICKS: readonly ((ctx: CrmContext) => Pick)[] = [
  (ctx) => ({
    ask: "Which company has the most open support tickets (any status except Closed)? Answer with the company's name.",
    answer: (c) => {
      const companyOf = (t: RecordView) => c.world.links(t.id, "companies")[0];
      const best = argmax(tally(c.world.tickets.filter(isOpenTicket).map(companyOf)));
      return c.world.companies.find((co) => co.id === best)?.p.name;
    },
    roles: ["list_associations", "read_objects"],
    helpers: ["findAll"],
    code: [
      'const open = findAll("tickets", [{ propertyName: "hs_pipeline_stage", operator: "NEQ", value: "4" }], ["subject"]);',
      "const score = {};",
      "for (const ticket of open) {",
      `  const linked = ${callRole(ctx, "list_associations", '{ objectType: "tickets", objectId: ticket.id, toObjectType: "companies" }')}.results;`,
      '  const primary = linked.find((l) => l.associationTypes.some((t) => t.label === "Primary"));',
      "  if (primary) score[primary.toObjectId] = (score[primary.toObjectId] || 0) + 1;",
      "}",
      ...bestOf,
      `return ${callRole(ctx, "read_objects", '{ objectType: "companies", inputs: [{ id: String(best) }], properties: ["name"] }')}.results[0].properties.name;`,
    ],
  }),
  (ctx) => ({
    ask: "Which owner has the largest total amount in open deals (not Closed Won or Closed Lost)? Answer with their full name.",
    answer: (c) => {
      const open = c.world.deals.filter(isOpenDeal);
      const best = argmax(
        tally(
          open.map((d) => d.p.hubspot_owner_id),
          open.map((d) => Number(d.p.amount ?? 0)),
        ),
      );
      return c.world.owners.find((o) => o.id === best)?.name;
    },
    roles: ["get_property"],
    helpers: ["findAll"],
    code: [
      `const open = findAll("deals", [${lit(OPEN_FILTER)}], ["amount", "hubspot_owner_id"]);`,
      "const score = {};",
      "for (const deal of open) score[deal.properties.hubspot_owner_id] = (score[deal.properties.hubspot_owner_id] || 0) + Number(deal.properties.amount || 0);",
      ...bestOf,
      `return ${ownerLabel(ctx)};`,
    ],
  }),
  (ctx) => ({
    ask: "Which owner has the most CRM tasks that are not completed yet? Answer with their full name.",
    answer: (c) => {
      const best = argmax(
        tally(
          c.world.tasks
            .filter((t) => t.p.hs_task_status !== "COMPLETED")
            .map((t) => t.p.hubspot_owner_id),
        ),
      );
      return c.world.owners.find((o) => o.id === best)?.name;
    },
    roles: ["get_property"],
    helpers: ["findAll"],
    code: [
      'const open = findAll("tasks", [{ propertyName: "hs_task_status", operator: "NEQ", value: "COMPLETED" }], ["hubspot_owner_id"]);',
      "const score = {};",
      "for (const task of open) score[task.properties.hubspot_owner_id] = (score[task.properties.hubspot_owner_id] || 0) + 1;",
      ...bestOf,
      `return ${ownerLabel(ctx)};`,
    ],
  }),
  (ctx) => ({
    ask: "Which company has the largest total amount in open deals (not Closed Won or Closed Lost)? Answer with the company's name.",
    answer: (c) => {
      const open = c.world.deals.filter(isOpenDeal);
      const best = argmax(
        tally(
          open.map((d) => c.world.links(d.id, "companies")[0]),
          open.map((d) => Number(d.p.amount ?? 0)),
        ),
      );
      return c.world.companies.find((co) => co.id === best)?.p.name;
    },
    roles: ["list_associations", "read_objects"],
    helpers: ["findAll"],
    code: [
      `const open = findAll("deals", [${lit(OPEN_FILTER)}], ["amount"]);`,
      "const score = {};",
      "for (const deal of open) {",
      `  const linked = ${callRole(ctx, "list_associations", '{ objectType: "deals", objectId: deal.id, toObjectType: "companies" }')}.results;`,
      '  const primary = linked.find((l) => l.associationTypes.some((t) => t.label === "Primary"));',
      "  if (primary) score[primary.toObjectId] = (score[primary.toObjectId] || 0) + Number(deal.properties.amount || 0);",
      "}",
      ...bestOf,
      `return ${callRole(ctx, "read_objects", '{ objectType: "companies", inputs: [{ id: String(best) }], properties: ["name"] }')}.results[0].properties.name;`,
    ],
  }),
];

/** "Which company has the most open support tickets?" and other picks over everything. */
export const bestOfAll: CrmTemplate = {
  name: "best-of-all",
  kind: "programmatic",
  roles: ["list_associations", "read_objects", "get_property"],
  maxWrites: 0,
  capacity: (ctx) => PICKS.filter((p) => p(ctx).answer(ctx) !== undefined).length,
  build(ctx) {
    const chosen = pick(
      ctx.rng,
      PICKS.map((p) => p(ctx)).filter((p) => p.answer(ctx) !== undefined),
    );
    const answer = chosen?.answer(ctx);
    if (!chosen || answer === undefined) return unfit("no_answer", "every pick is a tie");
    if (givesAway(chosen.ask, answer)) return unfit("no_answer", "the answer is in the question");
    return crmDraft(ctx, {
      kind: "programmatic",
      instruction: chosen.ask,
      helpers: chosen.helpers,
      statements: chosen.code,
      answerMatch: { kind: "exact" },
      hidden: [],
      roles: [...chosen.roles],
      difficulty: { chainLength: 3, branching: 2, writes: 0, hiddenIds: 1 },
    });
  },
};

/** Each owner's open pipeline (optionally only deals closing before a day), by name. */
function pipelines(ctx: CrmContext, day: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of ctx.world.deals) {
    if (!isOpenDeal(d) || (day !== undefined && !before(d.p.closedate, day))) continue;
    const owner = ctx.world.owners.find((o) => o.id === d.p.hubspot_owner_id)?.name;
    if (owner !== undefined) out[owner] = (out[owner] ?? 0) + Number(d.p.amount ?? 0);
  }
  return out;
}

/** "Total the open deals per owner; answer with each owner's name and total." */
export const pipelineByOwner: CrmTemplate = {
  name: "pipeline-by-owner",
  kind: "programmatic",
  roles: ["get_property"],
  maxWrites: 0,
  capacity: () => 1 + CUT_OFF_DAYS.length,
  build(ctx) {
    const day = pick(ctx.rng, [undefined, ...CUT_OFF_DAYS]);
    const answer = pipelines(ctx, day);
    if (Object.keys(answer).length < 2) return unfit("no_deals", "too few owners with open deals");
    const scope = day === undefined ? "" : ` that close before ${dayMonthYear(day)}`;
    const instruction = `For each owner with open deals${scope} (not Closed Won or Closed Lost), total the amounts of those deals. Answer with an object mapping each owner's full name to their total.`;
    if (givesAway(instruction, answer)) return unfit("no_answer", "the totals are in the question");
    const filters = [
      OPEN_FILTER,
      ...(day === undefined ? [] : [{ propertyName: "closedate", operator: "LT", value: day }]),
    ];
    return crmDraft(ctx, {
      kind: "programmatic",
      instruction,
      helpers: ["findAll"],
      statements: [
        `const found = findAll("deals", ${lit(filters)}, ["amount", "hubspot_owner_id"]);`,
        `const options = ${callRole(ctx, "get_property", '{ objectType: "deals", propertyName: "hubspot_owner_id" }')}.options;`,
        "const totals = {};",
        "for (const deal of found) {",
        "  const name = options.find((o) => o.value === deal.properties.hubspot_owner_id).label;",
        "  totals[name] = (totals[name] || 0) + Number(deal.properties.amount || 0);",
        "}",
        "return totals;",
      ],
      answerMatch: { kind: "exact" },
      hidden: [],
      roles: ["get_property"],
      difficulty: { chainLength: 2, branching: 2, writes: 0, hiddenIds: 1 },
    });
  },
};
