// The pages surface (core/surfaces/notion-pages/surface.ts) on the real makenotion/notion-mcp-server
// spec: 23 of its 24 tools admitted in the QuickJS sandbox with tests no stand-in passes (the
// template list left out with its reason), byte-identical imports, the seeded team wiki, and the
// tools behaving like the Notion API call after call (search, block children and appends, pages
// and typed properties, data source filters and sorts, markdown, moves, comments, cursors);
// Notion's refusals are tool errors that write nothing; a look-alike server is recognised, one
// without the essentials is not, and no tool of the other shared specs is claimed.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Json } from "../../core/base/json";
import { importMcpSpec } from "../../core/mcp/import/spec-import";
import { DATA_SOURCES, PEOPLE } from "../../core/surfaces/notion-pages/content";
import {
  databaseId,
  dataSourceId,
  pageId,
  rowId,
  userId,
} from "../../core/surfaces/notion-pages/seed";
import { pagesSurface } from "../../core/surfaces/notion-pages/surface";
import { admitImport, failingTests } from "../support/mcp-admission";
import { type McpEpisode, openEpisode, vacuousImportTools } from "../support/mcp-episode";
import {
  otherSpecClaims,
  seededRowCounts,
  sharedSpecText,
  specTool,
  wholeSurfaceProblems,
} from "../support/mcp-surface-checks";

const specText = sharedSpecText("notion");
const imported = importMcpSpec(specText);
const LEFT_OUT = ["API-list-data-source-templates"];
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

type Obj = Record<string, unknown>;
const obj = (value: Json) => value as unknown as Obj;
const results = (value: Json) => obj(value).results as Obj[];
const plain = (rich: unknown) =>
  (rich as { plain_text: string }[]).map((t) => t.plain_text).join("");
const titleOf = (page: Obj) => {
  const props = page.properties as Record<string, Obj>;
  const title = Object.values(props).find((p) => p.type === "title");
  return plain(title?.title);
};
const text = (content: string) => [{ type: "text", text: { content } }];

describe("the notion spec", () => {
  it("implements 23 of the 24 tools with the server's names and schemas, and admits them", async () => {
    expect(wholeSurfaceProblems(specText, imported, "pages", LEFT_OUT)).toEqual([]);
    expect(imported.report.leftOut[0]?.reason).toMatch(/no page templates/);
    expect(imported.report.notes).toContain(
      "API-retrieve-a-page is published as API_retrieve_a_page (tool names allow letters, digits and _)",
    );
    expect(imported.tools.filter((t) => t.effect === "write").map((t) => t.name)).toEqual([
      "API_patch_block_children",
      "API_update_a_block",
      "API_delete_a_block",
      "API_patch_page",
      "API_post_page",
      "API_create_a_comment",
      "API_update_a_data_source",
      "API_create_a_data_source",
      "API_move_page",
      "API_update_page_markdown",
    ]);
    const admission = await admitImport(imported);
    expect(failingTests(admission)).toEqual([]);
    expect(admission.problems).toEqual([]);
    expect(admission.totals.admittedTools).toBe(23);
    expect(admission.totals.tests).toBeGreaterThanOrEqual(65);
  });

  it("has tests that no stand-in implementation passes", async () => {
    expect(await vacuousImportTools(imported)).toEqual([]);
  });

  it("imports byte-identically twice", () => {
    expect(JSON.stringify(importMcpSpec(specText))).toBe(JSON.stringify(imported));
  });

  it("seeds a team wiki: people and a bot, pages of blocks, a roadmap and a bug tracker", () => {
    const tables = seededRowCounts(imported);
    expect(tables.pages_users).toBe(PEOPLE.length + 1);
    expect(tables.pages_data_sources).toBe(2);
    const pages = imported.seed.tables.pages_pages?.rows ?? [];
    const rowsOf = (key: string) => pages.filter((p) => p[2] === dataSourceId(key));
    expect(rowsOf("roadmap")).toHaveLength(20);
    expect(rowsOf("bugs")).toHaveLength(18);
    // Every id is a UUID.
    const ids = Object.values(imported.seed.tables).flatMap((t) => t.rows.map((r) => String(r[0])));
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const blocks = imported.seed.tables.pages_blocks?.rows ?? [];
    const childPages = blocks.filter((b) => b[4] === "child_page").map((b) => String(b[0]));
    // Only a child page's block shares its page's id.
    expect(ids.filter((id, i) => ids.indexOf(id) !== i).sort()).toEqual(childPages.sort());
    // Each roadmap item has an owner, a status and a due date; some of Priya's are past due.
    const roadmap = DATA_SOURCES[0];
    expect(
      roadmap?.rows.every(
        (r) => r.values.Status && r.values.Due && (r.values.Owner as string[]).length === 1,
      ),
    ).toBe(true);
    const pastDue = roadmap?.rows.filter(
      (r) =>
        (r.values.Owner as string[])[0] === "priya" &&
        String(r.values.Due) < "2025-01-06" &&
        r.values.Status !== "Done",
    );
    expect(pastDue?.map((r) => r.title)).toEqual([
      "Search migration to OpenSearch 2",
      "Search result ranking",
    ]);
  });
});

