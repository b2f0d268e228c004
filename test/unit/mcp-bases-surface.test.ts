// The bases surface (core/surfaces/airtable-bases/surface.ts) on the real airtable-mcp-server spec:
// fifteen tools admitted in the QuickJS sandbox with tests no stand-in passes (upload_attachment
// left out with its reason), byte-identical imports, a seeded roadmap / CRM / content calendar
// whose records hold real values and links on both sides, the tools behaving like the real server
// call after call, the formula subset and its refusals (hostile formulas included), values checked
// against field types; look-alike servers are recognised, servers missing essentials are not, and
// no tool of the other shared specs is claimed.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Json } from "../../core/base/json";
import { importMcpSpec } from "../../core/mcp/import/spec-import";
import { BASES_LIMITS } from "../../core/surfaces/airtable-bases/guest";
import { FORMULA_LIMITS } from "../../core/surfaces/airtable-bases/guest-formula";
import { airtableId, idBody } from "../../core/surfaces/airtable-bases/ids";
import type { BaseRecord, BaseTable } from "../../core/surfaces/airtable-bases/model";
import { buildWorkspace } from "../../core/surfaces/airtable-bases/seed";
import { basesSurface } from "../../core/surfaces/airtable-bases/surface";
import { baseNamed, cell, recordNamed, tableNamed } from "../../core/surfaces/airtable-bases/view";
import { admitImport, failingTests } from "../support/mcp-admission";
import { type McpEpisode, openEpisode, vacuousImportTools } from "../support/mcp-episode";
import {
  otherSpecClaims,
  seededRowCounts,
  sharedSpecText,
  specTool,
  wholeSurfaceProblems,
} from "../support/mcp-surface-checks";

const specText = sharedSpecText("airtable");
const imported = importMcpSpec(specText);
const ws = buildWorkspace();
const roadmap = baseNamed(ws, "Product Roadmap");
const crm = baseNamed(ws, "Sales CRM");
const content = baseNamed(ws, "Content Calendar");
const features = tableNamed(roadmap, "Features");
const releases = tableNamed(roadmap, "Releases");
const deals = tableNamed(crm, "Deals");
const companies = tableNamed(crm, "Companies");

type Result = Record<string, unknown>;
type Rec = { id: string; fields: Record<string, Json> };
const asResult = (value: Json) => value as unknown as Result;
const sub = (value: Json, key: string) => asResult(value)[key] as Result;
const recordsOf = (value: Json) => asResult(value).records as Rec[];
const names = (value: Json) => recordsOf(value).map((r) => r.fields.Name ?? r.fields.Title);
const primary = (table: BaseTable, r: BaseRecord) => String(r.cells[table.primaryFieldId]);
const featureNames = (test: (r: BaseRecord) => boolean) =>
  features.records.filter(test).map((r) => primary(features, r));
const text = (r: BaseRecord, field: string) => {
  const v = cell(features, r, field);
  return Array.isArray(v) ? v.join(", ") : String(v ?? "");
};
const mobileTeam = recordNamed(tableNamed(roadmap, "Teams"), "Mobile").id;

