// The shared kit of the bases tool tests (mcp-bases-read-tests.ts, mcp-bases-write-tests.ts): a
// test that expects a result and the rows each table gains, changes or loses, one that expects an
// error code, arguments under the tool's own names, and the seeded tables the tests work on.
import type { ToolTest } from "../environment/spec";
import type { Json } from "../json";
import { airtableId } from "./mcp-bases-ids";
import { BASES_TABLES, type BaseTable, type Workspace } from "./mcp-bases-model";
import type { BasesSlot } from "./mcp-bases-roles";
import type { ImplementedRole } from "./mcp-bases-tools";
import { baseNamed, cell, seedCounts, tableNamed } from "./mcp-bases-view";

type Changes = NonNullable<ToolTest["expect"]["changes"]>;
export type Counts = Partial<
  Record<keyof typeof BASES_TABLES, [inserted: number, updated: number, deleted: number]>
>;
type Slots = Partial<Record<BasesSlot, Json>>;

function changes(counts: Counts): Changes {
  const out: Changes = {};
  for (const [table, [inserted, updated, deleted]] of Object.entries(counts) as [
    keyof typeof BASES_TABLES,
    [number, number, number],
  ][]) {
    out[BASES_TABLES[table]] = { inserted, updated, deleted };
  }
  return out;
}

export interface BasesTestInput {
  role: ImplementedRole;
  args: Partial<Record<BasesSlot, string>>;
  ws: Workspace;
}

export function testKit(input: BasesTestInput) {
  const { ws } = input;
  const argsOf = (slots: Slots): Record<string, Json> => {
    const out: Record<string, Json> = {};
    for (const [slot, value] of Object.entries(slots) as [BasesSlot, Json][]) {
      const name = input.args[slot];
      if (name !== undefined) out[name] = value;
    }
    return out;
  };
  const roadmap = baseNamed(ws, "Product Roadmap");
  const crm = baseNamed(ws, "Sales CRM");
  return {
    ws,
    ok: (name: string, slots: Slots, result: Json, counts?: Counts): ToolTest => ({
      name,
      args: argsOf(slots),
      expect: { result, match: "exact", ...(counts ? { changes: changes(counts) } : {}) },
    }),
    fails: (name: string, slots: Slots, code: string): ToolTest => ({
      name,
      args: argsOf(slots),
      expect: { match: "exact", error: { code } },
    }),
    has: (slot: BasesSlot) => input.args[slot] !== undefined,
    roadmap,
    crm,
    content: baseNamed(ws, "Content Calendar"),
    features: tableNamed(roadmap, "Features"),
    releases: tableNamed(roadmap, "Releases"),
    teams: tableNamed(roadmap, "Teams"),
    deals: tableNamed(crm, "Deals"),
    companies: tableNamed(crm, "Companies"),
    contacts: tableNamed(crm, "Contacts"),
    counts: seedCounts(ws),
    text: (table: BaseTable, r: BaseTable["records"][number], f: string) =>
      String(cell(table, r, f) ?? ""),
    unknownBase: airtableId("app", "no-such-base"),
    /** How many cells of a record are filled. */
    filled: (table: BaseTable, cells: Record<string, Json>) =>
      table.fields.filter((f) => cells[f.id] !== undefined).length,
  };
}
