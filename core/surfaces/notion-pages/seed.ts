// The tables of a pages workspace and their seed rows, built from the fixed wiki content
// (content.ts). Ids are UUIDs derived from each thing's key, so every import seeds the
// same workspace. A page's content is its blocks in order under the page (or under a block); a
// child page or a data source also shows as a `child_page` / `child_database` block whose id is
// the page's or the database's, as in Notion. A data source's schema and a row's property values
// are JSON documents: the schema as Notion lists it, the values in a plain form keyed by property
// name (option names, user ids, page ids, ISO dates) that the tools render as Notion's objects.
import type { SqlValue } from "../../environment/spec";
import { hashSeed } from "../kit/seed-values";
import {
  type BlockSeed,
  BOT,
  COMMENTS,
  DATA_SOURCES,
  type DataSourceSeed,
  type PageSeed,
  PEOPLE,
  type PropertySeed,
  WIKI,
} from "./content";

export const PAGES_TABLES = {
  users: "pages_users",
  pages: "pages_pages",
  blocks: "pages_blocks",
  dataSources: "pages_data_sources",
  comments: "pages_comments",
} as const;
export type PagesTable = keyof typeof PAGES_TABLES;

const STAMPS = `created_time TEXT NOT NULL,
  last_edited_time TEXT NOT NULL,
  created_by TEXT NOT NULL,
  last_edited_by TEXT NOT NULL`;

export const PAGES_SCHEMA_SQL = `CREATE TABLE pages_users (
  user_id TEXT NOT NULL PRIMARY KEY,
  position INTEGER NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('person', 'bot')),
  name TEXT NOT NULL,
  email TEXT
);

CREATE TABLE pages_pages (
  page_id TEXT NOT NULL PRIMARY KEY,
  parent_type TEXT NOT NULL CHECK (parent_type IN ('workspace', 'page_id', 'data_source_id')),
  parent_id TEXT,
  title TEXT NOT NULL,
  icon TEXT,
  cover TEXT,
  properties TEXT NOT NULL,
  in_trash INTEGER NOT NULL CHECK (in_trash IN (0, 1)),
  ${STAMPS}
);

CREATE TABLE pages_blocks (
  block_id TEXT NOT NULL PRIMARY KEY,
  parent_type TEXT NOT NULL CHECK (parent_type IN ('page_id', 'block_id')),
  parent_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  type TEXT NOT NULL,
  text TEXT NOT NULL,
  checked INTEGER,
  language TEXT,
  in_trash INTEGER NOT NULL CHECK (in_trash IN (0, 1)),
  ${STAMPS}
);

CREATE INDEX pages_blocks_parent ON pages_blocks (parent_id, position);

CREATE TABLE pages_data_sources (
  data_source_id TEXT NOT NULL PRIMARY KEY,
  database_id TEXT NOT NULL UNIQUE,
  parent_page_id TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  icon TEXT,
  properties TEXT NOT NULL,
  in_trash INTEGER NOT NULL CHECK (in_trash IN (0, 1)),
  ${STAMPS}
);

CREATE TABLE pages_comments (
  comment_id TEXT NOT NULL PRIMARY KEY,
  position INTEGER NOT NULL,
  parent_type TEXT NOT NULL CHECK (parent_type IN ('page_id', 'block_id')),
  parent_id TEXT NOT NULL,
  discussion_id TEXT NOT NULL,
  text TEXT NOT NULL,
  created_by TEXT NOT NULL,
  created_time TEXT NOT NULL
);`;

const STAMP_COLUMNS = ["created_time", "last_edited_time", "created_by", "last_edited_by"] as const;

export const PAGES_COLUMNS = {
  users: ["user_id", "position", "type", "name", "email"],
  pages: [
    "page_id",
    "parent_type",
    "parent_id",
    "title",
    "icon",
    "cover",
    "properties",
    "in_trash",
    ...STAMP_COLUMNS,
  ],
  blocks: [
    "block_id",
    "parent_type",
    "parent_id",
    "position",
    "type",
    "text",
    "checked",
    "language",
    "in_trash",
    ...STAMP_COLUMNS,
  ],
  dataSources: [
    "data_source_id",
    "database_id",
    "parent_page_id",
    "title",
    "description",
    "icon",
    "properties",
    "in_trash",
    ...STAMP_COLUMNS,
  ],
  comments: [
    "comment_id",
    "position",
    "parent_type",
    "parent_id",
    "discussion_id",
    "text",
    "created_by",
    "created_time",
  ],
} as const satisfies Record<PagesTable, readonly string[]>;

