// What the pages tool tests share (read-tests.ts, write-tests.ts): test makers
// that put each slot's value under the tool's own argument name (and drop a test whose slots the
// tool does not all take), the seeded rows as objects, the wiki's fixtures the tests work on, and
// the markdown and property ids worked out from the seed content, independently of the guest code.

import type { Json } from "../../base/json";
import type { ToolTest } from "../../environment/spec";
import {
  argumentsOf,
  changesOf,
  expectError,
  expectResult,
  offersSlots,
  type TableCounts,
} from "../kit/tool-test-kit";
import { DATA_SOURCES, type PageSeed, WIKI } from "./content";
import type { PagesSlot } from "./roles";
import {
  dataSourceId,
  PAGES_COLUMNS,
  PAGES_TABLES,
  type PagesTable,
  pageId,
  pagesRows,
  rowId,
  userId,
} from "./seed";

export type Counts = TableCounts<PagesTable>;
export type Slots = Partial<Record<PagesSlot, Json>>;
type Row = Record<string, Json>;
/** A test, or null when the tool does not take all of its slots. */
export type MaybeTest = ToolTest | null;

/** The seed rows of a table as objects. */
export function seedTable(table: PagesTable): Row[] {
  const columns = PAGES_COLUMNS[table];
  return pagesRows()[table].map((r) =>
    Object.fromEntries(columns.map((c, i) => [c, (r[i] ?? null) as Json])),
  );
}

export const text = (content: string) => [{ plain_text: content }];
export const richText = (content: string) => [{ type: "text", text: { content } }];
export const UNKNOWN = "00000000-0000-4000-8000-000000000000";

/** A seeded page's content as Notion-flavoured markdown (its blocks are one level deep). */
export function seedMarkdown(page: PageSeed): string {
  let number = 0;
  const lines = page.blocks.map((b) => {
    number = b[0] === "numbered_list_item" ? number + 1 : 0;
    switch (b[0]) {
      case "paragraph":
        return b[1];
      case "heading_1":
        return `# ${b[1]}`;
      case "heading_2":
        return `## ${b[1]}`;
      case "heading_3":
        return `### ${b[1]}`;
      case "bulleted_list_item":
        return `- ${b[1]}`;
      case "numbered_list_item":
        return `${number}. ${b[1]}`;
      case "quote":
        return `> ${b[1]}`;
      case "to_do":
        return `- [${b[2] ? "x" : " "}] ${b[1]}`;
      case "code":
        return `\`\`\`${b[2]}\n${b[1]}\n\`\`\``;
      case "divider":
        return "---";
    }
    return "";
  });
  const pages = (page.children ?? [])
    .filter((c) => !c.trashed)
    .map(
      (c) =>
        `<page url="https://www.notion.so/${c.title.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-+|-+$/g, "")}-${pageId(c.key).replaceAll("-", "")}">${c.title}</page>`,
    );
  return [...lines, ...pages].join("\n");
}

export function findPage(key: string, pages: readonly PageSeed[] = WIKI): PageSeed {
  for (const p of pages) {
    if (p.key === key) return p;
    const inner = p.children ? findPageOrUndefined(key, p.children) : undefined;
    if (inner) return inner;
  }
  throw new Error(`no seeded page ${key}`);
}
function findPageOrUndefined(key: string, pages: readonly PageSeed[]): PageSeed | undefined {
  try {
    return findPage(key, pages);
  } catch {
    return undefined;
  }
}

/** The makers of one tool's tests, for its argument names. */
export function testMakers(names: Partial<Record<PagesSlot, string>>) {
  const offers = (slots: Slots) => offersSlots(names, slots);
  const argsOf = (slots: Slots) => argumentsOf(names, slots);
  return {
    /** The result must contain `result`; the tables must change by `counts`. */
    ok: (name: string, slots: Slots, result: Json, counts?: Counts): MaybeTest =>
      offers(slots)
        ? expectResult(
            name,
            argsOf(slots),
            result,
            "subset",
            counts ? changesOf(PAGES_TABLES, counts) : undefined,
          )
        : null,
    exact: (name: string, slots: Slots, result: Json): MaybeTest =>
      offers(slots) ? expectResult(name, argsOf(slots), result, "exact") : null,
    fails: (name: string, slots: Slots, code: string): MaybeTest =>
      offers(slots) ? expectError(name, argsOf(slots), code) : null,
  };
}

/** The seeded things the tests work on. */
export function fixtures() {
  const users = seedTable("users");
  const pages = seedTable("pages");
  const blocks = seedTable("blocks");
  const priya = userId("priya");
  const roadmap = dataSourceId("roadmap");
  const roadmapSeed = DATA_SOURCES.find((s) => s.key === "roadmap");
  if (!roadmapSeed) throw new Error("no roadmap");
  const childrenOf = (parent: string) =>
    blocks
      .filter((b) => b.parent_id === parent && b.in_trash === 0)
      .sort((a, b) => Number(a.position) - Number(b.position));
  const handbook = pageId("handbook");
  const onboarding = pageId("onboarding");
  const release = pageId("release");
  const drafts = pageId("drafts");
  const todo = childrenOf(onboarding).find((b) => b.type === "to_do" && b.checked === 0);
  const divider = childrenOf(handbook).find((b) => b.type === "divider");
  if (!todo || !divider) throw new Error("the seeded handbook lost its to-do or divider");
  const item = roadmapSeed.rows[0];
  if (!item) throw new Error("no roadmap rows");
  const itemId = rowId("roadmap", item.title);
  const refused = {
    unknownPage: { page: UNKNOWN },
    badId: { page: "not-a-page" },
  };
  return {
    users,
    pages,
    blocks,
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
    item,
    itemId,
    refused,
  };
}

export function roadmapPropertyId(name: string): string {
  return propertyIds().get(name) ?? "";
}

export function roadmapOptionId(property: string, option: string): string {
  return propertyIds().get(`${property}:${option}`) ?? "";
}

/** The stored schema's property and option ids of the roadmap, read from its seed row. */
function propertyIds(): Map<string, string> {
  const row = pagesRows().dataSources.find((r) => r[0] === dataSourceId("roadmap"));
  const schema = JSON.parse(String(row?.[6] ?? "[]")) as {
    id: string;
    name: string;
    options?: { id: string; name: string }[];
  }[];
  const out = new Map<string, string>();
  for (const p of schema) {
    out.set(p.name, p.id);
    for (const o of p.options ?? []) out.set(`${p.name}:${o.name}`, o.id);
  }
  return out;
}
