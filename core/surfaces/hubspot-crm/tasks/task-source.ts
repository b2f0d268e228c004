// Task source for CRM environments (the HubSpot server and its look-alikes: objects searched with
// filter groups, written in batches, related by associations). Tasks speak the user's words: a
// deal by its name, a person by name, a company by name, an owner by name or "me", a ticket or
// task by its subject, stages and priorities by their labels. Graph chains find the records'
// ids with the search (and an owner's id in the owner property) and then write or read one thing;
// programs sweep a search, loop over a company's contacts with a condition, or total and pick
// over the pipeline. Templates are drawn in proportion to how many distinct tasks each can make.

import type { DraftAttempt, DraftTarget } from "../../../tasks/draft";
import { lensTaskSource, unfitIfReadOnly } from "../../../tasks/lens-task-source";
import type { TaskKind } from "../../../tasks/task";
import { weightedTemplateTask } from "../../../tasks/template-draw";
import { primaryCompany, ticketReporter, whoOwns } from "./graph-reads";
import {
  addToDeal,
  followUpTask,
  jobTitle,
  linkToCompany,
  logNote,
  moveDeal,
  newContact,
  reassignDeal,
  taskStatus,
  ticketPriority,
} from "./graph-writes";
import { type CrmContext, crmLens } from "./lens";
import type { CrmTemplate } from "./program";
import { bestOfAll, dealTotals, pipelineByOwner, stageCount } from "./program-reads";
import { lifecycleSweep, phoneTasks, reassignOpen, stageSweep, taskSweep } from "./program-writes";
import { readCrmWorld } from "./world";

export const CRM_TEMPLATES: readonly CrmTemplate[] = [
  moveDeal,
  reassignDeal,
  logNote,
  followUpTask,
  linkToCompany,
  addToDeal,
  newContact,
  ticketPriority,
  taskStatus,
  jobTitle,
  whoOwns,
  ticketReporter,
  primaryCompany,
  stageSweep,
  reassignOpen,
  taskSweep,
  lifecycleSweep,
  phoneTasks,
  dealTotals,
  stageCount,
  bestOfAll,
  pipelineByOwner,
];

const fits = (ctx: Pick<CrmContext, "lens">, t: CrmTemplate) =>
  t.roles.every((role) => ctx.lens[role] !== undefined);

/** Environments whose tools are the CRM of core/surfaces/hubspot-crm/surface.ts. */
export const crmTaskSource = lensTaskSource({
  name: "crm",
  lens(db, tools) {
    const lens = crmLens(db, tools);
    const world = readCrmWorld(db);
    return lens && world ? { lens, world } : undefined;
  },
  unfit: ({ lens }) =>
    unfitIfReadOnly("this CRM's tools only read", (minWrites) =>
      CRM_TEMPLATES.some((t) => t.maxWrites >= minWrites && fits({ lens }, t)),
    ),
  drafter:
    ({ lens, world }) =>
    ({ rng }, kind, target) =>
      crmTask({ lens, world, rng }, kind, target),
});

/** One CRM task of `kind`: templates drawn by capped weight until one builds. */
export function crmTask(ctx: CrmContext, kind: TaskKind, target: DraftTarget): DraftAttempt {
  return weightedTemplateTask(CRM_TEMPLATES, kind, target, ctx.rng, {
    runs: (t) => fits(ctx, t),
    capacity: (t) => t.capacity(ctx),
    maxWrites: (t) => t.maxWrites,
    cap: 80,
    place: { of: "of this CRM", fits: "this CRM" },
    build: (t) => t.build(ctx, target.minWrites),
  });
}