describe("the airtable spec", () => {
  it("implements 15 of the 16 tools with the server's names and schemas, and admits them", async () => {
    expect(wholeSurfaceProblems(specText, imported, "bases", ["upload_attachment"])).toEqual([]);
    expect(imported.report.leftOut).toEqual([
      {
        tool: "upload_attachment",
        status: "not yet implemented",
        reason: expect.stringMatching(/attachment fields .* not modelled/),
      },
    ]);
    expect(imported.tools.filter((t) => t.effect === "read").map((t) => t.name)).toEqual([
      "list_records",
      "search_records",
      "list_bases",
      "list_tables",
      "describe_table",
      "get_record",
      "list_comments",
    ]);
    const admission = await admitImport(imported);
    expect(failingTests(admission)).toEqual([]);
    expect(admission.problems).toEqual([]);
    expect(admission.totals.admittedTools).toBe(15);
    expect(admission.totals.tests).toBe(49);
  });

  it("has tests that no stand-in implementation passes", async () => {
    expect(await vacuousImportTools(imported)).toEqual([]);
  });

  it("imports byte-identically twice", () => {
    expect(JSON.stringify(importMcpSpec(specText))).toBe(JSON.stringify(imported));
  });

  it("seeds three bases of linked tables whose records hold real values", () => {
    const tables = seededRowCounts(imported);
    expect(tables).toMatchObject({
      bases_bases: 3,
      bases_tables: 8,
      bases_records: 108,
      bases_comments: 14,
      bases_users: 8,
    });
    expect(
      ws.bases.map((b) => [b.name, b.tables.map((t) => `${t.name} ${t.records.length}`)]),
    ).toEqual([
      ["Product Roadmap", ["Features 24", "Releases 5", "Teams 5"]],
      ["Sales CRM", ["Companies 12", "Contacts 16", "Deals 20"]],
      ["Content Calendar", ["Articles 20", "Authors 6"]],
    ]);
    const ids = ws.bases.flatMap((b) => [
      b.id,
      ...b.tables.flatMap((t) => [
        t.id,
        ...t.fields.map((f) => f.id),
        ...t.records.map((r) => r.id),
      ]),
    ]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^(app|tbl|fld|rec)[0-9A-Za-z]{14}$/);
    for (const { tables: ts } of ws.bases) {
      for (const t of ts) {
        // Every record has its primary value, and most cells are filled.
        for (const r of t.records) expect(typeof r.cells[t.primaryFieldId]).toBe("string");
        const filled = t.records.reduce((n, r) => n + Object.keys(r.cells).length, 0);
        expect(filled / (t.records.length * t.fields.length)).toBeGreaterThan(0.6);
        // Links are held on both sides.
        for (const f of t.fields.filter((x) => x.type === "multipleRecordLinks")) {
          const target = ts.find((x) => x.id === f.options?.linkedTableId) as BaseTable;
          const inverse = String(f.options?.inverseLinkFieldId);
          for (const r of t.records) {
            for (const other of (r.cells[f.id] ?? []) as string[]) {
              const back = target.records.find((x) => x.id === other)?.cells[inverse];
              expect(back).toContain(r.id);
            }
          }
        }
      }
    }
    const stages = new Set(deals.records.map((r) => cell(deals, r, "Stage")));
    expect(stages.size).toBe(6);
  });
});

