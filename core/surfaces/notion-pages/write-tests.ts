// Unit tests of the pages tools that write, worked out from the seeded wiki: the object each
// answers with, the rows it adds or changes per table, and Notion's refusals (a status option or
// property that does not exist, a block that takes no children, a block type the surface does not
// model, a page in the trash, moving a page into its own subpage, markdown edits that miss or
// would drop a child page).

import { BOT } from "./content";
import type { PagesSlot } from "./roles";
import { databaseId, pageId, userId } from "./seed";
import {
  findPage,
  fixtures,
  type MaybeTest,
  richText,
  seedMarkdown,
  testMakers,
  text,
  UNKNOWN,
} from "./test-kit";
import type { ImplementedRole } from "./tools";

export function pagesWriteTests(
  role: ImplementedRole,
  names: Partial<Record<PagesSlot, string>>,
): MaybeTest[] {
  const { ok, fails } = testMakers(names);
  const {
    priya,
    roadmap,
    roadmapSeed,
    childrenOf,
    handbook,
    onboarding,
    release,
    drafts,
    todo,
    divider,
    itemId,
  } = fixtures();
  switch (role) {
    case "append_children": {
      const steps = childrenOf(release);
      const second = steps[2];
      return [
        ok(
          "appends a paragraph at the end of a page",
          {
            block: release,
            children: [
              { paragraph: { rich_text: richText("Hotfixes skip the train.") }, type: "paragraph" },
            ],
          },
          {
            object: "list",
            results: [
              {
                object: "block",
                type: "paragraph",
                parent: { type: "page_id", page_id: release },
                paragraph: { rich_text: text("Hotfixes skip the train.") },
                has_children: false,
              },
            ],
          },
          { blocks: [1, 0, 0], pages: [0, 1, 0] },
        ),
        ok(
          "inserts after a given block and shifts the rest",
          {
            block: release,
            after: second?.block_id ?? "",
            children: [
              { type: "bulleted_list_item", bulleted_list_item: { rich_text: richText("One") } },
              { type: "bulleted_list_item", bulleted_list_item: { rich_text: richText("Two") } },
            ],
          },
          { results: [{ type: "bulleted_list_item" }, { type: "bulleted_list_item" }] },
          { blocks: [2, steps.length - 3, 0], pages: [0, 1, 0] },
        ),
        fails(
          "a divider takes no children",
          {
            block: divider.block_id,
            children: [{ type: "paragraph", paragraph: { rich_text: richText("x") } }],
          },
          "validation_error",
        ),
        fails(
          "refuses a block type it does not model",
          {
            block: release,
            children: [{ type: "image", image: { external: { url: "https://x" } } }],
          },
          "validation_error",
        ),
      ];
    }
    case "update_block":
      return [
        ok(
          "ticks a to-do",
          { block: todo.block_id, blockType: { to_do: { checked: true } } },
          {
            id: todo.block_id ?? null,
            to_do: { checked: true, rich_text: text(String(todo.text)) },
          },
          { blocks: [0, 1, 0], pages: [0, 1, 0] },
        ),
        ok(
          "rewrites a to-do's text",
          {
            block: todo.block_id,
            blockType: { to_do: { rich_text: richText("Set up the dev box") } },
          },
          { to_do: { rich_text: text("Set up the dev box"), checked: false } },
          { blocks: [0, 1, 0], pages: [0, 1, 0] },
        ),
        fails(
          "refuses content of another block type",
          { block: todo.block_id, blockType: { paragraph: { rich_text: richText("x") } } },
          "validation_error",
        ),
      ];
    case "delete_block":
      return [
        ok(
          "moves a block to the trash",
          { block: todo.block_id },
          { id: todo.block_id ?? null, archived: true, in_trash: true },
          { blocks: [0, 1, 0], pages: [0, 1, 0] },
        ),
        fails("an unknown block is object_not_found", { block: UNKNOWN }, "object_not_found"),
      ];
    case "update_page":
      return [
        ok(
          "sets a status and a date",
          {
            page: itemId,
            properties: {
              Status: { status: { name: "Done" } },
              Due: { date: { start: "2025-01-10" } },
            },
          },
          {
            properties: {
              Status: { status: { name: "Done" } },
              Due: { date: { start: "2025-01-10" } },
            },
          },
          { pages: [0, 1, 0] },
        ),
        ok(
          "renames a plain page and moves it to the trash",
          {
            page: pageId("draft-offsite"),
            properties: { title: { title: richText("Offsite 2025") } },
            inTrash: true,
          },
          {
            in_trash: true,
            archived: true,
            properties: { title: { title: text("Offsite 2025") } },
          },
          { pages: [0, 1, 0], blocks: [0, 1, 0] },
        ),
        fails(
          "refuses a status option that does not exist",
          { page: itemId, properties: { Status: { status: { name: "Shipped" } } } },
          "validation_error",
        ),
        fails(
          "refuses a property that does not exist",
          { page: itemId, properties: { Budget: { number: 3 } } },
          "validation_error",
        ),
        fails(
          "refuses to edit a page in the trash",
          { page: pageId("draft-old-wiki"), properties: {} },
          "validation_error",
        ),
      ];
    case "create_page":
      return [
        ok(
          "creates a page under a page, with content",
          {
            parent: { page_id: drafts },
            properties: { title: { title: richText("Incident glossary") } },
            children: [{ type: "heading_2", heading_2: { rich_text: richText("Terms") } }],
          },
          {
            object: "page",
            parent: { type: "page_id", page_id: drafts },
            properties: { title: { title: text("Incident glossary") } },
            in_trash: false,
          },
          { pages: [1, 1, 0], blocks: [2, 0, 0] },
        ),
        ok(
          "creates a row in a data source",
          {
            parent: { database_id: databaseId("roadmap") },
            properties: {
              Name: { title: richText("SSO for enterprise") },
              Status: { status: { name: "Not started" } },
              Owner: { people: [{ id: priya }] },
            },
          },
          {
            parent: { type: "data_source_id", data_source_id: roadmap },
            properties: {
              Name: { title: text("SSO for enterprise") },
              Status: { status: { name: "Not started" } },
              Owner: { people: [{ id: priya }] },
              Due: { date: null },
            },
          },
          { pages: [1, 0, 0] },
        ),
        fails(
          "an unknown parent page is object_not_found",
          { parent: { page_id: UNKNOWN }, properties: {} },
          "object_not_found",
        ),
      ];
    case "create_comment":
      return [
        ok(
          "comments on a page as the bot",
          { parent: { page_id: release }, richText: [{ text: { content: "Checklist added." } }] },
          {
            object: "comment",
            parent: { type: "page_id", page_id: release },
            created_by: { object: "user", id: userId(BOT.key) },
            rich_text: text("Checklist added."),
          },
          { comments: [1, 0, 0] },
        ),
        fails(
          "an unknown page is object_not_found",
          { parent: { page_id: UNKNOWN }, richText: [{ text: { content: "x" } }] },
          "object_not_found",
        ),
      ];
    case "update_data_source":
      return [
        ok(
          "adds a select property and renames another",
          {
            dataSource: roadmap,
            properties: {
              Quarter: { select: { options: [{ name: "Q1" }, { name: "Q2" }] } },
              Points: { name: "Story points" },
            },
          },
          {
            properties: {
              Quarter: { type: "select", select: { options: [{ name: "Q1" }, { name: "Q2" }] } },
              "Story points": { type: "number" },
            },
          },
          { dataSources: [0, 1, 0], pages: [0, roadmapSeed.rows.length, 0] },
        ),
        fails(
          "refuses to remove the title property",
          { dataSource: roadmap, properties: { Name: null } },
          "validation_error",
        ),
      ];
    case "create_data_source":
      return [
        ok(
          "creates a data source under a page",
          {
            parent: { page_id: drafts },
            title: [{ text: { content: "Reading list" } }],
            properties: { Book: { title: {} }, Read: { checkbox: {} } },
          },
          {
            object: "data_source",
            title: text("Reading list"),
            database_parent: { type: "page_id", page_id: drafts },
            properties: { Book: { id: "title", type: "title" }, Read: { type: "checkbox" } },
          },
          { dataSources: [1, 0, 0], blocks: [1, 0, 0], pages: [0, 1, 0] },
        ),
        fails(
          "refuses a schema without a title property",
          { parent: { page_id: drafts }, properties: { Read: { checkbox: {} } } },
          "validation_error",
        ),
      ];
    case "move_page":
      return [
        ok(
          "moves a page under another page",
          { page: pageId("draft-pairing"), parent: { type: "page_id", page_id: handbook } },
          { id: pageId("draft-pairing"), parent: { type: "page_id", page_id: handbook } },
          { pages: [0, 3, 0], blocks: [0, 1, 0] },
        ),
        fails(
          "refuses to move a page into its own subpage",
          { page: handbook, parent: { type: "page_id", page_id: onboarding } },
          "validation_error",
        ),
        fails(
          "an unknown page is object_not_found",
          { page: UNKNOWN, parent: { type: "page_id", page_id: handbook } },
          "object_not_found",
        ),
      ];
    case "update_markdown": {
      const before = seedMarkdown(findPage("onboarding"));
      const after = before.replace(
        "- [ ] Read the on-call runbook",
        "- [x] Read the on-call runbook",
      );
      return [
        ok(
          "applies a find-and-replace edit",
          {
            page: onboarding,
            edit: "update_content",
            updateContent: {
              content_updates: [
                {
                  old_str: "- [ ] Read the on-call runbook",
                  new_str: "- [x] Read the on-call runbook",
                },
              ],
            },
          },
          { object: "page_markdown", id: onboarding, markdown: after },
          { blocks: [1, 1, 0], pages: [0, 1, 0] },
        ),
        ok(
          "replaces the whole content",
          {
            page: onboarding,
            edit: "replace_content",
            replaceContent: { new_str: "## Day one\n- [ ] Say hello" },
          },
          { markdown: "## Day one\n- [ ] Say hello" },
        ),
        fails(
          "refuses an edit whose text is not on the page",
          {
            page: onboarding,
            edit: "update_content",
            updateContent: { content_updates: [{ old_str: "no such line", new_str: "x" }] },
          },
          "validation_error",
        ),
        fails(
          "refuses to drop a child page without allow_deleting_content",
          { page: drafts, edit: "replace_content", replaceContent: { new_str: "Nothing here." } },
          "validation_error",
        ),
      ];
    }
    default:
      return [];
  }
}