/** A version-4-shaped UUID derived from `key` (four FNV-1a hashes of salted keys). */
export function seedUuid(key: string): string {
  const hex = [0, 1, 2, 3]
    .map((i) => hashSeed(`${i}:${key}`).toString(16).padStart(8, "0"))
    .join("");
  const variant = "89ab"[Number.parseInt(hex.charAt(16), 16) % 4] ?? "8";
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/** A short property or option id like Notion's (`xY3q`). */
export function shortId(key: string): string {
  let h = hashSeed(key);
  let out = "";
  for (let i = 0; i < 4; i++) {
    out += ALPHABET[h % ALPHABET.length];
    h = Math.floor(h / ALPHABET.length) + hashSeed(`${key}:${i}`);
  }
  return out;
}

/** The property schema entry of a data source, as stored (Notion's shape). */
export interface PropertySchema {
  id: string;
  name: string;
  type: string;
  options?: { id: string; name: string; color: string }[];
  format?: string;
  relation?: { data_source_id: string; database_id: string };
}

export const userId = (key: string) => seedUuid(`user:${key}`);
export const pageId = (key: string) => seedUuid(`page:${key}`);
export const dataSourceId = (key: string) => seedUuid(`data-source:${key}`);
export const databaseId = (key: string) => seedUuid(`database:${key}`);
export const rowId = (source: string, title: string) => seedUuid(`row:${source}:${title}`);

let clock = 0;
/** An ISO time on `day`, a minute later than the previous stamp so orders never tie. */
function stamp(day: string): string {
  clock += 1;
  const minute = clock % 60;
  const hour = 8 + Math.floor(clock / 60);
  return `${day}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00.000Z`;
}

function schemaOf(source: DataSourceSeed): PropertySchema[] {
  return source.properties.map((p: PropertySeed) => {
    const id = p.type === "title" ? "title" : shortId(`${source.key}:${p.name}`);
    const base: PropertySchema = { id, name: p.name, type: p.type };
    if ("options" in p) {
      base.options = p.options.map((o) => ({
        id: shortId(`${source.key}:${p.name}:${o.name}`),
        name: o.name,
        color: o.color,
      }));
    }
    if (p.type === "number") base.format = p.format;
    if (p.type === "relation") {
      base.relation = { data_source_id: dataSourceId(p.to), database_id: databaseId(p.to) };
    }
    return base;
  });
}

export type PagesRows = Record<PagesTable, SqlValue[][]>;

/** Every table's seed rows. */
export function pagesRows(): PagesRows {
  clock = 0;
  const rows: PagesRows = { users: [], pages: [], blocks: [], dataSources: [], comments: [] };
  PEOPLE.forEach((p, i) => {
    rows.users.push([userId(p.key), i + 1, "person", p.name, p.email]);
  });
  rows.users.push([userId(BOT.key), PEOPLE.length + 1, "bot", BOT.name, null]);
  const addBlocks = (
    parentType: "page_id" | "block_id",
    parentId: string,
    pageKey: string,
    blocks: readonly BlockSeed[],
    day: string,
    by: string,
    start = 0,
  ) => {
    blocks.forEach((b, i) => {
      const time = stamp(day);
      const [type] = b;
      const text = b[0] === "divider" ? "" : b[1];
      const checked = b[0] === "to_do" ? (b[2] ? 1 : 0) : null;
      const language = b[0] === "code" ? b[2] : null;
      rows.blocks.push([
        seedUuid(`block:${pageKey}:${i}`),
        parentType,
        parentId,
        start + i + 1,
        type,
        text,
        checked,
        language,
        0,
        time,
        time,
        by,
        by,
      ]);
    });
    return blocks.length;
  };
  const addPage = (page: PageSeed, parent: string | null) => {
    const id = pageId(page.key);
    const by = userId(page.createdBy);
    rows.pages.push([
      id,
      parent ? "page_id" : "workspace",
      parent,
      page.title,
      page.icon ?? null,
      null,
      "{}",
      page.trashed ? 1 : 0,
      stamp(page.created),
      stamp(page.edited),
      by,
      by,
    ]);
    let position = addBlocks("page_id", id, page.key, page.blocks, page.created, by);
    for (const child of page.children ?? []) {
      position += 1;
      const time = stamp(child.created);
      const childBy = userId(child.createdBy);
      rows.blocks.push([
        pageId(child.key),
        "page_id",
        id,
        position,
        "child_page",
        "",
        null,
        null,
        child.trashed ? 1 : 0,
        time,
        time,
        childBy,
        childBy,
      ]);
      addPage(child, id);
    }
    for (const key of page.dataSources ?? []) {
      const source = DATA_SOURCES.find((s) => s.key === key);
      if (!source) throw new Error(`no data source ${key}`);
      position += 1;
      const time = stamp(source.created);
      const sourceBy = userId(source.createdBy);
      rows.blocks.push([
        databaseId(key),
        "page_id",
        id,
        position,
        "child_database",
        "",
        null,
        null,
        0,
        time,
        time,
        sourceBy,
        sourceBy,
      ]);
      addSource(source, id);
    }
  };
  const addSource = (source: DataSourceSeed, parent: string) => {
    const schema = schemaOf(source);
    const by = userId(source.createdBy);
    const created = stamp(source.created);
    let edited = source.created;
    for (const r of source.rows) if (r.edited > edited) edited = r.edited;
    rows.dataSources.push([
      dataSourceId(source.key),
      databaseId(source.key),
      parent,
      source.title,
      source.description,
      source.icon,
      JSON.stringify(schema),
      0,
      created,
      stamp(edited),
      by,
      by,
    ]);
    for (const row of source.rows) {
      const values: Record<string, unknown> = {};
      for (const p of schema) {
        if (p.type === "title") continue;
        const v = row.values[p.name];
        if (p.type === "people") values[p.name] = ((v as string[]) ?? []).map(userId);
        else if (p.type === "relation") {
          const to = DATA_SOURCES.find((s) => dataSourceId(s.key) === p.relation?.data_source_id);
          values[p.name] = ((v as string[]) ?? []).map((title) => rowId(to?.key ?? "", title));
        } else values[p.name] = v ?? null;
      }
      const rowBy = userId(row.createdBy);
      rows.pages.push([
        rowId(source.key, row.title),
        "data_source_id",
        dataSourceId(source.key),
        row.title,
        null,
        null,
        JSON.stringify(values),
        0,
        stamp(row.created),
        stamp(row.edited),
        rowBy,
        rowBy,
      ]);
    }
  };
  for (const page of WIKI) addPage(page, null);
  COMMENTS.forEach(([page, author, day, text], i) => {
    const id = seedUuid(`comment:${i}`);
    const discussion = seedUuid(`discussion:${page}`);
    rows.comments.push([
      id,
      i + 1,
      "page_id",
      pageId(page),
      discussion,
      text,
      userId(author),
      stamp(day),
    ]);
  });
  return rows;
}
