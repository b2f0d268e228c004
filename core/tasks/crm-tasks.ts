// Task source for CRM environments (the HubSpot server and its look-alikes: objects searched with
// filter groups, written in batches, related by associations). Tasks speak the user's words: a
// deal by its name, a person by name, a company by name, an owner by name or "me", a ticket or
// task by its subject, stages and priorities by their labels. Graph chains find the records'
// ids with the search (and an owner's id in the owner property) and then write or read one thing;
// programs sweep a search, loop over a company's contacts with a condition, or total and pick
// over the pipeline. Templates are drawn in proportion to how many distinct tasks each can make.

import { primaryCompany, ticketReporter, whoOwns } from "./crm-graph-reads";
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
} from "./crm-graph-writes";
import { type CrmContext, crmLens } from "./crm-lens";
import type { CrmTemplate } from "./crm-program";
import { bestOfAll, dealTotals, pipelineByOwner, stageCount } from "./crm-program-reads";
import {
  lifecycleSweep,
  phoneTasks,
  reassignOpen,
  stageSweep,
  taskSweep,
} from "./crm-program-writes";
import { readCrmWorld } from "./crm-world";
import type { DraftAttempt, DraftTarget } from "./draft";
import { pickWeighted } from "./graph-random";
import type { SurfaceTaskSource } from "./surface-tasks";
import type { TaskKind } from "./task";

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

/** No template is drawn more often than one that can make this many tasks. */
const WEIGHT_CAP = 80;

const fits = (ctx: Pick<CrmContext, "lens">, t: CrmTemplate) =>
  t.roles.every((role) => ctx.lens[role] !== undefined);

/** Environments whose tools are the CRM of core/importers/mcp-crm-surface.ts. */
export const crmTaskSource: SurfaceTaskSource = {
  name: "crm",
  recognise(db, tools) {
    const lens = crmLens(db, tools);
    const world = readCrmWorld(db);
    if (!lens || !world) return undefined;
    return {
      unfit(minWrites) {
        if (minWrites === 0) return undefined;
        const writes = CRM_TEMPLATES.some((t) => t.maxWrites >= minWrites && fits({ lens }, t));
        return writes
          ? undefined
          : `this CRM's tools only read, so no task can make ${minWrites} write(s)`;
      },
      draft: ({ rng }, kind, target) => crmTask({ lens, world, rng }, kind, target),
    };
  },
};

/** One CRM task of `kind`: templates drawn by weight until one builds. */
export function crmTask(ctx: CrmContext, kind: TaskKind, target: DraftTarget): DraftAttempt {
  let usable = CRM_TEMPLATES.filter(
    (t) =>
      t.kind === kind &&
      fits(ctx, t) &&
      t.capacity(ctx) > 0 &&
      (target.minWrites === 0 || t.maxWrites >= target.minWrites),
  );
  if (usable.length === 0) {
    return {
      ok: false,
      reason: "no_template",
      detail:
        target.minWrites > 0
          ? `no ${kind} task of this CRM makes ${target.minWrites} write(s)`
          : `no ${kind} template fits this CRM`,
    };
  }
  let last = { reason: "no_template", detail: "" };
  while (usable.length > 0) {
    const template = pickWeighted(
      ctx.rng,
      usable.map((t) => ({ item: t, weight: Math.min(WEIGHT_CAP, t.capacity(ctx)) })),
    );
    if (!template) break;
    const built = template.build(ctx, target.minWrites);
    if ("program" in built) return { ok: true, draft: built };
    last = built;
    usable = usable.filter((t) => t !== template);
  }
  return { ok: false, ...last };
}
