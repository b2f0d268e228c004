// The workspace every import of a bases server starts with, built from the plans of
// mcp-bases-seed-*.ts: three bases (a product roadmap, a sales CRM, a content calendar) with eight
// linked tables and 113 records, their views and fourteen comments. Ids are Airtable-shaped and
// derived from each row's position (ids.ts), as the tools derive the ids they hand out;
// link cells hold record ids on both sides. Fixed content, so every import seeds the same rows.

import type { Json } from "../../base/json";
import type { SqlValue } from "../../environment/spec";
import { airtableId } from "./ids";
import {
  BASES_COLUMNS,
  type BASES_TABLES,
  type Base,
  type BaseComment,
  type BaseField,
  type BaseTable,
  type BaseUser,
  type Workspace,
} from "./model";
import type { BasePlan, Cell, FieldPlan } from "./plan";
import { CONTENT_BASE, ME, SEED_COMMENTS, SEED_USERS } from "./seed-content";
import { CRM_BASE } from "./seed-crm";
import { ROADMAP_BASE } from "./seed-roadmap";

export const BASE_PLANS: readonly BasePlan[] = [ROADMAP_BASE, CRM_BASE, CONTENT_BASE];

export const CHOICE_COLORS = [
  "blueLight2",
  "cyanLight2",
  "tealLight2",
  "greenLight2",
  "yellowLight2",
  "orangeLight2",
  "redLight2",
  "pinkLight2",
  "purpleLight2",
  "grayLight2",
] as const;

const RECORDS_FROM = Date.parse("2024-09-02T08:00:00.000Z");
const COMMENTS_FROM = Date.parse("2024-12-02T09:00:00.000Z");
const HOUR = 3_600_000;

/** The options Airtable's metadata API shows for a field of this plan (links are set later). */
function fieldOptions(plan: FieldPlan, fieldId: string): BaseField["options"] {
  switch (plan.type) {
    case "number":
    case "percent":
      return { precision: plan.precision ?? 0 };
    case "currency":
      return { precision: plan.precision ?? 2, symbol: plan.symbol ?? "$" };
    case "checkbox":
      return { icon: "check", color: "greenBright" };
    case "rating":
      return { icon: "star", max: 5, color: "yellowBright" };
    case "date":
      return { dateFormat: { name: "iso", format: "YYYY-MM-DD" } };
    case "singleSelect":
    case "multipleSelects":
      return {
        choices: (plan.choices ?? []).map((name, i) => ({
          id: airtableId("sel", `sel:${fieldId}:${i}`),
          name,
          color: CHOICE_COLORS[i % CHOICE_COLORS.length] ?? "grayLight2",
        })),
      };
    default:
      return undefined;
  }
}

function cellValue(value: Cell, field: BaseField, linkIds: (name: string) => string): Json {
  if (field.type === "multipleRecordLinks") {
    if (!Array.isArray(value)) throw new Error(`link cell ${field.name} is not a list`);
    return value.map(linkIds);
  }
  return Array.isArray(value) ? [...value] : (value as Json);
}