describe("the airtable tools, call after call", () => {
  let episode: McpEpisode;
  beforeEach(async () => {
    episode = await openEpisode(imported);
  });
  afterEach(() => episode.close());

  it("finds the bases and tables a user names, then their records", () => {
    const bases = asResult(episode.ok("list_bases")).bases as { id: string; name: string }[];
    const base = bases.find((b) => b.name === "Sales CRM");
    expect(base?.id).toBe(crm.id);
    const tables = asResult(
      episode.ok("list_tables", { baseId: crm.id, detailLevel: "tableIdentifiersOnly" }),
    ).tables;
    expect(tables).toEqual(crm.tables.map((t) => ({ id: t.id, name: t.name })));
    const described = asResult(episode.ok("describe_table", { baseId: crm.id, tableId: "Deals" }))
      .table as { fields: { name: string; type: string; options?: Result }[] };
    const amount = described.fields.find((f) => f.name === "Amount");
    expect(amount).toMatchObject({ type: "currency", options: { precision: 0, symbol: "$" } });
    const stage = described.fields.find((f) => f.name === "Stage");
    expect(((stage?.options?.choices ?? []) as { name: string }[]).map((c) => c.name)).toEqual([
      "Prospecting",
      "Qualified",
      "Proposal",
      "Negotiation",
      "Closed won",
      "Closed lost",
    ]);
    const acme = recordNamed(companies, "Acme Logistics");
    const acmeDeals = recordsOf(
      episode.ok("list_records", {
        baseId: crm.id,
        tableId: "Deals",
        filterByFormula: '{Company} = "Acme Logistics"',
      }),
    );
    expect(acmeDeals.map((r) => r.fields.Name)).toEqual([
      "Acme fleet tracking rollout",
      "Acme warehouse pilot",
      "Acme driver app add-on",
    ]);
    expect(acmeDeals[0]?.fields.Company).toEqual([acme.id]);
    expect(acmeDeals.reduce((n, r) => n + Number(r.fields.Amount), 0)).toBe(124500);
    // A record read by id is the same record, with empty cells left out.
    const won = acmeDeals[1] as Rec;
    expect(
      episode.ok("get_record", { baseId: crm.id, tableId: deals.id, recordId: won.id }),
    ).toEqual(won);
    expect(Object.keys(won.fields)).not.toContain("Next step");
  });

  it("creates, links, updates, comments on and deletes a record, keeping links on both sides", () => {
    const lynx = recordNamed(releases, "2025.2 Lynx");
    const created = asResult(
      episode.ok("create_record", {
        baseId: roadmap.id,
        tableId: "Features",
        fields: { Name: "Saved filters", Status: "Planned", Estimate: "3", Release: [lynx.id] },
      }),
    );
    const id = String(created.id);
    expect(id).toBe(`rec${idBody("rec:109")}`);
    expect(created.fields).toEqual({
      Name: "Saved filters",
      Status: "Planned",
      Estimate: 3,
      Release: [lynx.id],
    });
    const release = asResult(
      episode.ok("get_record", { baseId: roadmap.id, tableId: "Releases", recordId: lynx.id }),
    );
    expect((release.fields as Result).Features).toContain(id);
    // Linking by the release's name (typecast) moves it; the old release lets go.
    const kestrel = recordNamed(releases, "2025.1 Kestrel");
    const updated = recordsOf(
      episode.ok("update_records", {
        baseId: roadmap.id,
        tableId: features.id,
        records: [
          { id, fields: { Release: ["2025.1 Kestrel"], Status: "In progress", Labels: ["Web"] } },
        ],
      }),
    );
    expect(updated[0]?.fields).toMatchObject({
      Release: [kestrel.id],
      Status: "In progress",
      Labels: ["Web"],
    });
    const lynxAfter = asResult(
      episode.ok("get_record", { baseId: roadmap.id, tableId: "Releases", recordId: lynx.id }),
    );
    expect((lynxAfter.fields as Result).Features).not.toContain(id);
    const found = recordsOf(
      episode.ok("list_records", {
        baseId: roadmap.id,
        tableId: "Features",
        filterByFormula: 'AND({Release} = "2025.1 Kestrel", FIND("filters", {Name}))',
      }),
    );
    expect(found.map((r) => r.id)).toEqual([id]);
    const comment = sub(
      episode.ok("create_comment", {
        baseId: roadmap.id,
        tableId: "Features",
        recordId: id,
        text: "Design is ready.",
      }),
      "comment",
    );
    expect(comment).toMatchObject({
      text: "Design is ready.",
      author: { name: "Sam Rivera" },
      lastUpdatedTime: null,
    });
    expect(comment.id).toBe(airtableId("com", "com:15"));
    expect(
      asResult(
        episode.ok("list_comments", { baseId: roadmap.id, tableId: "Features", recordId: id }),
      ).comments,
    ).toEqual([comment]);
    expect(
      episode.ok("delete_records", { baseId: roadmap.id, tableId: "Features", recordIds: [id] }),
    ).toEqual({
      records: [{ id }],
    });
    const kestrelAfter = asResult(
      episode.ok("get_record", { baseId: roadmap.id, tableId: "Releases", recordId: kestrel.id }),
    );
    expect((kestrelAfter.fields as Result).Features).not.toContain(id);
    expect(episode.rows("bases_comments").some((c) => c.record_id === id)).toBe(false);
    expect(
      episode.fails("get_record", { baseId: roadmap.id, tableId: "Features", recordId: id }),
    ).toBe("not_found");
  });

  it("checks values against field types and writes nothing when one is wrong", () => {
    const before = episode.rows("bases_cells");
    const target = recordNamed(features, "Android tablet layout");
    const refused = episode.call("update_records", {
      baseId: roadmap.id,
      tableId: "Features",
      records: [{ id: target.id, fields: { Status: "Done", Estimate: "a lot" } }],
    });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: "invalid_request",
        details: {
          error: {
            type: "INVALID_VALUE_FOR_COLUMN",
            message: 'Field "Estimate" cannot accept the provided value',
          },
        },
      },
    });
    for (const fields of [
      { "Customer request": "yes" },
      { "Target date": "next Tuesday" },
      { Labels: [3] },
      { Release: ["2031.9 Nowhere"] },
      { Owner: "Sam" },
    ] as Record<string, Json>[]) {
      expect(
        episode.fails("update_records", {
          baseId: roadmap.id,
          tableId: "Features",
          records: [{ id: target.id, fields }],
        }),
      ).toBe("invalid_request");
    }
    expect(episode.rows("bases_cells")).toEqual(before);
    // Empty values clear a cell, and a cleared cell leaves the record's fields.
    const cleared = recordsOf(
      episode.ok("update_records", {
        baseId: roadmap.id,
        tableId: "Features",
        records: [
          { id: target.id, fields: { Description: "", "Customer request": false, Labels: [] } },
        ],
      }),
    );
    expect(Object.keys(cleared[0]?.fields ?? {})).toEqual([
      "Name",
      "Status",
      "Priority",
      "Estimate",
      "Team",
    ]);
  });

  it("changes schemas only where the token may, and writes into new fields", () => {
    const made = sub(
      episode.ok("create_field", {
        baseId: crm.id,
        tableId: "Deals",
        nested: {
          field: {
            name: "Weighted amount",
            type: "currency",
            options: { precision: 0, symbol: "$" },
          },
        },
      }),
      "field",
    );
    expect(made).toMatchObject({ name: "Weighted amount", type: "currency" });
    const deal = recordNamed(deals, "Ionic developer seats");
    const written = recordsOf(
      episode.ok("update_records", {
        baseId: crm.id,
        tableId: "Deals",
        records: [{ id: deal.id, fields: { "Weighted amount": 9450.4 } }],
      }),
    );
    expect(written[0]?.fields["Weighted amount"]).toBe(9450);
    const renamed = asResult(
      episode.ok("update_field", {
        baseId: crm.id,
        tableId: deals.id,
        fieldId: String(made.id),
        name: "Expected value",
      }),
    ).field;
    expect(renamed).toMatchObject({ id: made.id, name: "Expected value" });
    const table = asResult(
      episode.ok("create_table", {
        baseId: roadmap.id,
        name: "Experiments",
        fields: [
          { name: "Name", type: "singleLineText" },
          { name: "Feature", type: "multipleRecordLinks", options: { linkedTableId: features.id } },
        ],
      }),
    ).table as { id: string; fields: { name: string; options?: Result }[] };
    const link = table.fields.find((f) => f.name === "Feature");
    const described = asResult(
      episode.ok("describe_table", {
        baseId: roadmap.id,
        tableId: "Features",
        detailLevel: "identifiersOnly",
      }),
    ).table as { fields: { id: string; name: string }[] };
    expect(described.fields.at(-1)).toEqual({
      id: link?.options?.inverseLinkFieldId,
      name: "Experiments",
    });
    expect(
      episode.fails("create_table", {
        baseId: content.id,
        name: "Ideas",
        fields: [{ name: "Name", type: "singleLineText" }],
      }),
    ).toBe("not_found");
    expect(
      episode.fails("create_field", {
        baseId: content.id,
        tableId: "Articles",
        nested: { field: { name: "Notes", type: "multilineText" } },
      }),
    ).toBe("not_found");
    // Editing records is allowed there.
    const article = recordNamed(tableNamed(content, "Articles"), "Keyboard shortcuts cheat sheet");
    episode.ok("update_records", {
      baseId: content.id,
      tableId: "Articles",
      records: [{ id: article.id, fields: { Status: "Drafting" } }],
    });
  });

  it("searches text fields case-sensitively, as the server's FIND formula does", () => {
    const search = (searchTerm: string) =>
      names(episode.ok("search_records", { baseId: crm.id, tableId: companies.id, searchTerm }));
    expect(search("Health")).toEqual(["Brightside Health"]);
    expect(search("health")).toEqual(["Brightside Health"]); // its website
    expect(search("HEALTH")).toEqual([]);
    expect(search('"')).toEqual([]);
    expect(
      episode.fails("search_records", { baseId: crm.id, tableId: "Companies", searchTerm: "x" }),
    ).toBe("not_found");
  });

  it("pages comments newest first and refuses offsets it never gave", () => {
    const deal = recordNamed(deals, "Acme fleet tracking rollout");
    const page = asResult(
      episode.ok("list_comments", {
        baseId: crm.id,
        tableId: "Deals",
        recordId: deal.id,
        pageSize: 1,
      }),
    );
    const first = (page.comments as Result[])[0];
    expect(first?.text).toBe("Great, sending the order form on Monday.");
    expect(first?.parentCommentId).toBeDefined();
    const rest = asResult(
      episode.ok("list_comments", {
        baseId: crm.id,
        tableId: "Deals",
        recordId: deal.id,
        pageSize: 1,
        offset: String(page.offset),
      }),
    );
    expect((rest.comments as Result[])[0]?.text).toBe("Rachel confirmed budget approval for Q1.");
    expect(rest.offset).toBeNull();
    expect(
      episode.fails("list_comments", {
        baseId: crm.id,
        tableId: "Deals",
        recordId: deal.id,
        pageSize: 500,
      }),
    ).toBe("invalid_request");
  });
});

