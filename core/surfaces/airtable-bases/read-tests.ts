// Unit tests of the bases tools that read, computed from the seeded workspace independently of the
// guest code: records filtered, sorted and cut as the formula, view and sort say; search as the
// server's FIND formula finds; tables at each detail level; comments newest first, paged; and
// Airtable's refusals (an unknown base, table, record or field, a formula outside the subset).
import type { ToolTest } from "../../environment/spec";
import { type BasesTestInput, testKit } from "./test-kit";
import { cell, commentJson, fieldNamed, recordJson, recordNamed, tableJson } from "./view";

/** The tests of a reading role, or undefined for a role that writes. */
export function basesReadTests(input: BasesTestInput): ToolTest[] | undefined {
  const {
    ok,
    fails,
    has,
    ws,
    roadmap,
    crm,
    content,
    features,
    teams,
    deals,
    companies,
    text,
    unknownBase,
  } = testKit(input);
  switch (input.role) {
    case "list_records": {
      const urgent = features.records.filter(
        (r) =>
          text(features, r, "Status") === "In progress" && text(features, r, "Priority") === "P0",
      );
      const biggest = [...deals.records]
        .sort((a, b) => Number(cell(deals, b, "Amount")) - Number(cell(deals, a, "Amount")))
        .slice(0, 3);
      const stages = ["Closed won", "Closed lost"];
      const open = deals.records
        .filter((r) => !stages.includes(text(deals, r, "Stage")))
        .sort((a, b) => text(deals, a, "Close date").localeCompare(text(deals, b, "Close date")));
      const tests = [
        ok(
          "filters by a formula over two select fields, the table named by its name",
          {
            base: roadmap.id,
            table: "Features",
            filterByFormula: 'AND({Status} = "In progress", {Priority} = "P0")',
          },
          { records: urgent.map((r) => recordJson(features, r)) },
        ),
        fails(
          "refuses a formula naming an unknown field",
          { base: roadmap.id, table: features.id, filterByFormula: '{Owner} = "Sam"' },
          "invalid_request",
        ),
        fails(
          "refuses a function outside the formula subset",
          {
            base: roadmap.id,
            table: features.id,
            filterByFormula: "DATETIME_DIFF({Target date}, TODAY(), 'days') < 7",
          },
          "invalid_request",
        ),
        fails(
          "refuses an unknown base",
          { base: unknownBase, table: "Features", filterByFormula: "TRUE()" },
          "not_found",
        ),
      ];
      if (has("sort") && has("maxRecords") && has("fields")) {
        tests.push(
          ok(
            "sorts by a currency field, keeps the top three and only the fields asked for",
            {
              base: crm.id,
              table: deals.id,
              filterByFormula: "{Amount} > 0",
              sort: [{ field: "Amount", direction: "desc" }],
              maxRecords: 3,
              fields: ["Name", "Amount"],
            },
            { records: biggest.map((r) => recordJson(deals, r, ["Name", "Amount"])) },
          ),
        );
      }
      if (has("view")) {
        tests.push(
          ok(
            "applies a view's filter and sort",
            { base: crm.id, table: "Deals", view: "Open pipeline" },
            { records: open.map((r) => recordJson(deals, r)) },
          ),
        );
      }
      return tests;
    }
    case "search_records": {
      const term = "billing";
      const textFields = features.fields.filter((f) =>
        ["singleLineText", "multilineText", "email", "url", "phoneNumber"].includes(f.type),
      );
      const hits = features.records.filter((r) =>
        textFields.some((f) => String(r.cells[f.id] ?? "").includes(term)),
      );
      return [
        ok(
          "finds records whose text fields contain the term, case-sensitively",
          { base: roadmap.id, table: features.id, searchTerm: term },
          { records: hits.map((r) => recordJson(features, r)) },
        ),
        fails(
          "finds the table by id only, as the server does",
          { base: roadmap.id, table: "Features", searchTerm: term },
          "not_found",
        ),
        ...(has("fieldIds")
          ? [
              fails(
                "refuses a field that is not a text field",
                {
                  base: roadmap.id,
                  table: features.id,
                  searchTerm: term,
                  fieldIds: [fieldNamed(features, "Estimate").id],
                },
                "invalid_request",
              ),
            ]
          : []),
      ];
    }
    case "list_bases":
      return [
        ok(
          "lists every base with its permission level",
          {},
          {
            bases: ws.bases.map((b) => ({
              id: b.id,
              name: b.name,
              permissionLevel: b.permissionLevel,
            })),
          },
        ),
      ];
    case "list_tables":
      return [
        ok(
          "lists a base's tables in full by default",
          { base: content.id },
          { tables: content.tables.map((t) => tableJson(t, "full")) },
        ),
        ...(has("detailLevel")
          ? [
              ok(
                "lists only the tables' ids and names when asked",
                { base: crm.id, detailLevel: "tableIdentifiersOnly" },
                { tables: crm.tables.map((t) => tableJson(t, "tableIdentifiersOnly")) },
              ),
            ]
          : []),
        fails("refuses an unknown base", { base: unknownBase }, "not_found"),
      ];
    case "describe_table":
      return [
        ok(
          "describes a table in full, with its fields' types and options",
          { base: roadmap.id, table: teams.id },
          { table: tableJson(teams, "full") },
        ),
        ...(has("detailLevel")
          ? [
              ok(
                "gives field and view ids and names of a table named by its name",
                { base: crm.id, table: "Deals", detailLevel: "identifiersOnly" },
                { table: tableJson(deals, "identifiersOnly") },
              ),
            ]
          : []),
        fails(
          "refuses a table of another base",
          { base: roadmap.id, table: deals.id },
          "not_found",
        ),
      ];
    case "get_record": {
      const deal = recordNamed(deals, "Acme fleet tracking rollout");
      return [
        ok(
          "reads a record with its filled fields",
          { base: crm.id, table: deals.id, record: deal.id },
          recordJson(deals, deal),
        ),
        fails(
          "refuses a record of another table",
          { base: crm.id, table: companies.id, record: deal.id },
          "not_found",
        ),
      ];
    }
    case "list_comments": {
      const feature = recordNamed(features, "Usage-based billing");
      const newest = ws.comments.filter((c) => c.recordId === feature.id).reverse();
      const [first, second] = newest;
      return [
        ok(
          "lists a record's comments newest first",
          { base: roadmap.id, table: features.id, record: feature.id },
          { comments: newest.map(commentJson), offset: null },
        ),
        ...(has("pageSize") && first && second
          ? [
              ok(
                "pages with an offset to the next comment",
                { base: roadmap.id, table: features.id, record: feature.id, pageSize: 1 },
                { comments: [commentJson(first)], offset: second.id },
              ),
            ]
          : []),
        ...(has("offset")
          ? [
              fails(
                "refuses an offset it did not give",
                { base: roadmap.id, table: features.id, record: feature.id, offset: "itr0000" },
                "invalid_request",
              ),
            ]
          : []),
      ];
    }
    default:
      return undefined;
  }
}
