// Task source for bases environments (spreadsheet databases like Airtable, imported by
// core/surfaces/airtable-bases/surface.ts). Tasks speak the user's words: a base and a table by their
// names, a record by its primary value, fields by the names the grid shows. Graph chains find the
// base in the base list and the record through a formula filter, then set a field, relink, comment,
// add a linked record or read a field; programs filter with a formula and loop: sums, maxima and
// counts over linked records, bulk updates ten at a time, a comment on each picked record, deleting
// the picked records that lack a value, a new field filled from other fields. Templates are drawn in proportion to how many distinct tasks
// each can make on the explored account (capped).

import type { DraftAttempt, DraftTarget } from "../../../tasks/draft";
import { pick } from "../../../tasks/graph-walk/graph-random";
import { lensTaskSource, unfitIfReadOnly } from "../../../tasks/lens-task-source";
import type { TaskKind } from "../../../tasks/task";
import { byCappedWeight, firstBuilt, noTemplate } from "../../../tasks/template-draw";
import type { BasesRole } from "../roles";
import { type BasesContext, readAccount } from "./explore";
import {
  addLinked,
  commentOn,
  readField,
  relink,
  setNumber,
  setSelect,
  toggleCheckbox,
} from "./graph";
import { basesLens } from "./lens";
import { countAbove, sumLinked, topGroup, topLinked } from "./program-reads";
import { bulkSelect, commentEach, deleteEach, flagAbove, weightedField } from "./program-writes";
import type { BasesTemplate } from "./template";

export const BASES_TEMPLATES: readonly BasesTemplate[] = [
  setSelect,
  setNumber,
  toggleCheckbox,
  relink,
  commentOn,
  addLinked,
  readField,
  sumLinked,
  topLinked,
  topGroup,
  countAbove,
  bulkSelect,
  commentEach,
  deleteEach,
  flagAbove,
  weightedField,
];

const WRITE_ROLES: ReadonlySet<BasesRole> = new Set([
  "create_record",
  "update_records",
  "delete_records",
  "create_table",
  "update_table",
  "create_field",
  "update_field",
  "create_comment",
]);

/** Environments whose tools are the bases of core/surfaces/airtable-bases/surface.ts. */
export const basesTaskSource = lensTaskSource({
  name: "bases",
  lens: basesLens,
  unfit: (lens) =>
    unfitIfReadOnly("these bases tools only read", () =>
      BASES_TEMPLATES.some(
        (t) =>
          t.roles.length > 0 && t.roles.every((r) => lens[r] !== undefined && WRITE_ROLES.has(r)),
      ),
    ),
  drafter:
    (lens) =>
    ({ rng, runner }, kind, target) =>
      basesTask({ lens, rng, runner }, kind, target),
});

/** One bases task of `kind`: templates drawn by capped weight, then one of their candidates. */
export function basesTask(ctx: BasesContext, kind: TaskKind, target: DraftTarget): DraftAttempt {
  const account = readAccount(ctx);
  if (!account) return { ok: false, reason: "no_account", detail: "the base list cannot be read" };
  const usable = BASES_TEMPLATES.filter(
    (t) => t.kind === kind && t.roles.every((role) => ctx.lens[role] !== undefined),
  ).flatMap((t) => {
    const candidates = t.candidates(ctx, account).filter((c) => c.writes >= target.minWrites);
    return candidates.length > 0 ? [{ t, candidates }] : [];
  });
  if (usable.length === 0) {
    return noTemplate(kind, target, { of: "of these bases", fits: "these bases" });
  }
  // No template is drawn more often than one that has 60 candidates.
  return firstBuilt(
    byCappedWeight(ctx.rng, usable, 60, (u) => u.candidates.length),
    (u) => pick(ctx.rng, u.candidates)?.draft(),
  );
}