describe("filterByFormula", () => {
  let episode: McpEpisode;
  beforeEach(async () => {
    episode = await openEpisode(imported);
  });
  afterEach(() => episode.close());
  const filter = (formula: string, extra: Record<string, Json> = {}) =>
    names(
      episode.ok("list_records", {
        baseId: roadmap.id,
        tableId: "Features",
        filterByFormula: formula,
        ...extra,
      }),
    );
  const refusal = (formula: string) => {
    const outcome = episode.call("list_records", {
      baseId: roadmap.id,
      tableId: "Features",
      filterByFormula: formula,
    });
    if (outcome.ok) throw new Error(`accepted ${formula}`);
    return outcome.error;
  };

  it.each([
    ['{Status} = "Done"', (r: BaseRecord) => text(r, "Status") === "Done"],
    ['{Status} != "Done"', (r: BaseRecord) => text(r, "Status") !== "Done"],
    ["{Estimate} >= 8", (r: BaseRecord) => Number(cell(features, r, "Estimate")) >= 8],
    ["{Estimate} < 3", (r: BaseRecord) => Number(cell(features, r, "Estimate")) < 3],
    ['{Target date} <= "2025-01-31"', (r: BaseRecord) => text(r, "Target date") <= "2025-01-31"],
    ["{Customer request}", (r: BaseRecord) => cell(features, r, "Customer request") === true],
    [
      "{Customer request} = TRUE()",
      (r: BaseRecord) => cell(features, r, "Customer request") === true,
    ],
    ["NOT({Customer request})", (r: BaseRecord) => cell(features, r, "Customer request") !== true],
    ["{Release} = BLANK()", (r: BaseRecord) => cell(features, r, "Release") === undefined],
    ["{Target date} = ''", (r: BaseRecord) => cell(features, r, "Target date") === undefined],
    [
      'OR({Priority} = "P0", AND({Priority} = "P1", {Estimate} > 5))',
      (r: BaseRecord) =>
        text(r, "Priority") === "P0" ||
        (text(r, "Priority") === "P1" && Number(cell(features, r, "Estimate")) > 5),
    ],
    ['FIND("Security", {Labels})', (r: BaseRecord) => text(r, "Labels").includes("Security")],
    ['SEARCH("api", {Name})', (r: BaseRecord) => text(r, "Name").toLowerCase().includes("api")],
    ['FIND("api", {Name})', (r: BaseRecord) => text(r, "Name").includes("api")],
    [
      'LOWER({Team}) = "mobile"',
      (r: BaseRecord) => (cell(features, r, "Team") as string[])[0] === mobileTeam,
    ],
  ] as const)("keeps what %s keeps", (formula, test) => {
    expect(filter(formula)).toEqual(featureNames(test));
  });

  it("evaluates arithmetic, text joins and IF", () => {
    expect(filter("{Estimate} * 2 + 1 = 27")).toEqual(
      featureNames((r) => Number(cell(features, r, "Estimate")) === 13),
    );
    expect(filter('{Priority} & "-" & {Status} = "P0-Done"')).toEqual(["Single sign-on with Okta"]);
    expect(filter('IF({Estimate} > 10, "big", "") = "big"')).toEqual(
      featureNames((r) => Number(cell(features, r, "Estimate")) > 10),
    );
    expect(filter("LEN({Name}) > 30")).toEqual(featureNames((r) => text(r, "Name").length > 30));
    expect(filter('CONCATENATE(TRIM("  a "), "b") = "ab"')).toHaveLength(24);
    const first = features.records[0] as BaseRecord;
    expect(filter(`RECORD_ID() = "${first.id}"`)).toEqual([primary(features, first)]);
    // Text in arithmetic is an error, and a record whose formula errs is left out.
    expect(filter("{Name} + 1 > 0")).toEqual([]);
    expect(filter("1 / 0")).toEqual([]);
  });

  it("applies a view, then the formula, sort and maxRecords", () => {
    const open = filter('{Priority} = "P1"', { view: "Open features" });
    expect(open).toEqual(
      featureNames((r) => text(r, "Priority") === "P1" && text(r, "Status") !== "Done"),
    );
    const sorted = filter("{Estimate} >= 8", {
      sort: [{ field: "Estimate", direction: "desc" }, { field: "Name" }],
      maxRecords: 4,
    });
    const est = (r: BaseRecord) => Number(cell(features, r, "Estimate"));
    const expected = features.records
      .filter((r) => est(r) >= 8)
      .sort(
        (a, b) =>
          est(b) - est(a) ||
          (text(a, "Name").toLowerCase() < text(b, "Name").toLowerCase() ? -1 : 1),
      )
      .slice(0, 4)
      .map((r) => primary(features, r));
    expect(sorted).toEqual(expected);
    // Single selects sort by their options' order.
    const byPriority = recordsOf(
      episode.ok("list_records", {
        baseId: roadmap.id,
        tableId: "Features",
        sort: [{ field: "Priority" }],
      }),
    );
    expect(byPriority.map((r) => r.fields.Priority)).toEqual(
      [...features.records].map((r) => text(r, "Priority")).sort(),
    );
    expect(
      episode.fails("list_records", { baseId: roadmap.id, tableId: "Features", view: "Nope" }),
    ).toBe("invalid_request");
    expect(
      episode.fails("list_records", {
        baseId: roadmap.id,
        tableId: "Features",
        sort: [{ field: "Nope" }],
      }),
    ).toBe("invalid_request");
  });

  it("refuses formulas outside the subset with Airtable's error", () => {
    expect(refusal('{Owner} = "Sam"')).toMatchObject({
      code: "invalid_request",
      details: {
        error: {
          type: "INVALID_FILTER_BY_FORMULA",
          message: "The formula for filtering records is invalid: Unknown field names: Owner",
        },
      },
    });
    expect(refusal("IS_BEFORE({Target date}, TODAY())").message).toMatch(
      /IS_BEFORE is not in the formula subset/,
    );
    for (const broken of [
      '{Status} = "Done',
      "AND(",
      "{Status} =",
      "1 2",
      "{Status",
      "NOT()",
      "TRUE(1)",
      "#",
      "Status = 1",
    ]) {
      expect(refusal(broken).code).toBe("invalid_request");
    }
  });

  it("refuses hostile formulas cleanly and cheaply", () => {
    const before = episode.rows("bases_cells");
    const deep = `${"NOT(".repeat(FORMULA_LIMITS.depth + 5)}1${")".repeat(FORMULA_LIMITS.depth + 5)}`;
    expect(refusal(deep).message).toMatch(/nested more than 50 levels/);
    const parens = `${"(".repeat(5000)}1${")".repeat(5000)}`;
    expect(refusal(parens).message).toMatch(/longer than 4000 characters/);
    const chain = Array.from({ length: 200 }, () => "{Estimate}").join(" + ");
    expect(refusal(chain).message).toMatch(/nested more than 50 levels/);
    expect(refusal(`"${"x".repeat(FORMULA_LIMITS.chars)}"`).message).toMatch(/longer than/);
    // The largest accepted formula stays within the call's fuel.
    const wide = `OR(${Array.from({ length: 200 }, (_, i) => `{Estimate} = ${i}`).join(",")})`;
    expect(wide.length).toBeLessThanOrEqual(FORMULA_LIMITS.chars);
    expect(filter(wide)).toHaveLength(24);
    expect(Math.max(...episode.fuel)).toBeLessThan(1000);
    expect(episode.rows("bases_cells")).toEqual(before);
  });

  it("bounds batches as Airtable does", () => {
    const ids = features.records.slice(0, BASES_LIMITS.maxBatch + 1).map((r) => r.id);
    expect(
      episode.fails("delete_records", { baseId: roadmap.id, tableId: "Features", recordIds: ids }),
    ).toBe("invalid_request");
    expect(episode.rows("bases_records")).toHaveLength(108);
  });
});

