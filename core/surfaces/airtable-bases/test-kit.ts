// The shared kit of the bases tool tests (read-tests.ts, write-tests.ts): a
// test that expects a result and the rows each table gains, changes or loses, one that expects an
// error code, arguments under the tool's own names, and the seeded tables the tests work on.
import type { Json } from "../../base/json";
import { slotTestMakers, type TableCounts } from "../kit/tool-test-kit";
import { airtableId } from "./ids";
import { BASES_TABLES, type BaseTable, type Workspace } from "./model";
import type { BasesSlot } from "./roles";
import type { ImplementedRole } from "./tools";
import { baseNamed, cell, seedCounts, tableNamed } from "./view";

export type Counts = TableCounts<keyof typeof BASES_TABLES>;

export interface BasesTestInput {
  role: ImplementedRole;
  args: Partial<Record<BasesSlot, string>>;
  ws: Workspace;
}

export function testKit(input: BasesTestInput) {
  const { ws } = input;
  const { ok, fails } = slotTestMakers(input.args, BASES_TABLES, "exact");
  const roadmap = baseNamed(ws, "Product Roadmap");
  const crm = baseNamed(ws, "Sales CRM");
  return {
    ws,
    ok,
    fails,
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
