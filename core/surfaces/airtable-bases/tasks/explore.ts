// The exploration side of bases synthesis: reading the account through the environment's own tools
// on the attempt's fresh copy — the base list, each base's tables with their fields, and each
// table's records — into the view templates choose from; and the words a user would use for a
// table's records ("the deal", "features"). Nothing here writes.
import type { Json } from "../../../base/json";
import type { ToolRunner } from "../../../episode/tool-runner";
import type { Prng } from "../../../sandbox/determinism";
import type { BasesLens } from "./lens";

export interface BasesContext {
  lens: BasesLens;
  rng: Prng;
  runner: ToolRunner;
}

export interface SeenField {
  id: string;
  name: string;
  type: string;
  choices: string[];
  linkedTableId?: string;
  singleLink: boolean;
  symbol?: string;
}

export interface SeenRecord {
  id: string;
  /** Cells by field name, as the API shows them. */
  fields: Record<string, Json>;
  /** The primary value: how a user names the record. */
  name: string;
}

export interface SeenTable {
  id: string;
  name: string;
  primary: SeenField;
  fields: SeenField[];
  records: SeenRecord[];
}

export interface SeenBase {
  id: string;
  name: string;
  /** Whether the token may change this base's schema (tables, fields). */
  schema: boolean;
  tables: SeenTable[];
}

type JsonRecord = { [key: string]: Json };
const isRecord = (v: Json | undefined): v is JsonRecord =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function call(ctx: BasesContext, tool: string, args: Record<string, Json>): JsonRecord | null {
  const outcome = ctx.runner.call(tool, args);
  return outcome.ok && isRecord(outcome.result) ? outcome.result : null;
}

const argsOf = (
  tool: { args: Partial<Record<string, string>> },
  values: Record<string, Json>,
): Record<string, Json> => {
  const out: Record<string, Json> = {};
  for (const [slot, value] of Object.entries(values)) {
    const name = tool.args[slot];
    if (name !== undefined) out[name] = value;
  }
  return out;
};

function seenField(f: Json): SeenField | undefined {
  if (!isRecord(f) || typeof f.id !== "string" || typeof f.name !== "string") return undefined;
  const options = isRecord(f.options) ? f.options : {};
  const choices = Array.isArray(options.choices)
    ? options.choices.flatMap((c) => (isRecord(c) && typeof c.name === "string" ? [c.name] : []))
    : [];
  return {
    id: f.id,
    name: f.name,
    type: typeof f.type === "string" ? f.type : "",
    choices,
    ...(typeof options.linkedTableId === "string" ? { linkedTableId: options.linkedTableId } : {}),
    singleLink: options.prefersSingleRecordLink === true,
    ...(typeof options.symbol === "string" ? { symbol: options.symbol } : {}),
  };
}

/** Every base with its tables, fields and records, or undefined when the list cannot be read. */
export function readAccount(ctx: BasesContext): SeenBase[] | undefined {
  const { lens } = ctx;
  const bases = call(ctx, lens.list_bases.name, {})?.bases;
  if (!Array.isArray(bases)) return undefined;
  const out: SeenBase[] = [];
  for (const b of bases) {
    if (!isRecord(b) || typeof b.id !== "string" || typeof b.name !== "string") continue;
    const tables = call(
      ctx,
      lens.list_tables.name,
      argsOf(lens.list_tables, { base: b.id }),
    )?.tables;
    if (!Array.isArray(tables)) continue;
    const seenTables: SeenTable[] = [];
    for (const t of tables) {
      if (!isRecord(t) || typeof t.id !== "string" || typeof t.name !== "string") continue;
      const fields = (Array.isArray(t.fields) ? t.fields : []).flatMap((f) => {
        const seen = seenField(f);
        return seen ? [seen] : [];
      });
      const primary = fields[0];
      if (!primary) continue;
      const listed = call(
        ctx,
        lens.list_records.name,
        argsOf(lens.list_records, { base: b.id, table: t.id }),
      )?.records;
      if (!Array.isArray(listed)) continue;
      const records = listed.flatMap((r) => {
        if (!isRecord(r) || typeof r.id !== "string" || !isRecord(r.fields)) return [];
        const name = r.fields[primary.name];
        return typeof name === "string" ? [{ id: r.id, fields: r.fields, name }] : [];
      });
      seenTables.push({ id: t.id, name: t.name, primary, fields, records });
    }
    out.push({
      id: b.id,
      name: b.name,
      schema: b.permissionLevel === "create",
      tables: seenTables,
    });
  }
  return out;
}

/** Text a user can quote and a formula can hold: one line, no quotes, braces or backslashes. */
export const quotable = (text: string) =>
  text.length >= 2 && text.length <= 120 && text === text.trim() && !/["{}\\\n\r`]/.test(text);

/** Records a user can name: a quotable primary value no other record of the table shares. */
export function nameable(table: SeenTable): SeenRecord[] {
  return table.records.filter(
    (r) => quotable(r.name) && table.records.filter((o) => o.name === r.name).length === 1,
  );
}

/** "deal" for Deals, "company" for Companies: the word for one record of the table. */
export function noun(table: SeenTable): string {
  const lower = table.name.toLowerCase();
  if (lower.endsWith("ies")) return `${lower.slice(0, -3)}y`;
  if (lower.endsWith("ses")) return lower.slice(0, -1);
  if (lower.endsWith("s") && !lower.endsWith("ss")) return lower.slice(0, -1);
  return `record of ${table.name}`;
}

export const plural = (table: SeenTable) => table.name.toLowerCase();

/** The table a link field points to, in the same base. */
export const linkedTable = (base: SeenBase, field: SeenField) =>
  base.tables.find((t) => t.id === field.linkedTableId);