describe("the notion tools, call after call", () => {
  let episode: McpEpisode;
  beforeEach(async () => {
    episode = await openEpisode(imported);
  });
  afterEach(() => episode.close());

  const markdownOf = (page: string) =>
    String(obj(episode.ok("API_retrieve_page_markdown", { page_id: page })).markdown);

  it("finds a page by title, adds a bullet under its Risks heading, and reads it back", () => {
    const found = results(
      episode.ok("API_post_search", {
        query: "release process",
        filter: { property: "object", value: "page" },
      }),
    );
    expect(found.map(titleOf)).toEqual(["Release process"]);
    const page = String(found[0]?.id);
    const blocks = results(episode.ok("API_get_block_children", { block_id: page }));
    const risks = blocks.find(
      (b) => b.type === "heading_2" && plain(obj(b.heading_2 as Json).rich_text) === "Risks",
    );
    const appended = results(
      episode.ok("API_patch_block_children", {
        block_id: page,
        after: String(risks?.id),
        children: [
          {
            type: "bulleted_list_item",
            bulleted_list_item: { rich_text: text("Release notes are written by hand") },
          },
        ],
      }),
    );
    expect(appended).toHaveLength(1);
    expect(markdownOf(page)).toContain(
      "## Risks\n- Release notes are written by hand\n- The smoke tests do not cover the mobile checkout",
    );
    const again = results(episode.ok("API_get_block_children", { block_id: page }));
    expect(again.map((b) => b.id)).toEqual([
      ...blocks.slice(0, blocks.indexOf(risks as Obj) + 1).map((b) => b.id),
      appended[0]?.id,
      ...blocks.slice(blocks.indexOf(risks as Obj) + 1).map((b) => b.id),
    ]);
    expect(obj(episode.ok("API_retrieve_a_page", { page_id: page })).last_edited_time).toBe(
      "2025-01-06T09:00:00.000Z",
    );
  });

  it("sets the status of every past-due roadmap item owned by Priya", () => {
    const query: Record<string, Json> = {
      data_source_id: dataSourceId("roadmap"),
      filter: {
        and: [
          { property: "Owner", people: { contains: userId("priya") } },
          { property: "Due", date: { before: "2025-01-06" } },
          { property: "Status", status: { does_not_equal: "Done" } },
        ],
      },
    };
    const late = results(episode.ok("API_query_data_source", query));
    expect(late.map(titleOf)).toEqual([
      "Search migration to OpenSearch 2",
      "Search result ranking",
    ]);
    for (const item of late) {
      const updated = obj(
        episode.ok("API_patch_page", {
          page_id: String(item.id),
          properties: { Status: { status: { name: "Done" } } },
        }),
      );
      expect(obj((updated.properties as Record<string, Json>).Status as Json).status).toMatchObject(
        { name: "Done", color: "green" },
      );
    }
    expect(results(episode.ok("API_query_data_source", query))).toEqual([]);
    const property = obj(
      episode.ok("API_retrieve_a_page_property", {
        page_id: String(late[0]?.id),
        property_id: "Status",
      }),
    );
    expect(property).toMatchObject({
      object: "property_item",
      type: "status",
      status: { name: "Done" },
    });
  });

  it("filters and sorts rows by every modelled property type", () => {
    const titles = (filter: Json, sorts?: Json) =>
      results(
        episode.ok("API_query_data_source", {
          data_source_id: dataSourceId("bugs"),
          filter,
          ...(sorts ? { sorts } : {}),
        }),
      ).map(titleOf);
    expect(titles({ property: "Severity", select: { equals: "Critical" } })).toEqual([
      "Duplicate charges when the payment page is refreshed",
      "Checkout button does nothing on Android 14",
      "Login fails with a hardware key on Safari",
    ]);
    expect(
      titles(
        {
          and: [
            { property: "Regression", checkbox: { equals: true } },
            { property: "Status", status: { equals: "Open" } },
          ],
        },
        [{ property: "Reported", direction: "ascending" }],
      ),
    ).toEqual([
      "Dark mode shows white flashes between pages",
      "Search returns archived projects",
      "Login fails with a hardware key on Safari",
    ]);
    expect(titles({ property: "Assignee", people: { is_empty: true } })).toEqual([
      "Typo in the billing settings page",
      "Export to CSV times out for large workspaces",
    ]);
    expect(
      titles({
        property: "Roadmap item",
        relation: { contains: rowId("roadmap", "Audit log export") },
      }),
    ).toEqual(["Tooltip cut off in the audit log", "Export to CSV times out for large workspaces"]);
    expect(
      titles({
        or: [
          { property: "Title", title: { contains: "SEARCH" } },
          { property: "Component", select: { equals: "Auth" } },
        ],
      }),
    ).toEqual([
      "Search returns archived projects",
      "Search highlights the wrong words",
      "Login fails with a hardware key on Safari",
    ]);
    expect(
      titles({ property: "Reported", date: { on_or_after: "2025-01-01" } }, [
        { property: "Title", direction: "descending" },
      ]),
    ).toEqual([
      "Login fails with a hardware key on Safari",
      "Export to CSV times out for large workspaces",
    ]);
    const roadmap = (filter: Json, sorts: Json) =>
      results(
        episode.ok("API_query_data_source", {
          data_source_id: dataSourceId("roadmap"),
          filter,
          sorts,
        }),
      ).map(titleOf);
    expect(
      roadmap(
        {
          and: [
            { property: "Points", number: { greater_than_or_equal_to: 13 } },
            { property: "Area", multi_select: { contains: "Backend" } },
          ],
        },
        [{ property: "Status", direction: "ascending" }],
      ),
    ).toEqual(["Search migration to OpenSearch 2", "Usage-based billing"]);
    expect(
      episode.fails("API_query_data_source", {
        data_source_id: dataSourceId("bugs"),
        filter: { and: [{ or: [{ and: [] }] }] },
      }),
    ).toBe("validation_error");
  });

  it("creates, moves and reads pages, and keeps their child_page blocks in step", () => {
    const drafts = pageId("drafts");
    const created = obj(
      episode.ok("API_post_page", {
        parent: { page_id: drafts },
        properties: { title: { title: text("Incident glossary") } },
        children: [
          { type: "heading_2", heading_2: { rich_text: text("Terms") } },
          { type: "to_do", to_do: { rich_text: text("Define SEV levels"), checked: false } },
        ],
      }),
    );
    const id = String(created.id);
    expect(
      results(episode.ok("API_get_block_children", { block_id: drafts })).at(-1),
    ).toMatchObject({
      id,
      type: "child_page",
      child_page: { title: "Incident glossary" },
      has_children: true,
    });
    expect(markdownOf(id)).toBe("## Terms\n- [ ] Define SEV levels");
    episode.ok("API_move_page", {
      page_id: id,
      parent: { type: "page_id", page_id: pageId("handbook") },
    });
    expect(
      results(episode.ok("API_get_block_children", { block_id: drafts })).some((b) => b.id === id),
    ).toBe(false);
    expect(markdownOf(pageId("handbook"))).toMatch(
      /<page url="https:\/\/www\.notion\.so\/Incident-glossary-[0-9a-f]{32}">Incident glossary<\/page>$/,
    );
    expect(obj(episode.ok("API_retrieve_a_block", { block_id: id })).parent).toEqual({
      type: "page_id",
      page_id: pageId("handbook"),
    });
    // Into the roadmap: it becomes a row with empty values.
    const row = obj(
      episode.ok("API_move_page", {
        page_id: id,
        parent: { type: "database_id", database_id: databaseId("roadmap") },
      }),
    );
    expect(row.parent).toMatchObject({
      type: "data_source_id",
      data_source_id: dataSourceId("roadmap"),
    });
    expect(obj((row.properties as Record<string, Json>).Status as Json).status).toBeNull();
    expect(
      episode.fails("API_move_page", {
        page_id: pageId("handbook"),
        parent: { type: "page_id", page_id: pageId("oncall") },
      }),
    ).toBe("validation_error");
  });

  it("ticks, edits and trashes blocks", () => {
    const meeting = pageId("sync-1230");
    const todo = results(episode.ok("API_get_block_children", { block_id: meeting })).find(
      (b) => b.type === "to_do" && plain(obj(b.to_do as Json).rich_text).startsWith("Elena"),
    );
    const id = String(todo?.id);
    episode.ok("API_update_a_block", { block_id: id, type: { to_do: { checked: true } } });
    expect(markdownOf(meeting)).toContain("- [x] Elena: announce the end of the deploy freeze");
    // The server's `type` argument may also come as JSON text.
    episode.ok("API_update_a_block", {
      block_id: id,
      type: JSON.stringify({ to_do: { rich_text: text("Elena: announce it in #eng") } }),
    });
    expect(obj(episode.ok("API_retrieve_a_block", { block_id: id })).to_do).toMatchObject({
      checked: true,
      rich_text: [{ plain_text: "Elena: announce it in #eng" }],
    });
    expect(obj(episode.ok("API_delete_a_block", { block_id: id }))).toMatchObject({
      in_trash: true,
      archived: true,
    });
    expect(markdownOf(meeting)).not.toContain("Elena: announce");
    expect(
      episode.fails("API_update_a_block", { block_id: id, type: { to_do: { checked: false } } }),
    ).toBe("validation_error");
    episode.ok("API_update_a_block", { block_id: id, archived: false });
    expect(markdownOf(meeting)).toContain("- [x] Elena: announce it in #eng");
  });

  it("edits a page as markdown, keeping the blocks it does not touch", () => {
    const page = pageId("oncall");
    const before = results(episode.ok("API_get_block_children", { block_id: page }));
    episode.ok("API_update_page_markdown", {
      page_id: page,
      type: "insert_content",
      insert_content: {
        content: "- Pager fatigue on long weekends",
        after: "## Risks...credentials",
      },
    });
    episode.ok("API_update_page_markdown", {
      page_id: page,
      type: "replace_content_range",
      replace_content_range: {
        content: "Escalate after 20 minutes.",
        content_range: "Escalate to...mitigation.",
      },
    });
    const markdown = markdownOf(page);
    expect(markdown).toContain(
      "## Escalation\nEscalate after 20 minutes.\n## Useful commands\n```shell\nkubectl rollout undo deployment/api -n production\n```",
    );
    expect(
      markdown.endsWith(
        "- Only two people can rotate the database credentials\n- Pager fatigue on long weekends",
      ),
    ).toBe(true);
    const after = results(episode.ok("API_get_block_children", { block_id: page }));
    expect(after.length).toBe(before.length + 1);
    // Every block but the rewritten paragraph kept its id.
    expect(before.filter((b) => !after.some((a) => a.id === b.id)).map((b) => b.type)).toEqual([
      "paragraph",
    ]);
  });

  it("changes a data source's schema and uses the new property", () => {
    const roadmap = dataSourceId("roadmap");
    episode.ok("API_update_a_data_source", {
      data_source_id: roadmap,
      properties: {
        Quarter: { select: { options: [{ name: "Q1" }, { name: "Q2" }] } },
        Notes: null,
      },
    });
    const created = obj(
      episode.ok("API_post_page", {
        parent: { database_id: databaseId("roadmap") },
        properties: {
          Name: { title: text("SSO for enterprise") },
          Quarter: { select: { name: "Q2" } },
        },
      }),
    );
    expect(Object.keys(created.properties as Obj)).not.toContain("Notes");
    const q2 = results(
      episode.ok("API_query_data_source", {
        data_source_id: roadmap,
        filter: { property: "Quarter", select: { equals: "Q2" } },
      }),
    );
    expect(q2.map(titleOf)).toEqual(["SSO for enterprise"]);
    // A new select option name adds the option, as in Notion.
    episode.ok("API_patch_page", {
      page_id: String(created.id),
      properties: { Quarter: { select: { name: "Q3" } } },
    });
    const schema = obj(episode.ok("API_retrieve_a_data_source", { data_source_id: roadmap }))
      .properties as Record<string, Obj>;
    expect((obj(schema.Quarter?.select as Json).options as Obj[]).map((o) => o.name)).toEqual([
      "Q1",
      "Q2",
      "Q3",
    ]);
  });

  it("pages lists with cursors and comments as the bot", () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 5; i++) {
      const page = obj(
        episode.ok("API_get_users", { page_size: 3, ...(cursor ? { start_cursor: cursor } : {}) }),
      );
      seen.push(...(page.results as Obj[]).map((u) => String(u.name)));
      if (!page.has_more) break;
      cursor = String(page.next_cursor);
    }
    expect(seen).toEqual([...PEOPLE.map((p) => p.name), "Wiki Assistant"]);
    expect(obj(episode.ok("API_get_self")).type).toBe("bot");
    const release = pageId("release");
    episode.ok("API_create_a_comment", {
      parent: { page_id: release },
      rich_text: [{ text: { content: "Checklist is live." } }],
    });
    const comments = results(episode.ok("API_retrieve_a_comment", { block_id: release }));
    expect(comments.map((c) => plain(c.rich_text))).toEqual([
      "The mobile release needs its own checklist.",
      "Checklist is live.",
    ]);
    expect(comments[1]?.created_by).toEqual({ object: "user", id: userId("bot") });
  });

  it("refuses what Notion refuses with its error object, writing nothing", () => {
    const tables = ["pages_pages", "pages_blocks", "pages_data_sources", "pages_comments"];
    const before = tables.map((t) => episode.rows(t));
    expect(episode.call("API_retrieve_a_page", { page_id: UNKNOWN })).toMatchObject({
      ok: false,
      error: {
        code: "object_not_found",
        details: { object: "error", status: 404, code: "object_not_found" },
      },
    });
    const item = rowId("roadmap", "Saved searches");
    expect(
      episode.call("API_patch_page", {
        page_id: item,
        properties: {
          Status: { status: { name: "Done" } },
          Priority: { select: null },
          Owner: { people: [{ id: UNKNOWN }] },
        },
      }),
    ).toMatchObject({ ok: false, error: { code: "validation_error", details: { status: 400 } } });
    expect(
      episode.fails("API_patch_page", {
        page_id: item,
        properties: { Points: { number: "eight" } },
      }),
    ).toBe("validation_error");
    expect(
      episode.fails("API_patch_page", {
        page_id: item,
        properties: { Points: { checkbox: true } },
      }),
    ).toBe("validation_error");
    expect(
      episode.fails("API_patch_block_children", {
        block_id: pageId("release"),
        children: [{ type: "paragraph", paragraph: {} }],
      }),
    ).toBe("validation_error");
    expect(
      episode.fails("API_patch_block_children", {
        block_id: pageId("release"),
        after: pageId("handbook"),
        children: [],
      }),
    ).toBe("validation_error");
    expect(
      episode.fails("API_post_page", {
        parent: { page_id: pageId("drafts") },
        properties: { Status: { status: { name: "Done" } } },
      }),
    ).toBe("validation_error");
    expect(episode.fails("API_post_page", { parent: "{not json", properties: {} })).toBe(
      "validation_error",
    );
    expect(episode.fails("API_get_users", { page_size: 500 })).toBe("validation_error");
    expect(
      episode.fails("API_create_a_data_source", {
        parent: { page_id: pageId("drafts") },
        properties: { A: { title: {} }, B: { title: {} } },
      }),
    ).toBe("validation_error");
    expect(
      episode.fails("API_update_page_markdown", {
        page_id: pageId("drafts"),
        type: "update_content",
        update_content: { content_updates: [{ old_str: "Interview loops", new_str: "x" }] },
      }),
    ).toBe("validation_error");
    expect(episode.fails("API_get_block_children", { block_id: "release-process" })).toBe(
      "validation_error",
    );
    expect(tables.map((t) => episode.rows(t))).toEqual(before);
  });

  it("stays cheap on the largest lists it serves", () => {
    episode.ok("API_query_data_source", {
      data_source_id: dataSourceId("roadmap"),
      sorts: [{ property: "Owner", direction: "ascending" }],
    });
    episode.ok("API_post_search", { query: "" });
    markdownOf(pageId("handbook"));
    expect(Math.max(...episode.fuel)).toBeLessThan(400);
  });
});