export function buildWorkspace(): Workspace {
  const users: BaseUser[] = SEED_USERS.map((u) => ({
    id: airtableId("usr", `usr:${u.email}`),
    email: u.email,
    name: u.name,
  }));
  const userNamed = (name: string) => {
    const found = users.find((u) => u.name === name);
    if (!found) throw new Error(`no user ${name}`);
    return found;
  };
  let fieldPosition = 0;
  let viewPosition = 0;
  let recordPosition = 0;
  const bases: Base[] = BASE_PLANS.map((plan, b) => {
    const baseId = airtableId("app", `app:${b + 1}`);
    const tables: BaseTable[] = plan.tables.map((t, i) => {
      const tableId = airtableId("tbl", `tbl:${b * 10 + i + 1}`);
      const fields = t.fields.map((f) => {
        fieldPosition += 1;
        const id = airtableId("fld", `fld:${fieldPosition}`);
        const options = fieldOptions(f, id);
        return {
          id,
          name: f.name,
          type: f.type,
          ...(f.description ? { description: f.description } : {}),
          ...(options ? { options } : {}),
        } as BaseField;
      });
      const primary = fields[0];
      if (!primary) throw new Error(`table ${t.name} has no fields`);
      return {
        id: tableId,
        name: t.name,
        ...(t.description ? { description: t.description } : {}),
        primaryFieldId: primary.id,
        fields,
        views: [],
        records: [],
      };
    });
    const tableNamed = (name: string) => {
      const found = tables.find((t) => t.name === name);
      if (!found) throw new Error(`no table ${name} in ${plan.name}`);
      return found;
    };
    // Inverse link fields go after each linked table's own fields.
    plan.tables.forEach((t, i) => {
      const table = tables[i] as BaseTable;
      for (const f of t.fields) {
        if (!f.link) continue;
        const target = tableNamed(f.link.table);
        const field = table.fields.find((x) => x.name === f.name) as BaseField;
        fieldPosition += 1;
        const inverseId = airtableId("fld", `fld:${fieldPosition}`);
        field.options = {
          linkedTableId: target.id,
          isReversed: false,
          prefersSingleRecordLink: f.link.single === true,
          inverseLinkFieldId: inverseId,
        };
        target.fields.push({
          id: inverseId,
          name: f.link.inverse,
          type: "multipleRecordLinks",
          options: {
            linkedTableId: table.id,
            isReversed: false,
            prefersSingleRecordLink: false,
            inverseLinkFieldId: field.id,
          },
        });
      }
    });
    plan.tables.forEach((t, i) => {
      const table = tables[i] as BaseTable;
      const views = t.views ?? [{ name: "Grid view" }];
      table.views = views.map((v) => {
        viewPosition += 1;
        return {
          id: airtableId("viw", `viw:${viewPosition}`),
          name: v.name,
          type: "grid" as const,
          ...(v.filter ? { filter: v.filter } : {}),
          ...(v.sort ? { sort: v.sort.map((s) => ({ ...s })) } : {}),
        };
      });
      table.records = t.records.map(() => {
        recordPosition += 1;
        return {
          id: airtableId("rec", `rec:${recordPosition}`),
          createdTime: new Date(RECORDS_FROM + recordPosition * 3 * HOUR).toISOString(),
          cells: {},
        };
      });
    });
    // Cells, once every record has its id; then the inverse side of each link.
    const idsByName = new Map(
      plan.tables.map((t, i) => {
        const table = tables[i] as BaseTable;
        const primary = t.fields[0]?.name ?? "";
        return [table.id, new Map(t.records.map((r, k) => [r[primary], table.records[k]?.id]))];
      }),
    );
    plan.tables.forEach((t, i) => {
      const table = tables[i] as BaseTable;
      t.records.forEach((cells, r) => {
        const record = table.records[r];
        if (!record) return;
        for (const [name, value] of Object.entries(cells)) {
          const field = table.fields.find((f) => f.name === name);
          if (!field) throw new Error(`no field ${name} in ${t.name}`);
          const linkId = (primary: string) => {
            const found = idsByName.get(String(field.options?.linkedTableId))?.get(primary);
            if (!found) throw new Error(`no record ${primary} to link from ${t.name}.${name}`);
            return found;
          };
          record.cells[field.id] = cellValue(value, field, linkId);
        }
      });
    });
    for (const table of tables) {
      for (const field of table.fields) {
        const inverseId = field.options?.inverseLinkFieldId;
        if (field.type !== "multipleRecordLinks" || typeof inverseId !== "string") continue;
        const target = tables.find((x) => x.id === field.options?.linkedTableId) as BaseTable;
        if (
          !table.fields.slice(0, plan.tables[tables.indexOf(table)]?.fields.length).includes(field)
        )
          continue;
        for (const record of table.records) {
          const links = record.cells[field.id];
          if (!Array.isArray(links)) continue;
          for (const id of links) {
            const other = target.records.find((x) => x.id === id);
            if (!other) continue;
            const held = other.cells[inverseId];
            other.cells[inverseId] = [...(Array.isArray(held) ? held : []), record.id];
          }
        }
      }
    }
    return { id: baseId, name: plan.name, permissionLevel: plan.permissionLevel, tables };
  });
  const comments: BaseComment[] = [];
  SEED_COMMENTS.forEach((c, i) => {
    const table = bases.find((b) => b.name === c.base)?.tables.find((t) => t.name === c.table);
    const record = table?.records.find((r) => r.cells[table.primaryFieldId] === c.record);
    if (!record) throw new Error(`no record ${c.record} to comment on`);
    const parent = c.reply ? comments.filter((x) => x.recordId === record.id).at(-1) : undefined;
    comments.push({
      id: airtableId("com", `com:${i + 1}`),
      recordId: record.id,
      ...(parent ? { parentCommentId: parent.id } : {}),
      author: userNamed(c.author),
      text: c.text,
      createdTime: new Date(COMMENTS_FROM + (i + 1) * 5 * HOUR).toISOString(),
    });
  });
  return { bases, comments, users, me: userNamed(ME) };
}

