// The exploration side of page-workspace synthesis: reading the wiki through the environment's own
// tools on a fresh copy — every page and data source from an empty title search, each page's
// blocks, each data source's rows with their property values, and the people. Nothing here
// writes. The initial state is the same for every attempt, so the source reads it once.
import type { Json } from "../../../base/json";
import type { ToolRunner } from "../../../episode/tool-runner";
import type { Prng } from "../../../sandbox/determinism";
import type { PagesLens, PagesTool } from "./lens";

export interface PagesContext {
  lens: PagesLens;
  rng: Prng;
  runner: ToolRunner;
}

export interface BlockView {
  id: string;
  type: string;
  /** Plain text ("" for dividers, the title for a child page). */
  text: string;
  checked: boolean | null;
}

export interface PageView {
  id: string;
  title: string;
  /** The page's parent page, or null at the top of the workspace. */
  parentId: string | null;
  blocks: BlockView[];
}

/** A row's value in plain form: option names, user or page ids, ISO dates, numbers, booleans. */
export type RowValue = string | number | boolean | string[] | null;

export interface RowView {
  id: string;
  title: string;
  values: Record<string, RowValue>;
}

export interface SourceView {
  id: string;
  title: string;
  /** The title property's name and every other property's name and type. */
  titleProperty: string;
  types: Record<string, string>;
  rows: RowView[];
}

export interface Workspace {
  pages: PageView[];
  sources: SourceView[];
  people: { id: string; name: string }[];
}

type JsonRecord = { [key: string]: Json };
const isRecord = (v: Json | undefined): v is JsonRecord =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const records = (v: Json | undefined): JsonRecord[] =>
  Array.isArray(v) ? v.filter((x): x is JsonRecord => isRecord(x)) : [];

export const plainText = (rich: Json | undefined): string =>
  records(rich)
    .map((t) => (typeof t.plain_text === "string" ? t.plain_text : ""))
    .join("");

/** Every item of a list tool's answer, following `next_cursor` (at most 20 pages). */
function listAll(ctx: PagesContext, tool: PagesTool, args: JsonRecord): JsonRecord[] {
  const out: JsonRecord[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 20; i++) {
    const withCursor =
      cursor !== undefined && tool.args.cursor ? { ...args, [tool.args.cursor]: cursor } : args;
    const outcome = ctx.runner.call(tool.name, withCursor);
    if (!outcome.ok || !isRecord(outcome.result)) return out;
    out.push(...records(outcome.result.results));
    const next = outcome.result.next_cursor;
    if (outcome.result.has_more !== true || typeof next !== "string" || !tool.args.cursor) break;
    cursor = next;
  }
  return out;
}

function titleOf(page: JsonRecord): { name: string; title: string } {
  const props = isRecord(page.properties) ? page.properties : {};
  for (const [name, prop] of Object.entries(props)) {
    if (isRecord(prop) && prop.type === "title") return { name, title: plainText(prop.title) };
  }
  return { name: "title", title: "" };
}

function plainValue(prop: JsonRecord): RowValue {
  const type = typeof prop.type === "string" ? prop.type : "";
  const v = prop[type];
  if (type === "rich_text") return plainText(v);
  if (type === "select" || type === "status") return isRecord(v) ? String(v.name) : null;
  if (type === "multi_select") return records(v).map((o) => String(o.name));
  if (type === "people" || type === "relation") return records(v).map((o) => String(o.id));
  if (type === "date") return isRecord(v) && typeof v.start === "string" ? v.start : null;
  if (type === "number") return typeof v === "number" ? v : null;
  if (type === "checkbox") return v === true;
  return null;
}

function blockView(b: JsonRecord): BlockView {
  const type = String(b.type);
  const content = isRecord(b[type]) ? (b[type] as JsonRecord) : {};
  return {
    id: String(b.id),
    type,
    text: type === "child_page" ? String(content.title ?? "") : plainText(content.rich_text),
    checked: type === "to_do" ? content.checked === true : null,
  };
}

/** The whole workspace as its tools show it, or undefined when the search cannot be read. */
export function readWorkspace(ctx: PagesContext): Workspace | undefined {
  const { lens } = ctx;
  const found = listAll(ctx, lens.search, { [lens.search.args.query ?? "query"]: "" });
  if (found.length === 0) return undefined;
  const pages: PageView[] = [];
  const sources: SourceView[] = [];
  for (const item of found) {
    const parent = isRecord(item.parent) ? item.parent : {};
    if (item.object === "page" && parent.type !== "data_source_id") {
      const blocks = listAll(ctx, lens.block_children, {
        [lens.block_children.args.block ?? "block_id"]: String(item.id),
      });
      pages.push({
        id: String(item.id),
        title: titleOf(item).title,
        parentId: parent.type === "page_id" ? String(parent.page_id) : null,
        blocks: blocks.map(blockView),
      });
    }
    if (item.object === "data_source") {
      const query = lens.query_data_source;
      const rows = listAll(ctx, query, {
        [query.args.dataSource ?? "data_source_id"]: String(item.id),
      });
      const types: Record<string, string> = {};
      let titleProperty = "";
      const rowViews = rows.map((row) => {
        const values: Record<string, RowValue> = {};
        const props = isRecord(row.properties) ? row.properties : {};
        for (const [name, prop] of Object.entries(props)) {
          if (!isRecord(prop) || typeof prop.type !== "string") continue;
          if (prop.type === "title") titleProperty = name;
          else {
            types[name] = prop.type;
            values[name] = plainValue(prop);
          }
        }
        return { id: String(row.id), title: titleOf(row).title, values };
      });
      sources.push({
        id: String(item.id),
        title: plainText(item.title),
        titleProperty,
        types,
        rows: rowViews,
      });
    }
  }
  const people = lens.list_users
    ? listAll(ctx, lens.list_users, {})
        .filter((u) => u.type === "person")
        .map((u) => ({ id: String(u.id), name: String(u.name) }))
    : [];
  // Newest first in the search; the wiki reads better in creation order.
  pages.sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
  return { pages, sources, people };
}

/** Text a user can quote and a program can find again: one line, no double quotes or backticks. */
export const quotable = (text: string) =>
  text.length >= 3 && text.length <= 160 && text === text.trim() && !/["\n\r`]/.test(text);

/** Pages whose title is quotable and unique among pages. */
export function namedPages(ws: Workspace): PageView[] {
  return ws.pages.filter(
    (p) => quotable(p.title) && ws.pages.filter((q) => q.title === p.title).length === 1,
  );
}

/** A data source's rows whose title is quotable and unique in it. */
export function namedRows(source: SourceView): RowView[] {
  return source.rows.filter(
    (r) => quotable(r.title) && source.rows.filter((q) => q.title === r.title).length === 1,
  );
}