describe("recognising a page workspace", () => {
  const id = { type: "string" };
  const anyObject = { type: "object", additionalProperties: true };
  const essentials = [
    specTool("notion_retrieve_page", { page_id: id }, ["page_id"]),
    specTool(
      "notion_list_block_children",
      { block_id: id, start_cursor: id, page_size: { type: "integer" } },
      ["block_id"],
    ),
    specTool(
      "notion_append_block_children",
      { block_id: id, children: { type: "array", items: anyObject } },
      ["block_id", "children"],
    ),
    specTool(
      "notion_query_data_source",
      { data_source_id: id, filter: anyObject, sorts: { type: "array" } },
      ["data_source_id"],
    ),
    specTool("notion_search", { query: id }, []),
    specTool("notion_update_page", { page_id: id, properties: anyObject }, ["page_id"]),
  ];

  it("recognises a look-alike server under other names, and leaves its other tools alone", async () => {
    const { report, tools } = importMcpSpec({
      tools: [...essentials, specTool("create_note", { title: id }, ["title"])],
    });
    expect(
      report.implemented.filter((t) => t.surface === "pages").map((t) => [t.tool, t.verb]),
    ).toEqual([
      ["notion_retrieve_page", "get"],
      ["notion_list_block_children", "list"],
      ["notion_append_block_children", "create"],
      ["notion_query_data_source", "list"],
      ["notion_search", "list"],
      ["notion_update_page", "update"],
    ]);
    expect(report.implemented.find((t) => t.tool === "create_note")?.surface).toBeUndefined();
    const again = importMcpSpec({ tools: essentials });
    expect(failingTests(await admitImport(again))).toEqual([]);
    expect(tools.length).toBe(7);
    const episode = await openEpisode(again);
    try {
      const found = results(episode.ok("notion_search", { query: "Bug Tracker" }));
      expect(found.map(titleOf)).toEqual(["Bug Tracker"]);
      episode.ok("notion_update_page", {
        page_id: String(found[0]?.id),
        properties: { title: { title: text("Bugs & triage") } },
      });
      expect(
        titleOf(obj(episode.ok("notion_retrieve_page", { page_id: String(found[0]?.id) }))),
      ).toBe("Bugs & triage");
    } finally {
      episode.close();
    }
  });

  it("leaves a server without the essentials alone", () => {
    const { report } = importMcpSpec({
      tools: essentials.filter((t) => t.name !== "notion_query_data_source"),
    });
    expect(report.implemented.some((t) => t.surface === "pages")).toBe(false);
  });

  it("reports a tool whose arguments do not fit, with the reason", () => {
    const { report } = importMcpSpec({
      tools: [
        ...essentials,
        specTool("notion_delete_block", { block_id: id, reason: id }, ["block_id"]),
      ],
    });
    expect(report.leftOut.find((t) => t.tool === "notion_delete_block")?.reason).toMatch(
      /delete block.*argument "reason"/,
    );
  });

  it("claims no tool of the other shared specs", () => {
    expect(otherSpecClaims(pagesSurface, ["notion"])).toEqual([]);
  });
});
