// Unit tests of the pages tools that read, worked out from the seeded wiki: the Notion objects each
// answers with (the bot and people, pages with typed property values, blocks in order, lists cut
// by page_size with the next cursor, comments, data sources and databases, markdown), filters and
// sorts of a query, and the refusals (an unknown or malformed id, an unknown property, a filter
// the property type does not take).

import { BOT, PEOPLE } from "./content";
import type { PagesSlot } from "./roles";
import { databaseId, dataSourceId, pageId, rowId, userId } from "./seed";
import {
  findPage,
  fixtures,
  type MaybeTest,
  roadmapOptionId,
  roadmapPropertyId,
  seedMarkdown,
  seedTable,
  testMakers,
  text,
  UNKNOWN,
} from "./test-kit";
import type { ImplementedRole } from "./tools";

export function pagesReadTests(
  role: ImplementedRole,
  names: Partial<Record<PagesSlot, string>>,
): MaybeTest[] {
  const { ok, exact, fails } = testMakers(names);
  const {
    users,
    pages,
    priya,
    roadmap,
    roadmapSeed,
    childrenOf,
    handbook,
    onboarding,
    drafts,
    todo,
    item,
    itemId,
    refused,
  } = fixtures();
  switch (role) {
    case "get_self":
      return [
        exact(
          "returns the integration's bot",
          {},
          {
            object: "user",
            id: userId(BOT.key),
            name: BOT.name,
            avatar_url: null,
            type: "bot",
            bot: { owner: { type: "workspace", workspace: true }, workspace_name: BOT.workspace },
          },
        ),
      ];
    case "list_users": {
      const first = PEOPLE.slice(0, 2).map((p) => ({ id: userId(p.key), name: p.name }));
      return [
        ok(
          "lists the first page of people",
          { size: 2 },
          {
            object: "list",
            results: first,
            next_cursor: userId(PEOPLE[2]?.key ?? ""),
            has_more: true,
            type: "user",
          },
        ),
        ok(
          "continues from the cursor to the bot",
          { cursor: userId(PEOPLE[2]?.key ?? "") },
          {
            results: users.slice(2).map((u) => ({ id: u.user_id ?? null, type: u.type ?? null })),
            next_cursor: null,
            has_more: false,
          },
        ),
        fails("refuses a cursor it never gave", { cursor: "nonsense" }, "validation_error"),
      ];
    }
    case "get_user":
      return [
        exact(
          "returns a person with their email",
          { user: priya },
          {
            object: "user",
            id: priya,
            name: "Priya Raman",
            avatar_url: null,
            type: "person",
            person: { email: "priya.raman@northwind.dev" },
          },
        ),
        fails("an unknown user is object_not_found", { user: UNKNOWN }, "object_not_found"),
      ];
    case "search": {
      const hits = [
        ...pages
          .filter((p) => p.in_trash === 0 && String(p.title).toLowerCase().includes("roadmap"))
          .map((p) => ({
            id: String(p.page_id),
            time: String(p.last_edited_time),
            object: "page",
          })),
        ...seedTable("dataSources")
          .filter((s) => String(s.title).toLowerCase().includes("roadmap"))
          .map((s) => ({
            id: String(s.data_source_id),
            time: String(s.last_edited_time),
            object: "data_source",
          })),
      ].sort((a, b) =>
        a.time === b.time ? (String(a.id) < String(b.id) ? -1 : 1) : a.time < b.time ? 1 : -1,
      );
      return [
        ok(
          "finds pages and data sources by title, last edited first",
          { query: "Roadmap" },
          {
            object: "list",
            results: hits.map((h) => ({ object: h.object, id: h.id })),
            has_more: false,
            type: "page_or_data_source",
          },
        ),
        ok(
          "keeps only data sources when filtered",
          { query: "roadmap", filter: { property: "object", value: "data_source" } },
          { results: [{ object: "data_source", id: roadmap, title: text("Roadmap") }] },
        ),
        fails(
          "refuses a filter on anything but the object type",
          { query: "roadmap", filter: { property: "title", value: "page" } },
          "validation_error",
        ),
      ];
    }
    case "block_children": {
      const kids = childrenOf(handbook);
      return [
        ok(
          "lists a page's blocks in order",
          { block: handbook },
          {
            object: "list",
            results: kids.map((b) => ({
              object: "block",
              id: b.block_id ?? null,
              type: b.type ?? null,
            })),
            has_more: false,
            next_cursor: null,
          },
        ),
        ok(
          "cuts the list at page_size and gives the next cursor",
          { block: handbook, size: 3 },
          {
            results: kids.slice(0, 3).map((b) => ({ id: b.block_id ?? null })),
            has_more: true,
            next_cursor: kids[3]?.block_id ?? null,
          },
        ),
        fails("an unknown block is object_not_found", { block: UNKNOWN }, "object_not_found"),
        fails("a malformed id is a validation_error", { block: "handbook" }, "validation_error"),
      ];
    }
    case "get_block":
      return [
        ok(
          "returns a to-do with its text and checkbox",
          { block: todo.block_id },
          {
            object: "block",
            id: todo.block_id ?? null,
            parent: { type: "page_id", page_id: onboarding },
            type: "to_do",
            to_do: { rich_text: text(String(todo.text)), checked: false },
            archived: false,
          },
        ),
        ok(
          "reads a child page as a child_page block",
          { block: onboarding },
          {
            type: "child_page",
            child_page: { title: "Onboarding checklist" },
            has_children: true,
          },
        ),
        fails("an unknown block is object_not_found", { block: UNKNOWN }, "object_not_found"),
      ];
    case "get_page": {
      const values = item.values;
      return [
        ok(
          "returns a roadmap item with its typed properties",
          { page: itemId },
          {
            object: "page",
            id: itemId,
            parent: {
              type: "data_source_id",
              data_source_id: roadmap,
              database_id: databaseId("roadmap"),
            },
            archived: false,
            properties: {
              Name: { id: "title", type: "title", title: text(item.title) },
              Status: { type: "status", status: { name: String(values.Status) } },
              Owner: { type: "people", people: [{ object: "user", id: priya }] },
              Due: { type: "date", date: { start: String(values.Due), end: null } },
              Points: { type: "number", number: Number(values.Points) },
            },
          },
        ),
        ok(
          "gives a plain page its title property",
          { page: handbook },
          {
            parent: { type: "workspace", workspace: true },
            icon: { type: "emoji", emoji: "📘" },
            properties: {
              title: { id: "title", type: "title", title: text("Engineering Handbook") },
            },
          },
        ),
        fails("an unknown page is object_not_found", refused.unknownPage, "object_not_found"),
        fails("a malformed id is a validation_error", refused.badId, "validation_error"),
      ];
    }
    case "get_page_property":
      return [
        exact(
          "returns a status property item",
          { page: itemId, property: "Status" },
          {
            object: "property_item",
            id: roadmapPropertyId("Status"),
            type: "status",
            status: {
              id: roadmapOptionId("Status", String(item.values.Status)),
              name: String(item.values.Status),
              color: "blue",
            },
          },
        ),
        ok(
          "pages a title as a list of items",
          { page: itemId, property: "title" },
          {
            object: "list",
            results: [
              { object: "property_item", type: "title", title: { plain_text: item.title } },
            ],
            has_more: false,
            type: "property_item",
          },
        ),
        fails(
          "an unknown property is object_not_found",
          { page: itemId, property: "Budget" },
          "object_not_found",
        ),
      ];
    case "list_comments":
      return [
        ok(
          "lists a page's comments in order",
          { block: handbook },
          {
            object: "list",
            results: [
              {
                object: "comment",
                created_by: { id: userId("jonas") },
                rich_text: text("Can we link the on-call runbook from the principles?"),
              },
              {
                object: "comment",
                created_by: { id: priya },
                rich_text: text("Done, it is under Where to find things."),
              },
            ],
            type: "comment",
          },
        ),
        fails("an unknown block is object_not_found", { block: UNKNOWN }, "object_not_found"),
      ];
    case "query_data_source": {
      const rows = roadmapSeed.rows;
      const done = rows.filter((r) => r.values.Status === "Done").map((r) => r.title);
      const priyas = rows
        .filter((r) => (r.values.Owner as string[]).includes("priya") && r.values.Status !== "Done")
        .sort((a, b) => (String(a.values.Due) < String(b.values.Due) ? 1 : -1))
        .map((r) => r.title);
      const results = (titles: string[]) =>
        titles.map((t) => ({
          object: "page",
          id: rowId("roadmap", t),
          properties: { Name: { title: text(t) } },
        }));
      return [
        ok(
          "filters by status",
          { dataSource: roadmap, filter: { property: "Status", status: { equals: "Done" } } },
          { object: "list", results: results(done), has_more: false, type: "page_or_data_source" },
        ),
        ok(
          "combines filters and sorts by due date, latest first",
          {
            dataSource: roadmap,
            filter: {
              and: [
                { property: "Owner", people: { contains: priya } },
                { property: "Status", status: { does_not_equal: "Done" } },
              ],
            },
            sorts: [{ property: "Due", direction: "descending" }],
          },
          { results: results(priyas) },
        ),
        ok(
          "pages through rows",
          { dataSource: roadmap, size: 5 },
          {
            results: results(rows.slice(0, 5).map((r) => r.title)),
            has_more: true,
            next_cursor: rowId("roadmap", rows[5]?.title ?? ""),
          },
        ),
        fails(
          "refuses a filter on a property that does not exist",
          { dataSource: roadmap, filter: { property: "Budget", number: { greater_than: 1 } } },
          "validation_error",
        ),
        fails(
          "refuses a condition the property type does not take",
          { dataSource: roadmap, filter: { property: "Status", checkbox: { equals: true } } },
          "validation_error",
        ),
        fails(
          "an unknown data source is object_not_found",
          { dataSource: UNKNOWN },
          "object_not_found",
        ),
      ];
    }
    case "get_data_source":
      return [
        ok(
          "returns the schema with options",
          { dataSource: roadmap },
          {
            object: "data_source",
            id: roadmap,
            title: text("Roadmap"),
            parent: { type: "database_id", database_id: databaseId("roadmap") },
            properties: {
              Name: { id: "title", type: "title" },
              Priority: {
                type: "select",
                select: { options: [{ name: "P0" }, { name: "P1" }, { name: "P2" }] },
              },
              Owner: { type: "people" },
            },
          },
        ),
        fails(
          "an unknown data source is object_not_found",
          { dataSource: UNKNOWN },
          "object_not_found",
        ),
      ];
    case "get_database":
      return [
        ok(
          "returns the database with its data source",
          { database: databaseId("bugs") },
          {
            object: "database",
            id: databaseId("bugs"),
            title: text("Bugs"),
            parent: { type: "page_id", page_id: pageId("bugs-home") },
            data_sources: [{ id: dataSourceId("bugs"), name: "Bugs" }],
          },
        ),
        fails("an unknown database is object_not_found", { database: UNKNOWN }, "object_not_found"),
      ];
    case "page_markdown":
      return [
        exact(
          "renders a page as markdown",
          { page: onboarding },
          {
            object: "page_markdown",
            id: onboarding,
            markdown: seedMarkdown(findPage("onboarding")),
            truncated: false,
            unknown_block_ids: [],
          },
        ),
        ok(
          "renders child pages as page tags",
          { page: drafts },
          { markdown: seedMarkdown(findPage("drafts")) },
        ),
        fails("an unknown page is object_not_found", { page: UNKNOWN }, "object_not_found"),
      ];
    default:
      return [];
  }
}
