// The bases server's answers worked out from the seeded workspace in TypeScript, independently of
// the guest code: a record as `{id, fields}` (cells by field name, in field order), a table at
// each detail level and as the table model, a field, a comment; and finders by the names a user
// sees. The tool tests (tests.ts) expect these.
import type { Json } from "../../base/json";
import type { Base, BaseComment, BaseField, BaseRecord, BaseTable, Workspace } from "./model";

export type Level = "tableIdentifiersOnly" | "identifiersOnly" | "full";

export function baseNamed(ws: Workspace, name: string): Base {
  const found = ws.bases.find((b) => b.name === name);
  if (!found) throw new Error(`no base ${name}`);
  return found;
}

export function tableNamed(base: Base, name: string): BaseTable {
  const found = base.tables.find((t) => t.name === name);
  if (!found) throw new Error(`no table ${name} in ${base.name}`);
  return found;
}

export function fieldNamed(table: BaseTable, name: string): BaseField {
  const found = table.fields.find((f) => f.name === name);
  if (!found) throw new Error(`no field ${name} in ${table.name}`);
  return found;
}

/** The record whose primary field holds `primary`. */
export function recordNamed(table: BaseTable, primary: string): BaseRecord {
  const found = table.records.find((r) => r.cells[table.primaryFieldId] === primary);
  if (!found) throw new Error(`no record ${primary} in ${table.name}`);
  return found;
}

/** A cell by field name. */
export const cell = (table: BaseTable, record: BaseRecord, field: string): Json | undefined =>
  record.cells[fieldNamed(table, field).id];

export function fieldsJson(
  table: BaseTable,
  cells: Record<string, Json>,
  only?: readonly string[],
): Record<string, Json> {
  const out: Record<string, Json> = {};
  const shown = only ? only.map((n) => fieldNamed(table, n)) : table.fields;
  for (const f of shown) {
    const v = cells[f.id];
    if (v !== undefined) out[f.name] = v;
  }
  return out;
}

export const recordJson = (table: BaseTable, record: BaseRecord, only?: readonly string[]) => ({
  id: record.id,
  fields: fieldsJson(table, record.cells, only),
});

export function fieldJson(f: BaseField): Record<string, Json> {
  return {
    id: f.id,
    name: f.name,
    type: f.type,
    ...(f.description !== undefined ? { description: f.description } : {}),
    ...(f.options !== undefined ? { options: f.options } : {}),
  };
}

export function tableJson(table: BaseTable, level: Level): Json {
  if (level === "tableIdentifiersOnly") return { id: table.id, name: table.name };
  if (level === "identifiersOnly") {
    return {
      id: table.id,
      name: table.name,
      fields: table.fields.map((f) => ({ id: f.id, name: f.name })),
      views: table.views.map((v) => ({ id: v.id, name: v.name })),
    };
  }
  return {
    id: table.id,
    name: table.name,
    ...(table.description !== undefined ? { description: table.description } : {}),
    fields: table.fields.map(fieldJson),
    views: table.views.map((v) => ({ id: v.id, name: v.name, type: v.type })),
  };
}

export const tableModel = (table: BaseTable): Json => ({
  id: table.id,
  name: table.name,
  ...(table.description !== undefined ? { description: table.description } : {}),
  primaryFieldId: table.primaryFieldId,
  fields: table.fields.map(fieldJson),
  views: table.views.map((v) => ({ id: v.id, name: v.name, type: v.type })),
});

export const commentJson = (c: BaseComment): Json => ({
  id: c.id,
  createdTime: c.createdTime,
  lastUpdatedTime: null,
  text: c.text,
  author: { id: c.author.id, email: c.author.email, name: c.author.name },
  ...(c.parentCommentId ? { parentCommentId: c.parentCommentId } : {}),
});

/** How many rows of each kind the seed holds (the next position of each). */
export function seedCounts(ws: Workspace) {
  const tables = ws.bases.flatMap((b) => b.tables);
  return {
    tables: tables.length,
    fields: tables.reduce((n, t) => n + t.fields.length, 0),
    views: tables.reduce((n, t) => n + t.views.length, 0),
    records: tables.reduce((n, t) => n + t.records.length, 0),
    comments: ws.comments.length,
  };
}