describe("recognising a bases server", () => {
  const text = { type: "string" };
  const fieldsObject = { type: "object" };

  it("recognises other names and argument spellings for the same operations", async () => {
    const lookAlike = {
      serverInfo: { name: "sheet-db", version: "0.2.0" },
      tools: [
        specTool(
          "airtable_list_records",
          {
            base_id: text,
            table_id_or_name: text,
            filter_by_formula: text,
            max_records: { type: "integer" },
          },
          ["base_id", "table_id_or_name"],
        ),
        specTool(
          "airtable_get_record",
          { base_id: text, table_id_or_name: text, record_id: text },
          ["base_id", "table_id_or_name", "record_id"],
        ),
        specTool("airtable_describe_table", { base_id: text, table_id_or_name: text }, [
          "base_id",
          "table_id_or_name",
        ]),
        specTool(
          "airtable_create_record",
          { base_id: text, table_id_or_name: text, fields: fieldsObject },
          ["base_id", "table_id_or_name", "fields"],
        ),
        specTool("airtable_list_records_by_owner", { owner: text }, ["owner"]),
        specTool("send_email", { to: text }, ["to"]),
      ],
    };
    const { report } = importMcpSpec(lookAlike);
    expect(
      report.implemented.filter((t) => t.surface === "bases").map((t) => [t.tool, t.verb]),
    ).toEqual([
      ["airtable_list_records", "list"],
      ["airtable_get_record", "get"],
      ["airtable_describe_table", "get"],
      ["airtable_create_record", "create"],
    ]);
    expect(report.leftOut.find((t) => t.tool === "airtable_list_records_by_owner")?.reason).toMatch(
      /argument "owner"/,
    );
    const again = importMcpSpec(lookAlike);
    expect(failingTests(await admitImport(again))).toEqual([]);
    const episode = await openEpisode(again);
    try {
      const made = asResult(
        episode.ok("airtable_create_record", {
          base_id: crm.id,
          table_id_or_name: "Companies",
          fields: { Name: "Nimbus Air", Employees: 90 },
        }),
      );
      expect(
        names(
          episode.ok("airtable_list_records", {
            base_id: crm.id,
            table_id_or_name: "Companies",
            filter_by_formula: "{Employees} = 90",
          }),
        ),
      ).toEqual(["Nimbus Air"]);
      expect(
        asResult(
          episode.ok("airtable_get_record", {
            base_id: crm.id,
            table_id_or_name: "Companies",
            record_id: String(made.id),
          }),
        ).fields,
      ).toEqual({ Name: "Nimbus Air", Employees: 90 });
    } finally {
      episode.close();
    }
  });

  it("leaves servers without a formula filter, a record read or a table description alone", () => {
    const { report } = importMcpSpec({
      tools: [
        specTool("list_records", { baseId: text, tableId: text }, ["baseId", "tableId"]),
        specTool("get_record", { baseId: text, tableId: text, recordId: text }, [
          "baseId",
          "tableId",
          "recordId",
        ]),
        specTool("describe_table", { baseId: text, tableId: text }, ["baseId", "tableId"]),
      ],
    });
    expect(report.implemented.some((t) => t.surface === "bases")).toBe(false);
    const noRead = importMcpSpec({
      tools: [
        specTool("list_records", { baseId: text, tableId: text, filterByFormula: text }, [
          "baseId",
          "tableId",
        ]),
        specTool("describe_table", { baseId: text, tableId: text }, ["baseId", "tableId"]),
      ],
    });
    expect(noRead.report.implemented.some((t) => t.surface === "bases")).toBe(false);
  });

  it("claims no tool of the other shared specs", () => {
    expect(otherSpecClaims(basesSurface, ["airtable"])).toEqual([]);
  });
});
