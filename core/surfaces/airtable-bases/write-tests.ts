// Unit tests of the bases tools that write, computed from the seeded workspace independently of the
// guest code: exact answers with the new ids of the next position, the rows each write adds,
// changes or removes (a link written on one side changes the other), and Airtable's refusals (a
// value a field cannot take, an unknown field, too many records, schema changes in a base the
// token may only edit), each as a stable error code.

import type { Json } from "../../base/json";
import type { ToolTest } from "../../environment/spec";
import { DEFAULT_CLOCK_START } from "../../episode/episode-init";
import { airtableId } from "./ids";
import { type BasesTestInput, testKit } from "./test-kit";
import { fieldJson, fieldNamed, fieldsJson, recordNamed, tableModel } from "./view";

/** The tests of a writing role, or undefined for a role that reads. */
export function basesWriteTests(input: BasesTestInput): ToolTest[] | undefined {
  const {
    ok,
    fails,
    has,
    ws,
    roadmap,
    crm,
    content,
    features,
    releases,
    teams,
    deals,
    companies,
    contacts,
    counts,
    filled,
  } = testKit(input);
  switch (input.role) {
    case "create_record": {
      const id = airtableId("rec", `rec:${counts.records + 1}`);
      const marten = recordNamed(releases, "2025.3 Marten");
      const fields = {
        Name: "Customer health score",
        Status: "Planned",
        Estimate: "5",
        Release: [marten.id],
        Labels: ["Web", "API"],
      };
      const expected = {
        Name: "Customer health score",
        Status: "Planned",
        Estimate: 5,
        Release: [marten.id],
        Labels: ["Web", "API"],
      };
      return [
        ok(
          "creates a record, typecasting the estimate and linking it to a release on both sides",
          { base: roadmap.id, table: features.id, fields },
          { id, fields: expected },
          { records: [1, 0, 0], cells: [5, 1, 0] },
        ),
        ok(
          "adds an unknown select option as a new choice",
          { base: roadmap.id, table: "Features", fields: { Name: "Status page", Priority: "P4" } },
          { id, fields: { Name: "Status page", Priority: "P4" } },
          { records: [1, 0, 0], cells: [2, 0, 0], fields: [0, 1, 0] },
        ),
        fails(
          "refuses an unknown field",
          { base: roadmap.id, table: features.id, fields: { Name: "X", Owner: "Sam" } },
          "invalid_request",
        ),
        fails(
          "refuses text in a number field",
          { base: roadmap.id, table: features.id, fields: { Name: "X", Estimate: "lots" } },
          "invalid_request",
        ),
        fails(
          "refuses a date that does not exist",
          {
            base: roadmap.id,
            table: features.id,
            fields: { Name: "X", "Target date": "2025-02-30" },
          },
          "invalid_request",
        ),
      ];
    }
    case "update_records": {
      const f = recordNamed(features, "Faster search indexing");
      const moved = recordNamed(features, "Two-factor recovery codes");
      const lynx = recordNamed(releases, "2025.2 Lynx");
      return [
        ok(
          "changes a select and a number of one record",
          {
            base: roadmap.id,
            table: features.id,
            records: [{ id: f.id, fields: { Status: "Done", Estimate: 8 } }],
          },
          {
            records: [
              {
                id: f.id,
                fields: fieldsJson(features, {
                  ...f.cells,
                  [fieldNamed(features, "Status").id]: "Done",
                  [fieldNamed(features, "Estimate").id]: 8,
                }),
              },
            ],
          },
          { cells: [0, 1, 0] },
        ),
        ok(
          "moves a feature to another release, changing both releases' inverse links",
          {
            base: roadmap.id,
            table: "Features",
            records: [{ id: moved.id, fields: { Release: [lynx.id] } }],
          },
          {
            records: [
              {
                id: moved.id,
                fields: fieldsJson(features, {
                  ...moved.cells,
                  [fieldNamed(features, "Release").id]: [lynx.id],
                }),
              },
            ],
          },
          { cells: [0, 3, 0] },
        ),
        fails(
          "refuses a record of another table",
          {
            base: roadmap.id,
            table: features.id,
            records: [{ id: lynx.id, fields: { Name: "X" } }],
          },
          "invalid_request",
        ),
        fails(
          "refuses more than ten records",
          {
            base: roadmap.id,
            table: features.id,
            records: features.records
              .slice(0, 11)
              .map((r) => ({ id: r.id, fields: { Estimate: 1 } })),
          },
          "invalid_request",
        ),
      ];
    }
    case "delete_records": {
      const deal = recordNamed(deals, "Dunmore plant analytics");
      const comments = ws.comments.filter((c) => c.recordId === deal.id).length;
      return [
        ok(
          "deletes a record with its comments and its links on the other side",
          { base: crm.id, table: deals.id, recordIds: [deal.id] },
          { records: [{ id: deal.id }] },
          {
            records: [0, 0, 1],
            cells: [0, 1, filled(deals, deal.cells) + 1],
            comments: [0, 0, comments],
          },
        ),
        fails(
          "refuses a record that is not in the table",
          { base: crm.id, table: deals.id, recordIds: [recordNamed(contacts, "Rachel Kim").id] },
          "invalid_request",
        ),
      ];
    }
    case "create_table": {
      const tableId = airtableId("tbl", `tbl:${counts.tables + 1}`);
      const fieldIds = [1, 2, 3, 4].map((i) => airtableId("fld", `fld:${counts.fields + i}`));
      const [nameId = "", hypothesisId = "", confidenceId = "", statusId = ""] = fieldIds;
      const defs: Json[] = [
        { name: "Name", type: "singleLineText" },
        { name: "Hypothesis", type: "multilineText", description: "What we expect to learn." },
        { name: "Confidence", type: "percent", options: { precision: 0 } },
        {
          name: "Status",
          type: "singleSelect",
          options: { choices: [{ name: "Running" }, { name: "Concluded", color: "greenLight2" }] },
        },
      ];
      const description = "Product experiments and what they showed.";
      const expected: Json = {
        id: tableId,
        name: "Experiments",
        description,
        primaryFieldId: nameId,
        fields: [
          { id: nameId, name: "Name", type: "singleLineText" },
          {
            id: hypothesisId,
            name: "Hypothesis",
            type: "multilineText",
            description: "What we expect to learn.",
          },
          { id: confidenceId, name: "Confidence", type: "percent", options: { precision: 0 } },
          {
            id: statusId,
            name: "Status",
            type: "singleSelect",
            options: {
              choices: [
                {
                  id: airtableId("sel", `sel:${statusId}:0`),
                  name: "Running",
                  color: "blueLight2",
                },
                {
                  id: airtableId("sel", `sel:${statusId}:1`),
                  name: "Concluded",
                  color: "greenLight2",
                },
              ],
            },
          },
        ],
        views: [
          { id: airtableId("viw", `viw:${counts.views + 1}`), name: "Grid view", type: "grid" },
        ],
      };
      return [
        ok(
          "creates a table with typed fields and a grid view",
          { base: roadmap.id, name: "Experiments", fields: defs, description },
          { table: expected },
          { tables: [1, 0, 0], fields: [4, 0, 0], views: [1, 0, 0] },
        ),
        fails(
          "refuses schema changes in a base the token may only edit",
          { base: content.id, name: "Experiments", fields: defs },
          "not_found",
        ),
        fails(
          "refuses a table name already used in the base",
          { base: roadmap.id, name: "features", fields: defs },
          "invalid_request",
        ),
        fails(
          "refuses a field type the model does not have",
          {
            base: roadmap.id,
            name: "Experiments",
            fields: [{ name: "Name", type: "formula", options: { formula: "1" } }],
          },
          "invalid_request",
        ),
      ];
    }
    case "update_table": {
      const renamed = { ...teams, name: "Squads", description: "Cross-functional squads." };
      return [
        ok(
          "renames a table and changes its description",
          {
            base: roadmap.id,
            table: "Teams",
            name: "Squads",
            description: "Cross-functional squads.",
          },
          { table: tableModel(renamed) },
          { tables: [0, 1, 0] },
        ),
        fails(
          "refuses a name another table has",
          { base: roadmap.id, table: teams.id, name: "Releases" },
          "invalid_request",
        ),
        fails(
          "refuses schema changes in a base the token may only edit",
          { base: content.id, table: "Authors", name: "Writers" },
          "not_found",
        ),
      ];
    }
    case "create_field": {
      const id = airtableId("fld", `fld:${counts.fields + 1}`);
      const nested = (field: Json) => (has("nested") ? { nested: { field } } : { field });
      return [
        ok(
          "adds a single select with its choices",
          {
            base: crm.id,
            table: deals.id,
            ...nested({
              name: "Region",
              type: "singleSelect",
              options: { choices: [{ name: "EMEA" }, { name: "Americas" }, { name: "APAC" }] },
            }),
          },
          {
            field: {
              id,
              name: "Region",
              type: "singleSelect",
              options: {
                choices: ["EMEA", "Americas", "APAC"].map((name, i) => ({
                  id: airtableId("sel", `sel:${id}:${i}`),
                  name,
                  color: ["blueLight2", "cyanLight2", "tealLight2"][i] ?? "",
                })),
              },
            },
          },
          { fields: [1, 0, 0] },
        ),
        ok(
          "adds a link field and its inverse in the linked table",
          {
            base: crm.id,
            table: companies.id,
            ...nested({
              name: "Main contact",
              type: "multipleRecordLinks",
              options: { linkedTableId: contacts.id },
            }),
          },
          {
            field: {
              id,
              name: "Main contact",
              type: "multipleRecordLinks",
              options: {
                linkedTableId: contacts.id,
                isReversed: false,
                prefersSingleRecordLink: false,
                inverseLinkFieldId: airtableId("fld", `fld:${counts.fields + 2}`),
              },
            },
          },
          { fields: [2, 0, 0] },
        ),
        fails(
          "refuses a name the table already has",
          { base: crm.id, table: deals.id, ...nested({ name: "stage", type: "singleLineText" }) },
          "invalid_request",
        ),
        fails(
          "refuses a number field without its precision",
          { base: crm.id, table: deals.id, ...nested({ name: "Seats", type: "number" }) },
          "invalid_request",
        ),
      ];
    }
    case "update_field": {
      const step = fieldNamed(deals, "Next step");
      return [
        ok(
          "renames a field and gives it a description",
          {
            base: crm.id,
            table: deals.id,
            field: step.id,
            name: "Next action",
            description: "What happens next, and who does it.",
          },
          {
            field: fieldJson({
              ...step,
              name: "Next action",
              description: "What happens next, and who does it.",
            }),
          },
          { fields: [0, 1, 0] },
        ),
        fails(
          "refuses a field of another table",
          {
            base: crm.id,
            table: deals.id,
            field: fieldNamed(companies, "Website").id,
            name: "Site",
          },
          "not_found",
        ),
      ];
    }
    case "create_comment": {
      const deal = recordNamed(deals, "Granite route optimisation");
      const acme = recordNamed(deals, "Acme fleet tracking rollout");
      const id = airtableId("com", `com:${counts.comments + 1}`);
      const parent = ws.comments.find((c) => c.recordId === acme.id);
      const me = { id: ws.me.id, email: ws.me.email, name: ws.me.name };
      const made = (text: string, parentCommentId?: string) => ({
        comment: {
          id,
          createdTime: DEFAULT_CLOCK_START,
          lastUpdatedTime: null,
          text,
          author: me,
          ...(parentCommentId ? { parentCommentId } : {}),
        },
      });
      return [
        ok(
          "comments on a record as the token's owner",
          { base: crm.id, table: "Deals", record: deal.id, text: "Maria sent the usage numbers." },
          made("Maria sent the usage numbers."),
          { comments: [1, 0, 0] },
        ),
        ...(has("parent") && parent
          ? [
              ok(
                "replies to a comment",
                {
                  base: crm.id,
                  table: deals.id,
                  record: acme.id,
                  text: "Order form sent.",
                  parent: parent.id,
                },
                made("Order form sent.", parent.id),
                { comments: [1, 0, 0] },
              ),
              fails(
                "refuses a parent comment of another record",
                {
                  base: crm.id,
                  table: deals.id,
                  record: deal.id,
                  text: "Thanks",
                  parent: parent.id,
                },
                "not_found",
              ),
            ]
          : []),
        fails(
          "refuses an unknown record",
          {
            base: crm.id,
            table: deals.id,
            record: airtableId("rec", "no-such-record"),
            text: "Hello",
          },
          "not_found",
        ),
      ];
    }
    default:
      return undefined;
  }
}
