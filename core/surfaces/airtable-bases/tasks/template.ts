// What a bases template is (graph.ts, program-*.ts): it lists every task it could make
// on the explored account (each candidate with the writes its solution makes), and drafts one of
// them. Capacity is the number of candidates, so templates are drawn in proportion to how many
// distinct tasks each can make; and the small choices several share.

import type { TaskDraft } from "../../../tasks/draft";
import { givesAway, quoted, unfit } from "../../../tasks/surface-draft";
import type { TaskKind } from "../../../tasks/task";
import type { BasesRole } from "../roles";
import type { BasesContext, SeenBase, SeenField, SeenRecord, SeenTable } from "./explore";
import { nameable } from "./explore";
import type { BasesTool } from "./lens";

export { givesAway, quoted, unfit };

export type Built = TaskDraft | { reason: string; detail: string };

export interface Candidate {
  /** State-changing calls its solution makes. */
  writes: number;
  draft(): Built;
}

export interface BasesTemplate {
  name: string;
  kind: TaskKind;
  /** The roles it calls besides the base, table and record lists. */
  roles: readonly BasesRole[];
  candidates(ctx: BasesContext, account: readonly SeenBase[]): Candidate[];
}

/** A tool of the lens the template's roles guarantee. */
export function toolOf(ctx: BasesContext, role: BasesRole): BasesTool {
  const tool = ctx.lens[role];
  if (!tool) throw new Error(`the bases lens has no ${role} tool`);
  return tool;
}

/** Every (base, table, nameable record) of the account. */
export function namedRecords(account: readonly SeenBase[]) {
  return account.flatMap((base) =>
    base.tables.flatMap((table) => nameable(table).map((record) => ({ base, table, record }))),
  );
}

/** Fields of a table of `types`, the primary field left out. */
export const fieldsOfType = (table: SeenTable, ...types: string[]): SeenField[] =>
  table.fields.filter((f) => f !== table.primary && types.includes(f.type));

/** A number as a user writes it for the field: `$84,000` for dollars, `8` for points. */
export function spoken(field: SeenField, value: number): string {
  const digits = value.toLocaleString("en-US", { maximumFractionDigits: 2 });
  return field.type === "currency" ? `${field.symbol ?? ""}${digits}` : digits;
}

/** The record's single link in `field`, or undefined. */
export function linkOf(record: SeenRecord, field: SeenField): string | undefined {
  const v = record.fields[field.name];
  return Array.isArray(v) && v.length === 1 && typeof v[0] === "string" ? v[0] : undefined;
}

/** The record's number in `field`, or undefined. */
export function numberOf(record: SeenRecord, field: SeenField): number | undefined {
  const v = record.fields[field.name];
  return typeof v === "number" ? v : undefined;
}