const json = (value: Json | undefined): SqlValue =>
  value === undefined ? null : JSON.stringify(value);

/** The seed rows of every model table, in column order. */
export function workspaceRows(ws: Workspace): Record<keyof typeof BASES_TABLES, SqlValue[][]> {
  const out: Record<keyof typeof BASES_TABLES, SqlValue[][]> = {
    bases: [],
    tables: [],
    fields: [],
    views: [],
    records: [],
    cells: [],
    comments: [],
    users: [],
  };
  let tablePosition = 0;
  let fieldPosition = 0;
  let viewPosition = 0;
  let recordPosition = 0;
  ws.bases.forEach((base, b) => {
    out.bases.push([base.id, b + 1, base.name, base.permissionLevel]);
    for (const table of base.tables) {
      tablePosition += 1;
      out.tables.push([
        table.id,
        base.id,
        tablePosition,
        table.name,
        table.description ?? null,
        table.primaryFieldId,
      ]);
      for (const f of table.fields) {
        fieldPosition += 1;
        out.fields.push([
          f.id,
          table.id,
          fieldPosition,
          f.name,
          f.type,
          f.description ?? null,
          json(f.options),
        ]);
      }
      for (const v of table.views) {
        viewPosition += 1;
        out.views.push([
          v.id,
          table.id,
          viewPosition,
          v.name,
          v.type,
          v.filter ?? null,
          json(v.sort),
        ]);
      }
    }
  });
  // Records in creation order (their ids' positions), across tables.
  const records = ws.bases
    .flatMap((b) => b.tables.flatMap((t) => t.records.map((r) => ({ t, r }))))
    .sort((x, y) => x.r.createdTime.localeCompare(y.r.createdTime));
  for (const { t, r } of records) {
    recordPosition += 1;
    out.records.push([r.id, t.id, recordPosition, r.createdTime]);
    for (const f of t.fields) {
      const value = r.cells[f.id];
      if (value !== undefined) out.cells.push([r.id, f.id, JSON.stringify(value)]);
    }
  }
  ws.comments.forEach((c, i) => {
    out.comments.push([
      c.id,
      c.recordId,
      i + 1,
      c.parentCommentId ?? null,
      c.author.id,
      c.text,
      c.createdTime,
    ]);
  });
  for (const u of ws.users) out.users.push([u.id, u.email, u.name, u.id === ws.me.id ? 1 : 0]);
  return out;
}

export const seedColumns = (key: keyof typeof BASES_TABLES) => [...BASES_COLUMNS[key]];
